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
 * This module probes and records runs; the rest of the cache is one concern a file:
 * cache-file.ts (where the files live, their format, reading them), fingerprints.ts (the
 * input keys), handlers-folder.ts (the handlers folder and its mtime hints) and
 * generator-identity.ts (mcp-gen's own build as a key). They all must stay cheap to
 * import: node built-ins and types only.
 */
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/config.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { toPosix } from "../util/posix.js";
import { compareStrings } from "../write/paths.js";
import { writeFileAtomicallySync } from "../write/fs.js";
import {
  CACHE_FORMAT,
  type CacheFile,
  type CacheLocation,
  cacheLocation,
  placedConfig,
  portableConfig,
  readBytes,
  readCache,
  readJson,
  readMemo,
  readText,
  removeOtherSides,
  SETTLED_MS,
  sha1,
  sideFile,
  statIfAny,
} from "./cache-file.js";
import { fingerprint, type Inputs, inputsKey, type OutputOptions } from "./fingerprints.js";
import { type GeneratorIdentity, generatorIdentity } from "./generator-identity.js";
import { handlerFiles, sameHandlerRecord, settledHandlers } from "./handlers-folder.js";
import { isStringTable, packDiagnostics, StringTable, unpackDiagnostics } from "./packed-diagnostics.js";

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
  return text !== undefined && sha1(text) === cache.configHash ? placedConfig(cache.config, root) : undefined;
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
  const config = placedConfig(cache.config, root);
  const specFiles = findSpecFiles(config);
  if (specFiles.length !== cache.specFiles.length || specFiles.some((file, i) => file !== cache.specFiles[i])) return undefined;
  const inputs = fingerprint(generatorIdentity(store, cache).key, config, specFiles, cache.otherFiles, options, handlerFiles(config.handlersDir, cache));
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
    const absPath = path.join(config.root, file);
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
    return { partial: { config, inputs, specFiles, changed, memo, outputs: recorded, sources, readSide } };
  }
  const diagnostics = isStringTable(cache.strings) ? unpackDiagnostics(cache.diagnostics, cache.strings) : undefined;
  if (!diagnostics) return undefined;
  // A hit whose files had new times (read and found right): the record takes the new
  // times, so that the next run trusts them without reading.
  const handlers = settledHandlers(inputs.handlers, cache.handlers);
  const generator = store.identity?.changed ? store.identity.hints : cache.generator;
  if (restamped || generator !== cache.generator || !sameHandlerRecord(handlers, cache.handlers))
    restamp(store, location, { ...cache, outputs, handlers, generator });
  return { hit: { config, diagnostics, sources, toolCount: cache.toolCount, unchanged: cache.outputs.map(([file]) => file) } };
}

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
    const same =
      sameEntries(run.inputs.handlers.hashes(), run.handlers) && sameList(run.inputs.otherFiles, otherFiles) && sameList(run.inputs.specFiles, run.specFiles);
    inputs = same
      ? run.inputs
      : inputsKey(
          generatorIdentity(store, cacheFor(store, location)).key,
          run.config,
          run.specFiles,
          otherFiles,
          options,
          texts,
          run.handlers,
          run.inputs.handlers,
        );
  } else {
    const recorded = cacheFor(store, location);
    inputs = fingerprint(
      generatorIdentity(store, recorded).key,
      run.config,
      run.specFiles,
      otherFiles,
      options,
      handlerFiles(run.config.handlersDir, recorded),
    );
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
    config: portableConfig(run.config),
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
      if (!statSync(file, { throwIfNoEntry: false })?.isFile()) writeFileAtomicallySync(file, JSON.stringify(data()));
    }
    writeFileAtomicallySync(location.memo, JSON.stringify({ ...run.memo, format: CACHE_FORMAT, key: inputs.key }));
    writeFileAtomicallySync(location.file, JSON.stringify(cache));
    const stat = statSync(location.file);
    store.files.set(location.file, { cache, stamp: `${stat.size}:${stat.mtimeMs}` });
    if (store.identity) store.identity.changed = false;
    removeOtherSides(
      location,
      sides.map(([name, { id }]) => sideFile(location, name, id)),
    );
  } catch {
    // A read-only node_modules only costs speed.
  }
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

/** Rewrites the cache file with new times for the same bytes (a hit after a checkout or a restore). */
function restamp(store: CacheStore, location: CacheLocation, cache: CacheFile): void {
  try {
    writeFileAtomicallySync(location.file, JSON.stringify(cache));
    const stat = statSync(location.file);
    store.files.set(location.file, { cache, stamp: `${stat.size}:${stat.mtimeMs}` });
    if (store.identity) store.identity.changed = false;
  } catch {
    // A read-only node_modules only costs speed.
  }
}
