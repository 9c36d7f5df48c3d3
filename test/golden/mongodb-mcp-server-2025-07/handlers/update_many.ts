import { ToolError } from "mcp-gen/runtime";
import type { UpdateManyHandler } from "../generated/tools/update_many.js";

/** Updates all documents that match the specified filter for a collection */
export const updateMany: UpdateManyHandler = async (input, context) => {
  throw new ToolError("update-many is not implemented yet");
};
