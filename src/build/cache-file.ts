/**
 * The cache folder's files and their format: where a project's cache file, memo and side
 * files live (`node_modules/.cache/mcp-gen/`), the shape of the record, and reading them.
 * Anything unexpected in them (another version, a broken file) reads as nothing: a miss,
 * never an error. Node built-ins only, so that a cache hit stays cheap to import.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/config.js";
import { findUp } from "../util/find-up.js";
import { toPosix } from "../util/posix.js";
import type { GeneratorIdentity } from "./generator-identity.js";
import type { PackedDiagnostic } from "./packed-diagnostics.js";

export const CACHE_FORMAT = 8;

export interface CacheFile {
  format: number;
  /** The fingerprint of the inputs (see `fingerprint`). */
  key: string;
  /** The fingerprint of everything but the spec and `$ref`ed files' texts. */
  baseKey: string;
  /** sha1 of each spec and `$ref`ed file's text, by project-relative path. */
  inputHashes: Record<string, string>;
  /** sha1 of the config file's text, or "" without one: a cheap first test. */
  configHash: string;
  /** The resolved config with its paths relative to its root (see `portableConfig`). */
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

export interface CacheLocation {
  file: string;
  /** The memo beside it. */
  memo: string;
}

export const sha1 = (text: string | Buffer): string => createHash("sha1").update(text).digest("hex");

/** How old an mtime must be before a file's hash is recorded against it (see `HandlerFiles` in handlers-folder.ts). */
export const SETTLED_MS = 2000;

/**
 * `MCP_GEN_CACHE_DIR`, or `.cache/mcp-gen` in the nearest `node_modules` at or above
 * `root` (where the project's tools live, mcp-gen included); undefined when there is
 * none: mcp-gen never creates a node_modules folder of its own accord.
 *
 * A project's files are named by its path relative to the folder that holds that
 * node_modules (or, with neither, to the cache folder), not by its absolute path: a CI
 * job restores the folder onto a checkout at another path, and must find its record.
 */
export function cacheLocation(root: string, configFile: string | undefined): CacheLocation | undefined {
  let dir: string;
  const modules = findUp(root, "node_modules", "folder");
  if (process.env.MCP_GEN_CACHE_DIR) dir = path.resolve(process.env.MCP_GEN_CACHE_DIR);
  else {
    if (!modules) return undefined;
    dir = path.join(modules, ".cache", "mcp-gen");
  }
  const project = toPosix(path.relative(modules ? path.dirname(modules) : dir, path.resolve(configFile ?? root)));
  const folder = path.posix.dirname(project === "" ? "." : project);
  const name =
    folder
      .split("/")
      .filter((part) => part !== "." && part !== "..")
      .pop() || "project";
  const stem = path.join(dir, `${name}-${sha1(project).slice(0, 16)}`);
  return { file: `${stem}.json`, memo: `${stem}.memo.json` };
}

/**
 * The config as the cache records it (and keys it): every path relative to its root, so
 * that neither the record nor the key names the folder the project sat in.
 */
export function portableConfig(config: ResolvedConfig): ResolvedConfig {
  const relative = (file: string) => toPosix(path.relative(config.root, file));
  return {
    ...config,
    root: "",
    ...(config.configFile === undefined ? {} : { configFile: relative(config.configFile) }),
    outDir: relative(config.outDir),
    handlersDir: relative(config.handlersDir),
    docs: { ...config.docs, outDir: relative(config.docs.outDir) },
  };
}

/** A recorded (`portableConfig`) config placed at `root`, the project's folder now. */
export function placedConfig(config: ResolvedConfig, root: string): ResolvedConfig {
  const absolute = (file: string) => path.resolve(root, file);
  return {
    ...config,
    root,
    ...(config.configFile === undefined ? {} : { configFile: absolute(config.configFile) }),
    outDir: absolute(config.outDir),
    handlersDir: absolute(config.handlersDir),
    docs: { ...config.docs, outDir: absolute(config.docs.outDir) },
  };
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
export function statIfAny(file: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

export function readCache(location: CacheLocation): CacheFile | undefined {
  try {
    const data = JSON.parse(readFileSync(location.file, "utf8")) as CacheFile;
    return data && data.format === CACHE_FORMAT && typeof data.key === "string" ? data : undefined;
  } catch {
    return undefined;
  }
}

export function readMemo(location: CacheLocation, key: string): unknown {
  const data = readJson(location.memo) as { format?: unknown; key?: unknown } | undefined;
  return data && data.format === CACHE_FORMAT && data.key === key ? data : undefined;
}

export function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** `<project>.<name>-<id>.json` beside the cache file: named by what it holds, never rewritten. */
export function sideFile(location: CacheLocation, name: string, id: string): string {
  return `${location.file.slice(0, -".json".length)}.${name}-${id}.json`;
}

/** Deletes the side files of this cache file that `keep` does not list. */
export function removeOtherSides(location: CacheLocation, keep: readonly string[]): void {
  const dir = path.dirname(location.file);
  const prefix = `${path.basename(location.file, ".json")}.`;
  const kept = new Set(keep.map((file) => path.basename(file)));
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || !/^[a-z]+-[0-9a-f]{40}\.json$/.test(name.slice(prefix.length)) || kept.has(name)) continue;
    rmSync(path.join(dir, name), { force: true });
  }
}

export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

export function readBytes(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}
