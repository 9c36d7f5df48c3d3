import { lstat, unlink } from "node:fs/promises";
import { ToolError } from "mcp-gen/runtime";
import type { DeleteFileHandler } from "../generated/tools/delete_file.js";
import { openFilesRoot } from "./lib/files-root.js";
import { quote } from "./lib/quote.js";
import { errorCode, resolveInRoot } from "./lib/sandbox.js";

/**
 * Delete a file from the filesystem, once the user confirms. Only regular files inside the
 * root folder; a path through a symbolic link (inside the root) deletes the file it points to.
 *
 * Everything before `context.elicit` only reads: on MCP revision 2026-07-28 the question
 * ends the call, and the client's retry runs this handler again from the start with the
 * answer, so the checks see the file as it is when the user has answered.
 */
export const deleteFile: DeleteFileHandler = async (input, context) => {
  const root = await openFilesRoot();
  const target = await resolveInRoot(root, input.path);
  if (target.relative === ".") throw new ToolError("the root folder itself cannot be deleted");

  let kind: "file" | "folder" | "other";
  try {
    const stats = await lstat(target.absolute);
    kind = stats.isFile() ? "file" : stats.isDirectory() ? "folder" : "other";
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") throw new ToolError(`file ${quote(target.relative)} does not exist`);
    throw error;
  }
  if (kind === "folder") throw new ToolError(`${quote(target.relative)} is a folder; only files can be deleted`);
  if (kind === "other") throw new ToolError(`${quote(target.relative)} is not a regular file`);

  const answer = await context.elicit({
    message: `Delete ${target.relative}? This cannot be undone.`,
    requestedSchema: {
      type: "object",
      properties: { confirm: { type: "boolean", title: `Delete ${target.relative}`, default: true } },
      required: ["confirm"],
    },
  });
  if (answer.action !== "accept") return `Kept ${target.relative}: the user ${answer.action === "decline" ? "declined" : "cancelled"}.`;
  if (!answer.content.confirm) return `Kept ${target.relative}: the user did not confirm.`;

  try {
    await unlink(target.absolute);
  } catch (error) {
    // Another call may have deleted it between the check and now.
    if (errorCode(error) === "ENOENT") throw new ToolError(`file ${quote(target.relative)} does not exist`);
    throw error;
  }
  context.log.debug("delete_file", { file: target.relative });
  return `Deleted ${target.relative}.`;
};
