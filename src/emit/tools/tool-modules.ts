/**
 * The tool modules emitter: `generated/tools/<tool>.ts` with the tool's input and output
 * types (json-schema-to-typescript), its exact wire definition and its handler type.
 *
 * One file on purpose: the emitter, its memo of translations (`TypeTranslations`), the
 * schema clean-up that makes jstt's input and the re-indenting of its output are one path
 * from a tool's schemas to its types file, each step written for the next; the part that
 * stands alone (direct-types.ts, the same declarations without jstt) lives beside it.
 */
import type { Options as TypeCompileOptions } from "json-schema-to-typescript";
import type { JsonObject, JsonValue, ProjectModel, SharedSchema, ToolModel } from "../../spec/model.js";
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "../../spec/vocabulary.js";
import type { EmitContext, TranslationsMemo } from "../shared/emitter.js";
import type { GeneratedFile } from "../shared/generated-file.js";
import { generatedHeader, withoutControlCharacters } from "../shared/header.js";
import { textHash } from "../../util/text-hash.js";
import { jsLiteral } from "../shared/js-literal.js";
import { directDeclarations } from "./direct-types.js";
import { claimName, typeNameFromKey } from "../../spec/ts-names.js";
import { setOwn } from "../../util/set-own.js";
import { toolHash } from "../../spec/tool-hashes.js";

/** The emitter (src/emit/shared/emitter.ts). */
export function emit(model: ProjectModel, context: EmitContext): GeneratedFile[] {
  return emitToolModules(model, context.memo.translations, (tool) => context.memo.tools.of(tool));
}

/**
 * A module per tool, keyed by the tool's hash (`toolHash`, or the session's table of
 * them) and the shared schemas' type names (another spec can rename one, and a module
 * imports them by name); and `schemas.ts`, keyed by the shared schemas.
 */
export function emitToolModules(
  model: ProjectModel,
  translations: TranslationsMemo = new TypeTranslations(),
  hashOf: (tool: ToolModel) => string = toolHash,
): GeneratedFile[] {
  const { schemas } = model;
  const sharedNames = schemas && schemas.length > 0 ? `:${textHash(JSON.stringify(schemas.map((schema) => [schema.id, schema.typeName])))}` : "";
  const files: GeneratedFile[] = model.tools.map((tool) => ({
    area: "generated",
    path: `${tool.ids.module}.ts`,
    mode: "generated",
    key: hashOf(tool) + sharedNames,
    render: () => toolModule(tool, translations),
  }));
  if (schemas && schemas.length > 0) {
    files.push({
      area: "generated",
      path: SHARED_SCHEMAS_PATH,
      mode: "generated",
      key: textHash(JSON.stringify(schemas)),
      render: () => sharedSchemasModule(schemas),
    });
  }
  return files;
}

/** Where the shared schemas' types are: `generated/schemas.ts`, imported by the tool modules as `../schemas.js`. */
export const SHARED_SCHEMAS_PATH = "schemas.ts";

/** `generated/schemas.ts`: one exported type per shared schema, each referring to the others by name. */
async function sharedSchemasModule(schemas: readonly SharedSchema[]): Promise<string> {
  const declarations = await Promise.all(schemas.map((schema) => sharedDeclarations(schema)));
  const files = [...new Set(schemas.map((schema) => schema.file))].sort();
  return [
    generatedHeader(files),
    "// One type per schema that specs `$ref` from another file; every tool module using one imports it from here.",
    "",
    declarations.join("\n\n"),
    "",
  ].join("\n");
}

async function sharedDeclarations(shared: SharedSchema): Promise<string> {
  const names = new Set([shared.typeName]);
  const schema = withSharedTypes(refIntoAllOf(cleanForTypes(shared.schema, (ref) => ref)), sharedRefNames(shared.schema), new Set());
  try {
    const code = await jsttDeclarations(isObject(schema) ? schema : {}, shared.typeName);
    return indentDeclarations(withoutProvenanceComments(code).trim());
  } catch {
    return [...names]
      .map((name) => `/** json-schema-to-typescript could not translate this schema; typed loosely. */\nexport type ${name} = unknown;`)
      .join("\n\n");
  }
}

/** The shared type names a shared schema's refs name (`#/$defs/<typeName>`). */
function sharedRefNames(schema: JsonValue): Set<string> {
  const names = new Set<string>();
  forEachRef(schema, (ref) => {
    const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
    if (match) names.add(match[1]);
  });
  return names;
}

/**
 * A schema ready for jstt with every `$ref` to a shared type (`#/$defs/<name>`, `name` in
 * `shared`) replaced by jstt's `tsType`: the type is imported, not declared again.
 * `used` collects the names that remain in use.
 */
function withSharedTypes(value: JsonValue, shared: ReadonlySet<string>, used: Set<string>): JsonValue {
  if (shared.size === 0) return value;
  if (Array.isArray(value)) return value.map((item) => withSharedTypes(item, shared, used));
  if (!isObject(value)) return value;
  const match = typeof value.$ref === "string" ? /^#\/\$defs\/([^/]+)$/.exec(value.$ref) : null;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "$ref" && match && shared.has(unescapePointerSegment(match[1]))) {
      const name = unescapePointerSegment(match[1]);
      used.add(name);
      copy.tsType = name;
    } else {
      setOwn(copy, key, key === "enum" || key === "const" || key === "default" || key === "examples" ? item : withSharedTypes(item, shared, used));
    }
  }
  return copy;
}

async function toolModule(tool: ToolModel, translations: TranslationsMemo): Promise<string> {
  const { ids } = tool;
  const declarations = await translations.declarations(tool);
  const imported = sharedTypesOf(tool);
  const handlerArguments = tool.wire.outputSchema ? `${ids.inputType}, ${ids.outputType}` : ids.inputType;
  const contents = [
    generatedHeader(tool.sources.slice(0, 1)),
    `import type { ToolDefinition, ToolHandler } from "mcp-gen/runtime";`,
    ...(imported.length > 0
      ? [
          `import type { ${imported.join(", ")} } from "../schemas.js";`,
          // Handlers written when each tool module declared its own copy import them from here.
          `export type { ${imported.join(", ")} } from "../schemas.js";`,
        ]
      : []),
    "",
    declarations,
    "",
    ...(argumentsDiffer(tool)
      ? []
      : [
          `/** What a caller sends: the same as what the handler gets, since no argument has a \`default\`. */`,
          `export type ${ids.argumentsType} = ${ids.inputType};`,
          "",
        ]),
    `/** \`${tool.name.replace(/\*\//g, "*\\/")}\` exactly as \`tools/list\` sends it. */`,
    `export const ${ids.definition}: ToolDefinition = ${jsLiteral(tool.wire as unknown as JsonValue)};`,
    "",
    `export type ${ids.handlerType} = ToolHandler<${handlerArguments}>;`,
    "",
  ].join("\n");
  return contents;
}

const COMPILE_OPTIONS: Partial<TypeCompileOptions> = {
  // Prettier is json-schema-to-typescript's slow part; `indentDeclarations` does the little we need.
  format: false,
  bannerComment: "",
  // Every output schema hangs off the input's `$defs` (see `typeSchemaOf`); it must be declared.
  unreachableDefinitions: true,
  unknownAny: true,
  strictIndexSignatures: true,
  // The model's schemas are self-contained: nothing may be read from disk or network.
  $refOptions: { resolve: { external: false, file: false, http: false } },
};

/** Translations held elsewhere (the build cache's side file), read only when one is needed. */
export interface TypesSource {
  keys: ReadonlySet<string>;
  load: () => Iterable<readonly [string, string]>;
}

/**
 * What a build session already translated, by `keyOf`: in watch mode (one session across
 * runs) a change to one spec re-translates only that tool, and the build cache hands a
 * new process the translations of the last run. Bounded, since every edited version of
 * a schema would otherwise stay.
 */
export class TypeTranslations {
  private readonly translated = new Map<string, Promise<string>>();
  private readonly settled = new Map<string, string>();
  /** A model's tools are not changed once built: each one's translation subject is derived once. */
  private readonly subjects = new WeakMap<ToolModel, TypeSubject>();
  private source: TypesSource | undefined;

  constructor(private readonly limit = 20_000) {}

  /** Everything a tool's declarations depend on, hashed. */
  keyOf(tool: ToolModel): string {
    return this.subject(tool).key;
  }

  /** The one schema a tool's declarations are made from (input as root, output among its `$defs`). */
  subject(tool: ToolModel): TypeSubject {
    let subject = this.subjects.get(tool);
    // A shared schema's name is the project's choice: the same tool may import another one in a later run.
    if (!subject || subject.names !== sharedNamesOf(tool)) {
      subject = typeSubject(tool);
      this.subjects.set(tool, subject);
    }
    return subject;
  }

  /** Translations a previous process recorded, read the first time one of them is needed. */
  restoreFrom(source: TypesSource): void {
    this.source = source;
  }

  /** The tool's declarations, translated once per `keyOf`. */
  declarations(tool: ToolModel): Promise<string> {
    const key = this.keyOf(tool);
    if (!this.translated.has(key) && this.source?.keys.has(key)) this.loadSource();
    let declarations = this.translated.get(key);
    if (!declarations) {
      if (this.translated.size >= this.limit) {
        this.translated.clear();
        this.settled.clear();
      }
      declarations = translate(tool, this.subject(tool).schema).then((text) => {
        this.settled.set(key, text);
        return text;
      });
      this.translated.set(key, declarations);
    }
    return declarations;
  }

  /** Declarations a previous process translated, by `keyOf`. */
  remember(entries: Iterable<readonly [string, string]>): void {
    for (const [key, text] of entries) {
      if (this.translated.has(key)) continue;
      this.translated.set(key, Promise.resolve(text));
      this.settled.set(key, text);
    }
  }

  /** The translations of `keys` this session has (reading the source if it holds some), by `keyOf`. */
  translationsFor(keys: Iterable<string>): Array<[string, string]> {
    const found: Array<[string, string]> = [];
    for (const key of keys) {
      if (!this.settled.has(key) && this.source?.keys.has(key)) this.loadSource();
      const text = this.settled.get(key);
      if (text !== undefined) found.push([key, text]);
    }
    return found;
  }

  private loadSource(): void {
    const loading = this.source;
    this.source = undefined;
    if (loading) this.remember(loading.load());
  }
}

interface TypeSubject {
  schema: JsonObject;
  key: string;
  /** `sharedNamesOf` the tool when the subject was made. */
  names: string;
}

function typeSubject(tool: ToolModel): TypeSubject {
  const schema = typeSchemaOf(tool, new Set());
  const json = JSON.stringify([schema, tool.ids.inputType, tool.ids.argumentsType, tool.ids.outputType, tool.wire.outputSchema !== undefined]);
  return { schema, key: textHash(json), names: sharedNamesOf(tool) };
}

/** The shared type names a tool's schemas may use, as one string. */
function sharedNamesOf(tool: ToolModel): string {
  return (tool.shared ?? []).map((use) => use.typeName ?? "").join("\0");
}

/** The shared types a tool's module imports, sorted. */
function sharedTypesOf(tool: ToolModel): string[] {
  if (!tool.shared?.some((use) => use.typeName !== undefined)) return [];
  const used = new Set<string>();
  typeSchemaOf(tool, used);
  return [...used].sort();
}

/**
 * One compile() per tool, input and output together, so jstt sees every name at once;
 * simple schemas are written directly (direct-types.ts), with jstt's own text.
 */
async function translate(tool: ToolModel, schema: JsonObject): Promise<string> {
  try {
    const code =
      directDeclarations(schema, tool.ids.inputType, outputTypeName(tool), argumentsTypeName(tool)) ?? (await jsttDeclarations(schema, tool.ids.inputType));
    return indentDeclarations(withoutProvenanceComments(code).trim());
  } catch {
    // The checker has accepted the schema, so ajv can validate it: a loose type is
    // better than no generated file at all for whatever jstt cannot translate.
    const loose = (name: string) =>
      `/** json-schema-to-typescript could not translate this schema; typed loosely. */\nexport type ${name} = { [k: string]: unknown };`;
    const names = [tool.ids.inputType, ...(argumentsDiffer(tool) ? [tool.ids.argumentsType] : []), ...(tool.wire.outputSchema ? [tool.ids.outputType] : [])];
    return names.map(loose).join("\n\n");
  }
}

/** What json-schema-to-typescript itself makes of a tool's schema (`typesInput`), untrimmed. */
export async function jsttDeclarations(schema: JsonObject, inputName: string): Promise<string> {
  // Loaded on the first translation it is needed for: a run whose types all come from the
  // memo or from direct-types.ts never loads it.
  const { compile } = await import("json-schema-to-typescript");
  return compile(schema as never, inputName, COMPILE_OPTIONS);
}

/** The name of the output type jstt declares from `typesInput`'s `$defs`, if the tool has an output schema. */
export function outputTypeName(tool: ToolModel): string | undefined {
  return tool.wire.outputSchema ? tool.ids.outputType : undefined;
}

/** The name of the caller's type jstt declares from `typesInput`'s `$defs`, if it differs from the handler's input. */
export function argumentsTypeName(tool: ToolModel): string | undefined {
  return argumentsDiffer(tool) ? tool.ids.argumentsType : undefined;
}

/** The one schema a tool's declarations are made from (input as root, output among its `$defs`). */
export function typesInput(tool: ToolModel): JsonObject {
  return typeSchemaOf(tool, new Set());
}

/**
 * jstt notes under each definition which schema referenced it; with the output schema
 * folded into the input's `$defs` that note would name the wrong schema, and it says
 * nothing a reader of one tool's file needs.
 */
function withoutProvenanceComments(code: string): string {
  return code
    .replace(
      /(\n \* )?\n \* This interface was referenced by `[^`\n]*`'s JSON-Schema( definition)?\n \* via the `(definition|patternProperty)` "[^\n]*"\.(?=\n)/g,
      "",
    )
    .replace(/^\/\*\*\n \*\/\n/gm, "");
}

// ---------------------------------------------------------------------------------
// The schema handed to json-schema-to-typescript

/**
 * Keys jstt would turn into names or code of their own: titles (Python schemas title every
 * property, which would make a named type of each), ids, and jstt's own extensions,
 * which must never reach the output from someone else's schema.
 */
const KEYS_HIDDEN_FROM_JSTT = new Set(["$id", "$schema", "id", "title", "tsType", "tsEnumNames", "tsExtends", "extends", "$defs", "definitions"]);

interface DefinitionName {
  owner: "input" | "output";
  container: string;
  key: string;
}

/**
 * The input schema as root, with both schemas' definitions (renamed where they would
 * clash) and the output schema itself in one `$defs`: jstt then declares every type
 * of the file in a single pass and can never emit one name twice.
 */
function typeSchemaOf(tool: ToolModel, sharedUsed: Set<string>): JsonObject {
  const { ids } = tool;
  // Shared schemas are imported under their project-wide names (`generated/schemas.ts`), not declared here.
  const shared = new Map<string, string>();
  for (const use of tool.shared ?? []) {
    if (use.typeName !== undefined) shared.set(`${use.schema === "inputSchema" ? "input" : "output"}\u0000${use.defsKey}\u0000${use.entry}`, use.typeName);
  }
  const sharedNames = new Set(shared.values());
  const used = new Set([ids.inputType, ids.argumentsType, ids.outputType, ids.handlerType, "ToolDefinition", "ToolHandler", ...sharedNames]);
  const handlerInput = withDefaultsFilled(tool.wire.inputSchema);
  const roots: Array<{ owner: "input" | "output"; schema: JsonObject; typeName: string }> = [{ owner: "input", schema: handlerInput, typeName: ids.inputType }];
  if (tool.wire.outputSchema) roots.push({ owner: "output", schema: tool.wire.outputSchema, typeName: ids.outputType });

  // Every definition gets its final name up front; refs are rewritten to it.
  const renamed = new Map<string, string>();
  const definitions = new Map<string, JsonValue>();
  const definitionKey = (name: DefinitionName) => `${name.owner}\u0000${name.container}\u0000${name.key}`;
  for (const root of roots) {
    for (const container of ["$defs", "definitions"]) {
      const defs = root.schema[container];
      if (!isObject(defs)) continue;
      for (const [key, definition] of Object.entries(defs)) {
        const sharedName = shared.get(definitionKey({ owner: root.owner, container, key }));
        if (sharedName !== undefined) {
          renamed.set(definitionKey({ owner: root.owner, container, key }), sharedName);
          continue;
        }
        const base = typeNameFromKey(key) || "Definition";
        const name = claimName([base, `${root.typeName}${base}`], used);
        renamed.set(definitionKey({ owner: root.owner, container, key }), name);
        definitions.set(name, definition);
      }
    }
  }

  const rewriteRef = (owner: "input" | "output", ref: string): string | undefined => {
    if (!ref.startsWith("#")) return undefined;
    const segments = ref.slice(1).split("/").slice(1).map(unescapePointerSegment);
    const [container, key, ...rest] = segments;
    const target = container !== undefined && key !== undefined ? renamed.get(definitionKey({ owner, container, key })) : undefined;
    if (target !== undefined) return pointer(["$defs", target, ...rest]);
    if (owner === "output") return pointer(["$defs", ids.outputType, ...segments]);
    return ref;
  };

  const cleanedDefinitions = new Map<string, JsonValue>();
  for (const root of roots) {
    const ownDefinitions = [...renamed.entries()].filter(([key]) => key.startsWith(`${root.owner}\u0000`));
    for (const [, name] of ownDefinitions) {
      if (sharedNames.has(name)) continue;
      cleanedDefinitions.set(
        name,
        cleanForTypes(definitions.get(name) as JsonValue, (ref) => rewriteRef(root.owner, ref)),
      );
    }
  }
  const [input, output] = roots.map((root) => {
    // An outputSchema that is a shared schema (a `$ref` the bundler hoisted to the root) is that type.
    const sharedRoot = root.owner === "output" ? tool.shared?.find((use) => use.schema === "outputSchema" && use.entry === "")?.typeName : undefined;
    if (sharedRoot !== undefined) return { $ref: pointer(["$defs", sharedRoot]) };
    return refIntoAllOf(cleanForTypes(root.schema, (ref) => rewriteRef(root.owner, ref)));
  });
  // What a caller sends, declared beside the handler's input only where the two differ.
  const callerInput =
    handlerInput === tool.wire.inputSchema ? undefined : refIntoAllOf(cleanForTypes(tool.wire.inputSchema, (ref) => rewriteRef("input", ref)));
  if (callerInput !== undefined) cleanedDefinitions.set(ids.argumentsType, callerInput);
  if (output !== undefined) cleanedDefinitions.set(ids.outputType, output);

  // Definitions nobody refers to would be declared too (unreachableDefinitions); leave them out.
  const rootsOfFile = [input, ...(callerInput === undefined ? [] : [callerInput]), ...(output === undefined ? [] : [output])];
  const reachable = reachableDefinitions(rootsOfFile, cleanedDefinitions);
  const $defs: JsonObject = {};
  for (const [name, definition] of cleanedDefinitions) {
    if (reachable.has(name) || name === ids.outputType || name === ids.argumentsType) setOwn($defs, name, definition);
  }
  const schema = isObject(input) ? { ...input } : {};
  if (Object.keys($defs).length > 0) setOwn(schema, "$defs", $defs);
  return withSharedTypes(schema, sharedNames, sharedUsed) as JsonObject;
}

/** Whether a tool declares `<Tool>Arguments` apart from `<Tool>Input` (some argument has a `default`). */
export function argumentsDiffer(tool: ToolModel): boolean {
  return withDefaultsFilled(tool.wire.inputSchema) !== tool.wire.inputSchema;
}

/**
 * The input schema as the handler sees the value: every property whose schema has a
 * `default` is required, since the validator (ajv's `useDefaults`) fills it in when the
 * caller leaves it out. Followed where ajv applies defaults and the type is declared in
 * place: `properties` and `items`, from the root down, not into `$defs` (a definition is
 * one type shared by callers and handler) nor into `anyOf`/`oneOf`/`not`/`if`, where ajv
 * fills in nothing. A nested default applies only when its parent object is there, so the
 * parent stays as optional as the caller's; with a `default` of its own it is required too,
 * and ajv fills in the parent's default and then the defaults inside it. The same object
 * when no default changes anything.
 */
function withDefaultsFilled(schema: JsonObject): JsonObject {
  return fillDefaults(schema) as JsonObject;
}

function fillDefaults(schema: JsonValue): JsonValue {
  if (!isObject(schema)) return schema;
  let copy: JsonObject | undefined;
  const change = (key: string, value: JsonValue) => {
    copy ??= { ...schema };
    setOwn(copy, key, value);
  };
  const { properties, items } = schema;
  if (isObject(properties)) {
    let changedProperties: JsonObject | undefined;
    const required = Array.isArray(schema.required) ? schema.required : [];
    const added: string[] = [];
    for (const [name, property] of Object.entries(properties)) {
      const inner = fillDefaults(property);
      if (inner !== property) {
        changedProperties ??= { ...properties };
        setOwn(changedProperties, name, inner);
      }
      if (isObject(property) && Object.hasOwn(property, "default") && !required.includes(name)) added.push(name);
    }
    if (changedProperties) change("properties", changedProperties);
    if (added.length > 0) change("required", [...required, ...added]);
  }
  if (isObject(items)) {
    const inner = fillDefaults(items);
    if (inner !== items) change("items", inner);
  }
  return copy ?? schema;
}

/**
 * A schema with its `$ref` moved into `allOf` (the same meaning in JSON Schema): jstt
 * names a schema that holds a `$ref` after the schema it refers to. At the root, an
 * outputSchema of `$ref: "#/$defs/out"` would be declared as `Out`, and the tool's
 * `…Output` type never; below it, `{ $ref: "#/$defs/address", description: Sender. }`
 * would declare a copy of `Address` (`Address1`, ...) for each such use, the description
 * on the copy instead of on the property.
 */
function refIntoAllOf(schema: JsonValue): JsonValue {
  if (!isObject(schema) || typeof schema.$ref !== "string") return schema;
  const { $ref, allOf, ...rest } = schema;
  return { ...rest, allOf: [{ $ref }, ...(Array.isArray(allOf) ? allOf : [])] };
}

/**
 * A copy of `schema` without the keys jstt must not see, with each `$ref` rewritten by
 * `rewriteRef` (dropped when it returns undefined: a ref the model should never hold).
 */
function cleanForTypes(schema: JsonValue, rewriteRef: (ref: string) => string | undefined): JsonValue {
  if (!isObject(schema)) return schema;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (KEYS_HIDDEN_FROM_JSTT.has(key)) continue;
    if (key === "$ref") {
      const ref = typeof value === "string" ? rewriteRef(value) : undefined;
      if (ref !== undefined) copy.$ref = ref;
    } else if (!acceptedByJstt(key, value, schema)) {
    } else if (key === "description" && typeof value === "string") {
      // jstt writes descriptions into doc comments: a CR or U+2028 there would end a line mid-comment.
      setOwn(copy, key, withoutControlCharacters(value));
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) {
      const map: JsonObject = {};
      for (const [name, subschema] of Object.entries(value)) setOwn(map, name, cleanForTypes(subschema, rewriteRef));
      setOwn(copy, key, map);
    } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
      setOwn(
        copy,
        key,
        value.map((subschema) => cleanForTypes(subschema, rewriteRef)),
      );
    } else if (SCHEMA_KEYWORDS.has(key)) {
      setOwn(copy, key, cleanForTypes(value, rewriteRef));
    } else {
      setOwn(copy, key, value);
    }
  }
  return typedOrUnknown(typeof copy.$ref === "string" && Object.keys(copy).length > 1 ? (refIntoAllOf(copy) as JsonObject) : copy);
}

/** Keywords from which jstt derives a type of its own: an untyped schema with one of them keeps it. */
const TYPE_SHAPING_KEYWORDS = new Set([
  "type",
  "$ref",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "properties",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "required",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "items",
  "prefixItems",
  "additionalItems",
]);

/** What an untyped schema keeps when no keyword of it says what type its values are: what becomes a doc comment. */
const COMMENT_KEYWORDS = new Set(["description", "deprecated"]);

/**
 * jstt types an untyped schema with any keyword but those above as an object (`{ minLength:
 * 2 }`, `{ format: date }`, `{ if, then, else }`, `{ not: ... }`, even `{ description }`),
 * or after its `default`, though such a schema lets values of every type through (a keyword
 * only constrains values of its own type). It is typed `unknown` (jstt's own `tsType`,
 * which no schema from outside can carry: see KEYS_HIDDEN_FROM_JSTT), keeping its comments.
 * An `if` with both `then` and `else` typed is the union of the two.
 */
function typedOrUnknown(schema: JsonObject): JsonObject {
  const keys = Object.keys(schema);
  if (keys.length === 0 || keys.some((key) => TYPE_SHAPING_KEYWORDS.has(key))) return schema;
  const kept: JsonObject = {};
  for (const key of keys) if (COMMENT_KEYWORDS.has(key)) setOwn(kept, key, schema[key]);
  // A value passes `if` and `then`, or fails `if` and passes `else`: it is of `then`'s type or of `else`'s.
  const { then: whenTrue, else: whenFalse } = schema;
  if (isObject(whenTrue) && isObject(whenFalse) && whenTrue.tsType !== "unknown" && whenFalse.tsType !== "unknown") {
    kept.anyOf = [whenTrue, whenFalse];
    return kept;
  }
  kept.tsType = "unknown";
  return kept;
}

/** jstt rejects a whole schema over these, although they are valid (or ignorable) JSON Schema. */
function acceptedByJstt(key: string, value: JsonValue, schema: JsonObject): boolean {
  switch (key) {
    case "required":
      return Array.isArray(value);
    case "deprecated":
      return typeof value === "boolean";
    case "minItems":
    case "maxItems": {
      const { minItems, maxItems } = schema;
      const isCount = (count: JsonValue | undefined) => typeof count === "number" && Number.isInteger(count) && count >= 0;
      if (!isCount(value)) return false;
      return !isCount(minItems) || !isCount(maxItems) || (minItems as number) <= (maxItems as number);
    }
    default:
      return true;
  }
}

function reachableDefinitions(roots: JsonValue[], definitions: Map<string, JsonValue>): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    forEachRef(pending.pop() as JsonValue, (ref) => {
      const match = /^#\/\$defs\/([^/]+)/.exec(ref);
      const name = match ? unescapePointerSegment(match[1]) : undefined;
      if (name !== undefined && !reached.has(name) && definitions.has(name)) {
        reached.add(name);
        pending.push(definitions.get(name) as JsonValue);
      }
    });
  }
  return reached;
}

function forEachRef(value: JsonValue, visit: (ref: string) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) forEachRef(item, visit);
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") visit(item);
      else if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples") forEachRef(item, visit);
    }
  }
}

function pointer(segments: string[]): string {
  return `#/${segments.map((segment) => segment.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;
}

function unescapePointerSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A literal `%` is a valid pointer character; keep the segment as written.
  }
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~");
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------
// Text

/**
 * Indents jstt's unformatted output by bracket nesting (two spaces per line that opens
 * brackets, however many it opens), skipping brackets in strings and comments.
 */
export function indentDeclarations(code: string): string {
  // One entry per open bracket: whether it added a level of indentation.
  const open: boolean[] = [];
  const level = () => open.filter(Boolean).length;
  const out: string[] = [];
  for (const rawLine of code.split("\n")) {
    const line = rawLine.trim();
    if (line === "") {
      // jstt leaves an empty line in an empty interface; keep only the ones between declarations.
      if (open.length === 0) out.push("");
      continue;
    }
    if (line.startsWith("*") || line.startsWith("/*")) {
      if (open.length === 0 && line.startsWith("/**") && out.length > 0 && out.at(-1) !== "") out.push("");
      out.push("  ".repeat(level()) + (line.startsWith("*") ? ` ${line}` : line));
      continue;
    }
    // A blank line between top-level declarations; jstt's unformatted output has none.
    const startsDeclaration = line.startsWith("export ") && !out.at(-1)?.endsWith("*/");
    if (open.length === 0 && startsDeclaration && out.length > 0 && out.at(-1) !== "") out.push("");
    const brackets = bracketsOf(line);
    let leading = 0;
    while (brackets[leading] === "close") leading++;
    for (let index = 0; index < leading; index++) open.pop();
    out.push("  ".repeat(level()) + line);
    let openedHere = 0;
    for (const bracket of brackets.slice(leading)) {
      if (bracket === "other") continue;
      if (bracket === "close") {
        open.pop();
        openedHere = Math.max(0, openedHere - 1);
      } else {
        open.push(false);
        openedHere++;
      }
    }
    if (openedHere > 0) open[open.length - 1] = true;
  }
  return out.join("\n");
}

/** The brackets of one line in order; "close" entries before anything else are leading closers. */
function bracketsOf(line: string): Array<"open" | "close" | "other"> {
  const brackets: Array<"open" | "close" | "other"> = [];
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (char === '"' || char === "'" || char === "`") {
      index = endOfString(line, index);
      brackets.push("other");
    } else if (char === "/" && line[index + 1] === "/") {
      break;
    } else if (char === "{" || char === "[" || char === "(") {
      brackets.push("open");
    } else if (char === "}" || char === "]" || char === ")") {
      brackets.push("close");
    } else if (char !== " ") {
      brackets.push("other");
    }
  }
  return brackets;
}

function endOfString(line: string, start: number): number {
  const quote = line[start];
  for (let index = start + 1; index < line.length; index++) {
    if (line[index] === "\\") index++;
    else if (line[index] === quote) return index;
  }
  return line.length;
}
