import { ToolError } from "mcp-gen/runtime";
import type { DbStatsHandler } from "../generated/tools/db_stats.js";

/** Returns statistics that reflect the use state of a single database */
export const dbStats: DbStatsHandler = async (input, context) => {
  throw new ToolError("db-stats is not implemented yet");
};
