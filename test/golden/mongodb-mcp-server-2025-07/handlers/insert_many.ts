import { ToolError } from "mcp-gen/runtime";
import type { InsertManyHandler } from "../generated/tools/insert_many.js";

/** Insert an array of documents into a MongoDB collection */
export const insertMany: InsertManyHandler = async (input, context) => {
  throw new ToolError("insert-many is not implemented yet");
};
