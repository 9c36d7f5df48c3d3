import { ToolError } from "mcp-gen/runtime";
import type { CollectionSchemaHandler } from "../generated/tools/collection_schema.js";

/** Describe the schema for a collection */
export const collectionSchema: CollectionSchemaHandler = async (input, context) => {
  throw new ToolError("collection-schema is not implemented yet");
};
