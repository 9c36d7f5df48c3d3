/**
 * What `generate --watch` listens to, derived from the last run: the folders the spec
 * globs start from (with the subfolders the globs can reach, so new spec files are seen),
 * the folder of each file a tool was built from (its spec and the files its `$ref`s
 * reached), files a `$ref` named that do not exist yet, the config file, the
 * package.json the server's name comes from, and the folders a workspace looks for
 * projects in. Output folders, dependencies and hidden folders are never watched, so
 * the files a run writes cannot trigger the next run.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../../config/config.js";
import type { ProjectSearch } from "../../config/projects.js";
import { findUp } from "../../util/find-up.js";
import { splitGlob } from "../../util/glob-parts.js";

/** What one `generate()` call tells the watcher (a subset of GenerateResult). */
export interface ObservedRun {
  config?: ResolvedConfig;
  /** Root-relative files read (`GenerateResult.sources`). */
  sources: ReadonlyMap<string, string>;
  model?: { tools: ReadonlyArray<{ sources: readonly string[] }> };
  /** Present when the specs built (a run answered from the build cache has no model). */
  toolCount?: number;
  /** Root-relative files a `$ref` named that do not exist. */
  missing?: readonly string[];
}

/** A folder and how many levels of subfolders below it count (Infinity: all). */
export interface WatchedTree {
  dir: string;
  depth: number;
}

export interface WatchTargets {
  /** Absolute folders to watch, each on its own (not recursively), sorted. */
  folders: string[];
  /** Absolute files whose change means a new run, beyond what `specRoots` covers. */
  files: Set<string>;
  /** Folders whose spec-like files (`.yaml`, `.yml`, `.json`) may be specs, down to the depth the spec globs reach. */
  specRoots: WatchedTree[];
  /** Folders where a new project may appear (`ProjectSearch`). */
  projectSearches: WatchedTree[];
  /** Absolute folders never looked into. */
  excluded: string[];
}

/**
 * What a change means: `run`, a new run; `spec?`, a run if the file (or a file in the
 * folder) is a spec now; `projects?`, a run if the set of projects changed; undefined, nothing.
 */
export type ChangeKind = "run" | "spec?" | "projects?";

const SPEC_LIKE = /\.(ya?ml|json)$/i;
const SKIPPED_FOLDER = /^(node_modules|\..*)$/;

/**
 * The targets of some runs. `files` are where configs are or would be (so that creating
 * or fixing one is seen even when the run could not read it), and any other file whose
 * change means a run, absolute.
 */
export function watchTargets(runs: readonly ObservedRun[], files: readonly string[], searched: readonly ProjectSearch[] = []): WatchTargets {
  const watchedFiles = new Set<string>(files.map((file) => path.resolve(file)));
  const specRoots = new Map<string, number>();
  const excluded = new Set<string>();
  for (const run of runs) {
    const config = run.config;
    if (!config) continue;
    if (config.configFile) watchedFiles.add(config.configFile);
    // The server's name and version come from it unless the config sets them.
    watchedFiles.add(findUp(config.root, "package.json") ?? path.join(config.root, "package.json"));
    excluded.add(config.outDir);
    excluded.add(config.handlersDir);
    for (const glob of config.specs) {
      const { dir, depth } = globTree(config.root, glob);
      specRoots.set(dir, Math.max(depth, specRoots.get(dir) ?? 0));
    }
    for (const file of run.sources.keys()) watchedFiles.add(path.resolve(config.root, file));
    for (const tool of run.model?.tools ?? []) for (const file of tool.sources) watchedFiles.add(path.resolve(config.root, file));
    for (const file of run.missing ?? []) watchedFiles.add(path.resolve(config.root, file));
  }
  const isExcluded = (dir: string) => [...excluded].some((out) => dir === out || dir.startsWith(out + path.sep));
  const folders = new Set<string>();
  // A file's folder, or while it does not exist the nearest folder above that does: creating it is seen.
  for (const file of watchedFiles) folders.add(nearestExisting(path.dirname(file)));
  const trees = (list: Iterable<[string, number]>): WatchedTree[] =>
    [...list]
      .filter(([dir]) => !isExcluded(dir))
      .map(([dir, depth]) => ({ dir, depth }))
      .sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  const roots = trees(specRoots);
  const searches = trees(searched.map((search) => [path.resolve(search.dir), search.depth]));
  for (const tree of [...roots, ...searches]) {
    if (existsSync(tree.dir)) for (const dir of foldersBelow(tree.dir, tree.depth, isExcluded)) folders.add(dir);
    // A folder that does not exist yet is seen when it is created.
    else folders.add(nearestExisting(tree.dir));
  }
  return {
    folders: [...folders].filter((dir) => !isExcluded(dir) && existsSync(dir)).sort(),
    files: watchedFiles,
    specRoots: roots,
    projectSearches: searches,
    excluded: [...excluded].sort(),
  };
}

/** What a change at `absPath` (a file, or a folder that appeared or went) means for the watch. */
export function classifyChange(targets: WatchTargets, absPath: string, isFolder: boolean): ChangeKind | undefined {
  if (targets.files.has(absPath)) return "run";
  if (targets.excluded.some((out) => absPath === out || absPath.startsWith(out + path.sep))) return undefined;
  const below = (dir: string) => dir.startsWith(absPath + path.sep);
  // A folder on the way to a file or folder the watch waits for.
  if (isFolder && ([...targets.files].some(below) || [...targets.specRoots, ...targets.projectSearches].some((tree) => below(tree.dir)))) {
    return "run";
  }
  if (targets.specRoots.some((tree) => reaches(tree, absPath, isFolder ? 0 : 1)) && (isFolder || SPEC_LIKE.test(absPath))) return "spec?";
  if (targets.projectSearches.some((tree) => reaches(tree, absPath, isFolder ? 0 : 1))) return "projects?";
  return undefined;
}

/** Whether a change at `absPath` can call for a new run (`classifyChange` has an answer). */
export function isRelevant(targets: WatchTargets, absPath: string, isFolder: boolean): boolean {
  return classifyChange(targets, absPath, isFolder) !== undefined;
}

/**
 * Whether `absPath` lies in `tree` within its depth, no part of the way a dependency or
 * hidden folder; a file's own name is one level more than its folder's (`slack` 1).
 */
function reaches(tree: WatchedTree, absPath: string, slack: number): boolean {
  if (absPath !== tree.dir && !absPath.startsWith(tree.dir + path.sep)) return false;
  const segments = path.relative(tree.dir, absPath).split(path.sep).filter(Boolean);
  if (segments.some((segment) => SKIPPED_FOLDER.test(segment))) return false;
  return segments.length <= tree.depth + slack;
}

/** The folder a glob starts from: its segments before the first one with a wildcard. */
export function globBase(root: string, glob: string): string {
  return globTree(root, glob).dir;
}

/** The folder a glob starts from, and how many levels of subfolders its wildcards reach (Infinity with `**`). */
export function globTree(root: string, glob: string): WatchedTree {
  const { literal, rest, anyDepth } = splitGlob(glob);
  // Without a wildcard the glob names one file, in the folder before it; with one, the folders below the literal part hold the files.
  if (rest.length === 0) return { dir: path.resolve(root, ...literal.slice(0, -1)), depth: 0 };
  return { dir: path.resolve(root, ...literal), depth: anyDepth ? Infinity : rest.length - 1 };
}

function nearestExisting(dir: string): string {
  let current = dir;
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** `dir` and the folders below it down to `depth` levels, skipping dependencies, hidden and excluded folders; never follows symlinks. */
function foldersBelow(dir: string, depth: number, isExcluded: (dir: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (current: string, level: number) => {
    if (isExcluded(current)) return;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    found.push(current);
    if (level >= depth) return;
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isDirectory() && !SKIPPED_FOLDER.test(entry.name)) walk(path.join(current, entry.name), level + 1);
    }
  };
  walk(dir, 0);
  return found;
}
