/** File and symbolic-link layouts for the file tools' tests (their folders come from test/helpers/project.ts). */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Files (text) and symbolic links (`{ link: target }`) below `folder`. */
export function layout(folder: string, entries: Record<string, string | { link: string }>): void {
  for (const [relative, entry] of Object.entries(entries)) {
    const full = path.join(folder, relative);
    mkdirSync(path.dirname(full), { recursive: true });
    if (typeof entry === "string") writeFileSync(full, entry);
    else symlinkSync(entry.link, full);
  }
}
