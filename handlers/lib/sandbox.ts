/**
 * Confines file tools to one root folder. A requested path is checked twice:
 * lexically (no absolute paths, no `..` climbing out), then through the file
 * system (no symbolic link whose real target lies outside the root). Error
 * messages quote only what the caller sent, never the server's own paths.
 *
 * Checking and then using a path leaves a window in which a concurrent process
 * could swap a folder for a link; callers therefore act on the resolved real path.
 */
import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "mcp-gen/runtime";
import { quote } from "./quote.js";

export interface SandboxPath {
  /** The real absolute path (symbolic links resolved) to act on. */
  absolute: string;
  /** The requested path normalized, `/`-separated, relative to the root; "." for the root. */
  relative: string;
}

/**
 * Resolves `requested` inside `realRoot` (which must already be a real path, see
 * `openFilesRoot`), or throws a ToolError saying why it is refused. The target need
 * not exist: the deepest existing ancestor is the one whose real path is checked.
 */
export async function resolveInRoot(realRoot: string, requested: string): Promise<SandboxPath> {
  if (requested.includes("\0")) throw new ToolError("path must not contain NUL characters");
  if (path.posix.isAbsolute(requested) || path.win32.isAbsolute(requested)) {
    throw new ToolError(`path ${quote(requested)} is absolute; give a path relative to the root folder`);
  }
  const lexical = path.resolve(realRoot, requested);
  if (climbsAboveStart(requested) || !isInside(realRoot, lexical)) {
    throw new ToolError(`path ${quote(requested)} is outside the root folder`);
  }
  const real = await realPathOfDeepestAncestor(realRoot, lexical, requested);
  if (!isInside(realRoot, real)) {
    throw new ToolError(`path ${quote(requested)} leads outside the root folder through a symbolic link`);
  }
  return { absolute: real, relative: toPosix(path.relative(realRoot, lexical)) || "." };
}

/** Whether `candidate` is `root` or below it (both absolute and normalized). */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  if (relative === "") return true;
  if (path.isAbsolute(relative)) return false;
  return relative !== ".." && !relative.startsWith(`..${path.sep}`);
}

/**
 * Whether some `..` steps above the starting folder, even if later steps come back:
 * "docs/../../root/a" would otherwise let a caller probe the root folder's own name.
 */
function climbsAboveStart(requested: string): boolean {
  let depth = 0;
  for (const segment of requested.split(path.sep === "\\" ? /[\\/]/u : "/")) {
    if (segment === "..") depth--;
    else if (segment !== "" && segment !== ".") depth++;
    if (depth < 0) return true;
  }
  return false;
}

async function realPathOfDeepestAncestor(realRoot: string, target: string, requested: string): Promise<string> {
  const missing: string[] = [];
  let existing = target;
  for (;;) {
    try {
      const real = await realpath(existing);
      return path.join(real, ...missing.reverse());
    } catch (error) {
      const code = errorCode(error);
      if (code === "ELOOP") throw new ToolError(`path ${quote(requested)} has a symbolic link loop`);
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
      // A link whose target is missing could later be created anywhere: refuse it.
      if (code === "ENOENT" && (await isSymbolicLink(existing))) {
        throw new ToolError(`path ${quote(requested)} goes through a broken symbolic link`);
      }
      const parent = path.dirname(existing);
      // The root itself exists (openFilesRoot created it); reaching it missing means it vanished.
      if (existing === realRoot || parent === existing) throw error;
      missing.push(path.basename(existing));
      existing = parent;
    }
  }
}

async function isSymbolicLink(file: string): Promise<boolean> {
  try {
    return (await lstat(file)).isSymbolicLink();
  } catch {
    return false;
  }
}

export function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

function toPosix(relative: string): string {
  return relative.split(path.sep).join("/");
}
