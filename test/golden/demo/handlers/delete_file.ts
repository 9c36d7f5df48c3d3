import { ToolError } from "mcp-gen/runtime";
import type { DeleteFileHandler } from "../generated/tools/delete_file.js";

/** Delete a file from the filesystem, after the user confirms (the client must support elicitation). */
export const deleteFile: DeleteFileHandler = async (input, context) => {
  throw new ToolError("delete_file is not implemented yet");
};
