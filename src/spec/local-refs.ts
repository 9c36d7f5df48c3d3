/**
 * Local `$ref`s within one bundled schema, read as a graph: what a reference points at,
 * and the cycles of references that never move into the data. The schema checker uses
 * both before it hands a schema to ajv; diff checks a tool list read from JSON with the
 * same cycle rule.
 */
import type { JsonObject } from "./model.js";
import { pointerToPath } from "../yaml/positions.js";
import { forEachSchema, type SchemaPath } from "./vocabulary.js";

/** What a `$ref` within this schema points at (`""` and `#` are its root), with its path; undefined when nothing. */
export function localTarget(schema: JsonObject, ref: string): { node: unknown; path: SchemaPath } | undefined {
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

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
