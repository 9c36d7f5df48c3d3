import { ToolError } from "mcp-gen/runtime";
import type { DeleteManyHandler } from "../generated/tools/delete_many.js";

/** Removes all documents that match the filter from a MongoDB collection */
export const deleteMany: DeleteManyHandler = async (input, context) => {
  throw new ToolError("delete-many is not implemented yet");
};
