/**
 * The keys of a run's inputs: one hash of everything a run reads (`key`), and one of all
 * but the spec and `$ref`ed texts (`baseKey`), which tells a partial run from a full one.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import type { ResolvedConfig } from "../config/config.js";
import { findUp } from "../util/find-up.js";
import { toPosix } from "../util/posix.js";
import { portableConfig, readText, sha1 } from "./cache-file.js";
import type { HandlerFiles } from "./handlers-folder.js";

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

/** Options that change what a run prints or writes; part of the fingerprint. */
export interface OutputOptions {
  maxWarnings?: number;
  /** The config file as diagnostics name it (relative to the working directory). */
  configDisplay?: string;
}

/**
 * Hash of everything a run reads: the spec and `$ref`ed texts read now, with the handlers
 * folder as listed and mcp-gen's identity (`generator`, generator-identity.ts), which the
 * caller reads. Undefined when a recorded input is gone (a `$ref`ed file deleted): that is
 * a miss, and the pipeline reports it properly.
 */
export function fingerprint(
  generator: string,
  config: ResolvedConfig,
  specFiles: readonly string[],
  otherFiles: readonly string[],
  options: OutputOptions,
  handlers: HandlerFiles,
): Inputs | undefined {
  const texts = new Map<string, string>();
  for (const file of [...specFiles, ...otherFiles]) {
    const text = readText(path.join(config.root, file));
    if (text === undefined) return undefined;
    texts.set(file, text);
  }
  return inputsKey(generator, config, specFiles, otherFiles, options, texts, handlers.hashes(), handlers);
}

/** The keys of a run's inputs: `baseKey` of all but the spec and `$ref`ed texts, `key` of all. */
export function inputsKey(
  generator: string,
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
  part("mcp-gen", generator);
  part("options", JSON.stringify({ maxWarnings: options.maxWarnings ?? null, configDisplay: options.configDisplay ?? "" }));
  // Paths relative to the project: a checkout at another path reads the same inputs.
  part("config", JSON.stringify(portableConfig(config)));
  const packageJson = findUp(config.root, "package.json");
  part("package.json", packageJson ? `${toPosix(path.relative(config.root, packageJson))}\n${readText(packageJson) ?? ""}` : "");
  for (const [name, hash] of handlerHashes) part(`handler ${name}`, hash);
  const baseKey = hash.copy().digest("hex");
  const hashes = new Map<string, string>();
  for (const [label, files] of [
    ["spec", specFiles],
    ["file", otherFiles],
  ] as const) {
    for (const file of files) {
      const fileHash = sha1(texts.get(file) ?? "");
      hashes.set(file, fileHash);
      part(`${label} ${file}`, fileHash);
    }
  }
  return { key: hash.digest("hex"), baseKey, hashes, texts, handlers, specFiles, otherFiles };
}
