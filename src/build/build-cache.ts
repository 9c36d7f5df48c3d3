/**
 * The build cache: what lets a run whose inputs did not change skip the pipeline.
 *
 * After a successful run, mcp-gen records a fingerprint of everything the run read
 * (the config, the package.json the server name came from, every spec and `$ref`ed
 * file, the handlers folder, mcp-gen's own build and the options that change output)
 * and the hash of every file it owns in `generated/`. The next run recomputes the
 * fingerprint from the disk; when it matches and every owned file still holds those
 * bytes, the recorded result (diagnostics included) is the answer, and neither YAML,
 * ajv, json-schema-to-typescript nor the TypeScript compiler is loaded.
 *
 * When only spec files changed, the recorded memo (`<project>.memo.json`: what each spec
 * file contributed to the model, its lint findings, each tool's position, the validators'
 * code and the types' translations) lets the run read, check and lint just those files,
 * emit just their tools' files and the files about all tools, and keep the rest: see
 * `generate` in src/build/generate.ts.
 *
 * Lives in `node_modules/.cache/mcp-gen/` beside the nearest package.json (the usual
 * place for tool caches), one JSON file (and its memo) per project. Anything unexpected in it (another
 * version, a broken file) is a miss, never an error: the cache can always be deleted.
 *
 * This module must stay cheap to import: node built-ins and types only.
 */
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Dirent } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ResolvedConfig } from "../config/config.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { findUp } from "../util/find-up.js";
import { isStringTable, packDiagnostics, StringTable, unpackDiagnostics, type PackedDiagnostic } from "./packed-diagnostics.js";
import { toPosix } from "../util/posix.js";
import { compareStrings } from "../write/paths.js";

const CACHE_FORMAT = 6;

/** What a cache hit hands back: enough for the CLI's report and for `--check`. */
export interface CachedRun {
  config: ResolvedConfig;
  diagnostics: Diagnostic[];
  /** Project-relative texts (config, specs, `$ref`ed files) for code frames. */
  sources: Map<string, string>;
  toolCount: number;
  /** Project-relative paths of every owned output, all of them up to date. */
  unchanged: string[];
}

interface CacheFile {
  format: number;
  /** The fingerprint of the inputs (see `fingerprint`). */
  key: string;
  /** The fingerprint of everything but the spec and `$ref`ed files' texts. */
  baseKey: string;
  /** sha1 of each spec and `$ref`ed file's text, by project-relative path. */
  inputHashes: Record<string, string>;
  /** sha1 of the config file's text, or "" without one: a cheap first test. */
  configHash: string;
  config: ResolvedConfig;
  /** Project-relative spec files the globs matched, sorted. */
  specFiles: string[];
  /** Every other project-relative file the run read ($ref targets), sorted. */
  otherFiles: string[];
  /** The run's diagnostics, packed (src/build/packed-diagnostics.ts) over `strings`. */
  diagnostics: PackedDiagnostic[];
  strings: string[];
  toolCount: number;
  /** Owned output files: project-relative path, sha1 of their bytes, and size and mtime when recorded. */
  outputs: Array<[string, string, number, number]>;
  /**
   * Handler files whose text need not be read again while their size and mtime are these
   * (see `HandlerFiles`): name, size, mtime and sha1 of the text.
   */
  handlers: Array<[string, number, number, string]>;
  /** mcp-gen's own files, as `generatorIdentity` hashed them (see `GeneratorIdentity.hints`). */
  generator: GeneratorIdentity["hints"];
}

/** The inputs of one run, as read from disk. */
export interface Inputs {
  key: string;
  baseKey: string;
  /** sha1 of each text in `texts`. */
  hashes: Map<string, string>;
  /** Project-relative path → text, for the files that carry source positions. */
  texts: Map<string, string>;
  /** The handlers folder as `handlerFiles` lists it. */
  handlers: HandlerFiles;
  /** The files keyed, in order. */
  specFiles: readonly string[];
  otherFiles: readonly string[];
}

export interface CacheLocation {
  file: string;
  /** The memo beside it. */
  memo: string;
}

const sha1 = (text: string | Buffer): string => createHash("sha1").update(text).digest("hex");

/** How the cache keys a handler file's text (what `RunRecord.handlers` holds). */
export const handlerHash = (text: string): string => sha1(text);

/**
 * `MCP_GEN_CACHE_DIR`, or `.cache/mcp-gen` in the nearest `node_modules` at or above
 * `root` (where the project's tools live, mcp-gen included); undefined when there is
 * none: mcp-gen never creates a node_modules folder of its own accord.
 */
function cacheLocation(root: string, configFile: string | undefined): CacheLocation | undefined {
  let dir: string;
  if (process.env.MCP_GEN_CACHE_DIR) dir = path.resolve(process.env.MCP_GEN_CACHE_DIR);
  else {
    const modules = findUp(root, "node_modules", "folder");
    if (!modules) return undefined;
    dir = path.join(modules, ".cache", "mcp-gen");
  }
  const project = path.resolve(configFile ?? root);
  const stem = path.join(dir, `${path.basename(path.dirname(project)) || "project"}-${sha1(project).slice(0, 16)}`);
  return { file: `${stem}.json`, memo: `${stem}.memo.json` };
}

/** Whether caching is on: `MCP_GEN_NO_CACHE=1` turns it off as `--no-cache` does. */
export function cacheDisabledByEnv(): boolean {
  const value = process.env.MCP_GEN_NO_CACHE;
  return value !== undefined && value !== "" && value !== "0" && value !== "false";
}

/**
 * The cache file's stat, or undefined when there is none or it cannot be reached: a
 * `node_modules/.cache` that is a file (ENOTDIR) or unreadable only costs speed.
 */
function statIfAny(file: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function readCache(location: CacheLocation): CacheFile | undefined {
  try {
    const data = JSON.parse(readFileSync(location.file, "utf8")) as CacheFile;
    return data && data.format === CACHE_FORMAT && typeof data.key === "string" ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a build session knows of the cache on disk: the cache files it read, with the
 * size and time they had (another process may rewrite one), and mcp-gen's own identity.
 * The session (src/build/session.ts) owns one; nothing here is kept at module scope.
 */
export class CacheStore {
  readonly files = new Map<string, { cache: CacheFile | undefined; stamp: string }>();
  /** `generatorIdentity`, once per store. */
  identity: GeneratorIdentity | undefined;
}

function cacheFor(store: CacheStore, location: CacheLocation | undefined): CacheFile | undefined {
  if (!location) return undefined;
  const stat = statIfAny(location.file);
  const stamp = stat ? `${stat.size}:${stat.mtimeMs}` : "";
  let known = store.files.get(location.file);
  if (!known || known.stamp !== stamp) store.files.set(location.file, (known = { cache: stamp ? readCache(location) : undefined, stamp }));
  return known.cache;
}

/**
 * The resolved config a previous run recorded for this config file, when the file's
 * text is unchanged: lets a workspace tell a project config from a workspace config
 * without validating it again.
 */
export function cachedConfig(store: CacheStore, root: string, configFile: string): ResolvedConfig | undefined {
  const cache = cacheFor(store, cacheLocation(root, configFile));
  if (!cache) return undefined;
  const text = readText(configFile);
  return text !== undefined && sha1(text) === cache.configHash ? cache.config : undefined;
}

/**
 * What the spec files of the recorded run contributed, for a run in which only spec
 * files changed (see `SpecMemo` in src/build/spec-memo.ts); handed over untyped here so
 * that this module stays free of the pipeline's types.
 */
export interface PartialRun {
  config: ResolvedConfig;
  /** The inputs as read now. */
  inputs: Inputs;
  specFiles: string[];
  /** Spec files whose text differs from the recorded run's. */
  changed: Set<string>;
  /** The recorded memo (parsed JSON; its shape is spec-memo.ts's business). */
  memo: unknown;
  /** The recorded owned outputs, by project-relative path: sha1, size and mtime. */
  outputs: Map<string, [string, number, number]>;
  /** Project-relative texts (config, specs, `$ref`ed files) for code frames, as a hit has them. */
  sources: Map<string, string>;
  /** A side file of the recorded run (see `RunRecord.side`), parsed; undefined when it cannot be read. */
  readSide: (name: string, id: string) => unknown;
}

/**
 * The recorded result when nothing the run reads has changed and every owned output is
 * intact (`hit`); when only spec files changed and everything else is as recorded, what
 * the run can reuse (`partial`); undefined otherwise (then the caller runs the pipeline).
 */
export function probeCache(
  store: CacheStore,
  cwd: string,
  root: string,
  configFile: string | undefined,
  options: OutputOptions & {
    /** Compare every output's bytes, not only its size and time (what `--check` does). */
    verifyBytes?: boolean;
  },
  findSpecFiles: (config: ResolvedConfig) => string[],
): { hit: CachedRun } | { partial: PartialRun } | undefined {
  const location = cacheLocation(root, configFile);
  const cache = cacheFor(store, location);
  if (!cache || !location) return undefined;
  const configText = configFile ? readText(configFile) : "";
  if (configText === undefined || sha1(configText) !== cache.configHash) return undefined;
  const specFiles = findSpecFiles(cache.config);
  if (specFiles.length !== cache.specFiles.length || specFiles.some((file, i) => file !== cache.specFiles[i])) return undefined;
  const inputs = fingerprint(store, location, cache.config, specFiles, cache.otherFiles, options, cache);
  if (!inputs) return undefined;
  const same = inputs.key === cache.key;
  if (!same) {
    // Only spec files may differ for a partial run; a `$ref`ed file or anything else means a full one.
    if (inputs.baseKey !== cache.baseKey || options.verifyBytes) return undefined;
    if (cache.otherFiles.some((file) => inputs.hashes.get(file) !== cache.inputHashes[file])) return undefined;
  }
  // Same size and modification time as recorded: the bytes are the ones recorded. Otherwise
  // (a fresh clone, a restored cache, a touched file) the bytes decide, and the times they
  // have now are recorded with them once settled, so the next run need not read them again.
  const checkedAt = Date.now();
  const outputs: CacheFile["outputs"] = [];
  let restamped = false;
  for (const [file, hash, size, mtimeMs] of cache.outputs) {
    const absPath = path.join(cache.config.root, file);
    const stat = statSync(absPath, { throwIfNoEntry: false });
    if (!options.verifyBytes && stat?.isFile() && stat.size === size && stat.mtimeMs === mtimeMs) {
      outputs.push([file, hash, size, mtimeMs]);
      continue;
    }
    const bytes = readBytes(absPath);
    if (!bytes || sha1(bytes) !== hash) return undefined;
    const settled = stat !== undefined && stat.mtimeMs < checkedAt - SETTLED_MS;
    outputs.push(settled ? [file, hash, stat.size, stat.mtimeMs] : [file, hash, size, mtimeMs]);
    restamped ||= settled && (stat.size !== size || stat.mtimeMs !== mtimeMs);
  }
  const sources = new Map<string, string>();
  if (configFile) sources.set(toPosix(path.relative(cwd, configFile)) || path.basename(configFile), configText);
  for (const [file, text] of inputs.texts) sources.set(file, text);
  if (!same) {
    const memo = readMemo(location, cache.key);
    if (memo === undefined) return undefined;
    const changed = new Set(specFiles.filter((file) => inputs.hashes.get(file) !== cache.inputHashes[file]));
    const recorded = new Map(outputs.map(([file, hash, size, mtimeMs]) => [file, [hash, size, mtimeMs] as [string, number, number]]));
    const readSide = (name: string, id: string): unknown => readJson(sideFile(location, name, id));
    return { partial: { config: cache.config, inputs, specFiles, changed, memo, outputs: recorded, sources, readSide } };
  }
  const diagnostics = isStringTable(cache.strings) ? unpackDiagnostics(cache.diagnostics, cache.strings) : undefined;
  if (!diagnostics) return undefined;
  // A hit whose files had new times (read and found right): the record takes the new
  // times, so that the next run trusts them without reading.
  const handlers = settledHandlers(inputs.handlers, cache.handlers);
  const generator = store.identity?.changed ? store.identity.hints : cache.generator;
  if (restamped || generator !== cache.generator || !sameHandlerRecord(handlers, cache.handlers)) restamp(store, location, { ...cache, outputs, handlers, generator });
  return { hit: { config: cache.config, diagnostics, sources, toolCount: cache.toolCount, unchanged: cache.outputs.map(([file]) => file) } };
}

function readMemo(location: CacheLocation, key: string): unknown {
  const data = readJson(location.memo) as { format?: unknown; key?: unknown } | undefined;
  return data && data.format === CACHE_FORMAT && data.key === key ? data : undefined;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** `<project>.<name>-<id>.json` beside the cache file: named by what it holds, never rewritten. */
function sideFile(location: CacheLocation, name: string, id: string): string {
  return `${location.file.slice(0, -".json".length)}.${name}-${id}.json`;
}

/** What a successful run records. */
export interface RunRecord {
  config: ResolvedConfig;
  specFiles: string[];
  /** Every project-relative file the run read and its text, as the run saw it (specs included). */
  sources: ReadonlyMap<string, string>;
  diagnostics: Diagnostic[];
  toolCount: number;
  /**
   * The handlers folder as the run left it: what the emitter read, with the run's own
   * writes applied, as sha1 of each file's text by name. An author's edit during the run
   * makes the disk differ, and then nothing is recorded (the next run must see that edit).
   */
  handlers: ReadonlyMap<string, string>;
  /** Handler files the run wrote (their text is the run's own): recorded with the size and time they have now. */
  handlersWritten?: ReadonlySet<string>;
  /** Owned outputs: project-relative path and the text now on disk. */
  outputs: ReadonlyArray<readonly [string, string]>;
  /** Owned outputs the run left alone, as the previous record has them: path, sha1, size, mtime. */
  keptOutputs?: ReadonlyArray<readonly [string, string, number, number]>;
  /** `{ format, key, ...}` is added: what the next partial run reuses (src/build/spec-memo.ts). */
  memo: object;
  /**
   * Side files of the memo, by name: data too large to write again when it has not
   * changed. Each is stored under its id; `data` is called only when no file of that
   * id exists. Files of older ids are deleted.
   */
  side?: Record<string, { id: string; data: () => unknown }>;
  /**
   * The inputs as the run read them at its start, when it used them instead of reading
   * the files itself (a partial run): recorded as they are, without reading them again.
   */
  inputs?: Inputs;
}

/**
 * Records a successful run. Called after the writes, so the fingerprint sees the
 * handlers folder as the run left it. Nothing is recorded when an input changed while
 * the run was reading it (the disk no longer matches what the run saw).
 */
export function recordRun(store: CacheStore, root: string, configFile: string | undefined, options: OutputOptions, run: RunRecord): void {
  const configText = configFile ? readText(configFile) : "";
  if (configText === undefined) return;
  const location = cacheLocation(root, configFile);
  if (!location) return;
  const configRel = configFile ? toPosix(path.relative(run.config.root, configFile)) : undefined;
  const specSet = new Set(run.specFiles);
  const otherFiles = [...run.sources.keys()].filter((file) => !specSet.has(file) && file !== configRel).sort();
  let inputs: Inputs | undefined;
  if (run.inputs) {
    // What the run used: the texts it started from (every one it read again must match) and the handlers it left.
    const texts = new Map<string, string>();
    for (const file of [...run.specFiles, ...otherFiles]) {
      const text = run.inputs.texts.get(file) ?? run.sources.get(file);
      if (text === undefined || (run.sources.has(file) && run.sources.get(file) !== text)) return;
      texts.set(file, text);
    }
    // Nothing read since the start and no handler written: the keys computed then still hold.
    const same = sameEntries(run.inputs.handlers.hashes(), run.handlers) && sameList(run.inputs.otherFiles, otherFiles) && sameList(run.inputs.specFiles, run.specFiles);
    inputs = same ? run.inputs : inputsKey(store, cacheFor(store, location), run.config, run.specFiles, otherFiles, options, texts, run.handlers, run.inputs.handlers);
  } else {
    inputs = fingerprint(store, location, run.config, run.specFiles, otherFiles, options, cacheFor(store, location));
    if (!inputs) return;
    for (const [file, text] of inputs.texts) if (run.sources.has(file) && run.sources.get(file) !== text) return;
    if (!sameEntries(inputs.handlers.hashes(), run.handlers)) return;
  }
  const handlers: CacheFile["handlers"] = [];
  for (const [name, hash] of run.handlers) {
    const stat = run.handlersWritten?.has(name) ? statOf(path.join(run.config.handlersDir, name)) : inputs.handlers.trusted(name);
    if (stat) handlers.push([name, stat[0], stat[1], hash]);
  }
  const outputs: CacheFile["outputs"] = (run.keptOutputs ?? []).map(([file, hash, size, mtimeMs]) => [file, hash, size, mtimeMs]);
  for (const [file, text] of run.outputs) {
    const stat = statSync(path.join(run.config.root, file), { throwIfNoEntry: false });
    if (!stat?.isFile()) return;
    outputs.push([file, sha1(text), stat.size, stat.mtimeMs]);
  }
  outputs.sort((a, b) => compareStrings(a[0], b[0]));
  const strings = new StringTable();
  const cache: CacheFile = {
    format: CACHE_FORMAT,
    key: inputs.key,
    baseKey: inputs.baseKey,
    inputHashes: Object.fromEntries(inputs.hashes),
    configHash: sha1(configText),
    config: run.config,
    specFiles: run.specFiles,
    otherFiles,
    diagnostics: packDiagnostics(run.diagnostics, strings),
    strings: strings.strings,
    toolCount: run.toolCount,
    outputs,
    handlers,
    generator: store.identity?.hints ?? {},
  };
  try {
    mkdirSync(path.dirname(location.file), { recursive: true });
    // Side files and the memo first: a cache file always finds the memo of its own key, or none.
    const sides = Object.entries(run.side ?? {});
    for (const [name, { id, data }] of sides) {
      const file = sideFile(location, name, id);
      if (!statSync(file, { throwIfNoEntry: false })?.isFile()) writeAtomically(file, JSON.stringify(data()));
    }
    writeAtomically(location.memo, JSON.stringify({ ...run.memo, format: CACHE_FORMAT, key: inputs.key }));
    writeAtomically(location.file, JSON.stringify(cache));
    const stat = statSync(location.file);
    store.files.set(location.file, { cache, stamp: `${stat.size}:${stat.mtimeMs}` });
    if (store.identity) store.identity.changed = false;
    removeOtherSides(location, sides.map(([name, { id }]) => sideFile(location, name, id)));
  } catch {
    // A read-only node_modules only costs speed.
  }
}

/** Deletes the side files of this cache file that `keep` does not list. */
function removeOtherSides(location: CacheLocation, keep: readonly string[]): void {
  const dir = path.dirname(location.file);
  const prefix = `${path.basename(location.file, ".json")}.`;
  const kept = new Set(keep.map((file) => path.basename(file)));
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || !/^[a-z]+-[0-9a-f]{40}\.json$/.test(name.slice(prefix.length)) || kept.has(name)) continue;
    rmSync(path.join(dir, name), { force: true });
  }
}

function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/** Options that change what a run prints or writes; part of the fingerprint. */
export interface OutputOptions {
  maxWarnings?: number;
  /** The config file as diagnostics name it (relative to the working directory). */
  configDisplay?: string;
}

/**
 * Hash of everything a run reads. Undefined when a recorded input is gone (a `$ref`ed
 * file deleted): that is a miss, and the pipeline reports it properly.
 */
export function fingerprint(
  store: CacheStore,
  _location: CacheLocation,
  config: ResolvedConfig,
  specFiles: readonly string[],
  otherFiles: readonly string[],
  options: OutputOptions,
  recorded?: Pick<CacheFile, "handlers" | "generator">,
): Inputs | undefined {
  const texts = new Map<string, string>();
  for (const file of [...specFiles, ...otherFiles]) {
    const text = readText(path.join(config.root, file));
    if (text === undefined) return undefined;
    texts.set(file, text);
  }
  const handlers = handlerFiles(config.handlersDir, recorded);
  return inputsKey(store, recorded, config, specFiles, otherFiles, options, texts, handlers.hashes(), handlers);
}

/** The keys of a run's inputs: `baseKey` of all but the spec and `$ref`ed texts, `key` of all. */
function inputsKey(
  store: CacheStore,
  recorded: Pick<CacheFile, "generator"> | undefined,
  config: ResolvedConfig,
  specFiles: readonly string[],
  otherFiles: readonly string[],
  options: OutputOptions,
  texts: Map<string, string>,
  handlerHashes: ReadonlyMap<string, string>,
  handlers: HandlerFiles,
): Inputs {
  const hash = createHash("sha1");
  const part = (label: string, value: string | Buffer) => {
    hash.update(label);
    hash.update("\0");
    hash.update(value);
    hash.update("\0");
  };
  part("mcp-gen", generatorIdentity(store, recorded).key);
  part("options", JSON.stringify({ maxWarnings: options.maxWarnings ?? null, configDisplay: options.configDisplay ?? "" }));
  part("config", JSON.stringify(config));
  const packageJson = findUp(config.root, "package.json");
  part("package.json", packageJson ? `${packageJson}\n${readText(packageJson) ?? ""}` : "");
  for (const [name, hash] of handlerHashes) part(`handler ${name}`, hash);
  const baseKey = hash.copy().digest("hex");
  const hashes = new Map<string, string>();
  for (const [label, files] of [["spec", specFiles], ["file", otherFiles]] as const) {
    for (const file of files) {
      const fileHash = sha1(texts.get(file) ?? "");
      hashes.set(file, fileHash);
      part(`${label} ${file}`, fileHash);
    }
  }
  return { key: hash.digest("hex"), baseKey, hashes, texts, handlers, specFiles, otherFiles };
}

/**
 * The handlers folder as the stubs emitter sees it: its top-level `.ts` files (not
 * `.d.ts`) in name order, with their text; a symlink or anything not a regular file
 * counts as present with no text. Names, sizes and times are read at once, texts when
 * first asked for: a file whose size and mtime are the ones the cache recorded with its
 * sha1 is not read again (as make and git's index judge files), so a run that changed
 * one spec does not read a thousand handlers. A file is recorded so only when its mtime
 * was at least `SETTLED_MS` old when its text was read: an edit within the same tick of
 * a coarse filesystem clock (up to 2 s on FAT, 1 s on HFS+) could otherwise keep the
 * mtime the text was read at.
 */
export class HandlerFiles implements ReadonlyMap<string, string> {
  private readonly texts = new Map<string, string>();
  private hashMap: Map<string, string> | undefined;

  constructor(
    private readonly dir: string,
    /** By name, in name order: size and mtime of a regular file (undefined for anything else), and a hash known without reading. */
    private readonly listed: ReadonlyMap<string, HandlerEntry>,
  ) {}

  get size(): number {
    return this.listed.size;
  }

  has(name: string): boolean {
    return this.listed.has(name);
  }

  get(name: string): string | undefined {
    const entry = this.listed.get(name);
    if (!entry) return undefined;
    let text = this.texts.get(name);
    if (text === undefined) {
      text = entry.stat ? (readText(path.join(this.dir, name)) ?? "") : "";
      this.texts.set(name, text);
    }
    return text;
  }

  /** Size and mtime as listed, when the file's hash may be trusted while they stay so; else undefined. */
  trusted(name: string): [number, number] | undefined {
    const entry = this.listed.get(name);
    return entry?.stat && entry.settled ? entry.stat : undefined;
  }

  /** sha1 of every file's text by name: recorded ones as recorded, the others read now. */
  hashes(): ReadonlyMap<string, string> {
    if (!this.hashMap) {
      this.hashMap = new Map();
      for (const [name, entry] of this.listed) this.hashMap.set(name, entry.hash ?? handlerHash(this.get(name) ?? ""));
    }
    return this.hashMap;
  }

  keys(): MapIterator<string> {
    return this.listed.keys();
  }

  private *entriesOf(): Generator<[string, string]> {
    for (const name of this.listed.keys()) yield [name, this.get(name) ?? ""];
  }

  entries(): MapIterator<[string, string]> {
    return new Map(this.entriesOf()).entries();
  }

  values(): MapIterator<string> {
    return new Map(this.entriesOf()).values();
  }

  forEach(callback: (value: string, key: string, map: ReadonlyMap<string, string>) => void): void {
    for (const [name, text] of this.entriesOf()) callback(text, name, this);
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }
}

interface HandlerEntry {
  /** Size and mtime of a regular file; undefined for anything else. */
  stat?: [number, number];
  /** sha1 of the text, when known without reading it (the cache's record). */
  hash?: string;
  /** Whether the text (read now, or when the hash was recorded) is known to be the one of this mtime. */
  settled?: boolean;
}

/** How old an mtime must be before a file's hash is recorded against it (see `HandlerFiles`). */
const SETTLED_MS = 2000;

/** Lists the handlers folder (see `HandlerFiles`); `recorded` is what the last recorded run saw. */
export function handlerFiles(dir: string, recorded?: Pick<CacheFile, "handlers">): HandlerFiles {
  const listedAt = Date.now();
  const entries = new Map<string, HandlerEntry>();
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return new HandlerFiles(dir, entries);
  }
  const known = new Map((Array.isArray(recorded?.handlers) ? recorded.handlers : []).map(([name, size, mtimeMs, hash]) => [name, { size, mtimeMs, hash }]));
  for (const name of names) {
    if (!name.endsWith(".ts") || name.endsWith(".d.ts")) continue;
    let stat: ReturnType<typeof lstatSync> | undefined;
    try {
      stat = lstatSync(path.join(dir, name));
    } catch {
      stat = undefined;
    }
    if (!stat?.isFile()) {
      entries.set(name, {});
      continue;
    }
    const was = known.get(name);
    if (was !== undefined && was.size === stat.size && was.mtimeMs === stat.mtimeMs) {
      entries.set(name, { stat: [stat.size, stat.mtimeMs], hash: was.hash, settled: true });
    } else {
      entries.set(name, { stat: [stat.size, stat.mtimeMs], settled: stat.mtimeMs < listedAt - SETTLED_MS });
    }
  }
  return new HandlerFiles(dir, entries);
}

function statOf(file: string): [number, number] | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat?.isFile() ? [stat.size, stat.mtimeMs] : undefined;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function sameEntries(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

/**
 * mcp-gen's own build: the hash of its version and of the text of every file it runs or
 * reads (dist, templates, schemas), so a rebuilt or upgraded mcp-gen never reuses what an
 * older one recorded, while a reinstalled one (new times, same bytes) does. Declarations
 * and source maps in dist change nothing a run does, and are left out. A file whose size
 * and time are the ones its hash was recorded with (`generator.json` in the cache folder)
 * is not read again (the cache file records them).
 */
export interface GeneratorIdentity {
  key: string;
  /** Per file (relative to the package): size, mtime and sha1 of the text, for the next run. */
  hints: Record<string, [number, number, string]>;
  /** True when some file was read: the recorded hints are not these. */
  changed: boolean;
}

function generatorIdentity(store: CacheStore, record: Pick<CacheFile, "generator"> | undefined): GeneratorIdentity {
  if (store.identity) return store.identity;
  const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  const recorded = typeof record?.generator === "object" && record.generator !== null ? record.generator : undefined;
  const hints: GeneratorIdentity["hints"] = {};
  const listedAt = Date.now();
  let changed = false;
  const hash = createHash("sha1");
  hash.update(readText(path.join(packageRoot, "package.json")) ?? "");
  // src: when mcp-gen runs from its sources (its own tests), an edit there counts too.
  for (const folder of ["dist", "src", "templates", "schema"]) {
    const walk = (dir: string, relative: string): void => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      entries.sort((a, b) => compareStrings(a.name, b.name));
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          walk(full, `${relative}/${entry.name}`);
          continue;
        }
        if (folder === "dist" && (entry.name.endsWith(".map") || entry.name.endsWith(".d.ts"))) continue;
        const stat = statSync(full, { throwIfNoEntry: false });
        if (!stat) continue;
        const name = `${relative}/${entry.name}`;
        const was = recorded?.[name];
        let fileHash: string;
        if (was && was[0] === stat.size && was[1] === stat.mtimeMs) fileHash = was[2];
        else {
          fileHash = sha1(readBytes(full) ?? "");
          changed = true;
        }
        // As with handler files: a time within the settling window may yet hide an edit.
        if (stat.mtimeMs < listedAt - SETTLED_MS) hints[name] = [stat.size, stat.mtimeMs, fileHash];
        else changed = true;
        hash.update(`${name}\0${fileHash}\0`);
      }
    };
    walk(path.join(packageRoot, folder), folder);
  }
  store.identity = { key: hash.digest("hex"), hints, changed };
  return store.identity;
}

/**
 * The handler files with the size and time their hash may be trusted with now, as the
 * cache records them; a file whose time is too recent to trust keeps its recorded entry
 * (which no longer matches: it is read again next time).
 */
function settledHandlers(handlers: HandlerFiles, recorded: CacheFile["handlers"]): CacheFile["handlers"] {
  const before = new Map(recorded.map((entry) => [entry[0], entry]));
  const entries: CacheFile["handlers"] = [];
  for (const [name, hash] of handlers.hashes()) {
    const stat = handlers.trusted(name);
    const was = before.get(name);
    if (stat) entries.push([name, stat[0], stat[1], hash]);
    else if (was) entries.push(was);
  }
  return entries;
}

function sameHandlerRecord(a: CacheFile["handlers"], b: CacheFile["handlers"]): boolean {
  return a.length === b.length && a.every((entry, i) => entry.every((value, j) => value === b[i]?.[j]));
}

/** Rewrites the cache file with new times for the same bytes (a hit after a checkout or a restore). */
function restamp(store: CacheStore, location: CacheLocation, cache: CacheFile): void {
  try {
    writeAtomically(location.file, JSON.stringify(cache));
    const stat = statSync(location.file);
    store.files.set(location.file, { cache, stamp: `${stat.size}:${stat.mtimeMs}` });
    if (store.identity) store.identity.changed = false;
  } catch {
    // A read-only node_modules only costs speed.
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function readBytes(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
