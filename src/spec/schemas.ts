/**
 * Semantic checks of a tool's (already bundled) schemas: dialect, root type, `required`
 * names, formats and keywords outside the vocabulary, and that ajv compiles them. The
 * compiled validators are kept by the session's `CompiledSchemas` for the example checker
 * and the validators emitter.
 */
import type { Ajv, ErrorObject, ValidateFunction } from "ajv";
import type { Diagnostic, Location } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import { createAjv, isKnownFormat } from "./ajv.js";
import { runChunk, SchemaChunks } from "./chunks.js";
import { SUPPORTED_DIALECT_URIS, dialectOf } from "./dialect.js";
import type { YamlFile } from "../yaml/load.js";
import type { Dialect, JsonObject } from "./model.js";
import { locate, pointerToPath, type DataPath } from "../yaml/positions.js";
import type { BundledOrigin } from "./refs.js";
import { suggest } from "../util/suggest.js";
import { closestKeyword, forEachSchema, isKnownKeyword, unknownFormatsOf, type SchemaPath } from "./vocabulary.js";

export interface SchemaCheckArgs {
  yaml: YamlFile;
  toolPath: DataPath;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  /** `bundleSchema`'s origins, so problems inside bundled `$defs` point into the file they came from. */
  origins?: { input?: BundledOrigin[]; output?: BundledOrigin[] };
  /** The session's compiled schemas, where this check compiles. */
  schemas: CompiledSchemas;
}

export interface SchemaCheckResult {
  /** Absent when the dialect is unsupported or the schema does not compile. */
  inputDialect?: Dialect;
  outputDialect?: Dialect;
  diagnostics: Diagnostic[];
}

/**
 * Checks both schemas of a tool. A dialect is returned only for a schema that compiled;
 * a schema with a `$ref` that does not resolve is not compiled (bundleSchema reports it).
 */
export function checkToolSchemas(args: SchemaCheckArgs): SchemaCheckResult {
  const input = checkSchema(args, "inputSchema", args.inputSchema, args.origins?.input);
  const output = args.outputSchema ? checkSchema(args, "outputSchema", args.outputSchema, args.origins?.output) : undefined;
  return {
    inputDialect: input.dialect,
    outputDialect: output?.dialect,
    diagnostics: [...input.diagnostics, ...(output?.diagnostics ?? [])],
  };
}

type Locator = (schemaPath: SchemaPath, part?: "key" | "value") => Location;

function locatorFor(yaml: YamlFile, base: DataPath, origins: BundledOrigin[] = []): Locator {
  return (schemaPath, part = "value") => {
    const origin = origins.find((o) => !o.root && o.defsKey === schemaPath[0] && o.name === schemaPath[1]);
    if (origin) return locate(origin.yaml, [...origin.path, ...schemaPath.slice(2)], part);
    const root = origins.find((o) => o.root);
    if (root && schemaPath.length > 0 && schemaPath[0] !== "$schema") return locate(root.yaml, [...root.path, ...schemaPath], part);
    return locate(yaml, [...base, ...schemaPath], part);
  };
}

function checkSchema(
  args: SchemaCheckArgs,
  key: "inputSchema" | "outputSchema",
  schema: JsonObject,
  origins: BundledOrigin[] | undefined,
): { dialect?: Dialect; diagnostics: Diagnostic[] } {
  const base = [...args.toolPath, key];
  const at = locatorFor(args.yaml, base, origins);
  const diagnostics: Diagnostic[] = [];

  const dialect = dialectOf(schema.$schema);
  if (!dialect) {
    diagnostics.push(
      createDiagnostic({
        code: "MG021",
        format: { schema: String(schema.$schema), supported: SUPPORTED_DIALECT_URIS.join(" (the default), ") },
        location: at(["$schema"]),
      }),
    );
  }
  if (key === "inputSchema" && schema.type !== "object") {
    if ("type" in schema) {
      const found = typeof schema.type === "string" ? schema.type : JSON.stringify(schema.type);
      diagnostics.push(createDiagnostic({ code: "MG020", format: { found }, location: at(["type"]) }));
    } else {
      diagnostics.push(createDiagnostic({ code: "MG020", messageId: "typeMissing", location: locate(args.yaml, base, "key") }));
    }
  }

  let badPattern = false;
  forEachSchema(schema, (node, schemaPath) => {
    const { required, properties } = node;
    if (isPlainObject(properties) && Object.hasOwn(properties, "__proto__")) {
      // ajv skips `__proto__` in `properties` (and finds one inherited for `required`): such a
      // property would reach handlers unchecked, so it cannot be part of a validated schema.
      diagnostics.push(createDiagnostic({ code: "MG181", location: at([...schemaPath, "properties", "__proto__"], "key") }));
    }
    if (Array.isArray(required) && isPlainObject(properties)) {
      required.forEach((name, i) => {
        if (typeof name !== "string" || Object.hasOwn(properties, name)) return;
        const close = suggest(name, Object.keys(properties));
        diagnostics.push(
          createDiagnostic({
            code: "MG023",
            format: { name },
            location: at([...schemaPath, "required", i]),
            hint: close ? `did you mean \`${close}\`?` : undefined,
          }),
        );
      });
    }
    for (const [pattern, where, part] of patternsOf(node, schemaPath)) {
      try {
        new RegExp(pattern, "u");
      } catch (reason) {
        badPattern = true;
        diagnostics.push(
          createDiagnostic({ code: "MG022", messageId: "badPattern", format: { pattern, reason: (reason as Error).message }, location: at(where, part) }),
        );
      }
    }
    if (!dialect) return;
    if (typeof node.format === "string" && !isKnownFormat(node.format)) {
      diagnostics.push(createDiagnostic({ code: "MG024", format: { format: node.format }, location: at([...schemaPath, "format"]) }));
    }
    for (const keyword of Object.keys(node)) {
      if (isKnownKeyword(dialect, keyword)) continue;
      const suggestion = keyword.startsWith("x-") ? undefined : closestKeyword(dialect, keyword);
      diagnostics.push(
        createDiagnostic({
          code: "MG025",
          format: { keyword, dialect },
          location: at([...schemaPath, keyword], "key"),
          hint: suggestion ? `did you mean \`${suggestion}\`?` : undefined,
        }),
      );
    }
  });
  // bundleSchema already reported refs that do not resolve (MG030-MG033); ajv would only repeat them.
  if (!dialect || badPattern || hasUnresolvedRef(schema)) return { diagnostics };
  const cycle = inPlaceRefCycle(schema);
  if (cycle) {
    diagnostics.push(
      createDiagnostic({
        code: "MG034",
        location: at(cycle),
        hint: "a recursive schema must recurse through `properties`, `items` or another keyword that applies to a part of the value",
      }),
    );
    return { diagnostics };
  }

  const compiled = args.schemas.compile(schema, dialect);
  for (const problem of compiled.problems)
    diagnostics.push(createDiagnostic({ code: "MG022", format: { key, reason: problem.message }, location: at(problem.path) }));
  return { dialect: compiled.problems.length === 0 ? dialect : undefined, diagnostics };
}

function hasUnresolvedRef(schema: JsonObject): boolean {
  let unresolved = false;
  forEachSchema(schema, (node) => {
    if (typeof node.$ref !== "string" || unresolved) return;
    unresolved = localTarget(schema, node.$ref) === undefined;
  });
  return unresolved;
}

/** What a `$ref` within this schema points at (`""` and `#` are its root), with its path; undefined when nothing. */
function localTarget(schema: JsonObject, ref: string): { node: unknown; path: SchemaPath } | undefined {
  const pointer = ref.startsWith("#") ? ref.slice(1) : ref === "" ? "" : undefined;
  if (pointer === undefined || !(pointer === "" || pointer.startsWith("/"))) return undefined;
  let segments: SchemaPath;
  try {
    segments = pointerToPath("#" + pointer);
  } catch {
    return undefined;
  }
  let current: unknown = schema;
  for (const segment of segments) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isPlainObject(current) && Object.hasOwn(current, segment)) current = current[String(segment)];
    else return undefined;
  }
  return current === undefined ? undefined : { node: current, path: segments };
}

/** Keywords whose subschemas apply to the value itself, not to a part of it. */
const IN_PLACE_ONE = ["not", "if", "then", "else"];
const IN_PLACE_LIST = ["allOf", "anyOf", "oneOf"];
const IN_PLACE_MAP = ["dependentSchemas"];

/**
 * The first `$ref` that closes a cycle of references never moving into the data, such as
 * `B: { allOf: [{ $ref: "#/$defs/B" }] }` or two `$defs` that refer to each other: ajv
 * compiles the one and overflows the stack on the other, and a validator of the first
 * recurses forever on any value. Runs on a bundled schema, so cycles through files are
 * cycles here too. Its place, as a path to the `$ref` keyword; undefined when there is none.
 */
export function inPlaceRefCycle(schema: JsonObject): SchemaPath | undefined {
  const state = new Map<unknown, "open" | "closed">();
  const visit = (node: unknown, path: SchemaPath): SchemaPath | undefined => {
    state.set(node, "open");
    for (const { ref, at } of inPlaceRefs(node, path)) {
      const target = localTarget(schema, ref)!;
      const seen = state.get(target.node);
      if (seen === "open") return [...at, "$ref"];
      if (seen === undefined) {
        const found = visit(target.node, target.path);
        if (found) return found;
      }
    }
    state.set(node, "closed");
    return undefined;
  };
  // From the root, then from every schema not reached yet (a cycle no one refers to is still wrong).
  let found = visit(schema, []);
  forEachSchema(schema, (node, path) => {
    if (!found && !state.has(node)) found = visit(node, path);
  });
  return found;
}

/** The `$ref`s that apply to the same value as `node`, each with the path of the schema holding it. */
function inPlaceRefs(node: unknown, path: SchemaPath, found: Array<{ ref: string; at: SchemaPath }> = []): Array<{ ref: string; at: SchemaPath }> {
  if (!isPlainObject(node)) return found;
  if (typeof node.$ref === "string") found.push({ ref: node.$ref, at: path });
  for (const key of IN_PLACE_ONE) inPlaceRefs(node[key], [...path, key], found);
  for (const key of IN_PLACE_LIST) {
    const list = node[key];
    if (Array.isArray(list)) {
      for (const [i, item] of list.entries()) inPlaceRefs(item, [...path, key, i], found);
    }
  }
  for (const key of IN_PLACE_MAP) {
    const map = node[key];
    if (isPlainObject(map)) for (const name of Object.keys(map)) inPlaceRefs(map[name], [...path, key, name], found);
  }
  return found;
}

function patternsOf(node: JsonObject, schemaPath: SchemaPath): Array<[string, SchemaPath, "key" | "value"]> {
  const patterns: Array<[string, SchemaPath, "key" | "value"]> = [];
  if (typeof node.pattern === "string") patterns.push([node.pattern, [...schemaPath, "pattern"], "value"]);
  if (isPlainObject(node.patternProperties)) {
    for (const p of Object.keys(node.patternProperties)) patterns.push([p, [...schemaPath, "patternProperties", p], "key"]);
  }
  return patterns;
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Compilation, shared with the example checker and the validators emitter: each distinct
// schema is compiled once per process. One Ajv instance per dialect serves every schema (an
// instance per schema is what makes checking hundreds of tools slow); it keeps the generated
// source of what it compiles, so the emitter turns these very functions into standalone code.
// Schemas are cached by identity, then by content: projects repeat schemas, and two tools
// whose schemas are equal share one compiled function.

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
  // `$id` changes nothing else here: only refs within the schema (`#...`, `""`) get this far (hasUnresolvedRef).
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
