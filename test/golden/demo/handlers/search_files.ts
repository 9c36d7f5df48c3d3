import { ToolError } from "mcp-gen/runtime";
import type { SearchFilesHandler } from "../generated/tools/search_files.js";

/** Search for files in a directory. */
export const searchFiles: SearchFilesHandler = async (input, context) => {
  throw new ToolError("search_files is not implemented yet");
};
