/**
 * What the build cache keeps for a run in which only spec files changed (the memo beside
 * the cache file): each spec file's share of the model and of the lint, where each tool
 * stood, and the outputs of the two slow translations (validators' code, types).
 * Written by every recorded run; read only when the cache says nothing but spec texts
 * changed since it was written.
 */
import { createHash } from "node:crypto";

import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { isStringTable, packDiagnostics, StringTable, unpackDiagnostics } from "./packed-diagnostics.js";
import type { SpeltName } from "../lint/rules/names.js";
import type { SpecRecord } from "../spec/build-model.js";
import type { ToolTokens } from "../spec/token-count.js";

export interface SpecMemoEntry extends SpecRecord {
  /** The lint findings of the file's tools, with the severities of the recorded config. */
  lint: Diagnostic[];
  /** Its tools' names as spelt, by (namespaced) tool name: the style rule compares them all. */
  spelt: Array<[string, SpeltName]>;
  /** Its tools' token counts, by (namespaced) tool name, when the run counted them. */
  tokens?: Record<string, ToolTokens>;
}

export interface SpecMemo {
  /** By project-relative spec file. */
  specs: Record<string, SpecMemoEntry>;
  /** The hash of every tool of the recorded model (src/spec/tool-hashes.ts), by tool name, in the model's order. */
  toolHashes: Record<string, string>;
  /** Each tool's schemas' chunk keys (input, output or null), by tool name. */
  schemaKeys: Record<string, [string, string | null]>;
  /** Each tool's `typesKey`, by tool name. */
  typesKeys: Record<string, string>;
  /**
   * What each generated file with a key was rendered from (`GeneratedFile.key`), by its
   * path in the generated area: a file described with the same key is kept as it is.
   */
  fileKeys: Record<string, string>;
  /**
   * The side files (src/build/cache-file.ts) and their ids: `chunks`, the validators'
   * chunks of the recorded model (src/spec/chunks.ts), and `types`, its types'
   * translations (src/emit/tools/tool-modules.ts), each as `[key, text]` pairs. Each id is a hash of
   * the keys it holds: a run that changes no schema writes neither again.
   */
  side: { chunks: string; types: string };
}

/** The id of a side file holding `keys`. */
export function sideId(keys: Iterable<string>): string {
  return createHash("sha1")
    .update([...new Set(keys)].sort().join("\n"))
    .digest("hex");
}

/**
 * Where a loaded memo's spec entries came from: the base side file `specs-<id>` (written
 * by the run that last rewrote it) and the entries read from it, by file. A later run
 * whose entries are mostly these keeps the base and stores only the others in the memo.
 */
export interface MemoBase {
  id: string;
  entries: ReadonlyMap<string, SpecMemoEntry>;
}

/** What `storeMemo` gives the cache: the memo file's data, and the base side file's when it is new. */
export interface StoredMemo {
  memo: object;
  base: { id: string; data: () => object };
}

/**
 * The memo as the cache stores it: the spec entries in a base side file (about 2 MB for
 * 1,000 tools) and, in the memo file, the entries that differ from the base, so that a
 * run that changed one spec rewrites a small file, not the whole record. The base is
 * written anew when there is none or more than `rebaseAbove` entries differ from it.
 * Diagnostics and lint findings are packed over a table of strings
 * (src/build/packed-diagnostics.ts), one table per file.
 */
export function storeMemo(memo: SpecMemo, previous: MemoBase | undefined, newId: () => string): StoredMemo {
  const files = Object.keys(memo.specs);
  const differing = previous ? files.filter((file) => previous.entries.get(file) !== memo.specs[file]) : files;
  const keep = previous !== undefined && differing.length <= rebaseAbove(files.length);
  const id = keep ? previous.id : newId();
  const head = keep ? differing : [];
  return {
    memo: { ...memo, specBase: id, ...packEntries(memo.specs, head) },
    // Called only when no file of this id exists: then it holds every entry (a kept base
    // deleted since holds the current ones, which the memo's entries equal).
    base: { id, data: () => packEntries(memo.specs, files) },
  };
}

/** How many entries may differ from the base before it is written again. */
export function rebaseAbove(specCount: number): number {
  return Math.max(16, Math.ceil(specCount / 20));
}

function packEntries(specs: SpecMemo["specs"], files: readonly string[]): { specs: Record<string, object>; strings: string[] } {
  const table = new StringTable();
  const packed: Record<string, object> = {};
  for (const file of files) {
    const entry = specs[file];
    packed[file] = { ...entry, diagnostics: packDiagnostics(entry.diagnostics, table), lint: packDiagnostics(entry.lint, table) };
  }
  return { specs: packed, strings: table.strings };
}

/**
 * The memo `storeMemo` stored, with its base side file read through `readSide`;
 * undefined when either is not what it should be (then the run is a full one).
 */
export function loadMemo(data: unknown, readSide: (name: string, id: string) => unknown): { memo: SpecMemo; base: MemoBase } | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const stored = data as Partial<Record<keyof SpecMemo | "strings" | "specBase", unknown>>;
  if (typeof stored.specBase !== "string") return undefined;
  const baseEntries = unpackEntries(readSide("specs", stored.specBase));
  const headEntries = unpackEntries(stored);
  if (!baseEntries || !headEntries) return undefined;
  const { specBase, strings: _strings, ...rest } = stored;
  const specs: SpecMemo["specs"] = Object.fromEntries([...baseEntries, ...headEntries]);
  return { memo: { ...(rest as SpecMemo), specs }, base: { id: specBase, entries: baseEntries } };
}

function unpackEntries(data: unknown): Map<string, SpecMemoEntry> | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { specs, strings } = data as { specs?: unknown; strings?: unknown };
  if (typeof specs !== "object" || specs === null || !isStringTable(strings)) return undefined;
  const entries = new Map<string, SpecMemoEntry>();
  for (const [file, entry] of Object.entries(specs as Record<string, SpecMemoEntry>)) {
    const diagnostics = unpackDiagnostics(entry?.diagnostics, strings);
    const lint = unpackDiagnostics(entry?.lint, strings);
    if (!diagnostics || !lint) return undefined;
    entries.set(file, { ...entry, diagnostics, lint });
  }
  return entries;
}

/** The side files' ids for a memo's chunk and types keys. */
export function sideIds(schemaKeys: SpecMemo["schemaKeys"], typesKeys: SpecMemo["typesKeys"]): SpecMemo["side"] {
  return {
    chunks: sideId(
      Object.values(schemaKeys)
        .flat()
        .filter((key): key is string => key !== null),
    ),
    types: sideId(Object.values(typesKeys)),
  };
}
