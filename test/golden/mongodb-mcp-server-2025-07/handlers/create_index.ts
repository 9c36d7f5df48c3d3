import { ToolError } from "mcp-gen/runtime";
import type { CreateIndexHandler } from "../generated/tools/create_index.js";

/** Create an index for a collection */
export const createIndex: CreateIndexHandler = async (input, context) => {
  throw new ToolError("create-index is not implemented yet");
};
