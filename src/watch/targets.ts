/**
 * What `generate --watch` listens to, derived from the last run: the folders the spec
 * globs start from (with every subfolder, so new spec files are seen), the folder of
 * each file a tool was built from (its spec and the files its `$ref`s reached), and the
 * config file. Output folders, dependencies and hidden folders are never watched, so
 * the files a run writes cannot trigger the next run.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/config.js";

/** What one `generate()` call tells the watcher (a subset of GenerateResult). */
export interface ObservedRun {
  config?: ResolvedConfig;
  /** Root-relative files read (`GenerateResult.sources`). */
  sources: ReadonlyMap<string, string>;
  model?: { tools: ReadonlyArray<{ sources: readonly string[] }> };
  /** Present when the specs built (a run answered from the build cache has no model). */
  toolCount?: number;
}

export interface WatchTargets {
  /** Absolute folders to watch, each on its own (not recursively), sorted. */
  folders: string[];
  /** Absolute files whose change means a new run, beyond what `specRoots` covers. */
  files: Set<string>;
  /** Absolute folders whose spec-like files (`.yaml`, `.yml`, `.json`) all count, subfolders included. */
  specRoots: string[];
  /** Absolute folders never looked into. */
  excluded: string[];
}

const SPEC_LIKE = /\.(ya?ml|json)$/i;
const SKIPPED_FOLDER = /^(node_modules|\..*)$/;

/**
 * The targets of a run. `configFiles` are where configs are or would be (so that
 * creating or fixing one is seen even when the run could not read it), absolute.
 */
export function watchTargets(runs: readonly ObservedRun[], configFiles: readonly string[]): WatchTargets {
  const files = new Set<string>(configFiles.map((file) => path.resolve(file)));
  const specRoots = new Set<string>();
  const excluded = new Set<string>();
  for (const run of runs) {
    const config = run.config;
    if (!config) continue;
    if (config.configFile) files.add(config.configFile);
    excluded.add(config.outDir);
    excluded.add(config.handlersDir);
    for (const glob of config.specs) specRoots.add(globBase(config.root, glob));
    for (const file of run.sources.keys()) files.add(path.resolve(config.root, file));
    for (const tool of run.model?.tools ?? []) for (const file of tool.sources) files.add(path.resolve(config.root, file));
  }
  const isExcluded = (dir: string) => [...excluded].some((out) => dir === out || dir.startsWith(out + path.sep));
  const folders = new Set<string>();
  for (const file of files) folders.add(path.dirname(file));
  for (const root of specRoots) {
    for (const dir of foldersBelow(root, isExcluded)) folders.add(dir);
    // A spec folder that does not exist yet is seen when it is created.
    if (!existsSync(root)) folders.add(nearestExisting(root));
  }
  return {
    folders: [...folders].filter((dir) => !isExcluded(dir)).sort(),
    files,
    specRoots: [...specRoots].filter((dir) => !isExcluded(dir)).sort(),
    excluded: [...excluded].sort(),
  };
}

/** Whether a change at `absPath` (a file, or a folder that appeared or went) calls for a new run. */
export function isRelevant(targets: WatchTargets, absPath: string, isFolder: boolean): boolean {
  if (targets.files.has(absPath)) return true;
  if (targets.excluded.some((out) => absPath === out || absPath.startsWith(out + path.sep))) return false;
  const inSpecRoot = targets.specRoots.some((root) => absPath === root || absPath.startsWith(root + path.sep));
  if (!inSpecRoot) return isFolder && targets.specRoots.some((root) => root.startsWith(absPath + path.sep));
  const relative = path.relative(targets.specRoots.find((root) => absPath === root || absPath.startsWith(root + path.sep))!, absPath);
  if (relative.split(path.sep).some((segment) => SKIPPED_FOLDER.test(segment))) return false;
  return isFolder || SPEC_LIKE.test(absPath);
}

/** The folder a glob starts from: its segments before the first one with a wildcard. */
export function globBase(root: string, glob: string): string {
  const segments = glob.replace(/\\/g, "/").split("/");
  const literal: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?[\]{}()!+@]/.test(segment)) break;
    literal.push(segment);
  }
  return path.resolve(root, ...literal);
}

function nearestExisting(dir: string): string {
  let current = dir;
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** `dir` and every folder below it, skipping dependencies, hidden and excluded folders; never follows symlinks. */
function foldersBelow(dir: string, isExcluded: (dir: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (current: string) => {
    if (isExcluded(current)) return;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    found.push(current);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isDirectory() && !SKIPPED_FOLDER.test(entry.name)) walk(path.join(current, entry.name));
    }
  };
  walk(dir);
  return found;
}
