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
  /** The validators' chunks of the recorded model (validators-module.ts). */
  chunks: Array<[string, string]>;
  /** The types' translation of each tool of the recorded model (types.ts), by tool name: `typesKey` and text. */
  types: Record<string, [string, string]>;
}

/**
 * A tool's own generated files (its types file, its docs page) depend on the tool's
 * model and on its position among the tools (the docs' sidebar order), and on the config
 * and mcp-gen itself, which a partial run has unchanged. Equal keys: the same files.
 */
export function toolKey(tool: ToolModel, index: number): string {
  return createHash("sha1").update(JSON.stringify(tool)).update(`\0${index}`).digest("hex");
}
