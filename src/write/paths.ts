/**
 * Paths in the writer: area-relative paths from emitters are checked before use, so an
 * emitter bug can never write or delete outside `generated/` or `handlers/`.
 */
import path from "node:path";

/**
 * Paths of plain segments (a letter, digit or one of `_@+-`, then those or dots), which
 * is every path mcp-gen emits: safe by every rule below, known without splitting.
 */
const PLAIN_AREA_PATH = /^[\w@+-][\w.@+-]*(?:\/[\w@+-][\w.@+-]*)*$/;

/** Why an area-relative path is unsafe, or undefined when it is fine. */
export function unsafeAreaPathReason(areaPath: string): string | undefined {
  if (PLAIN_AREA_PATH.test(areaPath)) return undefined;
  if (areaPath === "") return "is empty";
  if (areaPath.includes("\0")) return "contains a NUL character";
  if (areaPath.includes("\\")) return "contains a backslash (paths use `/`)";
  if (areaPath.startsWith("/") || /^[A-Za-z]:/.test(areaPath)) return "is absolute";
  const segments = areaPath.split("/");
  if (segments.includes("..")) return "escapes its folder through `..`";
  if (segments.some((s) => s === "" || s === ".")) return "has an empty or `.` segment";
  return undefined;
}

/** The absolute path of an area-relative `/` path that `unsafeAreaPathReason` accepts. */
export function resolveInArea(areaDir: string, areaPath: string): string {
  // Such a path has no `.`, `..` or empty segment: joining it normalizes nothing but the separator.
  if (path.sep === "/" && isNormalAbsolute(areaDir) && PLAIN_AREA_PATH.test(areaPath)) return `${areaDir}/${areaPath}`;
  return path.join(areaDir, ...areaPath.split("/"));
}

/** What users see: the path relative to the project root, with `/` on every OS. */
export function toProjectPath(root: string, absPath: string): string {
  // The usual case, a normalized path inside its root, without path.relative's work (a root
  // that is not normalized shows in the path itself: `//`, a dot segment, no leading `/`).
  if (path.sep === "/" && absPath.startsWith(`${root}/`) && isNormalAbsolute(absPath)) return absPath.slice(root.length + 1);
  return path.relative(root, absPath).split(path.sep).join("/");
}

const DOT_SEGMENT = /\/\.{1,2}(?:\/|$)/;

/** A POSIX absolute path that path.normalize leaves as it is (and not `/` itself). */
function isNormalAbsolute(p: string): boolean {
  return p.length > 1 && p.startsWith("/") && !p.endsWith("/") && !p.includes("//") && !DOT_SEGMENT.test(p);
}

/** Plain code-unit order, so the result never depends on the locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
