import { statSync } from "node:fs";
import path from "node:path";

/** The nearest `name` at or above `dir` (a file, or with `folder` a folder), absolute; undefined when there is none. */
export function findUp(dir: string, name: string, kind: "file" | "folder" = "file"): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const candidate = path.join(current, name);
    const stat = statSync(candidate, { throwIfNoEntry: false });
    if (stat && (kind === "folder" ? stat.isDirectory() : !stat.isDirectory())) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}
