import { ToolError } from "mcp-gen/runtime";
import type { AggregateHandler } from "../generated/tools/aggregate.js";

/** Run an aggregation against a MongoDB collection */
export const aggregate: AggregateHandler = async (input, context) => {
  throw new ToolError("aggregate is not implemented yet");
};
