import { ToolError } from "mcp-gen/runtime";
import type { CountHandler } from "../generated/tools/count.js";

/** Gets the number of documents in a MongoDB collection using db.collection.count() and query as an optional filter parameter */
export const count: CountHandler = async (input, context) => {
  throw new ToolError("count is not implemented yet");
};
