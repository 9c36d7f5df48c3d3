/**
 * `generate`: restore → load → check → model → emit → write → save, inside a build session
 * (src/build/session.ts) whose run (src/build/incremental-run.ts) knows what the recorded
 * run left reusable. The CLI is a thin shell over this. Nothing is written unless every
 * earlier stage succeeded.
 */
import { statSync } from "node:fs";
import path from "node:path";
import type { IncrementalRun } from "./incremental-run.js";
import { BuildSession, BuildSessions, cacheWanted, type Restored, type SessionMemo } from "./session.js";
import { cachedConfig } from "./cache-store.js";
import { handlerFiles } from "./handlers-folder.js";
import { readText } from "./cache-file.js";
import type { ResolvedConfig } from "../config/config.js";
import { configCandidate } from "../config/names.js";
import type { ProjectRef, ProjectSearch, ProjectsResult } from "../config/projects.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { RenderedFile } from "../emit/shared/generated-file.js";
import type { BuildResult } from "../spec/build-model.js";
import type { ProjectModel } from "../spec/model.js";
import { findSpecFiles } from "../spec/find-specs.js";
import { toPosix } from "../util/posix.js";
import { MANIFEST_FILE, parseManifestHandlers } from "../write/manifest.js";
import type { WritePlan } from "../write/plan.js";

// The pipeline's stages are imported when a run needs them: a run answered from the
// build cache (src/build/cache-store.ts) loads neither YAML, ajv, json-schema-to-typescript nor ts-morph,
// nor what only a run that emits needs (incremental-run.ts, the memo's format). Node 20 loads an
// ES module's imports only after reading the module itself, one level of the graph at a time, so
// a cached run's graph is kept shallow: each level is one more wait for the disk.

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
  /**
   * Answer from the build cache when no input changed (default true; `MCP_GEN_NO_CACHE=1`
   * turns it off). The cache is still recorded when this is false.
   */
  cache?: boolean;
}

export interface GenerateResult {
  /** 0 ok, 1 spec errors or stale output (with check). */
  exitCode: 0 | 1;
  diagnostics: Diagnostic[];
  /** Project-relative file text for code frames. */
  sources: Map<string, string>;
  config?: ResolvedConfig;
  /** Absent when the specs did not build, and when the run was answered from the build cache. */
  model?: ProjectModel;
  /** Tools in the model; present whenever the specs built (from the cache too). */
  toolCount?: number;
  /** Project-relative files a `$ref` named that do not exist (`BuildResult.missing`). */
  missing?: string[];
  /** True when nothing changed and the run was answered from the build cache. */
  cached?: boolean;
  /**
   * In a partial run, the spec files read again: only they changed since the recorded
   * run, and every other spec's share came from the build cache. Absent in a full run.
   */
  changedSpecs?: string[];
  plan?: WritePlan;
  /** Project-relative paths written / removed (empty with check). */
  written: string[];
  removed: string[];
  /** With check: generated files that differ from what would be generated. */
  stale: string[];
  /** Project-relative paths whose bytes were already right (and authored files kept). */
  unchanged: string[];
}

/**
 * One project's run, in the order of its stages: restore → load → check → model → emit →
 * write → save. `session` holds what earlier runs computed (a watch passes the same one
 * each time); without one, the run has a session of its own.
 */
export async function generate(options: GenerateOptions = {}, session: BuildSession = new BuildSession()): Promise<GenerateResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const result: GenerateResult = { exitCode: 1, diagnostics: [], sources: new Map(), written: [], removed: [], stale: [], unchanged: [] };
  const finish = (): GenerateResult => {
    result.diagnostics = sortDiagnostics(result.diagnostics);
    if (hasErrors(result.diagnostics) || result.stale.length > 0) result.exitCode = 1;
    else result.exitCode = 0;
    return result;
  };

  const configFile = locateConfig(cwd, options.config);
  const projectRoot = configFile ? path.dirname(configFile) : cwd;
  const output = { maxWarnings: options.maxWarnings, configDisplay: configFile ? toPosix(path.relative(cwd, configFile)) : "" };
  const cacheable = !options.lintOnly && configFile !== null;

  // restore
  const restored: Restored =
    cacheable && cacheWanted(options.cache)
      ? await session.restore({ cwd, projectRoot, configFile, output, verifyBytes: options.check === true, findSpecFiles })
      : { kind: "none" };
  if (restored.kind === "hit") {
    const hit = restored.run;
    Object.assign(result, {
      config: hit.config,
      diagnostics: hit.diagnostics,
      sources: hit.sources,
      toolCount: hit.toolCount,
      unchanged: hit.unchanged,
      cached: true,
    });
    return finish();
  }
  // A partial run (only spec files changed since the recorded run) reads, checks and lints
  // just those files and takes the others' share from the memo; otherwise, everything.
  // A full run counts every tool's tokens (the docs show them), and a changed spec most
  // often changes its tool's entry: the tokenizer loads on a second thread while this one
  // reads the specs (src/spec/token-count.ts). A partial run that needs no count only ends it.
  if (!options.lintOnly) (await session.memo()).tokens.warmUp();
  const { IncrementalRun } = await import("./incremental-run.js");
  const run = new IncrementalRun(session, restored);
  if (run.changedSpecs) result.changedSpecs = run.changedSpecs;

  // load → check → model
  const loaded = await loadStage(cwd, options, session, run);
  result.diagnostics.push(...loaded.diagnostics);
  result.sources = loaded.sources;
  if (!loaded.config || !loaded.built) return finish();
  const { config, built } = loaded;
  result.config = config;
  if (built.missing.length > 0) result.missing = built.missing;
  const recordedLint = (file: string) => run.recordedLint(file);
  if (!built.model) {
    result.diagnostics.push(...(await lintWhatBuilt(built, config, recordedLint)));
    return finish();
  }
  const model = built.model;
  result.model = model;
  result.toolCount = model.tools.length;
  // The docs (and the budget, when set) show every tool's token count: those not remembered
  // are counted on a second thread while lint and the emitters run.
  if (!options.lintOnly || config.budget.perTool !== undefined || config.budget.total !== undefined) {
    (await session.memo()).tokens.countAhead(model.tools.map((tool) => tool.wire));
  }

  // Lint findings are warnings unless the config says otherwise; an error stops the run here.
  const { lintFiles, maxWarningsExceeded } = await import("../lint/lint.js");
  const linted = lintFiles(model, built.toolSources, lintOptions(config), recordedLint);
  result.diagnostics.push(...linted.diagnostics);
  result.diagnostics.push(...(await budgetStage(model, config, session)));
  result.diagnostics.push(...maxWarningsExceeded(result.diagnostics, options.maxWarnings ?? config.lint.maxWarnings));
  if (hasErrors(result.diagnostics) || options.lintOnly) return finish();

  // emit: the emitters describe every file; the run renders those it does not keep as they are.
  const memo = await session.memo();
  const reuse = run.prepareEmit(model, config, memo);
  const { describeAll, renderOrKeep } = await import("./emitters.js");
  const described = await describeAll(model, { config, handlers: run.handlers(config), handlersWritten: handlersWritten(config), memo });
  result.diagnostics.push(...described.diagnostics);
  if (hasErrors(result.diagnostics)) return finish();
  const emitted = await renderOrKeep(described.files, reuse.keep);

  // write
  const [{ applyPlan }, { planWrite }] = await Promise.all([import("../write/apply.js"), import("../write/plan.js")]);
  const plan = await planWrite(emitted.files, { root: config.root, generated: config.outDir, handlers: config.handlersDir }, { kept: emitted.kept });
  result.plan = plan;
  result.diagnostics.push(...plan.diagnostics);
  if (hasErrors(plan.diagnostics)) return finish();
  result.unchanged = plan.actions.filter((a) => a.action === "unchanged" || a.action === "keep").map((a) => a.path);
  if (options.check) {
    result.stale = plan.stale;
  } else {
    const applied = await applyPlan(plan);
    result.written = applied.written;
    result.removed = applied.removed;
    result.diagnostics.push(...applied.diagnostics);
  }
  finish();

  // save. Only a run that left every output in place is worth remembering; a check run that
  // found stubs to create has not (the next real run must write them). Nor has a run that
  // amended handlers/index.ts or moved a handler: its diagnostics describe what this run did
  // (a rename done, an import the rename broke), which the next run will not find to report.
  const amendedHandlers = plan.actions.some((a) => a.area === "handlers" && (a.action === "update" || a.action === "rename" || a.action === "remove"));
  if (cacheable && result.exitCode === 0 && !amendedHandlers && (!options.check || plan.pendingHandlers.length === 0)) {
    await run.save({
      project: { root: projectRoot, configFile, output },
      config,
      built,
      model,
      linted,
      described: described.files,
      files: emitted.files,
      kept: emitted.kept,
      plan,
      written: result.written,
      diagnostics: result.diagnostics,
      sources: result.sources,
    });
  }
  return result;
}

/**
 * The load, check and model stages: on a partial run, the changed spec files alone (the
 * others' records come from the memo, the config from the record); otherwise the config
 * and every spec file.
 */
async function loadStage(
  cwd: string,
  options: GenerateOptions,
  session: BuildSession,
  run: IncrementalRun,
): Promise<{ config?: ResolvedConfig; built?: BuildResult; diagnostics: Diagnostic[]; sources: Map<string, string> }> {
  const partial = run.restored;
  if (partial) {
    const { buildModel } = await import("../spec/build-model.js");
    const config = partial.partial.config;
    const built = buildModel(config, {
      specFiles: partial.partial.specFiles,
      reuse: (file) => run.recordedSpec(file),
      memo: await session.memo(),
    });
    return { config, built, diagnostics: built.diagnostics, sources: new Map([...partial.partial.sources, ...built.sources]) };
  }
  const { loadProject } = await import("./load-project.js");
  const loaded = loadProject({ cwd, config: options.config }, await session.memo());
  return { config: loaded.config, built: loaded.build, diagnostics: loaded.diagnostics, sources: loaded.sources };
}

/**
 * The config's token budgets (`budget:`), as lint findings. Counts go through the session's
 * memo: a tool counted by an earlier run (restored with its spec's record) is not counted
 * again, and a project without a budget counts nothing here.
 */
async function budgetStage(model: ProjectModel, config: ResolvedConfig, session: BuildSession): Promise<Diagnostic[]> {
  if (config.budget.perTool === undefined && config.budget.total === undefined) return [];
  const [{ budgetFindings }, { tokens }] = await Promise.all([import("../lint/budget.js"), session.memo()]);
  return budgetFindings(model, config.budget, (tool) => tokens.of(tool.wire), config.lint.rules);
}

/**
 * The specs do not build, but the tools of the files without errors are still linted: an
 * error in one spec does not hide the findings of the others. A file with an error shows
 * that error alone, and a name two tools share (MG013) cannot say which tool a finding is
 * about: their lint waits until they build.
 */
async function lintWhatBuilt(
  built: BuildResult,
  config: ResolvedConfig,
  recordedLint: Parameters<typeof import("../lint/lint.js").lintFiles>[3],
): Promise<Diagnostic[]> {
  const failing = new Set(built.diagnostics.filter((d) => d.severity === "error").map((d) => d.location?.file));
  const named = new Map<string, number>();
  for (const tool of built.tools ?? []) named.set(tool.name, (named.get(tool.name) ?? 0) + 1);
  const tools = (built.tools ?? []).filter((tool) => named.get(tool.name) === 1 && !tool.sources.some((file) => failing.has(file)));
  if (tools.length === 0) return [];
  const { lintFiles } = await import("../lint/lint.js");
  const modelled = { tools, server: config.server };
  return lintFiles(modelled, built.toolSources, lintOptions(config), recordedLint).diagnostics;
}

/**
 * The config file a run reads: the explicit one, or `mcp-gen.config.yaml` in `cwd`;
 * undefined for none (defaults), null when an explicit one is missing (an error the
 * full pipeline reports).
 */
function locateConfig(cwd: string, config: string | undefined): string | undefined | null {
  const candidate = configCandidate(cwd, config);
  if (candidate.exists) return candidate.file;
  return candidate.explicit ? null : undefined;
}

export interface ProjectRun extends ProjectRef {
  result: GenerateResult;
  /** Wall time of this project's run. */
  ms: number;
}

export interface WorkspaceResult {
  /** 0 when every project succeeded; 2 when a `-c` argument named no config file; else 1. */
  exitCode: 0 | 1 | 2;
  /** True for a workspace config or several configs: output is grouped per project. */
  workspace: boolean;
  projects: ProjectRun[];
  /** Problems of the workspace itself (no config matched a glob, a bad `projects` entry). */
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
  /** Where the run looked for projects (`ProjectsResult.searched`). */
  searched: ProjectSearch[];
}

/**
 * `generate` for every project a run covers (`-c` files and globs, workspace configs),
 * one after the other, each independent: a failing project does not stop the others.
 * In a workspace each project's paths are relative to its own root.
 */
export async function generateWorkspace(
  options: Omit<GenerateOptions, "config"> & { configs?: readonly string[] } = {},
  /** The projects' sessions: a watch keeps them between runs. */
  sessions: BuildSessions = new BuildSessions(),
): Promise<WorkspaceResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const found = await findProjects(cwd, options.configs ?? [], cacheWanted(options.cache), sessions);
  const projects: ProjectRun[] = [];
  for (const project of found.projects) {
    const started = performance.now();
    // Alone, a project keeps naming its config file relative to the working directory.
    const result = await generate(
      {
        ...options,
        cwd: found.workspace ? project.root : cwd,
        config: project.configFile,
      },
      sessions.for(project.configFile ?? project.root),
    );
    projects.push({ ...project, result, ms: Math.round(performance.now() - started) });
  }
  const failed = hasErrors(found.diagnostics) || projects.some((p) => p.result.exitCode !== 0);
  return {
    exitCode: found.unmatchedArgument ? 2 : failed ? 1 : 0,
    workspace: found.workspace,
    projects,
    diagnostics: sortDiagnostics(found.diagnostics),
    sources: found.sources,
    searched: found.searched,
  };
}

/**
 * `resolveProjects`, with a shortcut for the usual single project: when the build cache
 * knows the config file's text as a project config, neither YAML nor the config schema
 * needs loading to tell it from a workspace config.
 */
async function findProjects(cwd: string, configs: readonly string[], useCache: boolean, sessions: BuildSessions): Promise<ProjectsResult> {
  const single = (root: string, configFile?: string): ProjectsResult => ({
    projects: [{ root, ...(configFile ? { configFile } : {}), label: toPosix(path.relative(cwd, root)) || "." }],
    workspace: false,
    diagnostics: [],
    sources: new Map(),
    searched: [],
  });
  if (configs.length === 0 && !configCandidate(cwd).exists) return single(cwd);
  if (useCache && configs.length <= 1 && !/[*?{}[\]]/.test(configs[0] ?? "")) {
    const configFile = configCandidate(cwd, configs[0]).file;
    const isFile = statSync(configFile, { throwIfNoEntry: false })?.isFile() === true;
    if (isFile && cachedConfig(sessions.for(configFile).store, path.dirname(configFile), configFile)) return single(path.dirname(configFile), configFile);
  }
  const { resolveProjects } = await import("../config/projects.js");
  return resolveProjects({ cwd, configs });
}

/** The manifest's record of the handler files mcp-gen wrote (see `Manifest.handlers`). */
function handlersWritten(config: ResolvedConfig): Map<string, string> {
  const text = readText(path.join(config.outDir, MANIFEST_FILE));
  return text === undefined ? new Map() : parseManifestHandlers(text);
}

/**
 * Every emitter over the model (src/build/emitters.ts), with the author's handler files
 * read from disk unless given: the programmatic API's one-call emit.
 */
export async function emitAll(
  model: ProjectModel,
  config: ResolvedConfig,
  existingHandlers: ReadonlyMap<string, string> = handlerFiles(config.handlersDir),
  memo?: SessionMemo,
): Promise<{ files: RenderedFile[]; diagnostics: Diagnostic[] }> {
  const { emitAll: emitEvery } = await import("./emitters.js");
  return emitEvery(model, { config, handlers: existingHandlers, memo: memo ?? (await new BuildSession().memo()) });
}

/** What the lint rules read of the config. */
function lintOptions(config: ResolvedConfig): import("../lint/lint.js").LintOptions {
  return { rules: config.lint.rules, maxToolNameLength: config.lint.maxToolNameLength };
}
