import { ToolError } from "mcp-gen/runtime";
import type { ListCollectionsHandler } from "../generated/tools/list_collections.js";

/** List all collections for a given database */
export const listCollections: ListCollectionsHandler = async (input, context) => {
  throw new ToolError("list-collections is not implemented yet");
};
