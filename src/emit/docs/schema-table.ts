/**
 * A JSON Schema as rows a reader can scan: one per property, nested objects (and
 * objects in arrays) flattened as `parent.child` / `parent[].child`, types written the
 * way TypeScript would. The text is raw; each output format escapes it its own way.
 */
import type { JsonObject, JsonValue } from "../../spec/model.js";

export interface PropertyRow {
  /** `record.owner`, `rows[].key` */
  name: string;
  /** Nesting level, 0 for the root's own properties. */
  depth: number;
  type: string;
  required: boolean;
  /** The default as JSON, when there is one. */
  default?: string;
  description?: string;
  deprecated: boolean;
  /** `minimum: 1`, `format: "date-time"`, ... */
  constraints: string[];
}

export interface SchemaTable {
  /** The root's type (`object`, or e.g. `string` for an output that is not an object). */
  type: string;
  rows: PropertyRow[];
  definitions: Array<{ name: string; type: string; description?: string; rows: PropertyRow[] }>;
}

export function schemaTable(schema: JsonObject): SchemaTable {
  const definition = (ref: string): JsonValue | undefined => {
    const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
    const defs = match ? schema[match[1]] : undefined;
    return match && isObject(defs) ? defs[refName(ref)] : undefined;
  };
  const definitions = (["$defs", "definitions"] as const).flatMap((keyword) => {
    const defs = schema[keyword];
    if (!isObject(defs)) return [];
    return Object.entries(defs).map(([name, def]) => ({
      name,
      type: typeOf(def),
      ...(isObject(def) && typeof def.description === "string" && def.description.trim() ? { description: def.description } : {}),
      rows: propertyRows(def, "", 0, definition),
    }));
  });
  // The root's own `$ref` target and `allOf` branches hold its properties too; an array's are its items'.
  const rows = [...propertyRows(schema, "", 0, definition, true), ...(isObject(schema.items) ? propertyRows(schema.items, "[].", 0, definition, true) : [])];
  return { type: typeOf(schema), rows, definitions };
}

/**
 * The parts of an object schema that list its properties: itself and its `allOf`
 * branches, and with `followRef` (the root, and any `allOf` branch) the definition a
 * `$ref` names. A `$ref`'d property elsewhere keeps its own name, its rows under Definitions.
 */
function objectParts(schema: JsonValue, definition: (ref: string) => JsonValue | undefined, followRef: boolean, seen = new Set<JsonValue>()): JsonObject[] {
  if (!isObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const parts = [schema];
  if (followRef && typeof schema.$ref === "string") parts.push(...objectParts(definition(schema.$ref) ?? null, definition, true, seen));
  if (Array.isArray(schema.allOf)) for (const branch of schema.allOf) parts.push(...objectParts(branch, definition, true, seen));
  return parts;
}

function propertyRows(schema: JsonValue, prefix: string, depth: number, definition: (ref: string) => JsonValue | undefined, followRef = false): PropertyRow[] {
  const parts = objectParts(schema, definition, followRef);
  const required = new Set(parts.flatMap((part) => (Array.isArray(part.required) ? part.required.filter((r): r is string => typeof r === "string") : [])));
  const properties = new Map<string, JsonValue>();
  for (const part of parts) {
    if (!isObject(part.properties)) continue;
    // The first part that lists a property describes it (the schema's own before its branches').
    for (const [key, property] of Object.entries(part.properties)) if (!properties.has(key)) properties.set(key, property);
  }
  const rows: PropertyRow[] = [];
  for (const [key, property] of properties) {
    const name = `${prefix}${key}`;
    const details = isObject(property) ? property : {};
    rows.push({
      name,
      depth,
      type: typeOf(property),
      required: required.has(key),
      ...("default" in details ? { default: JSON.stringify(details.default) } : {}),
      ...(typeof details.description === "string" && details.description.trim() ? { description: details.description.trim() } : {}),
      deprecated: details.deprecated === true,
      constraints: CONSTRAINTS.filter((keyword) => keyword in details).map((keyword) => `${keyword}: ${JSON.stringify(details[keyword])}`),
    });
    rows.push(...propertyRows(property, `${name}.`, depth + 1, definition));
    if (isObject(details.items)) rows.push(...propertyRows(details.items, `${name}[].`, depth + 1, definition));
  }
  return rows;
}

const CONSTRAINTS = [
  "format",
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
] as const;

/** A schema's type, written as a reader would guess it: `string`, `"a" | "b"`, `number[]`, `Address`. */
export function typeOf(schema: JsonValue): string {
  if (schema === true) return "any";
  if (schema === false) return "never";
  if (!isObject(schema)) return "any";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return unique(schema.enum.map((value) => JSON.stringify(value))).join(" | ");
  for (const [keyword, joiner] of [
    ["anyOf", " | "],
    ["oneOf", " | "],
    ["allOf", " & "],
  ] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && branches.length > 0 && !("type" in schema)) {
      return unique(branches.map((branch) => wrapCompound(typeOf(branch)))).join(joiner);
    }
  }
  const types = Array.isArray(schema.type)
    ? schema.type.filter((t): t is string => typeof t === "string")
    : typeof schema.type === "string"
      ? [schema.type]
      : [];
  if (types.length === 0) {
    if (isObject(schema.properties)) types.push("object");
    else if ("items" in schema || "prefixItems" in schema) types.push("array");
    else return "any";
  }
  return unique(types.map((type) => singleType(schema, type))).join(" | ");
}

function singleType(schema: JsonObject, type: string): string {
  if (type !== "array") return type;
  if (Array.isArray(schema.prefixItems)) return `[${schema.prefixItems.map(typeOf).join(", ")}]`;
  if (Array.isArray(schema.items)) return `[${schema.items.map(typeOf).join(", ")}]`;
  return "items" in schema ? `${wrapCompound(typeOf(schema.items))}[]` : "array";
}

function wrapCompound(type: string): string {
  return / [|&] /.test(type) ? `(${type})` : type;
}

/** `#/$defs/Address` → `Address`: the name a reader finds under "Definitions" (`with%20space` → `with space`). */
function refName(ref: string): string {
  const match = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref);
  if (!match) return ref;
  let segment = match[1];
  try {
    segment = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded after all: the segment as written.
  }
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
