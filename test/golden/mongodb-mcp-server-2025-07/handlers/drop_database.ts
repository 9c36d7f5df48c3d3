import { ToolError } from "mcp-gen/runtime";
import type { DropDatabaseHandler } from "../generated/tools/drop_database.js";

/** Removes the specified database, deleting the associated data files */
export const dropDatabase: DropDatabaseHandler = async (input, context) => {
  throw new ToolError("drop-database is not implemented yet");
};
