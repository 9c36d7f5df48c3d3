/**
 * A JSON Schema as rows a reader can scan: one per property, nested objects (and
 * objects in arrays) flattened as `parent.child` / `parent[].child`, types written the
 * way TypeScript would. The text is raw; each output format escapes it its own way.
 */
import type { JsonObject, JsonValue } from "../spec/model.js";

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
  const definitions = (["$defs", "definitions"] as const).flatMap((keyword) => {
    const defs = schema[keyword];
    if (!isObject(defs)) return [];
    return Object.entries(defs).map(([name, def]) => ({
      name,
      type: typeOf(def),
      ...(isObject(def) && typeof def.description === "string" && def.description.trim() ? { description: def.description } : {}),
      rows: propertyRows(def, "", 0),
    }));
  });
  return { type: typeOf(schema), rows: propertyRows(schema, "", 0), definitions };
}

function propertyRows(schema: JsonValue, prefix: string, depth: number): PropertyRow[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);
  const rows: PropertyRow[] = [];
  for (const [key, property] of Object.entries(schema.properties)) {
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
    rows.push(...propertyRows(property, `${name}.`, depth + 1));
    if (isObject(details.items)) rows.push(...propertyRows(details.items, `${name}[].`, depth + 1));
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
  for (const [keyword, joiner] of [["anyOf", " | "], ["oneOf", " | "], ["allOf", " & "]] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && branches.length > 0 && !("type" in schema)) {
      return unique(branches.map((branch) => wrapCompound(typeOf(branch)))).join(joiner);
    }
  }
  const types = Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === "string") : typeof schema.type === "string" ? [schema.type] : [];
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

/** `#/$defs/Address` → `Address`: the name a reader finds under "Definitions". */
function refName(ref: string): string {
  const match = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref);
  return match ? match[1].replace(/~1/g, "/").replace(/~0/g, "~") : ref;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
