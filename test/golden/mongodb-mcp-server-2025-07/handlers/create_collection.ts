import { ToolError } from "mcp-gen/runtime";
import type { CreateCollectionHandler } from "../generated/tools/create_collection.js";

/** Creates a new collection in a database. If the database doesn't exist, it will be created automatically. */
export const createCollection: CreateCollectionHandler = async (input, context) => {
  throw new ToolError("create-collection is not implemented yet");
};
