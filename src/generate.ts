/**
 * `generate`: load → check → model → emit → write. The CLI is a thin shell over this.
 * Nothing is written unless every earlier stage succeeded.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { toPosix, type ResolvedConfig } from "./config/config.js";
import { resolveProjects, type ProjectRef } from "./config/projects.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.js";
import { emitDocs } from "./emit/docs.js";
import { emitExamples } from "./emit/examples.js";
import type { GeneratedFile } from "./emit/generated-file.js";
import { emitHandlersInterface } from "./emit/handlers-interface.js";
import { emitRegistry } from "./emit/registry.js";
import { emitServer } from "./emit/server.js";
import { emitHandlerStubs } from "./emit/stubs.js";
import { emitToolTypes } from "./emit/types.js";
import { emitValidators } from "./emit/validators.js";
import { lintProject, maxWarningsExceeded } from "./lint/lint.js";
import { loadProject } from "./load-project.js";
import type { ProjectModel } from "./spec/model.js";
import { applyPlan, planWrite, type WritePlan } from "./write/index.js";

export interface GenerateOptions {
  /** Working directory; the project root when there is no config file. Default: process.cwd(). */
  cwd?: string;
  /** Explicit config file, relative to cwd. */
  config?: string;
  /** Write nothing; report stale files. */
  check?: boolean;
  /** Stop after the lint stage (what `mcp-gen lint` runs); nothing is emitted or written. */
  lintOnly?: boolean;
  /** Overrides the config's `lint.maxWarnings`. */
  maxWarnings?: number;
}

export interface GenerateResult {
  /** 0 ok, 1 spec errors or stale output (with check). */
  exitCode: 0 | 1;
  diagnostics: Diagnostic[];
  /** Project-relative file text for code frames. */
  sources: Map<string, string>;
  config?: ResolvedConfig;
  model?: ProjectModel;
  plan?: WritePlan;
  /** Project-relative paths written / removed (empty with check). */
  written: string[];
  removed: string[];
  /** With check: generated files that differ from what would be generated. */
  stale: string[];
  /** Project-relative paths whose bytes were already right (and authored files kept). */
  unchanged: string[];
}

export async function generate(options: GenerateOptions = {}): Promise<GenerateResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const result: GenerateResult = { exitCode: 1, diagnostics: [], sources: new Map(), written: [], removed: [], stale: [], unchanged: [] };
  const finish = (): GenerateResult => {
    result.diagnostics = sortDiagnostics(result.diagnostics);
    if (hasErrors(result.diagnostics) || result.stale.length > 0) result.exitCode = 1;
    else result.exitCode = 0;
    return result;
  };

  const loaded = loadProject({ cwd, config: options.config });
  result.diagnostics.push(...loaded.diagnostics);
  result.sources = loaded.sources;
  if (!loaded.config || !loaded.build) return finish();
  const config = loaded.config;
  result.config = config;
  const built = loaded.build;
  if (!built.model) return finish();
  result.model = built.model;

  // Lint findings are warnings unless the config says otherwise; an error stops the run here.
  result.diagnostics.push(...lintProject(built.model, built.toolSources, { rules: config.lint.rules }));
  result.diagnostics.push(...maxWarningsExceeded(result.diagnostics, options.maxWarnings ?? config.lint.maxWarnings));
  if (hasErrors(result.diagnostics) || options.lintOnly) return finish();

  const emitted = await emitAll(built.model, config);
  result.diagnostics.push(...emitted.diagnostics);
  if (hasErrors(result.diagnostics)) return finish();

  const plan = await planWrite(emitted.files, { root: config.root, generated: config.outDir, handlers: config.handlersDir });
  result.plan = plan;
  result.diagnostics.push(...plan.diagnostics);
  if (hasErrors(plan.diagnostics)) return finish();
  result.unchanged = plan.actions.filter((a) => a.action === "unchanged" || a.action === "keep").map((a) => a.path);
  if (options.check) {
    result.stale = plan.stale;
    return finish();
  }
  const applied = await applyPlan(plan);
  result.written = applied.written;
  result.removed = applied.removed;
  result.diagnostics.push(...applied.diagnostics);
  return finish();
}

export interface ProjectRun extends ProjectRef {
  result: GenerateResult;
  /** Wall time of this project's run. */
  ms: number;
}

export interface WorkspaceResult {
  /** 0 when every project succeeded, else 1. */
  exitCode: 0 | 1;
  /** True for a workspace config or several configs: output is grouped per project. */
  workspace: boolean;
  projects: ProjectRun[];
  /** Problems of the workspace itself (no config matched a glob, a bad `projects` entry). */
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
}

/**
 * `generate` for every project a run covers (`-c` files and globs, workspace configs),
 * one after the other, each independent: a failing project does not stop the others.
 * In a workspace each project's paths are relative to its own root.
 */
export async function generateWorkspace(
  options: Omit<GenerateOptions, "config"> & { configs?: readonly string[] } = {},
): Promise<WorkspaceResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const found = resolveProjects({ cwd, configs: options.configs });
  const projects: ProjectRun[] = [];
  for (const project of found.projects) {
    const started = performance.now();
    // Alone, a project keeps naming its config file relative to the working directory.
    const result = await generate({
      ...options,
      cwd: found.workspace ? project.root : cwd,
      config: project.configFile,
    });
    projects.push({ ...project, result, ms: Math.round(performance.now() - started) });
  }
  const failed = hasErrors(found.diagnostics) || projects.some((p) => p.result.exitCode !== 0);
  return {
    exitCode: failed ? 1 : 0,
    workspace: found.workspace,
    projects,
    diagnostics: sortDiagnostics(found.diagnostics),
    sources: found.sources,
  };
}

/** Runs every emitter. Pure but for reading the author's existing handler files. */
export async function emitAll(
  model: ProjectModel,
  config: ResolvedConfig,
): Promise<{ files: GeneratedFile[]; diagnostics: Diagnostic[] }> {
  const handlersRel = toPosix(path.relative(config.root, config.handlersDir)) || ".";
  let generatedFromHandlers = toPosix(path.relative(config.handlersDir, config.outDir));
  if (!generatedFromHandlers.startsWith(".")) generatedFromHandlers = `./${generatedFromHandlers}`;
  const stubs = emitHandlerStubs(model, readExistingHandlers(config.handlersDir), {
    generatedFromHandlers,
    handlersDir: handlersRel,
  });
  const files = [
    ...(await emitToolTypes(model)),
    ...emitValidators(model),
    ...emitRegistry(model),
    ...emitHandlersInterface(model),
    ...emitServer(model),
    ...emitExamples(model),
    ...emitDocs(model, config),
    ...stubs.files,
  ];
  return { files, diagnostics: stubs.diagnostics };
}

/** The author's top-level `.ts` files in the handlers folder, by name. */
function readExistingHandlers(dir: string): { files: ReadonlyMap<string, string> } {
  const files = new Map<string, string>();
  if (!existsSync(dir)) return { files };
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    // Not a folder (or unreadable): no handlers to keep; the writer reports it when it must write there.
    return { files };
  }
  for (const name of names) {
    if (!name.endsWith(".ts") || name.endsWith(".d.ts")) continue;
    const full = path.join(dir, name);
    try {
      const stat = lstatSync(full);
      // A symlink is the author's business: it counts as present, its target is not read.
      files.set(name, stat.isSymbolicLink() ? "" : stat.isFile() ? readFileSync(full, "utf8") : "");
    } catch {
      files.set(name, "");
    }
  }
  return { files };
}
