/**
 * `mcp-gen docs`: load → check → model like `generate`, then write only the docs, to a
 * folder of the user's choice. The folder gets its own manifest, so pages of tools that
 * are gone are removed and files mcp-gen did not write are never touched.
 */
import path from "node:path";
import type { ResolvedConfig } from "../config/config.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.js";
import { emitDocs, type DocsFormat } from "../emit/docs.js";
import { loadProject } from "../load-project.js";
import type { ProjectModel } from "../spec/model.js";
import { applyPlan, planWrite } from "../write/index.js";

export interface BuildDocsOptions {
  /** Working directory; default process.cwd(). */
  cwd?: string;
  /** Explicit config file, relative to cwd. */
  config?: string;
  /** Default: the config's `docs.formats`, else markdown. */
  formats?: readonly DocsFormat[];
  /** Output folder, relative to cwd. Default: the config's `docs.out`, else `<out>/docs`. */
  out?: string;
}

export interface BuildDocsResult {
  exitCode: 0 | 1;
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
  model?: ProjectModel;
  /** Absolute output folder. */
  outDir?: string;
  formats: DocsFormat[];
  /** Paths relative to the project root. */
  written: string[];
  removed: string[];
}

export async function buildDocs(options: BuildDocsOptions = {}): Promise<BuildDocsResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const result: BuildDocsResult = { exitCode: 1, diagnostics: [], sources: new Map(), formats: [], written: [], removed: [] };
  const finish = (): BuildDocsResult => {
    result.diagnostics = sortDiagnostics(result.diagnostics);
    result.exitCode = hasErrors(result.diagnostics) ? 1 : 0;
    return result;
  };

  const loaded = loadProject({ cwd, config: options.config });
  result.diagnostics.push(...loaded.diagnostics);
  result.sources = loaded.sources;
  if (!loaded.config) return finish();
  const config = loaded.config;
  const configured = docsConfig(config);
  result.formats = [...(options.formats && options.formats.length > 0 ? options.formats : configured.formats)];
  const outDir = options.out ? path.resolve(cwd, options.out) : configured.outDir;
  result.outDir = outDir;

  const built = loaded.build;
  if (!built?.model || hasErrors(result.diagnostics)) return finish();
  result.model = built.model;

  const files = emitDocs(built.model, { formats: result.formats, dir: "" });
  // Nothing goes to the handlers area; the writer still wants a folder for it.
  const plan = await planWrite(files, { root: config.root, generated: outDir, handlers: path.join(outDir, ".no-handlers") });
  result.diagnostics.push(...plan.diagnostics);
  if (hasErrors(plan.diagnostics)) return finish();
  const applied = await applyPlan(plan);
  result.written = applied.written;
  result.removed = applied.removed;
  result.diagnostics.push(...applied.diagnostics);
  return finish();
}

/** The config's docs settings, with the defaults of a config that has none. */
function docsConfig(config: ResolvedConfig): { formats: DocsFormat[]; outDir: string } {
  const docs = config.docs as ResolvedConfig["docs"] | undefined;
  return {
    formats: docs?.formats && docs.formats.length > 0 ? [...docs.formats] : ["markdown"],
    outDir: docs?.outDir ?? path.join(config.outDir, "docs"),
  };
}
