import { ToolError } from "mcp-gen/runtime";
import type { DropCollectionHandler } from "../generated/tools/drop_collection.js";

/** Removes a collection or view from the database. The method also removes any indexes associated with the dropped collection. */
export const dropCollection: DropCollectionHandler = async (input, context) => {
  throw new ToolError("drop-collection is not implemented yet");
};
