/**
 * Stage 5a: compare what the emitters produced with what is on disk and decide, per
 * file, what to do. Reads only; `applyPlan` does the writing, `--check` reads `stale`.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import type { OutputArea, RenderedFile } from "../emit/shared/generated-file.js";
import { lstatOrUndefined, nodeWriterFs, type WriterFs } from "./fs.js";
import { MANIFEST_FILE, parseManifest, renderManifest } from "./manifest.js";
import { compareStrings, resolveInArea, toProjectPath, unsafeAreaPathReason } from "./paths.js";

export type WriteAction = "create" | "update" | "remove" | "rename" | "unchanged" | "keep";

/** Absolute folders of one project. */
export interface WriteDirs {
  root: string;
  generated: string;
  handlers: string;
}

export interface PlannedFile {
  action: WriteAction;
  area: OutputArea;
  /** The emitter's mode; the manifest counts as `generated`. */
  mode: RenderedFile["mode"];
  /** Relative to the project root, `/`-separated, e.g. `generated/registry.ts`. */
  path: string;
  /** Relative to the area folder, as the emitter gave it. */
  areaPath: string;
  absPath: string;
  /** What to write; present for `create`, `update` and `rename`. */
  contents?: string;
  /** With `rename`: the authored file being moved (project-relative and absolute) and the text it must still hold. */
  fromPath?: string;
  fromAbsPath?: string;
  fromContents?: string;
}

export interface WritePlan {
  dirs: WriteDirs;
  /** Every file considered, sorted by `path`. */
  actions: PlannedFile[];
  /** Files under generated/ that differ from what would be written (what `--check` reports). */
  stale: string[];
  /** Authored files (handler stubs, handlers/index.ts) that would be created or amended; not stale. */
  pendingHandlers: string[];
  /** MG099 when an emitter produced an unsafe or duplicate path; the plan then holds no actions. */
  diagnostics: Diagnostic[];
}

export interface WriteOptions {
  fs?: WriterFs;
  /**
   * Owned files of generated/ that no emitter produced this run because they are known
   * to be up to date (the build cache verified them): planned as `unchanged` without
   * reading them, and kept in the manifest.
   */
  kept?: readonly string[];
}

function checkPaths(files: readonly RenderedFile[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const reason = unsafeAreaPathReason(file.path);
    if (reason) {
      diagnostics.push(createDiagnostic({ code: "MG099", messageId: "unsafePath", format: { area: file.area, path: JSON.stringify(file.path), reason } }));
      continue;
    }
    if (file.area === "generated" && file.path === MANIFEST_FILE) {
      diagnostics.push(createDiagnostic({ code: "MG099", messageId: "manifest", format: { file: MANIFEST_FILE } }));
      continue;
    }
    const key = `${file.area}/${file.path}`;
    if (seen.has(key)) diagnostics.push(createDiagnostic({ code: "MG099", messageId: "producedTwice", format: { file: key } }));
    seen.add(key);
  }
  for (const file of files.filter((f) => f.mode === "rename")) {
    const from = file.from ?? "";
    const reason = file.area !== "handlers" ? "is not in handlers/" : (unsafeAreaPathReason(from) ?? (from === file.path ? "is its own target" : undefined));
    if (reason)
      diagnostics.push(
        createDiagnostic({ code: "MG099", messageId: "unsafeRename", format: { file: `${file.area}/${file.path}`, from: JSON.stringify(from), reason } }),
      );
    else if (seen.has(`${file.area}/${from}`))
      diagnostics.push(createDiagnostic({ code: "MG099", messageId: "producedAndRenamed", format: { file: `${file.area}/${from}` } }));
    else seen.add(`${file.area}/${from}`);
  }
  return diagnostics;
}

async function readIfRegularFile(fs: WriterFs, absPath: string): Promise<{ exists: boolean; bytes?: Buffer }> {
  const stats = await lstatOrUndefined(fs, absPath);
  if (!stats) return { exists: false };
  if (!stats.isFile()) return { exists: true };
  try {
    return { exists: true, bytes: await fs.readFile(absPath) };
  } catch {
    return { exists: true };
  }
}

function sameBytes(bytes: Buffer | undefined, contents: string): boolean {
  return bytes?.equals(Buffer.from(contents, "utf8")) === true;
}

async function decide(fs: WriterFs, file: RenderedFile, absPath: string, fromAbsPath?: string): Promise<WriteAction> {
  // A stub is written only where nothing is: whether anything is there is all it asks
  // (a partial run plans a stub for each of its thousand handlers, and reads none).
  if (file.mode === "create") return (await lstatOrUndefined(fs, absPath)) ? "keep" : "create";
  const current = await readIfRegularFile(fs, absPath);
  // Authored files are never written through a symlink or over something that is not a file.
  const authored = file.mode !== "generated" || file.area === "handlers";
  if (file.mode === "rename") {
    if (current.exists || fromAbsPath === undefined) return "keep";
    // Only the text the emitter read is moved: an edit made since then wins.
    const source = await readIfRegularFile(fs, fromAbsPath);
    return file.fromContents !== undefined && sameBytes(source.bytes, file.fromContents) ? "rename" : "keep";
  }
  if (!current.exists) return "create";
  if (authored && current.bytes === undefined) return "keep";
  return sameBytes(current.bytes, file.contents) ? "unchanged" : "update";
}

function producedInGeneratedPaths(files: readonly RenderedFile[]): Set<string> {
  return new Set(files.filter((f) => f.area === "generated").map((f) => f.path));
}

/** True when a folder between `areaDir` and the file is a symlink: deleting through it would leave the area. */
async function passesThroughSymlink(fs: WriterFs, areaDir: string, areaPath: string): Promise<boolean> {
  const segments = areaPath.split("/").slice(0, -1);
  let current = areaDir;
  for (const segment of segments) {
    current = path.join(current, segment);
    const stats = await lstatOrUndefined(fs, current);
    if (!stats?.isDirectory()) return true;
  }
  return false;
}

export async function planWrite(files: readonly RenderedFile[], dirs: WriteDirs, options: WriteOptions = {}): Promise<WritePlan> {
  const fs = options.fs ?? nodeWriterFs;
  const diagnostics = checkPaths(files);
  for (const dir of [dirs.generated, dirs.handlers]) {
    // A folder that is a link (say, checked out with a repository) could point anywhere: ~/.ssh.
    if ((await lstatOrUndefined(fs, dir))?.isSymbolicLink()) {
      diagnostics.push(createDiagnostic({ code: "MG090", messageId: "symlink", format: { dir: toProjectPath(dirs.root, dir) } }));
    }
  }
  if (diagnostics.length > 0) return { dirs, actions: [], stale: [], pendingHandlers: [], diagnostics };

  const areaDir = (area: OutputArea): string => (area === "generated" ? dirs.generated : dirs.handlers);
  const actions: PlannedFile[] = [];
  const planFile = async (file: RenderedFile): Promise<PlannedFile> => {
    const absPath = resolveInArea(areaDir(file.area), file.path);
    const fromAbsPath = file.mode === "rename" && file.from !== undefined ? resolveInArea(areaDir(file.area), file.from) : undefined;
    const action = await decide(fs, file, absPath, fromAbsPath);
    return {
      action,
      area: file.area,
      mode: file.mode,
      path: toProjectPath(dirs.root, absPath),
      areaPath: file.path,
      absPath,
      ...(action === "create" || action === "update" || action === "rename" ? { contents: file.contents } : {}),
      ...(action === "rename" && fromAbsPath ? { fromPath: toProjectPath(dirs.root, fromAbsPath), fromAbsPath, fromContents: file.fromContents } : {}),
    };
  };
  // A batch at a time: reading thousands of files one await after another is mostly waiting.
  for (let start = 0; start < files.length; start += 64) {
    actions.push(...(await Promise.all(files.slice(start, start + 64).map(planFile))));
  }

  const produced = producedInGeneratedPaths(files);
  const kept = [...new Set(options.kept ?? [])].filter((areaPath) => !produced.has(areaPath) && areaPath !== MANIFEST_FILE && !unsafeAreaPathReason(areaPath));
  for (const areaPath of kept) {
    const absPath = resolveInArea(dirs.generated, areaPath);
    actions.push({ action: "unchanged", area: "generated", mode: "generated", path: toProjectPath(dirs.root, absPath), areaPath, absPath });
  }
  const owned = [...files.filter((f) => f.area === "generated" && f.mode === "generated").map((f) => f.path), ...kept];
  const producedInGenerated = new Set([...produced, ...kept]);
  const manifestPath = path.join(dirs.generated, MANIFEST_FILE);
  const manifestOnDisk = await readIfRegularFile(fs, manifestPath);
  const previouslyOwned = manifestOnDisk.bytes ? parseManifest(manifestOnDisk.bytes.toString("utf8")) : [];

  for (const areaPath of previouslyOwned) {
    if (producedInGenerated.has(areaPath)) continue;
    const absPath = resolveInArea(dirs.generated, areaPath);
    const stats = await lstatOrUndefined(fs, absPath);
    if (!stats || !(stats.isFile() || stats.isSymbolicLink())) continue;
    if (await passesThroughSymlink(fs, dirs.generated, areaPath)) continue;
    actions.push({ action: "remove", area: "generated", mode: "generated", path: toProjectPath(dirs.root, absPath), areaPath, absPath });
  }

  const manifestText = renderManifest(owned);
  const manifestAction: WriteAction = !manifestOnDisk.exists ? "create" : sameBytes(manifestOnDisk.bytes, manifestText) ? "unchanged" : "update";
  actions.push({
    action: manifestAction,
    area: "generated",
    mode: "generated",
    path: toProjectPath(dirs.root, manifestPath),
    areaPath: MANIFEST_FILE,
    absPath: manifestPath,
    ...(manifestAction === "unchanged" ? {} : { contents: manifestText }),
  });

  actions.sort((a, b) => compareStrings(a.path, b.path));
  const changes = actions.filter((a) => a.action === "create" || a.action === "update" || a.action === "remove" || a.action === "rename");
  const isOwned = (a: PlannedFile): boolean => a.area === "generated" && a.mode === "generated";
  return {
    dirs,
    actions,
    stale: changes.filter(isOwned).map((a) => a.path),
    pendingHandlers: changes.filter((a) => !isOwned(a)).map((a) => a.path),
    diagnostics,
  };
}
