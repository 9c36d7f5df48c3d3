import { ToolError } from "mcp-gen/runtime";
import type { ExportRecordsHandler } from "../generated/tools/export_records.js";

/** Export a table of records to a CSV file (simulated), one batch at a time, reporting progress. Runs as an MCP task when the client supports tasks. */
export const exportRecords: ExportRecordsHandler = async (input, context) => {
  throw new ToolError("export_records is not implemented yet");
};
