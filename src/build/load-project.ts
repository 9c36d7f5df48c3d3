/**
 * Config and model for one project: what every command that reads specs starts with
 * (generate, lint, docs). Diagnostics and source texts of both stages are collected
 * together, for code frames.
 */
import path from "node:path";
import { resolveConfig, type ResolvedConfig } from "../config/config.js";
import { hasErrors, type Diagnostic } from "../diagnostics/diagnostic.js";
import { buildModel, type BuildOptions, type BuildResult } from "../spec/build-model.js";

export interface LoadedProject {
  /** Undefined when the config could not be resolved. */
  config?: ResolvedConfig;
  /** Undefined when the config had errors (the model was then not attempted). */
  build?: BuildResult;
  diagnostics: Diagnostic[];
  /** Project-relative file text (config and specs) for code frames. */
  sources: Map<string, string>;
}

/** `memo`: the build session's tables for parsing and compiling (none: everything anew). */
export function loadProject(options: { cwd?: string; config?: string }, memo?: BuildOptions["memo"]): LoadedProject {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const loaded: LoadedProject = { diagnostics: [], sources: new Map() };
  const resolved = resolveConfig({ cwd, configFile: options.config });
  loaded.diagnostics.push(...resolved.diagnostics);
  const configRead = resolved.yaml ?? resolved.unparsed;
  if (configRead) loaded.sources.set(configRead.file, configRead.text);
  if (!resolved.config || hasErrors(loaded.diagnostics)) return loaded;
  loaded.config = resolved.config;
  const built = buildModel(resolved.config, { memo });
  for (const [file, text] of built.sources) loaded.sources.set(file, text);
  loaded.diagnostics.push(...built.diagnostics);
  loaded.build = built;
  return loaded;
}
