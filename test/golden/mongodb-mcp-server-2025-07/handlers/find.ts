import { ToolError } from "mcp-gen/runtime";
import type { FindHandler } from "../generated/tools/find.js";

/** Run a find query against a MongoDB collection */
export const find: FindHandler = async (input, context) => {
  throw new ToolError("find is not implemented yet");
};
