/**
 * Validator chunks: ajv's standalone code for one schema, self-contained (what it uses,
 * then `return <function>;`; see src/spec/standalone-code.ts). The validators modules are
 * put together from them (src/emit/validators/validators-module.ts), and a schema whose chunk is
 * known needs no compiling at all: running the chunk gives the very function ajv would
 * compile, errors and all. The build session owns one `SchemaChunks` and hands a new
 * process the chunks of its last run, so a run that only edits one spec loads no ajv.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import type { Dialect, JsonObject } from "./model.js";

/**
 * Chunks held elsewhere (the build cache's side file), read only when one is needed:
 * `keys` says which it holds; `load` reads them all.
 */
export interface ChunkSource {
  keys: ReadonlySet<string>;
  load: () => Iterable<readonly [string, string]>;
}

/**
 * The chunks a build session produced or was handed, by `keyOf`. Like the compiled
 * functions (`CompiledSchemas`), one per distinct schema the session has seen, and never
 * dropped: a function compiled from a chunk has no source to write a chunk from again.
 */
export class SchemaChunks {
  /** A model's schemas are not changed once built: each is hashed once per dialect. */
  private readonly keys = new WeakMap<JsonObject, Map<Dialect, string>>();
  private readonly chunks = new Map<string, string>();
  private source: ChunkSource | undefined;

  /**
   * What a chunk is keyed by: its dialect and its schema's JSON without `$schema`, as
   * `CompiledSchemas.compile` keys what it compiles. Key order counts: it orders ajv's errors.
   */
  keyOf(dialect: Dialect, schema: JsonObject): string {
    let byDialect = this.keys.get(schema);
    if (!byDialect) this.keys.set(schema, (byDialect = new Map()));
    let key = byDialect.get(dialect);
    if (key === undefined) {
      key = chunkKey(dialect, schema);
      byDialect.set(dialect, key);
    }
    return key;
  }

  /** Tells `keyOf` what a schema's key is, as an earlier run computed it for an equal schema. */
  knowKey(dialect: Dialect, schema: JsonObject, key: string): void {
    let byDialect = this.keys.get(schema);
    if (!byDialect) this.keys.set(schema, (byDialect = new Map()));
    byDialect.set(dialect, key);
  }

  /** Chunks a previous process recorded, read the first time one of them is needed. */
  restoreFrom(source: ChunkSource): void {
    this.source = source;
  }

  /** True when the chunk of `key` is at hand, here or in the source. */
  has(key: string): boolean {
    return this.chunks.has(key) || (this.source?.keys.has(key) ?? false);
  }

  get(key: string): string | undefined {
    const code = this.chunks.get(key);
    if (code !== undefined || !this.source?.keys.has(key)) return code;
    const loading = this.source;
    this.source = undefined;
    for (const [chunkKey, chunk] of loading.load()) if (!this.chunks.has(chunkKey)) this.chunks.set(chunkKey, chunk);
    return this.chunks.get(key);
  }

  remember(key: string, code: string): void {
    this.chunks.set(key, code);
  }
}

/** `SchemaChunks.keyOf` without the memo: a hash of the dialect and the schema without `$schema`. */
export function chunkKey(dialect: Dialect, schema: JsonObject): string {
  const { $schema: _schema, ...subject } = schema;
  return createHash("sha1").update(dialect).update("\0").update(JSON.stringify(subject)).digest("hex");
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
