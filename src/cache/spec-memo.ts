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
import type { ToolModel } from "../spec/model.js";

export interface SpecMemoEntry extends SpecRecord {
  /** The lint findings of the file's tools, with the severities of the recorded config. */
  lint: Diagnostic[];
  /** Its tools' names as spelt, by (namespaced) tool name: the style rule compares them all. */
  spelt: Array<[string, SpeltName]>;
}

export interface SpecMemo {
  /** By project-relative spec file. */
  specs: Record<string, SpecMemoEntry>;
  /** `toolKey` of every tool of the recorded model, by tool name: whose files may be kept. */
  toolKeys: Record<string, string>;
  /** Each tool's schemas' chunk keys (input, output or null), by tool name. */
  schemaKeys: Record<string, [string, string | null]>;
  /** `validatorsKey` of the recorded model: equal, and the validators files are kept as they are. */
  validatorsKey: string;
  /** Each tool's `typesKey`, by tool name. */
  typesKeys: Record<string, string>;
  /**
   * The side files (src/cache/build-cache.ts) and their ids: `chunks`, the validators'
   * chunks of the recorded model (src/spec/chunks.ts), and `types`, its types'
   * translations (src/emit/types.ts), each as `[key, text]` pairs. Each id is a hash of
   * the keys it holds: a run that changes no schema writes neither again.
   */
  side: { chunks: string; types: string };
}

/**
 * A tool's own generated files (its types file, its docs page) depend on the tool's
 * model and on its position among the tools (the docs' sidebar order), and on the config
 * and mcp-gen itself, which a partial run has unchanged. Equal keys: the same files.
 */
export function toolKey(tool: ToolModel, index: number): string {
  return createHash("sha1").update(JSON.stringify(tool)).update(`\0${index}`).digest("hex");
}

/** The id of a side file holding `keys`. */
export function sideId(keys: Iterable<string>): string {
  return createHash("sha1").update([...new Set(keys)].sort().join("\n")).digest("hex");
}

/**
 * The memo as the cache stores it: each spec's diagnostics and lint findings packed over
 * one table of strings (src/cache/packed-diagnostics.ts), the rest as it is.
 */
export function storeMemo(memo: SpecMemo): object {
  const table = new StringTable();
  const specs: Record<string, object> = {};
  for (const [file, entry] of Object.entries(memo.specs)) {
    specs[file] = { ...entry, diagnostics: packDiagnostics(entry.diagnostics, table), lint: packDiagnostics(entry.lint, table) };
  }
  return { ...memo, specs, strings: table.strings };
}

/** The memo `storeMemo` stored; undefined when `data` is not one (then the run is a full one). */
export function loadMemo(data: unknown): SpecMemo | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const stored = data as Partial<Record<keyof SpecMemo | "strings", unknown>>;
  if (typeof stored.specs !== "object" || stored.specs === null || !isStringTable(stored.strings)) return undefined;
  const strings = stored.strings;
  const specs: SpecMemo["specs"] = {};
  for (const [file, entry] of Object.entries(stored.specs as Record<string, SpecMemoEntry>)) {
    const diagnostics = unpackDiagnostics(entry?.diagnostics, strings);
    const lint = unpackDiagnostics(entry?.lint, strings);
    if (!diagnostics || !lint) return undefined;
    specs[file] = { ...entry, diagnostics, lint };
  }
  return { ...(stored as SpecMemo), specs };
}
