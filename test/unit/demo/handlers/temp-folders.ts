/** Scratch folders for the file tools' tests, under the repository's gitignored .tmp/. */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const TMP = fileURLToPath(new URL("../../../../.tmp/handlers-tests/", import.meta.url));

export function tempFolder(prefix: string): string {
  mkdirSync(TMP, { recursive: true });
  return mkdtempSync(path.join(TMP, `${prefix}-`));
}

export function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/** Files (text) and symbolic links (`{ link: target }`) below `folder`. */
export function layout(folder: string, entries: Record<string, string | { link: string }>): void {
  for (const [relative, entry] of Object.entries(entries)) {
    const full = path.join(folder, relative);
    mkdirSync(path.dirname(full), { recursive: true });
    if (typeof entry === "string") writeFileSync(full, entry);
    else symlinkSync(entry.link, full);
  }
}
