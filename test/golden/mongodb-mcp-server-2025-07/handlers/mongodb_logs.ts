import { ToolError } from "mcp-gen/runtime";
import type { MongodbLogsHandler } from "../generated/tools/mongodb_logs.js";

/** Returns the most recent logged mongod events */
export const mongodbLogs: MongodbLogsHandler = async (input, context) => {
  throw new ToolError("mongodb-logs is not implemented yet");
};
