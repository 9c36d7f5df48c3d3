/**
 * What the build cache keeps for a run in which only spec files changed (the memo beside
 * the cache file): each spec file's share of the model and of the lint, where each tool
 * stood, and the outputs of the two slow translations (validators' code, types).
 * Written by every recorded run; read only when the cache says nothing but spec texts
 * changed since it was written.
 */
import { createHash } from "node:crypto";

import type { Diagnostic } from "../diagnostics/diagnostic.js";
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
