/**
 * `mcp-gen generate --watch`: one run now, then one run per burst of changes to a spec,
 * a file a spec `$ref`s (or names and is missing), the config, its package.json, or the
 * set of a workspace's projects (src/build/watch/targets.ts says which change means what). A
 * change that only might matter (a new `.yaml` file where specs are looked for) is
 * checked against the globs before it starts a run. A failing run prints its diagnostics like any
 * run and the watch goes on; the previous targets stay watched, so the fix is seen.
 * Interrupting (Ctrl-C) ends the watch after the run in progress, with exit code 0.
 */
import { lstatSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { BuildSessions } from "../session.js";
import { CONFIG_FILE_NAME } from "../../config/names.js";
import type { ProjectSearch } from "../../config/projects.js";
import { findSpecFiles } from "../../spec/find-specs.js";
import { toPosix } from "../../util/posix.js";
import { watchFolders } from "./folder-watcher.js";
import { classifyChange, globBase, watchTargets, type ChangeKind, type ObservedRun, type WatchTargets } from "./targets.js";

/** What one CLI run tells the watcher (a subset of `WorkspaceResult`). */
export interface ObservedWorkspace {
  projects: ReadonlyArray<{ root: string; configFile?: string; result: ObservedRun }>;
  /** Workspace-level files read (a config listing `projects:`), relative to cwd. */
  sources: ReadonlyMap<string, string>;
  /** Where the run looked for projects: a project that appears there is a change. */
  searched?: readonly ProjectSearch[];
}

export interface WatchGenerateOptions {
  cwd: string;
  /** `-c` values (files or globs), relative to cwd. */
  configs?: readonly string[];
  /** Where the watcher says what it is doing: the CLI's stderr, which `run` also prints to. */
  io: { stderr: (text: string) => void };
  /**
   * One run of `generate` as the CLI prints it; calls `observe` with what it found. Every
   * run gets the same `sessions`: what one run parsed, compiled and translated, the next
   * reuses.
   */
  run: (observe: (workspace: ObservedWorkspace) => void, sessions: BuildSessions) => Promise<number>;
  /** Ends the watch. */
  signal: AbortSignal;
  /** Quiet time after the last change before a run starts. */
  debounceMs?: number;
  /**
   * Say so on `io` when a folder is watched from now on (one that appeared, or that a
   * config now names): `--verbose`. A file saved there from then on is heard.
   */
  verbose?: boolean;
}

export const WATCHING_MESSAGE = "mcp-gen: watching for changes (Ctrl-C to stop)\n";

/** With `verbose`: a folder watched from now on, as the CLI prints it. */
export const watchingFolderMessage = (folder: string): string => `mcp-gen: watching ${folder} too\n`;

/**
 * How far a file's change time may lag the clock that `Date.now()` reads (file systems
 * stamp with a coarse clock): a file created just after a run started is never missed.
 */
const CLOCK_SLACK_MS = 50;

export function watchGenerate(options: WatchGenerateOptions): Promise<0> {
  const { io, signal } = options;
  const debounceMs = options.debounceMs ?? 100;
  const configFiles = configCandidates(options.cwd, options.configs ?? []);
  // What the last run saw, from which the targets are computed (again after a change that needs no run).
  let seen: { runs: ObservedRun[]; files: string[]; searched: readonly ProjectSearch[]; projects?: string } = { runs: [], files: configFiles, searched: [] };
  let targets: WatchTargets = watchTargets([], configFiles);
  let lastComplete: ObservedRun[] = [];
  let stopped = false;
  let running: Promise<void> | undefined;
  // A change that came while a run (or the check before one) was under way: look again after it.
  let rerun = false;
  let settling = false;
  let timer: NodeJS.Timeout | undefined;
  /** Changes not acted on yet, by what they mean; `since` is when the first of them came. */
  const pending: Record<ChangeKind, Set<string>> = { run: new Set(), "spec?": new Set(), "projects?": new Set() };
  let since: number | undefined;
  // The build sessions of the watched projects, kept for as long as the watch runs.
  const sessions = new BuildSessions();

  const onChange = (absPath: string) => {
    if (stopped) return;
    let isFolder = false;
    let exists = true;
    try {
      isFolder = statSync(absPath).isDirectory();
    } catch {
      exists = false;
    }
    const folderGone = !exists && targets.folders.includes(absPath);
    const kind = folderGone ? "run" : classifyChange(targets, absPath, isFolder);
    if (!kind) return;
    pending[kind].add(absPath);
    since ??= Date.now();
    schedule();
  };
  const watcher = watchFolders(onChange);
  // The folders the first run's targets name are the watch itself; only later ones are news.
  let watchedBefore = false;
  /** Watches the targets' folders from now on, catching up on what changed in new ones since `from`. */
  const syncFolders = (from: number) => {
    const started = watcher.sync(targets.folders);
    if (options.verbose && watchedBefore) {
      for (const dir of started) io.stderr(watchingFolderMessage(toPosix(path.relative(options.cwd, dir)) || "."));
    }
    watchedBefore = true;
    catchUp(started, from);
  };

  const schedule = () => {
    if (running || settling) {
      rerun = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void settle(), debounceMs);
  };

  /** After the quiet time: a run when a change calls for one; else only the watched folders are brought up to date. */
  const settle = async () => {
    const burstStart = since ?? Date.now();
    since = undefined;
    const sure = [...pending.run];
    const maybeSpecs = [...pending["spec?"]];
    const maybeProjects = [...pending["projects?"]];
    for (const set of Object.values(pending)) set.clear();
    let files: string[];
    settling = true;
    try {
      const specs = maybeSpecs.length > 0 ? maybeSpecs.filter(isSpecNow(seen.runs)) : [];
      const projects = maybeProjects.length > 0 && (await projectsChanged()) ? maybeProjects : [];
      files = [...sure, ...specs, ...projects].sort();
    } finally {
      settling = false;
    }
    if (stopped) return;
    if (files.length === 0) {
      // Nothing to run: a new folder may still hold a spec or a project tomorrow.
      targets = watchTargets(seen.runs, seen.files, seen.searched);
      syncFolders(burstStart);
      if (rerun) {
        rerun = false;
        schedule();
      }
      return;
    }
    io.stderr(`mcp-gen: ${describeChange(options.cwd, files)} changed; regenerating\n`);
    startRun();
  };

  /** Whether the set of projects a run would cover differs from the last run's. */
  const projectsChanged = async (): Promise<boolean> => {
    try {
      const { resolveProjects } = await import("../../config/projects.js");
      return projectsKey(resolveProjects({ cwd: options.cwd, configs: options.configs }).projects) !== seen.projects;
    } catch {
      // Files moving under the search: let a run say what is there.
      return true;
    }
  };

  /**
   * Folders watched from now on may have changed between the run reading them and the
   * watch starting: what changed in them since `from` is handled as if it were heard.
   */
  const catchUp = (started: readonly string[], from: number) => {
    for (const dir of started) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        const absPath = path.join(dir, name);
        try {
          if (lstatSync(absPath).ctimeMs >= from - CLOCK_SLACK_MS) onChange(absPath);
        } catch {
          // Gone again: nothing to catch up on.
        }
      }
    }
  };

  const runOnce = async () => {
    const started = Date.now();
    const observed: ObservedRun[] = [];
    const workspaceFiles: string[] = [];
    const searched: ProjectSearch[] = [];
    let projects: string | undefined;
    try {
      await options.run((workspace) => {
        observed.push(...workspace.projects.map((project) => project.result));
        workspaceFiles.push(...[...workspace.sources.keys()].map((file) => path.resolve(options.cwd, file)));
        searched.push(...(workspace.searched ?? []));
        projects = projectsKey(workspace.projects);
      }, sessions);
    } catch (error) {
      io.stderr(`mcp-gen: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    const complete = observed.length > 0 && observed.every((run) => run.config && run.toolCount !== undefined);
    if (complete) lastComplete = observed;
    // A run that stopped early knows fewer files: keep watching what the last complete run read.
    seen = { runs: complete ? observed : [...observed, ...lastComplete], files: [...configFiles, ...workspaceFiles], searched, projects };
    targets = watchTargets(seen.runs, seen.files, seen.searched);
    if (stopped) return;
    syncFolders(started);
    io.stderr(WATCHING_MESSAGE);
  };

  const startRun = () => {
    // The run reads the files as they are now: what changed before it starts is in it.
    rerun = false;
    for (const set of Object.values(pending)) set.clear();
    since = undefined;
    running = runOnce().finally(() => {
      running = undefined;
      if (rerun && !stopped) schedule();
    });
  };

  return new Promise((resolve) => {
    const stop = async () => {
      stopped = true;
      clearTimeout(timer);
      watcher.close();
      await running;
      resolve(0);
    };
    startRun();
    if (signal.aborted) void stop();
    else signal.addEventListener("abort", () => void stop(), { once: true });
  });
}

/** Which `changed` paths are specs now (a file the globs match, or a folder holding one), as the runs' configs say. */
function isSpecNow(runs: readonly ObservedRun[]): (absPath: string) => boolean {
  const specsOf = new Map<ObservedRun, string[]>();
  return (absPath) =>
    runs.some((run) => {
      if (!run.config) return false;
      const rel = toPosix(path.relative(run.config.root, absPath));
      if (rel.startsWith("..") || path.isAbsolute(rel)) return false;
      let specs = specsOf.get(run);
      if (!specs) specsOf.set(run, (specs = findSpecFiles(run.config)));
      return specs.some((spec) => spec === rel || spec.startsWith(rel + "/"));
    });
}

/** The projects of a run, as one comparable string. */
function projectsKey(projects: ReadonlyArray<{ root: string; configFile?: string }>): string {
  return projects
    .map((project) => `${project.root}\0${project.configFile ?? ""}`)
    .sort()
    .join("\n");
}

/** An AbortSignal that SIGINT (Ctrl-C) or SIGTERM aborts; a second Ctrl-C gets Node's default (exit at once). */
export function interruptSignal(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSignal = () => {
    dispose();
    controller.abort();
  };
  const dispose = () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return { signal: controller.signal, dispose };
}

/** The config files named on the command line (a glob stands for the folder it starts from), or the default one. */
function configCandidates(cwd: string, configs: readonly string[]): string[] {
  if (configs.length === 0) return [path.join(cwd, CONFIG_FILE_NAME)];
  return configs.map((config) => (/[*?[\]{}]/.test(config) ? globBase(cwd, config) : path.resolve(cwd, config)));
}

function describeChange(cwd: string, files: string[]): string {
  const shown = files.length === 0 ? "a file" : path.relative(cwd, files[0]).split(path.sep).join("/") || ".";
  return files.length > 1 ? `${shown} and ${files.length - 1} more` : shown;
}
