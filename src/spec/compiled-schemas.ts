/**
 * The session's memo of compiled schemas, shared by the schema checker (schemas.ts), the
 * example checker and the validators emitter: each distinct schema is compiled once per
 * session. One Ajv instance per dialect serves every schema (an instance per schema is
 * what makes checking hundreds of tools slow); it keeps the generated source of what it
 * compiles, so the emitter turns these very functions into standalone code. Schemas are
 * cached by identity, then by content: projects repeat schemas, and two tools whose
 * schemas are equal share one compiled function.
 */
import type { Ajv, ErrorObject, ValidateFunction } from "ajv";
import { createAjv } from "./ajv.js";
import { runChunk, SchemaChunks } from "./chunks.js";
import type { Dialect, JsonObject } from "./model.js";
import { pointerToPath } from "../yaml/positions.js";
import { forEachSchema, unknownFormatsOf, type SchemaPath } from "./vocabulary.js";

export interface SchemaProblem {
  message: string;
  /** Where in the schema the problem is (`[]` for the root). */
  path: SchemaPath;
}

export interface CompiledSchema {
  /** Absent when the schema does not compile. */
  validate?: ValidateFunction;
  problems: SchemaProblem[];
}

/**
 * The schemas a build session compiled, once per distinct schema (by content and by
 * object), and the ajv instances that compiled them. The session owns one; the compile
 * worker (compile-worker.ts) its own.
 */
export class CompiledSchemas {
  private readonly compilers = new Map<Dialect, Ajv>();
  /** By dialect, then by chunk key (the schema's content without `$schema`; key order counts, as it orders ajv's errors). */
  private readonly byContent = new Map<Dialect, Map<string, CompiledSchema>>();
  private readonly compiled = new WeakMap<object, Map<Dialect, CompiledSchema>>();

  constructor(
    /** The standalone code of what was compiled, or of what an earlier run compiled. */
    readonly chunks: SchemaChunks = new SchemaChunks(),
  ) {}

  /**
   * The Ajv instance that compiles every `dialect` schema of this session, created on first
   * use. Its functions carry their source (`validate.source`), and their names are unique
   * within it, so any of them can go into one standalone module.
   */
  compiler(dialect: Dialect): Ajv {
    let ajv = this.compilers.get(dialect);
    if (!ajv) {
      ajv = createAjv(dialect, { standalone: true });
      this.compilers.set(dialect, ajv);
    }
    return ajv;
  }

  /** Compiles `schema` (already bundled) in `dialect`, once per distinct schema. */
  compile(schema: JsonObject, dialect: Dialect): CompiledSchema {
    let byDialect = this.compiled.get(schema);
    if (!byDialect) {
      byDialect = new Map();
      this.compiled.set(schema, byDialect);
    }
    let result = byDialect.get(dialect);
    if (!result) {
      // The dialect is already chosen; `$schema` spellings ajv does not know (https for draft-07) must not matter.
      const key = this.chunks.keyOf(dialect, schema);
      const known = this.known(dialect);
      result = known.get(key);
      if (!result) {
        // A schema an earlier run compiled (its chunk is remembered) compiled then, and needs no
        // ajv now; its function is made from the chunk when someone asks for it.
        const { $schema: _ignored, ...subject } = schema;
        const compile = () => compileUncached(this.compiler(dialect), subject);
        result = this.chunks.has(key) ? this.fromChunk(key, compile) : compile();
        known.set(key, result);
      }
      byDialect.set(dialect, result);
    }
    return result;
  }

  /** True when this session has compiled (or been told the outcome of) the schema with this chunk key. */
  compiledAlready(dialect: Dialect, key: string): boolean {
    return this.byContent.get(dialect)?.has(key) === true;
  }

  /**
   * Tells this session that the schema with this chunk key does not compile, as another
   * thread found (src/spec/compile-ahead.ts): `compile` answers with these problems.
   * A schema that compiled is told by its chunk instead (`SchemaChunks.remember`).
   */
  rememberProblems(dialect: Dialect, key: string, problems: SchemaProblem[]): void {
    const known = this.known(dialect);
    if (!known.has(key)) known.set(key, { problems });
  }

  private known(dialect: Dialect): Map<string, CompiledSchema> {
    let known = this.byContent.get(dialect);
    if (!known) this.byContent.set(dialect, (known = new Map()));
    return known;
  }

  /** The schema whose chunk is at hand, its function made on first use (compiled after all if the chunk cannot be read). */
  private fromChunk(key: string, compile: () => CompiledSchema): CompiledSchema {
    let validate: ValidateFunction | undefined;
    const chunks = this.chunks;
    return {
      problems: [],
      get validate() {
        if (!validate) {
          const code = chunks.get(key);
          validate = code !== undefined ? runChunk(code) : compile().validate;
        }
        return validate;
      },
    };
  }
}

function compileUncached(ajv: Ajv, subject: JsonObject): CompiledSchema {
  // Unknown formats are annotations (as in 2020-12): valid for every value, never an ajv warning.
  for (const format of unknownFormatsOf(subject)) if (!ajv.formats[format]) ajv.addFormat(format, true);
  if (!ajv.validateSchema(subject)) return { problems: metaSchemaProblems(ajv.errors ?? []) };
  // Two tools may declare the same root `$id`, which ajv refuses twice on one instance. The root
  // `$id` changes nothing else here: only refs within the schema (`#...`, `""`) get this far
  // (the schema checker, schemas.ts, compiles nothing with a `$ref` that does not resolve in it).
  const { $id: _id, ...body } = subject;
  try {
    return { validate: ajv.compile(body), problems: [] };
  } catch (error) {
    return { problems: [compileProblem(subject, error)] };
  } finally {
    // The instance need not find it again: the caches here do.
    ajv.removeSchema(body);
  }
}

/** One problem per place: the meta-schema's `anyOf` branches repeat the same mistake. */
function metaSchemaProblems(errors: ErrorObject[]): SchemaProblem[] {
  const problems = new Map<string, SchemaProblem>();
  for (const error of errors) {
    if (problems.has(error.instancePath)) continue;
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
    const reason = allowed ? `must be one of ${allowed.map(String).join(", ")}` : (error.message ?? "is invalid");
    problems.set(error.instancePath, {
      message: `\`${error.instancePath || "/"}\` ${reason}`,
      path: pointerToPath(error.instancePath),
    });
  }
  return [...problems.values()];
}

function compileProblem(schema: JsonObject, error: unknown): SchemaProblem {
  const message = error instanceof Error ? error.message : String(error);
  const missing = /can't resolve reference (\S+)/.exec(message)?.[1];
  let where: SchemaPath = [];
  if (missing) {
    let found: SchemaPath | undefined;
    forEachSchema(schema, (node, schemaPath) => {
      if (!found && node.$ref === missing) found = [...schemaPath, "$ref"];
    });
    where = found ?? [];
  }
  return { message, path: where };
}
