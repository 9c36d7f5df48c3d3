/**
 * The JSON Schema keywords each dialect defines, and which of them hold subschemas.
 * Walking schemas through this table (instead of through every object) is what keeps
 * a property named `required` or `$ref` from being mistaken for a keyword.
 */
import type { Dialect, JsonValue } from "./model.js";
import { isKnownFormat } from "./ajv.js";
import { suggest } from "../util/suggest.js";

/** Keywords whose value is one schema. */
export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "additionalItems",
  "additionalProperties",
  "contains",
  "contentSchema",
  "else",
  "if",
  "items",
  "not",
  "propertyNames",
  "then",
  "unevaluatedItems",
  "unevaluatedProperties",
]);

/** Keywords whose value is an array of schemas (`items` too, in its draft-07 tuple form). */
export const SCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set(["allOf", "anyOf", "items", "oneOf", "prefixItems"]);

/** Keywords whose value maps names to schemas (`dependencies` values may also be string arrays). */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  "$defs",
  "definitions",
  "dependencies",
  "dependentSchemas",
  "patternProperties",
  "properties",
]);

const ANNOTATIONS = [
  "$comment",
  "contentEncoding",
  "contentMediaType",
  "default",
  "deprecated",
  "description",
  "examples",
  "format",
  "readOnly",
  "title",
  "writeOnly",
];

const DRAFT_07 = [
  ...ANNOTATIONS,
  "$id",
  "$ref",
  "$schema",
  "additionalItems",
  "additionalProperties",
  "allOf",
  "anyOf",
  "const",
  "contains",
  "definitions",
  "dependencies",
  "else",
  "enum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "if",
  "items",
  "maxItems",
  "maxLength",
  "maxProperties",
  "maximum",
  "minItems",
  "minLength",
  "minProperties",
  "minimum",
  "multipleOf",
  "not",
  "oneOf",
  "pattern",
  "patternProperties",
  "properties",
  "propertyNames",
  "required",
  "then",
  "type",
  "uniqueItems",
];

const DRAFT_2020_12 = [
  ...DRAFT_07.filter((k) => k !== "additionalItems"),
  "$anchor",
  "$defs",
  "$dynamicAnchor",
  "$dynamicRef",
  "$vocabulary",
  "contentSchema",
  "dependentRequired",
  "dependentSchemas",
  "maxContains",
  "minContains",
  "prefixItems",
  "unevaluatedItems",
  "unevaluatedProperties",
];
// `definitions` and `dependencies` stay known in 2020-12: the spec keeps them reserved for
// compatibility, ajv honours them, and real schemas written for draft-07 use them.

const VOCABULARY: Record<Dialect, ReadonlySet<string>> = {
  "draft-07": new Set(DRAFT_07),
  "2020-12": new Set(DRAFT_2020_12),
};

export function isKnownKeyword(dialect: Dialect, keyword: string): boolean {
  return VOCABULARY[dialect].has(keyword);
}

/** The dialect's keywords, sorted: candidates for a "did you mean". */
export function keywordsOf(dialect: Dialect): string[] {
  return [...VOCABULARY[dialect]].sort();
}

export type SchemaPath = Array<string | number>;

function isObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Calls `visit` for `schema` and every subschema below it, in key order, with each
 * one's path from `schema`. Boolean schemas are skipped (they have no keywords), and
 * so are values under unknown keywords (they are annotations, not schemas).
 */
export function forEachSchema(schema: unknown, visit: (schema: Record<string, JsonValue>, path: SchemaPath) => void, path: SchemaPath = []): void {
  walkSchemas(schema, visit, path, new Set(), NO_KEYWORDS);
}

/**
 * `forEachSchema`, without going into the subschemas under the `skipped` keywords (at
 * any depth): e.g. `if`/`not`, whose properties test a value rather than describe it.
 */
export function forEachSchemaExcept(schema: unknown, skipped: ReadonlySet<string>, visit: (schema: Record<string, JsonValue>, path: SchemaPath) => void): void {
  walkSchemas(schema, visit, [], new Set(), skipped);
}

const NO_KEYWORDS: ReadonlySet<string> = new Set();

function walkSchemas(
  schema: unknown,
  visit: (schema: Record<string, JsonValue>, path: SchemaPath) => void,
  path: SchemaPath,
  ancestors: Set<unknown>,
  skipped: ReadonlySet<string>,
): void {
  // YAML aliases can make a value contain itself; stop rather than loop.
  if (!isObject(schema) || ancestors.has(schema)) return;
  ancestors.add(schema);
  visit(schema, path);
  for (const [key, value] of Object.entries(schema)) {
    if (skipped.has(key)) continue;
    if (SCHEMA_KEYWORDS.has(key) && isObject(value)) {
      walkSchemas(value, visit, [...path, key], ancestors, skipped);
    } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
      for (const [i, item] of value.entries()) walkSchemas(item, visit, [...path, key, i], ancestors, skipped);
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) {
      for (const [name, item] of Object.entries(value)) walkSchemas(item, visit, [...path, key, name], ancestors, skipped);
    }
  }
  ancestors.delete(schema);
}

/** The closest keyword of the dialect when `word` is plausibly a typo of it. */
export function closestKeyword(dialect: Dialect, word: string): string | undefined {
  return suggest(word, keywordsOf(dialect));
}

/**
 * Formats used in `schema` that JSON Schema does not define, sorted: ajv registers them
 * as annotations, and the checker warns about them.
 */
export function unknownFormatsOf(schema: unknown): string[] {
  const formats = new Set<string>();
  forEachSchema(schema, (node) => {
    if (typeof node.format === "string" && !isKnownFormat(node.format)) formats.add(node.format);
  });
  return [...formats].sort();
}
