import { ToolError } from "mcp-gen/runtime";
import type { ListDatabasesHandler } from "../generated/tools/list_databases.js";

/** List all databases for a MongoDB connection */
export const listDatabases: ListDatabasesHandler = async (input, context) => {
  throw new ToolError("list-databases is not implemented yet");
};
