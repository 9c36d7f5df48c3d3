import path from "node:path";

/** A path with `/` separators, as mcp-gen prints and records paths on every platform. */
export function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}

/**
 * `child` relative to `parent` with `/` separators when it lies strictly inside it,
 * else undefined (the same folder, a sibling, or anywhere else).
 */
export function relativeInside(parent: string, child: string): string | undefined {
  const p = parent.replace(/\\/g, "/").replace(/\/+$/, "");
  const c = child.replace(/\\/g, "/").replace(/\/+$/, "");
  return c.startsWith(`${p}/`) ? c.slice(p.length + 1) : undefined;
}
