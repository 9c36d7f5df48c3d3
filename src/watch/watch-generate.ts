/**
 * `mcp-gen generate --watch`: one run now, then one run per burst of changes to a spec,
 * a file a spec `$ref`s, or the config. A failing run prints its diagnostics like any
 * run and the watch goes on; the previous targets stay watched, so the fix is seen.
 * Interrupting (Ctrl-C) ends the watch after the run in progress, with exit code 0.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { CONFIG_FILE_NAME } from "../config/config.js";
import type { Io } from "../cli/report.js";
import { watchFolders } from "./folder-watcher.js";
import { globBase, isRelevant, watchTargets, type ObservedRun, type WatchTargets } from "./targets.js";

/** What one CLI run tells the watcher (a subset of `WorkspaceResult`). */
export interface ObservedWorkspace {
  projects: ReadonlyArray<{ result: ObservedRun }>;
  /** Workspace-level files read (a config listing `projects:`), relative to cwd. */
  sources: ReadonlyMap<string, string>;
}

export interface WatchGenerateOptions {
  cwd: string;
  /** `-c` values (files or globs), relative to cwd. */
  configs?: readonly string[];
  io: Io;
  /** One run of `generate` as the CLI prints it; calls `observe` with what it found. */
  run: (observe: (workspace: ObservedWorkspace) => void) => Promise<number>;
  /** Ends the watch. */
  signal: AbortSignal;
  /** Quiet time after the last change before a run starts. */
  debounceMs?: number;
}

export const WATCHING_MESSAGE = "mcp-gen: watching for changes (Ctrl-C to stop)\n";

export function watchGenerate(options: WatchGenerateOptions): Promise<0> {
  const { io, signal } = options;
  const debounceMs = options.debounceMs ?? 100;
  const configFiles = configCandidates(options.cwd, options.configs ?? []);
  let targets: WatchTargets = watchTargets([], configFiles);
  let lastComplete: ObservedRun[] = [];
  let stopped = false;
  let running: Promise<void> | undefined;
  let rerun = false;
  let timer: NodeJS.Timeout | undefined;
  const changed = new Set<string>();

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
    if (!folderGone && !isRelevant(targets, absPath, isFolder)) return;
    changed.add(absPath);
    schedule();
  };
  const watcher = watchFolders(onChange);

  const schedule = () => {
    if (running) {
      rerun = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...changed].sort();
      changed.clear();
      io.stderr(`mcp-gen: ${describeChange(options.cwd, files)} changed; regenerating\n`);
      startRun();
    }, debounceMs);
  };

  const runOnce = async () => {
    const observed: ObservedRun[] = [];
    const workspaceFiles: string[] = [];
    try {
      await options.run((workspace) => {
        observed.push(...workspace.projects.map((project) => project.result));
        workspaceFiles.push(...[...workspace.sources.keys()].map((file) => path.resolve(options.cwd, file)));
      });
    } catch (error) {
      io.stderr(`mcp-gen: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    const complete = observed.length > 0 && observed.every((run) => run.config && run.toolCount !== undefined);
    if (complete) lastComplete = observed;
    // A run that stopped early knows fewer files: keep watching what the last complete run read.
    targets = watchTargets(complete ? observed : [...observed, ...lastComplete], [...configFiles, ...workspaceFiles]);
    if (stopped) return;
    watcher.sync(targets.folders);
    io.stderr(WATCHING_MESSAGE);
  };

  const startRun = () => {
    rerun = false;
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
