/**
 * One non-recursive `fs.watch` per folder. Node 20 accepts `recursive: true` on Linux,
 * but implements it by walking and watching the whole tree, node_modules and .git
 * included, with no way to leave folders out; and a watcher on the project root would
 * also hear every file a run writes. Watching the chosen folders one by one works the
 * same on Linux, macOS and Windows, and the set is recomputed after every run, so
 * folders that appear are picked up. Where `fs.watch` is unavailable (some network
 * and container file systems), the folder is polled instead.
 */
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";

export interface FolderWatcher {
  /** Watches exactly these folders from now on; returns the ones it was not watching before. */
  sync(folders: readonly string[]): string[];
  close(): void;
}

/** `onChange` gets the absolute path of what changed inside a watched folder (or the folder itself when it went away). */
export function watchFolders(onChange: (absPath: string) => void, pollMs = 500): FolderWatcher {
  const watchers = new Map<string, { close(): void }>();
  const stop = (dir: string) => {
    watchers.get(dir)?.close();
    watchers.delete(dir);
  };
  const start = (dir: string) => {
    try {
      const watcher: FSWatcher = watch(dir, { persistent: true }, (_event, name) => {
        onChange(name ? path.join(dir, name.toString()) : dir);
      });
      watcher.on("error", () => {
        // The folder was removed or became unreadable: the next run decides what to watch.
        stop(dir);
        onChange(dir);
      });
      watchers.set(dir, watcher);
    } catch {
      if (existsSync(dir)) watchers.set(dir, pollFolder(dir, onChange, pollMs));
    }
  };
  return {
    sync(folders) {
      const wanted = new Set(folders);
      for (const dir of [...watchers.keys()]) if (!wanted.has(dir)) stop(dir);
      const started: string[] = [];
      for (const dir of wanted) {
        if (watchers.has(dir)) continue;
        start(dir);
        started.push(dir);
      }
      return started;
    },
    close() {
      for (const dir of [...watchers.keys()]) stop(dir);
    },
  };
}

/** The fallback: compares names, sizes and modification times of a folder's entries. */
function pollFolder(dir: string, onChange: (absPath: string) => void, intervalMs: number): { close(): void } {
  const stamp = () => {
    const entries = new Map<string, string>();
    try {
      for (const name of readdirSync(dir)) {
        try {
          const stats = statSync(path.join(dir, name));
          entries.set(name, `${stats.size}:${stats.mtimeMs}`);
        } catch {
          entries.set(name, "?");
        }
      }
    } catch {
      return undefined;
    }
    return entries;
  };
  let previous = stamp();
  const timer = setInterval(() => {
    const current = stamp();
    if (!current || !previous) {
      if (current !== previous) onChange(dir);
      previous = current;
      return;
    }
    for (const name of new Set([...previous.keys(), ...current.keys()])) {
      if (previous.get(name) !== current.get(name)) onChange(path.join(dir, name));
    }
    previous = current;
  }, intervalMs);
  return { close: () => clearInterval(timer) };
}
