import { ToolError } from "mcp-gen/runtime";
import type { CreateRecordHandler } from "../generated/tools/create_record.js";

/** Create a new record in the database. */
export const createRecord: CreateRecordHandler = async (input, context) => {
  throw new ToolError("create_record is not implemented yet");
};
