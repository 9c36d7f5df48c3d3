import { ToolError } from "mcp-gen/runtime";
import type { RenameCollectionHandler } from "../generated/tools/rename_collection.js";

/** Renames a collection in a MongoDB database */
export const renameCollection: RenameCollectionHandler = async (input, context) => {
  throw new ToolError("rename-collection is not implemented yet");
};
