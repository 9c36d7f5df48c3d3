/** The repository's src/ TypeScript files, read for the tests that check the code's shape (layers, file size). */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./project.js";

export const SRC = path.join(REPO_ROOT, "src");

/** Every `.ts` file under src/ by its `/`-separated path inside src/, in name order, but for the folders named in `skip`. */
export function sourceFiles(skip: readonly string[] = []): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skip.includes(entry.name)) walk(full);
      } else if (entry.name.endsWith(".ts")) files.set(path.relative(SRC, full).split(path.sep).join("/"), readFileSync(full, "utf8"));
    }
  };
  walk(SRC);
  return files;
}
