import { ToolError } from "mcp-gen/runtime";
import type { CollectionStorageSizeHandler } from "../generated/tools/collection_storage_size.js";

/** Gets the size of the collection */
export const collectionStorageSize: CollectionStorageSizeHandler = async (input, context) => {
  throw new ToolError("collection-storage-size is not implemented yet");
};
