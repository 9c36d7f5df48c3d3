/** `mcp-gen generate`: argument handling and output; the work is in ../build/generate.ts. */
import { Option, type Command } from "commander";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { formatSummary, painter } from "../diagnostics/format.js";
import type { BuildSessions } from "../build/session.js";
import type { ProjectRun, WorkspaceResult } from "../build/generate.js";
import type { WatchGenerateOptions } from "../build/watch/watch-generate.js";
import { formatOption, maxWarningsOption, type CliContext } from "./context.js";
import { counted } from "../util/counted.js";
import { fromWorkingDirectory, rebaseDiagnostics } from "../diagnostics/rebase.js";
import { diagnosticsJson, reportDiagnostics, type Io, type OutputFormat } from "./report.js";

export interface GenerateCliOptions {
  check?: boolean;
  /** `-c` values: config files or globs of them; several allowed. */
  config?: string | string[];
  format: OutputFormat;
  /** Only errors. */
  quiet?: boolean;
  /** Every file and its action, and every lint finding. */
  verbose?: boolean;
  /** Run again on every change to a spec, a file it `$ref`s or the config (src/build/watch/). */
  watch?: boolean;
  /** `--no-cache` sets false: run the whole pipeline even when no input changed. */
  cache?: boolean;
  /** Overrides the config's `lint.maxWarnings`. */
  maxWarnings?: number;
}

export async function runGenerate(
  options: GenerateCliOptions,
  io: Io,
  cwd: string,
  observe?: (run: WorkspaceResult) => void,
  /** The projects' build sessions, which a watch keeps between runs. */
  sessions?: BuildSessions,
): Promise<number> {
  const started = performance.now();
  const configs = options.config === undefined ? [] : Array.isArray(options.config) ? options.config : [options.config];
  // The message catalogue (which codes are lint rules) is read alongside the build's modules,
  // not before them: each module Node 20 reads before the run starts is one more wait.
  const [{ generateWorkspace }, catalogue] = await Promise.all([import("../build/generate.js"), import("../diagnostics/messages.js")]);
  const run = await generateWorkspace({ cwd, configs, check: options.check, cache: options.cache, maxWarnings: options.maxWarnings }, sessions);
  observe?.(run);
  const ms = Math.round(performance.now() - started);

  if (options.format === "json") {
    io.stdout(JSON.stringify(workspaceJson(run, options), null, 2) + "\n");
    return run.exitCode;
  }
  const paint = painter({ color: io.color === true });
  reportDiagnostics(io, run.diagnostics, run.sources, "text");
  // The workspace itself failed (a config that does not exist, no project matched): no project ran.
  if (run.projects.length === 0 && run.exitCode !== 0) io.stderr("mcp-gen: nothing was written.\n");
  for (const project of run.projects) {
    if (run.workspace && !options.quiet) io.stdout(`${paint("bold", `[${project.label}]`)}\n`);
    printProject(io, project, run.workspace, options, catalogue);
  }
  if (run.workspace && !options.quiet) {
    const failed = run.projects.filter((p) => p.result.exitCode !== 0).length;
    // The workspace's own errors (a project not found) fail the run as a failed project does.
    const workspaceErrors = run.diagnostics.filter((d) => d.severity === "error").length;
    const problems = [...(failed > 0 ? [`${failed} failed`] : []), ...(workspaceErrors > 0 ? [counted(workspaceErrors, "workspace error")] : [])];
    const count = counted(run.projects.length, "project");
    io.stdout(`mcp-gen: ${count}, ${problems.length === 0 ? "all ok" : paint("red", problems.join(", "))} in ${ms} ms\n`);
  }
  return run.exitCode;
}

function workspaceJson(run: WorkspaceResult, options: GenerateCliOptions): unknown {
  // One project: its result alone. Its paths are relative to its folder, which `project` names from the working directory.
  if (!run.workspace && run.projects.length === 1 && run.diagnostics.length === 0) {
    const [only] = run.projects;
    return { ...(only.label !== "." ? { project: only.label } : {}), ...projectJson(only, options) };
  }
  return {
    ok: run.exitCode === 0,
    diagnostics: diagnosticsJson(run.diagnostics),
    projects: run.projects.map((project) => ({ project: project.label, ...projectJson(project, options) })),
  };
}

function projectJson({ result }: ProjectRun, options: GenerateCliOptions): Record<string, unknown> {
  const stubs = newStubs(result);
  return {
    ok: result.exitCode === 0,
    tools: result.toolCount ?? 0,
    diagnostics: diagnosticsJson(result.diagnostics),
    written: result.written,
    removed: result.removed,
    unchanged: result.unchanged,
    stale: result.stale,
    ...(options.check ? { missingHandlers: stubs } : {}),
  };
}

function newStubs(result: ProjectRun["result"]): string[] {
  return result.plan?.actions.filter((a) => a.area === "handlers" && a.action === "create").map((a) => a.path) ?? [];
}

/** The handlers folder's `index.ts` (the registry of handlers), not a tool's stub: tools' own files are never `index.ts`. */
function isHandlersIndex(file: string): boolean {
  return /(^|\/)index\.ts$/.test(file);
}

/**
 * One project's text output. Lint warnings and infos are counted in the summary, not
 * printed, unless --verbose or they broke `maxWarnings`: `mcp-gen lint` lists them.
 */
function printProject(
  io: Io,
  project: ProjectRun,
  workspace: boolean,
  options: GenerateCliOptions,
  { isLintCode, MAX_WARNINGS_CODE }: Pick<typeof import("../diagnostics/messages.js"), "isLintCode" | "MAX_WARNINGS_CODE">,
): void {
  const { result } = project;
  const paint = painter({ color: io.color === true });
  const showLint = options.verbose === true || result.diagnostics.some((d) => d.code === MAX_WARNINGS_CODE);
  const hiddenLint = result.diagnostics.filter((d) => isLintCode(d.code) && d.severity !== "error" && !showLint);
  const hidden = new Set(hiddenLint);
  const shown = result.diagnostics.filter((d) => (options.quiet ? d.severity === "error" : !hidden.has(d)));
  const located = rebaseDiagnostics(shown, result.sources, project.label);
  const quiet = options.quiet === true;
  const failed = result.toolCount === undefined || (!options.check && result.exitCode !== 0);
  // A run that ends with its summary line counts the findings there, once; one that does not, under the findings.
  const summarized = !failed && !quiet && (!options.check || (result.stale.length === 0 && result.exitCode === 0));
  reportDiagnostics(io, located.diagnostics, located.sources, "text", { counts: !summarized });

  const prefix = workspace ? `mcp-gen [${project.label}]: ` : "mcp-gen: ";
  if (failed) {
    io.stderr(`${prefix}nothing was written.\n`);
    return;
  }
  const fromHere = (file: string) => fromWorkingDirectory(project.label, file);
  const tools = counted(result.toolCount!, "tool");
  const lintNote = summarized ? findingsNote(shown, hiddenLint, io.color === true) : "";
  if (options.verbose && result.plan) {
    for (const action of result.plan.actions) io.stdout(`  ${action.action.padEnd(9)} ${fromHere(action.path)}\n`);
  } else if (options.verbose && result.cached) {
    // Answered from the build cache: every output was checked and is as a full run would leave it.
    for (const file of result.unchanged) io.stdout(`  ${"unchanged".padEnd(9)} ${fromHere(file)}\n`);
  }
  const stubs = newStubs(result);
  if (options.check) {
    if (result.stale.length > 0) {
      io.stderr(`${prefix}${counted(result.stale.length, "generated file is", "generated files are")} stale; run \`mcp-gen generate\`:\n`);
      for (const file of result.stale) io.stderr(`  ${fromHere(file)}\n`);
    } else if (result.exitCode === 0 && !quiet) {
      io.stdout(`${prefix}generated files are up to date (${tools}) in ${project.ms} ms${lintNote}\n`);
    }
    const missingStubs = stubs.filter((file) => !isHandlersIndex(file));
    if (missingStubs.length > 0 && !quiet) {
      io.stderr(`${prefix}${counted(missingStubs.length, "handler stub")} missing: ${missingStubs.map(fromHere).join(", ")}\n`);
    }
    for (const index of stubs.filter(isHandlersIndex)) if (!quiet) io.stderr(`${prefix}handlers index missing: ${fromHere(index)}\n`);
    return;
  }
  if (quiet) return;
  for (const file of stubs.filter((f) => result.written.includes(f))) {
    const what = isHandlersIndex(file) ? "new handlers index" : "new handler stub";
    io.stdout(`  ${what}: ${paint("cyan", fromHere(file))}\n`);
  }
  const files = (n: number) => counted(n, "file");
  const changed = result.written.length + result.removed.length;
  const summary =
    changed === 0
      ? `${tools}, everything up to date (${files(result.unchanged.length)})`
      : [
          `${tools}, ${paint("bold", `${files(result.written.length)} written`)}`,
          ...(result.removed.length > 0 ? [`${result.removed.length} removed`] : []),
          `${result.unchanged.length} unchanged`,
        ].join(", ");
  io.stdout(`${prefix}${summary} in ${project.ms} ms${lintNote}\n`);
}

/**
 * The summary's one count of the run's findings: those printed above and the lint
 * findings left to `mcp-gen lint`, so what stderr shows and what the summary counts agree.
 */
function findingsNote(shown: readonly Diagnostic[], hiddenLint: readonly Diagnostic[], color: boolean): string {
  if (shown.length === 0 && hiddenLint.length === 0) return "";
  if (shown.length === 0) return `; lint: ${formatSummary(hiddenLint, { color })} (\`mcp-gen lint\` lists them)`;
  const all = formatSummary([...shown, ...hiddenLint], { color });
  if (hiddenLint.length === 0) return `; ${all} (above)`;
  return `; ${all} (above: ${formatSummary(shown, { color })}; \`mcp-gen lint\` lists the rest)`;
}

/** Commander's collector for an option given several times. */
function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function registerGenerate(program: Command, { io, cwd, setExit }: CliContext): void {
  program
    .command("generate")
    .summary("check and lint the specs, then write generated/ and new handler stubs")
    .description(
      "Check and lint the specs, then write generated/ (types, validators, registry, docs) and new handler stubs. " +
        "Without a config file, reads specs/**/*.{yaml,yml} (except **/schemas/**) in the working directory " +
        "and takes the server name and version from the nearest package.json.",
    )
    .option("--check", "write nothing; exit 1 and list every generated file that is stale (for CI)")
    .option(
      "-c, --config <file>",
      "config file or glob of config files, repeatable (default: ./mcp-gen.config.yaml when present); paths in it are relative to it",
      collect,
    )
    .addOption(new Option("-q, --quiet", "print only errors").conflicts("verbose"))
    .option("--verbose", "print every file and its action, and every lint finding")
    .addOption(maxWarningsOption())
    .option("--no-cache", "run every stage even when no input changed since the last run (see node_modules/.cache/mcp-gen)")
    .addOption(new Option("-w, --watch", "run again on every change to a spec, a file it $refs or the config; Ctrl-C to stop").conflicts("check"))
    .addOption(formatOption())
    .addHelpText(
      "after",
      "\nMonorepos: -c 'packages/*/mcp-gen.config.yaml', or a config with `projects: [...]`; each project runs on its own.\n" +
        "Colour: on a terminal only; never with NO_COLOR, always with FORCE_COLOR.\n" +
        "Exit codes: 0 ok, 1 spec or lint errors or stale output (in any project), 2 usage or internal error.",
    )
    .action(async (options: GenerateCliOptions) => {
      setExit(options.watch ? await runWatch(options, io, cwd) : await runGenerate(options, io, cwd));
    });
}

async function runWatch(options: GenerateCliOptions, io: Io, cwd: string): Promise<number> {
  const { interruptSignal, watchGenerate } = await import("../build/watch/watch-generate.js");
  const interrupt = interruptSignal();
  const configs = options.config === undefined ? [] : Array.isArray(options.config) ? options.config : [options.config];
  try {
    // The first run does the whole work in the watch's sessions (answered from the build
    // cache, it would leave them nothing parsed, compiled or translated for a later full run,
    // after an edit of a `$ref`ed file or the config). Every later run is a plain `generate`,
    // build cache included: after a spec edit, a partial run (src/build/generate.ts) without a new
    // process's start and module loading. With `--no-cache` every run is a full one.
    let runs = 0;
    const run: WatchGenerateOptions["run"] = (observe, sessions) =>
      runGenerate(runs++ === 0 ? { ...options, cache: false } : options, io, cwd, observe, sessions);
    return await watchGenerate({ cwd, configs, io, signal: interrupt.signal, run, verbose: options.verbose === true });
  } finally {
    interrupt.dispose();
  }
}
