/**
 * Stage 5b: carry out a plan. Every file is first written to a temp file beside its
 * target and only then renamed over it, so a failure while writing (EACCES, ENOSPC)
 * leaves the previous output byte-identical, and a reader never sees half a file.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import { describeFsError, lstatOrUndefined, nodeWriterFs, type WriterFs } from "./fs.js";
import { MANIFEST_FILE } from "./manifest.js";
import { compareStrings } from "./paths.js";
import type { PlannedFile, WriteOptions, WritePlan } from "./plan.js";

export interface ApplyResult {
  /** Project-relative paths written (created, updated or renamed to), in order of `path`. */
  written: string[];
  removed: string[];
  /** Authored files moved (a renamed tool's handler), project-relative; present when there were any. */
  renamed?: Array<{ from: string; to: string }>;
  diagnostics: Diagnostic[];
}

interface PendingWrite {
  file: PlannedFile;
  tempPath: string;
}

// Temp names differ within the process by a counter from a random start (one random draw
// per process, not per file: a draw per file was about 5% of writing 3,000 files), and
// between processes by the pid; `wx` refuses anything that sits there all the same.
let tempCounter = randomBytes(4).readUInt32BE(0);

function tempPathFor(absPath: string): string {
  const dir = path.dirname(absPath);
  tempCounter = (tempCounter + 1) >>> 0;
  return path.join(dir, `.${path.basename(absPath)}.${process.pid}.${tempCounter.toString(16).padStart(8, "0")}.tmp`);
}

function writeError(verb: string, file: PlannedFile, error: unknown): Diagnostic {
  return createDiagnostic({ code: "MG090", format: { action: verb, file: file.path, reason: describeFsError(error) } });
}

/** Files written or renamed at once. */
const BATCH = 64;

const isManifest = (file: PlannedFile): boolean => file.area === "generated" && file.areaPath === MANIFEST_FILE;

export async function applyPlan(plan: WritePlan, options: WriteOptions = {}): Promise<ApplyResult> {
  const fs = options.fs ?? nodeWriterFs;
  const result: ApplyResult = { written: [], removed: [], diagnostics: [] };
  if (plan.diagnostics.some((d) => d.severity === "error")) {
    result.diagnostics.push(...plan.diagnostics);
    return result;
  }

  const byPath = (a: PlannedFile, b: PlannedFile): number => compareStrings(a.path, b.path);
  const writes = plan.actions.filter((a) => a.action === "create" || a.action === "update" || a.action === "rename").sort(byPath);
  // The manifest goes last: until it is renamed, the previous one still lists every file we own.
  writes.sort((a, b) => Number(isManifest(a)) - Number(isManifest(b)));
  const removes = plan.actions.filter((a) => a.action === "remove").sort(byPath);

  const pending: PendingWrite[] = [];
  const createdDirs: string[] = [];
  const discardTemps = async (): Promise<void> => {
    for (const { tempPath } of pending) await fs.unlink(tempPath).catch(() => undefined);
    // Only folders this run created, deepest first, and only while still empty.
    for (const dir of [...createdDirs].sort((a, b) => b.length - a.length)) await removeIfEmpty(fs, dir);
  };

  // Temp files are written a batch at a time: thousands of outputs one await
  // after another spend most of their time waiting on the thread pool.
  const madeDirs = new Map<string, Promise<void>>();
  const makeDir = (dir: string): Promise<void> => {
    let made = madeDirs.get(dir);
    if (!made) {
      made = fs.mkdir(dir, { recursive: true }).then((created) => {
        if (created) createdDirs.push(...foldersBetween(created, dir));
      });
      madeDirs.set(dir, made);
    }
    return made;
  };
  for (let start = 0; start < writes.length; start += BATCH) {
    const batch = writes.slice(start, start + BATCH);
    const settled = await Promise.allSettled(
      batch.map(async (file) => {
        await makeDir(path.dirname(file.absPath));
        const tempPath = tempPathFor(file.absPath);
        pending.push({ file, tempPath });
        // `wx`: never write through something that already sits at the temp path.
        await fs.writeFile(tempPath, file.contents ?? "", { encoding: "utf8", flag: "wx" });
      }),
    );
    const failed = settled.findIndex((outcome) => outcome.status === "rejected");
    if (failed >= 0) {
      result.diagnostics.push(writeError("write", batch[failed], (settled[failed] as PromiseRejectedResult).reason));
      await discardTemps();
      return result;
    }
  }

  const manifestWrite = pending.find((p) => isManifest(p.file));
  const renameNow = pending.filter((p) => p !== manifestWrite).sort((a, b) => byPath(a.file, b.file));
  const moveIntoPlace = async ({ file, tempPath }: PendingWrite): Promise<"written" | "skipped"> => {
    if (file.action === "rename") {
      const moved = await moveAuthoredFile(fs, file, tempPath);
      if (moved.warning) result.diagnostics.push(moved.warning);
      if (!moved.done) return "skipped";
      (result.renamed ??= []).push({ from: file.fromPath!, to: file.path });
      return "written";
    }
    if (file.mode === "create" && (await lstatOrUndefined(fs, file.absPath))) {
      // Someone created the authored file after planning: theirs wins.
      await fs.unlink(tempPath).catch(() => undefined);
      return "skipped";
    }
    await fs.rename(tempPath, file.absPath);
    return "written";
  };
  // Renames go one at a time, in path order: a failure stops at a known point and every
  // file after it keeps its previous bytes.
  for (let i = 0; i < renameNow.length; i++) {
    try {
      if ((await moveIntoPlace(renameNow[i])) === "written") result.written.push(renameNow[i].file.path);
    } catch (error) {
      result.diagnostics.push(writeError("write", renameNow[i].file, error));
      pending.splice(0, pending.length, ...renameNow.slice(i), ...(manifestWrite ? [manifestWrite] : []));
      await discardTemps();
      result.written.sort();
      return result;
    }
  }

  const touchedDirs = new Set<string>();
  for (const file of removes) {
    try {
      // A stub taken back: an edit made since planning makes it the author's, and it stays.
      if (file.area === "handlers" && !(await stillHolds(fs, file.absPath, file.contents ?? ""))) continue;
      await fs.unlink(file.absPath);
      result.removed.push(file.path);
      touchedDirs.add(path.dirname(file.absPath));
    } catch (error) {
      result.diagnostics.push(writeError("remove", file, error));
      pending.splice(0, pending.length, ...(manifestWrite ? [manifestWrite] : []));
      await discardTemps();
      return result;
    }
  }
  await pruneEmptyFolders(fs, plan.dirs.generated, touchedDirs);

  if (manifestWrite) {
    try {
      await fs.rename(manifestWrite.tempPath, manifestWrite.file.absPath);
      result.written.push(manifestWrite.file.path);
    } catch (error) {
      result.diagnostics.push(writeError("write", manifestWrite.file, error));
      await fs.unlink(manifestWrite.tempPath).catch(() => undefined);
    }
  }
  result.written.sort();
  return result;
}

/**
 * Moves an authored file to its new name with its new text, only while the old file
 * still holds what the emitter read, and never over a file that exists: with a hard
 * link the check and the creation are one step. The old file goes only once the new
 * one is in place, so a failure can leave both, never neither.
 */
async function moveAuthoredFile(fs: WriterFs, file: PlannedFile, tempPath: string): Promise<{ done: boolean; warning?: Diagnostic }> {
  const skip = async () => {
    await fs.unlink(tempPath).catch(() => undefined);
    return { done: false };
  };
  const source = await fs.readFile(file.fromAbsPath!).catch(() => undefined);
  if (!source?.equals(Buffer.from(file.fromContents ?? "", "utf8"))) return skip();
  if (fs.link) {
    try {
      await fs.link(tempPath, file.absPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return skip();
      throw error;
    }
    await fs.unlink(tempPath).catch(() => undefined);
  } else {
    if (await lstatOrUndefined(fs, file.absPath)) return skip();
    await fs.rename(tempPath, file.absPath);
  }
  try {
    await fs.unlink(file.fromAbsPath!);
  } catch (error) {
    return {
      done: true,
      warning: createDiagnostic({
        code: "MG090",
        messageId: "notRemoved",
        severity: "warning",
        format: { from: String(file.fromPath), to: file.path, reason: describeFsError(error) },
      }),
    };
  }
  return { done: true };
}

/** Folders from `first` (the first one `mkdir -p` created) down to `leaf`. */
function foldersBetween(first: string, leaf: string): string[] {
  const folders: string[] = [];
  for (let dir = leaf; ; dir = path.dirname(dir)) {
    folders.push(dir);
    if (dir === first || path.dirname(dir) === dir) break;
  }
  return folders;
}

async function stillHolds(fs: WriterFs, absPath: string, contents: string): Promise<boolean> {
  const stats = await lstatOrUndefined(fs, absPath);
  if (!stats?.isFile()) return false;
  const bytes = await fs.readFile(absPath).catch(() => undefined);
  return bytes?.equals(Buffer.from(contents, "utf8")) === true;
}

async function removeIfEmpty(fs: WriterFs, dir: string): Promise<boolean> {
  try {
    if ((await fs.readdir(dir)).length > 0) return false;
    await fs.rmdir(dir);
    return true;
  } catch {
    return false;
  }
}

/** Removes folders left empty inside generated/ by removals; never generated/ itself. */
async function pruneEmptyFolders(fs: WriterFs, generatedDir: string, dirs: Set<string>): Promise<void> {
  const root = path.resolve(generatedDir);
  const candidates = new Set<string>();
  for (const dir of dirs) {
    for (let d = path.resolve(dir); d !== root && d.startsWith(root + path.sep); d = path.dirname(d)) candidates.add(d);
  }
  for (const dir of [...candidates].sort((a, b) => b.length - a.length || compareStrings(a, b))) {
    await removeIfEmpty(fs, dir);
  }
}
