import { stat } from "node:fs/promises";
import { ToolError } from "mcp-gen/runtime";
import type { SearchFilesHandler } from "../generated/tools/search_files.js";
import { openFilesRoot } from "./lib/files-root.js";
import { globMatcher } from "./lib/glob.js";
import { listFiles } from "./lib/list-files.js";
import { quote } from "./lib/quote.js";
import { errorCode, resolveInRoot } from "./lib/sandbox.js";

/** At most this many paths go back to the model; the rest is counted. */
const MAX_SEARCH_RESULTS = 100;
const MAX_ENTRIES_SCANNED = 10_000;
const MAX_DEPTH = 32;

/** Search for files in a directory. */
export const searchFiles: SearchFilesHandler = async (input, context) => {
  const pattern = input.pattern === undefined || input.pattern === "" ? "*" : input.pattern;
  if (pattern.includes("\0")) throw new ToolError("pattern must not contain NUL characters");
  const root = await openFilesRoot();
  const folder = await resolveInRoot(root, input.path);
  await requireDirectory(folder.absolute, folder.relative);
  context.log.debug("search_files", { folder: folder.relative, pattern });

  const listed = await listFiles(folder.absolute, {
    accept: globMatcher(pattern),
    maxEntries: MAX_ENTRIES_SCANNED,
    maxDepth: MAX_DEPTH,
    signal: context.signal,
  });
  if (listed.aborted) throw new ToolError("search cancelled");

  const where = folder.relative === "." ? "the root folder" : folder.relative;
  const prefix = folder.relative === "." ? "" : `${folder.relative}/`;
  const found = listed.files.map((file) => prefix + file);
  const lines: string[] = [];
  if (found.length === 0) lines.push(`No files matching ${quote(pattern)} in ${where}.`);
  else {
    const noun = found.length === 1 ? "file" : "files";
    lines.push(`${found.length} ${noun} matching ${quote(pattern)} in ${where}:`);
    lines.push(...found.slice(0, MAX_SEARCH_RESULTS));
    if (found.length > MAX_SEARCH_RESULTS) {
      lines.push(`… and ${found.length - MAX_SEARCH_RESULTS} more (showing the first ${MAX_SEARCH_RESULTS}).`);
    }
  }
  if (listed.incomplete) lines.push("The folder is too large or too deep: the search stopped early.");
  return lines.join("\n");
};

async function requireDirectory(absolute: string, relative: string): Promise<void> {
  try {
    if ((await stat(absolute)).isDirectory()) return;
  } catch (error) {
    const code = errorCode(error);
    if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
    throw new ToolError(`folder ${quote(relative)} does not exist`);
  }
  throw new ToolError(`${quote(relative)} is a file, not a folder`);
}
