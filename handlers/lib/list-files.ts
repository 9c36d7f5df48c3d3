/** Walks a folder for search_files: regular files only, symbolic links never followed. */
import { readdir } from "node:fs/promises";
import path from "node:path";

export interface ListFilesOptions {
  /** Keeps a file when it returns true; gets the path relative to the walked folder. */
  accept(relativePath: string): boolean;
  /** Stops walking after this many directory entries, so a huge tree cannot stall the server. */
  maxEntries: number;
  maxDepth: number;
  signal: AbortSignal;
}

export interface ListedFiles {
  /** `/`-separated paths relative to the walked folder, sorted by code unit. */
  files: string[];
  /** True when `maxEntries` or `maxDepth` cut the walk short. */
  incomplete: boolean;
  /** True when `signal` aborted the walk. */
  aborted: boolean;
}

export async function listFiles(folder: string, options: ListFilesOptions): Promise<ListedFiles> {
  const files: string[] = [];
  let entries = 0;
  let incomplete = false;
  const walk = async (relative: string, depth: number): Promise<boolean> => {
    if (options.signal.aborted) return false;
    const dirents = await readdir(path.join(folder, relative), { withFileTypes: true });
    dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const dirent of dirents) {
      if (++entries > options.maxEntries) {
        incomplete = true;
        return true;
      }
      const child = relative === "" ? dirent.name : `${relative}/${dirent.name}`;
      if (dirent.isDirectory()) {
        if (depth >= options.maxDepth) incomplete = true;
        else if (!(await walk(child, depth + 1))) return false;
      } else if (dirent.isFile() && options.accept(child)) {
        files.push(child);
      }
    }
    return true;
  };
  const completed = await walk("", 0);
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { files, incomplete, aborted: !completed };
}
