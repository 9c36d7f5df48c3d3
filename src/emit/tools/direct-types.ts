/**
 * Direct types: the declarations json-schema-to-typescript (jstt) writes for a tool's
 * schemas, made directly, without jstt, for the simple schemas most tools have: objects,
 * arrays, primitives, enums, `anyOf` / `oneOf` and lists of types, with no `$ref`,
 * definitions, `allOf`, tuples or typed `additionalProperties`. For anything else it
 * returns undefined and the caller asks jstt.
 *
 * Why not jstt for everything: it dereferences, clones and walks each schema some twenty
 * times, which made it the largest single stage of a cold run (about a quarter of it at
 * 1,000 tools, bench/RESULTS.md). What is made here is byte for byte what jstt 16 makes
 * with the options in tool-modules.ts (format off, unknownAny, strictIndexSignatures,
 * unreachableDefinitions) before tool-modules.ts trims and indents it; each step below names
 * the jstt rule it follows. Its tests hold the two side by side over
 * the real corpus and synthetic schemas, so a jstt upgrade that changes its output fails
 * there, not in users' files.
 *
 * One file on purpose: it follows one program (jstt's normalize, parse and generate steps)
 * in order, over one AST; a reader holds it against jstt's sources side by side.
 */
import type { JsonObject, JsonValue } from "../../spec/model.js";

/** A parsed schema: what jstt's AST keeps of it, and the type text its generator writes. */
interface Ast {
  /**
   * jstt's AST type, as far as it matters here: unions collapse on UNKNOWN (not on a
   * `tsType: unknown`), index signatures flatten unions and skip NEVER, item comments skip
   * arrays and tuples.
   */
  type: "UNKNOWN" | "CUSTOM_UNKNOWN" | "NEVER" | "UNION" | "ARRAY" | "TUPLE" | "OTHER";
  text: string;
  comment?: string;
  deprecated?: boolean;
  /** An array's items; a tuple's elements and then its rest element. */
  items?: Ast[];
  /** A union's members, without repeats. */
  members?: Ast[];
  /** True for an object schema (jstt's INTERFACE), which is declared apart from the type aliases. */
  isInterface?: boolean;
}

/** Thrown (and caught in `directDeclarations`) for a schema outside what this module makes. */
class NotPlain extends Error {}

const notPlain = (): never => {
  throw new NotPlain();
};

/**
 * Keywords jstt reads that this module leaves to jstt. Every other keyword jstt never looks
 * at (`format`, `pattern`, `minimum`, `examples`, ...), so it cannot change the output.
 */
const LEFT_TO_JSTT = new Set([
  "$ref",
  "$id",
  "id",
  "$defs",
  "definitions",
  "allOf",
  "patternProperties",
  "additionalItems",
  "dependencies",
  "extends",
  "tsEnumNames",
  "nullable",
  "title",
  "name",
]);

/**
 * The raw text jstt's `compile` returns for the schema types.ts hands it (the input schema
 * as root, the output schema as the one definition `outputName`), or undefined when the
 * schemas are not simple.
 */
export function directDeclarations(schema: JsonObject, inputName: string, outputName: string | undefined, argumentsName?: string): string | undefined {
  try {
    return declarations(schema, inputName, outputName, argumentsName);
  } catch (error) {
    if (error instanceof NotPlain) return undefined;
    throw error;
  }
}

function declarations(schema: JsonObject, inputName: string, outputName: string | undefined, argumentsName: string | undefined): string {
  // The definitions tool-modules.ts may add, in the order it adds them: what a caller sends, the output.
  const definitionNames = [argumentsName, outputName].filter((name): name is string => name !== undefined);
  // jstt names the root after `compile`'s name argument and each definition after its key,
  // through `toSafeString`: only names it leaves unchanged are made here.
  if (!isSafeName(inputName) || definitionNames.some((name) => !isSafeName(name))) notPlain();
  // jstt's validator walks every subschema, and objects under keywords it does not know
  // ("technically you can put definitions on any key"): one it rejects anywhere fails the
  // whole compile. Objects it would not walk (enum values, defaults) are judged too, which
  // only leaves a few more schemas to jstt.
  if (someObject(schema, failsJsttValidator)) notPlain();
  const { $defs, ...root } = schema;
  const definitionKeys = isObject($defs) ? Object.keys($defs) : [];
  const expected = definitionNames.filter((name) => definitionKeys.includes(name));
  if ($defs !== undefined && (expected.length === 0 || expected.length !== definitionKeys.length || expected.some((name, i) => definitionKeys[i] !== name)))
    notPlain();

  // jstt gives the root an `$id` (its name) first: an empty root is then no longer `{}`, but an
  // object schema like any other.
  const input = Object.keys(root).length === 0 ? { type: "OTHER" as const, text: interfaceBody(root), isInterface: true } : parse(root);
  const aliases: string[] = [];
  const interfaces: string[] = [];
  if (input.isInterface) {
    interfaces.push(generateStandaloneInterface(input, inputName));
  } else {
    // A root `anyOf` or `oneOf` is declared as a type alias; jstt then declares no
    // definition (there would be no output type), and one folded into `unknown` not even the root.
    if (outputName !== undefined || argumentsName !== undefined || input === UNKNOWN) notPlain();
    aliases.push(generateStandaloneType(input, inputName));
  }
  for (const name of isObject($defs) ? definitionKeys : []) {
    const definition = parse(($defs as JsonObject)[name]);
    // `true`, `false` and a union the optimizer folded into `unknown` have no name: jstt
    // would not declare the type at all.
    if (definition === UNKNOWN || definition === NEVER) notPlain();
    // parseSchema's note on an unreachable definition (tool-modules.ts removes it again).
    const provenance = `This interface was referenced by \`${inputName}\`'s JSON-Schema\nvia the \`definition\` "${name}".`;
    definition.comment = definition.comment ? `${definition.comment}\n\n${provenance}` : provenance;
    if (definition.isInterface) interfaces.push(generateStandaloneInterface(definition, name));
    else aliases.push(generateStandaloneType(definition, name));
  }
  // `generate`: the type aliases, then the interfaces (each list joined by one newline).
  return `${[aliases.join("\n"), interfaces.join("\n")].filter(Boolean).join("\n\n")}\n`;
}

function generateStandaloneInterface(ast: Ast, name: string): string {
  return `${hasComment(ast) ? `${generateComment(ast.comment, ast.deprecated)}\n` : ""}export interface ${name} ${ast.text}`;
}

function generateStandaloneType(ast: Ast, name: string): string {
  const commented = withItemsComment(ast);
  return `${hasComment(commented) ? `${generateComment(commented.comment, undefined)}\n` : ""}export type ${name} = ${ast.text}`;
}

// ---------------------------------------------------------------------------------
// normalizer.ts: the rules that change what a simple schema parses to, on a copy of one node

function normalize(schema: JsonObject): JsonObject {
  for (const key of Object.keys(schema)) if (LEFT_TO_JSTT.has(key)) notPlain();
  const s: JsonObject = { ...schema };
  if (s.description !== undefined && typeof s.description !== "string") notPlain();
  if (s.tsType !== undefined && s.tsType !== "unknown") notPlain();
  if (Array.isArray(s.items)) notPlain();
  // 'Remove `type=["null"]` if `enum=[null]`'
  if (Array.isArray(s.enum) && s.enum.some((value) => value === null) && Array.isArray(s.type) && s.type.includes("null")) {
    s.type = s.type.filter((type) => type !== "null");
  }
  // 'Destructure unary types'
  if (Array.isArray(s.type) && s.type.length === 1) s.type = s.type[0];
  // 'Add empty `required` property if none is defined', 'Default additionalProperties'
  if (isObjectType(s) && !("required" in s)) s.required = [];
  if (isObjectType(s) && !("additionalProperties" in s)) s.additionalProperties = true;
  // 'Escape closing JSDoc comment'
  if (typeof s.description === "string") s.description = s.description.replace(/\*\//g, "* /");
  if (isArrayType(s)) normalizeArrayBounds(s);
  // 'Transform const to singleton enum'
  if (s.const !== undefined) {
    s.enum = [s.const];
    delete s.const;
  }
  return s;
}

/**
 * validator.ts's rules, and the two normalizer rules that throw: jstt rejects the whole
 * schema over any one of them (tool-modules.ts then types the tool loosely).
 */
function failsJsttValidator(s: JsonObject): boolean {
  const { minItems, maxItems } = s;
  if (typeof minItems === "number" && (minItems < 0 || (typeof maxItems === "number" && maxItems < minItems))) return true;
  if (typeof maxItems === "number" && maxItems < 0) return true;
  if (s.deprecated !== undefined && typeof s.deprecated !== "boolean") return true;
  return "tsEnumNames" in s || (s.id !== undefined && s.$id !== undefined) || (s.definitions !== undefined && s.$defs !== undefined);
}

/** True when `value` or an object anywhere inside it passes `test`. */
function someObject(value: JsonValue, test: (object: JsonObject) => boolean): boolean {
  if (Array.isArray(value)) return value.some((item) => someObject(item, test));
  if (!isObject(value)) return false;
  return test(value) || Object.values(value).some((item) => someObject(item, test));
}

/** How jstt's bounds rules leave an array: doc tags, then a tuple for `minItems` above 0. */
function normalizeArrayBounds(s: JsonObject): void {
  const { minItems, maxItems } = s;
  if (minItems !== undefined && !isCount(minItems)) notPlain();
  if (maxItems !== undefined && !isCount(maxItems)) notPlain();
  // 'Add JSDoc comments for minItems and maxItems'
  const tags = [minItems !== undefined ? `@minItems ${minItems}` : "", maxItems !== undefined ? `@maxItems ${maxItems}` : ""].filter(Boolean);
  if (tags.length > 0) s.description = s.description ? `${s.description as string}\n\n${tags.join("\n")}` : tags.join("\n");
  // 'Normalize schema.minItems'
  const min = (minItems as number | undefined) ?? 0;
  s.minItems = min;
  if (maxItems !== undefined) {
    // 'Remove maxItems if it is big enough to likely cause OOMs' drops a wide range whatever
    // the arrays around it; a narrow one makes a tuple of every length.
    if ((maxItems as number) - min <= 20) notPlain();
    delete s.maxItems;
  }
  // 'Normalize schema.items': at least `minItems` elements, then any number more.
  if (min > 0 && s.items !== undefined && s.items !== null && s.items !== false) {
    s.items = Array<JsonValue>(min).fill(s.items);
    s.additionalItems = (s.items as JsonValue[])[0];
  }
}

function isCount(value: JsonValue): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

function hasType(s: JsonObject, type: string): boolean {
  return s.type === type || (Array.isArray(s.type) && s.type.includes(type));
}

function isObjectType(s: JsonObject): boolean {
  return s.properties !== undefined || hasType(s, "object") || hasType(s, "any");
}

function isArrayType(s: JsonObject): boolean {
  return s.items !== undefined || hasType(s, "array") || hasType(s, "any");
}

// ---------------------------------------------------------------------------------
// typesOfSchema.ts: which kind of AST a normalized schema becomes

/** The one kind a schema matches; a schema matching several (an intersection in jstt) is not simple. */
function soleType(s: JsonObject): string {
  if (s.tsType !== undefined) return "CUSTOM_TYPE";
  const compound = Array.isArray(s.type) || "anyOf" in s || "oneOf" in s;
  const matched: string[] = [];
  if ("anyOf" in s) matched.push("ANY_OF");
  if (Object.keys(s).length === 0 || s.type === "any") matched.push("ANY");
  if (!("enum" in s) && (s.type === "boolean" || (!compound && typeof s.default === "boolean"))) matched.push("BOOLEAN");
  if (s.type === "null" || s.type === null) matched.push("NULL");
  if (!("enum" in s) && (s.type === "integer" || s.type === "number" || (!compound && typeof s.default === "number"))) matched.push("NUMBER");
  if (s.type === "object" && !isObject(s.additionalProperties) && !s.anyOf && !s.oneOf && !s.properties && !s.required) matched.push("OBJECT");
  if ("oneOf" in s) matched.push("ONE_OF");
  if (!("enum" in s) && (s.type === "string" || (!compound && typeof s.default === "string"))) matched.push("STRING");
  if ((!s.type || s.type === "array") && "items" in s) matched.push("TYPED_ARRAY");
  if (Array.isArray(s.type)) matched.push("UNION");
  if ((!s.type || ["boolean", "integer", "number", "string"].includes(s.type as string)) && "enum" in s) matched.push("UNNAMED_ENUM");
  if ((s.type === undefined || s.type === "object") && "properties" in s) matched.push("UNNAMED_SCHEMA");
  if (s.type === "array" && !("items" in s)) matched.push("UNTYPED_ARRAY");
  if (matched.length === 0) return "UNNAMED_SCHEMA";
  if (matched.length > 1) notPlain();
  return matched[0];
}

// ---------------------------------------------------------------------------------
// parser.ts and optimizer.ts

const UNKNOWN: Ast = { type: "UNKNOWN", text: "unknown" };
const NEVER: Ast = { type: "NEVER", text: "never" };

/**
 * A schema's AST as the optimizer leaves it. The optimizer does not go into tuples: below
 * one (`optimized` false), unions keep every member.
 */
function parse(schema: JsonValue, optimized = true): Ast {
  // parseBooleanSchema
  if (schema === true) return UNKNOWN;
  if (schema === false) return NEVER;
  if (!isObject(schema)) return notPlain();
  return parseNormalized(normalize(schema), optimized);
}

function parseNormalized(s: JsonObject, optimized: boolean): Ast {
  const comment = s.description as string | undefined;
  const deprecated = s.deprecated === true;
  const leaf = (type: Ast["type"], text: string): Ast => ({ type, text, comment, deprecated });
  switch (soleType(s)) {
    case "ANY":
      return leaf("UNKNOWN", "unknown");
    case "CUSTOM_TYPE":
      return leaf("CUSTOM_UNKNOWN", "unknown");
    case "BOOLEAN":
      return leaf("OTHER", "boolean");
    case "NULL":
      return leaf("OTHER", "null");
    case "NUMBER":
      return leaf("OTHER", "number");
    case "STRING":
      return leaf("OTHER", "string");
    case "UNNAMED_SCHEMA":
      return { ...leaf("OTHER", interfaceBody(s, optimized)), isInterface: true };
    case "TYPED_ARRAY": {
      if (!Array.isArray(s.items)) {
        const items = parse(s.items, optimized);
        return { ...leaf("ARRAY", arrayText(items)), items: [items] };
      }
      // The tuple 'Normalize schema.items' made: `minItems` elements, then the rest.
      const element = parse(s.items[0], false);
      return tuple(leaf, element, s.minItems as number);
    }
    case "UNTYPED_ARRAY": {
      const min = s.minItems as number;
      return min > 0 ? tuple(leaf, UNKNOWN, min) : { ...leaf("ARRAY", arrayText(UNKNOWN)), items: [UNKNOWN] };
    }
    case "UNNAMED_ENUM": {
      if (!Array.isArray(s.enum)) return notPlain();
      const literals = s.enum.map((value): Ast => {
        if (value !== null && typeof value === "object") return notPlain();
        return { type: "OTHER", text: JSON.stringify(value) };
      });
      return union(literals, comment, deprecated, optimized);
    }
    case "ANY_OF":
    case "ONE_OF": {
      const members = s.anyOf ?? s.oneOf;
      if (!Array.isArray(members)) return notPlain();
      return union(
        members.map((member) => parse(member, optimized)),
        comment,
        deprecated,
        optimized,
      );
    }
    case "UNION": {
      // One member per type, each the schema with that type alone (parser.ts, 'UNION').
      const { $id: _id, description: _description, title: _title, ...rest } = s;
      const members = (s.type as JsonValue[]).map((type) => parseNormalized(withoutStrayDefault({ ...rest, type }), optimized));
      return union(members, comment, deprecated, optimized);
    }
    default:
      return notPlain();
  }
}

/** `count` copies of `element`, then any number more (generateRawType's 'TUPLE', when it needs no union). */
function tuple(leaf: (type: Ast["type"], text: string) => Ast, element: Ast, count: number): Ast {
  const elements = Array<Ast>(count + 1).fill(element);
  const text = `[${[...elements.slice(1).map((e) => e.text), `...(${element.text})[]`].join(", ")}]`;
  return { ...leaf("TUPLE", text), items: elements };
}

/** utils.ts `maybeStripDefault`: a union member keeps a `default` only of its own type. */
function withoutStrayDefault(s: JsonObject): JsonObject {
  if (!("default" in s)) return s;
  const value = s.default;
  const fits =
    (s.type === "array" && Array.isArray(value)) ||
    (s.type === "boolean" && typeof value === "boolean") ||
    ((s.type === "integer" || s.type === "number") && typeof value === "number") ||
    (s.type === "string" && typeof value === "string") ||
    (s.type === "null" && value === null) ||
    (s.type === "object" && isObject(value));
  if (fits) return s;
  const { default: _default, ...rest } = s;
  return rest;
}

/** A union; optimized, it is `unknown` if a member is, else its members without repeats. */
function union(members: Ast[], comment: string | undefined, deprecated: boolean, optimized: boolean): Ast {
  let kept = members;
  if (optimized) {
    if (members.some((member) => member.type === "UNKNOWN")) return UNKNOWN;
    const seen = new Set<string>();
    kept = members.filter((member) => !seen.has(member.text) && seen.add(member.text));
  }
  const text = kept.length === 0 ? "never" : kept.length === 1 ? kept[0].text : `(${kept.map((m) => m.text).join(" | ")})`;
  return { type: "UNION", text, comment, deprecated, members: kept };
}

// ---------------------------------------------------------------------------------
// generator.ts

function arrayText(items: Ast): string {
  return items.text.endsWith('"') ? `(${items.text})[]` : `${items.text}[]`;
}

interface Param {
  key: string;
  ast: Ast;
  isRequired: boolean;
}

/** `generateInterface` over `parseSchema`'s params: the properties, then the index signature. */
function interfaceBody(s: JsonObject, optimized = true): string {
  const { properties, additionalProperties } = s;
  if (properties !== undefined && !isObject(properties)) return notPlain();
  const required = Array.isArray(s.required) ? s.required : [];
  const params: Param[] = [];
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (key === "__proto__" || (isObject(value) && value.required === true)) notPlain();
    params.push({ key, ast: parse(value, optimized), isRequired: required.includes(key) });
  }
  const lines = params.map((param) => renderParam(param, escapeKeyName(param.key), param.isRequired ? "" : "?", param.ast.text));
  if (additionalProperties !== false) {
    // `true` and absent admit anything; a schema types the other properties' values.
    const signature = additionalProperties === true || additionalProperties === undefined ? UNKNOWN : parse(additionalProperties, optimized);
    const type = indexSignatureType(signature, params) ?? `${signature.text} | undefined`;
    lines.push(renderParam({ key: "[k: string]", ast: signature, isRequired: true }, "[k: string]", "", type));
  }
  return `{\n${lines.join("\n")}\n}`;
}

function renderParam(param: Param, key: string, optional: string, type: string): string {
  const commented = withItemsComment(param.ast);
  return `${hasComment(commented) ? `${generateComment(commented.comment, commented.deprecated)}\n` : ""}${key}${optional}: ${type}`;
}

/**
 * `generateIndexSignatureType`: the signature's type widened by its siblings' (TypeScript
 * checks every named property against it), or undefined to write it as it is.
 */
function indexSignatureType(signature: Ast, siblings: readonly Param[]): string | undefined {
  const isUnknown = (ast: Ast) => ast.type === "UNKNOWN" || ast.type === "CUSTOM_UNKNOWN";
  if (isUnknown(signature)) return undefined;
  const members: Ast[] = [];
  const add = (ast: Ast): void => {
    if (ast.type === "UNION" && ast.members) ast.members.forEach(add);
    else members.push(ast);
  };
  add(signature);
  for (const sibling of siblings) if (sibling.ast.type !== "NEVER") add(sibling.ast);
  // strictIndexSignatures: `undefined` is always among them.
  if (members.some(isUnknown)) return "unknown | undefined";
  if (members.length === 0) return undefined;
  const texts = [...new Set(members.map((member) => member.text))];
  return [...texts, ...(texts.includes("undefined") ? [] : ["undefined"])].join(" | ");
}

/** An array's item description goes into the comment of the declaration it sits on. */
function withItemsComment(ast: Ast): Ast {
  if ((ast.type !== "ARRAY" && ast.type !== "TUPLE") || ast.items === undefined) return ast;
  const comments = new Set(ast.items.map((item) => (item.type === "ARRAY" || item.type === "TUPLE" ? undefined : item.comment)));
  const [itemComment] = comments;
  if (comments.size !== 1 || !itemComment || /(^|\s)@\w/.test(itemComment)) return ast;
  const items = `Items: ${itemComment}`;
  return { ...ast, comment: ast.comment ? `${ast.comment}\n\n${items}` : items };
}

function hasComment(ast: Ast): boolean {
  return (ast.comment != null && ast.comment !== "") || ast.deprecated === true;
}

function generateComment(comment: string | undefined, deprecated: boolean | undefined): string {
  const lines = ["/**"];
  if (deprecated) lines.push(" * @deprecated");
  if (comment !== undefined) lines.push(...comment.split("\n").map((line) => ` * ${line}`));
  lines.push(" */");
  return lines.join("\n");
}

function escapeKeyName(key: string): string {
  return key.length > 0 && /[A-Za-z_$]/.test(key.charAt(0)) && /^[\w$]+$/.test(key) ? key : JSON.stringify(key);
}

/** Names jstt's `toSafeString` returns unchanged (it would upper-case a letter after a digit). */
function isSafeName(name: string): boolean {
  return /^[A-Z][A-Za-z0-9]*$/.test(name) && !/\d[a-z]/.test(name);
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
