/**
 * Paths in the writer: area-relative paths from emitters are checked before use, so an
 * emitter bug can never write or delete outside `generated/` or `handlers/`.
 */
import path from "node:path";

/** Why an area-relative path is unsafe, or undefined when it is fine. */
export function unsafeAreaPathReason(areaPath: string): string | undefined {
  if (areaPath === "") return "is empty";
  if (areaPath.includes("\0")) return "contains a NUL character";
  if (areaPath.includes("\\")) return "contains a backslash (paths use `/`)";
  if (areaPath.startsWith("/") || /^[A-Za-z]:/.test(areaPath)) return "is absolute";
  const segments = areaPath.split("/");
  if (segments.includes("..")) return "escapes its folder through `..`";
  if (segments.some((s) => s === "" || s === ".")) return "has an empty or `.` segment";
  return undefined;
}

/** The absolute path of an area-relative `/` path. */
export function resolveInArea(areaDir: string, areaPath: string): string {
  return path.join(areaDir, ...areaPath.split("/"));
}

/** What users see: the path relative to the project root, with `/` on every OS. */
export function toProjectPath(root: string, absPath: string): string {
  return path.relative(root, absPath).split(path.sep).join("/");
}

/** Plain code-unit order, so the result never depends on the locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
