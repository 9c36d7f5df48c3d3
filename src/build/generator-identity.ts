/**
 * mcp-gen's own identity as a cache key: what makes a rebuilt or upgraded mcp-gen miss
 * every record an older one made.
 */
import { createHash } from "node:crypto";
import { readdirSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compareStrings } from "../write/paths.js";
import { type CacheFile, readBytes, readText, SETTLED_MS, sha1 } from "./cache-file.js";
import type { CacheStore } from "./cache-store.js";

/**
 * mcp-gen's own build: the hash of its version and of the text of every file it runs or
 * reads (dist, templates, schemas), so a rebuilt or upgraded mcp-gen never reuses what an
 * older one recorded, while a reinstalled one (new times, same bytes) does. Declarations
 * and source maps in dist change nothing a run does, and are left out. A file whose size
 * and time are the ones its hash was recorded with (`generator.json` in the cache folder)
 * is not read again (the cache file records them).
 */
export interface GeneratorIdentity {
  key: string;
  /** Per file (relative to the package): size, mtime and sha1 of the text, for the next run. */
  hints: Record<string, [number, number, string]>;
  /** True when some file was read: the recorded hints are not these. */
  changed: boolean;
}

export function generatorIdentity(store: CacheStore, record: Pick<CacheFile, "generator"> | undefined): GeneratorIdentity {
  if (store.identity) return store.identity;
  const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  const recorded = typeof record?.generator === "object" && record.generator !== null ? record.generator : undefined;
  const hints: GeneratorIdentity["hints"] = {};
  const listedAt = Date.now();
  let changed = false;
  const hash = createHash("sha1");
  hash.update(readText(path.join(packageRoot, "package.json")) ?? "");
  // src: when mcp-gen runs from its sources (its own tests), an edit there counts too.
  for (const folder of ["dist", "src", "templates", "schema"]) {
    const walk = (dir: string, relative: string): void => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      entries.sort((a, b) => compareStrings(a.name, b.name));
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          walk(full, `${relative}/${entry.name}`);
          continue;
        }
        if (folder === "dist" && (entry.name.endsWith(".map") || entry.name.endsWith(".d.ts"))) continue;
        const stat = statSync(full, { throwIfNoEntry: false });
        if (!stat) continue;
        const name = `${relative}/${entry.name}`;
        const was = recorded?.[name];
        let fileHash: string;
        if (was && was[0] === stat.size && was[1] === stat.mtimeMs) fileHash = was[2];
        else {
          fileHash = sha1(readBytes(full) ?? "");
          changed = true;
        }
        // As with handler files: a time within the settling window may yet hide an edit.
        if (stat.mtimeMs < listedAt - SETTLED_MS) hints[name] = [stat.size, stat.mtimeMs, fileHash];
        else changed = true;
        hash.update(`${name}\0${fileHash}\0`);
      }
    };
    walk(path.join(packageRoot, folder), folder);
  }
  store.identity = { key: hash.digest("hex"), hints, changed };
  return store.identity;
}
