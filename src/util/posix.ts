import path from "node:path";

/** A path with `/` separators, as mcp-gen prints and records paths on every platform. */
export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
