/**
 * The file-system operations the writer uses, as an interface so tests can inject
 * failures (tests run as root, where chmod cannot make a directory unwritable).
 */
import { promises as nodeFs } from "node:fs";
import type { Stats } from "node:fs";

export interface WriterFs {
  readFile(path: string): Promise<Buffer>;
  writeFile(path: string, data: string, options: { encoding: "utf8"; flag: string }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  lstat(path: string): Promise<Stats>;
  mkdir(path: string, options: { recursive: true }): Promise<string | undefined>;
  readdir(path: string): Promise<string[]>;
  rmdir(path: string): Promise<void>;
  /** A hard link: fails when `to` exists, which is what makes moving an authored file safe. Absent in older test doubles. */
  link?(from: string, to: string): Promise<void>;
}

export const nodeWriterFs: WriterFs = {
  readFile: (path) => nodeFs.readFile(path),
  writeFile: (path, data, options) => nodeFs.writeFile(path, data, options),
  rename: (from, to) => nodeFs.rename(from, to),
  unlink: (path) => nodeFs.unlink(path),
  lstat: (path) => nodeFs.lstat(path),
  mkdir: (path, options) => nodeFs.mkdir(path, options),
  readdir: (path) => nodeFs.readdir(path),
  rmdir: (path) => nodeFs.rmdir(path),
  link: (from, to) => nodeFs.link(from, to),
};

/** `lstat` that answers "absent" instead of throwing; never follows a symlink. */
export async function lstatOrUndefined(fs: WriterFs, path: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(path);
  } catch {
    return undefined;
  }
}

/** "EACCES: permission denied" from a Node error, without the absolute path Node appends. */
export function describeFsError(error: unknown): string {
  const err = error as NodeJS.ErrnoException;
  if (err && typeof err.message === "string") {
    const message = err.code && err.message.startsWith(err.code) ? err.message.split(",")[0] : err.message;
    return message.trim() || String(err.code ?? "unknown error");
  }
  return String(error);
}
