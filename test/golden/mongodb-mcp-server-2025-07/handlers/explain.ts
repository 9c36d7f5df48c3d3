import { ToolError } from "mcp-gen/runtime";
import type { ExplainHandler } from "../generated/tools/explain.js";

/** Returns statistics describing the execution of the winning plan chosen by the query optimizer for the evaluated method */
export const explain: ExplainHandler = async (input, context) => {
  throw new ToolError("explain is not implemented yet");
};
