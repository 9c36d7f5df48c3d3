/**
 * Validator chunks: ajv's standalone code for one schema, self-contained (what it uses,
 * then `return <function>;`; see src/spec/standalone-code.ts). The validators modules are
 * put together from them (src/emit/validators/validators-module.ts), and a schema whose chunk is
 * known needs no compiling at all: running the chunk gives the very function ajv would
 * compile, errors and all. The build cache hands a new process the chunks of its last
 * run, so a run that only edits one spec loads no ajv.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import type { Dialect, JsonObject } from "./model.js";

/**
 * What a chunk is keyed by: its dialect and its schema's JSON without `$schema`, as
 * compileSchema keys what it compiles. Key order counts: it orders ajv's errors.
 */
export function chunkKey(dialect: Dialect, schema: JsonObject): string {
  // A model's schemas are not changed once built: each is hashed once per dialect.
  let byDialect = keys.get(schema);
  if (!byDialect) keys.set(schema, (byDialect = new Map()));
  let key = byDialect.get(dialect);
  if (key === undefined) {
    const { $schema: _schema, ...subject } = schema;
    key = createHash("sha1").update(dialect).update("\0").update(JSON.stringify(subject)).digest("hex");
    byDialect.set(dialect, key);
  }
  return key;
}

const keys = new WeakMap<JsonObject, Map<Dialect, string>>();

/** Tells `chunkKey` what a schema's key is, as an earlier run computed it for an equal schema. */
export function knownChunkKey(dialect: Dialect, schema: JsonObject, key: string): void {
  let byDialect = keys.get(schema);
  if (!byDialect) keys.set(schema, (byDialect = new Map()));
  byDialect.set(dialect, key);
}

/**
 * Chunks this process produced or was handed, by `chunkKey`. Like the compiled functions
 * (src/spec/schemas.ts), one per distinct schema the process has seen, and never dropped:
 * a function compiled from a chunk has no source to write a chunk from again.
 */
const chunks = new Map<string, string>();

/**
 * Chunks held elsewhere (the build cache's side file), read only when one is needed:
 * `keys` says which it holds; `load` reads them all.
 */
export interface ChunkSource {
  keys: ReadonlySet<string>;
  load: () => Iterable<readonly [string, string]>;
}

let source: ChunkSource | undefined;

export function setChunkSource(next: ChunkSource | undefined): void {
  source = next;
}

/** True when the chunk of `key` is at hand, here or in the source. */
export function hasChunk(key: string): boolean {
  return chunks.has(key) || (source?.keys.has(key) ?? false);
}

export function rememberedChunk(key: string): string | undefined {
  const code = chunks.get(key);
  if (code !== undefined || !source?.keys.has(key)) return code;
  const loading = source;
  source = undefined;
  for (const [chunkKey, chunk] of loading.load()) if (!chunks.has(chunkKey)) chunks.set(chunkKey, chunk);
  return chunks.get(key);
}

export function rememberChunk(key: string, code: string): void {
  chunks.set(key, code);
}

// The chunk's `require`s are ajv's runtime helpers, resolved from here, as ajv's own are.
const require = createRequire(import.meta.url);

/**
 * The validate function a chunk defines. The code is ajv's output as an earlier run
 * wrote it (this process, or the build cache beside the project's node_modules), run
 * the way ajv runs what it compiles: with `new Function`.
 */
export function runChunk(code: string): ValidateFunction {
  return new Function("require", code)(require) as ValidateFunction;
}
