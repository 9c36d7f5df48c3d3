import { ToolError } from "mcp-gen/runtime";
import type { CollectionIndexesHandler } from "../generated/tools/collection_indexes.js";

/** Describe the indexes for a collection */
export const collectionIndexes: CollectionIndexesHandler = async (input, context) => {
  throw new ToolError("collection-indexes is not implemented yet");
};
