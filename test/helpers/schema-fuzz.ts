/**
 * Random JSON Schemas for differential tests: a seeded generator (the same seed gives the
 * same schemas on every machine) over the keywords json-schema-to-typescript reads and
 * some it ignores, with the awkward values real schemas have (`*\/` in descriptions,
 * keys that need quotes, repeated enum values, bounds on arrays).
 */
import type { JsonObject, JsonValue } from "../../src/spec/model.js";
import { rng } from "./rng.js";

const TYPES = ["string", "number", "integer", "boolean", "null", "object", "array"];
const KEYS = ["id", "name", "a-b", "1st", "", "$ref", "items", "x_y", "Zed", "type", "ok"];
const DESCRIPTIONS = ["Plain words.", "Closes */ early", "Two\nlines", "", "Has @tag inside", "mail me@example.org", 'Ends with a quote "'];
const LITERALS: JsonValue[] = ["a", "b", "a", 1, 2.5, true, false, null, 'with "quote"'];

export function randomSchemas(seed: number, count: number): Array<{ input: JsonObject; output?: JsonValue }> {
  const { next: random, chance, pick } = rng(seed);
  const some = <T>(items: readonly T[], max: number): T[] => Array.from({ length: Math.floor(random() * (max + 1)) }, () => pick(items));

  const schema = (depth: number): JsonValue => {
    if (chance(0.05)) return chance(0.5);
    const s: JsonObject = {};
    const roll = random();
    if (roll < 0.55) s.type = pick(TYPES);
    else if (roll < 0.65) s.type = [...new Set(some(TYPES, 3))];
    if (chance(0.4)) s.description = pick(DESCRIPTIONS);
    if (chance(0.08)) s.deprecated = chance(0.5);
    if (chance(0.12)) s.default = pick(LITERALS);
    if (chance(0.1)) s.format = "uri";
    if (depth > 0 && (s.type === "object" || (s.type === undefined && chance(0.3)) || (Array.isArray(s.type) && s.type.includes("object")))) {
      if (chance(0.85)) {
        const properties: JsonObject = {};
        for (const key of some(KEYS, 3)) properties[key] = schema(depth - 1);
        s.properties = properties;
        if (chance(0.6)) s.required = [...new Set([...some(Object.keys(properties), 2), ...(chance(0.1) ? ["missing"] : [])])];
      }
      const extra = random();
      if (extra < 0.3) s.additionalProperties = false;
      else if (extra < 0.4) s.additionalProperties = true;
      else if (extra < 0.55) s.additionalProperties = schema(depth - 1);
    }
    if (depth > 0 && (s.type === "array" || (Array.isArray(s.type) && s.type.includes("array")) || (s.type === undefined && chance(0.15)))) {
      if (chance(0.85)) s.items = chance(0.05) ? [schema(depth - 1)] : schema(depth - 1);
      if (chance(0.2)) s.minItems = pick([0, 1, 2]);
      if (chance(0.12)) s.maxItems = pick([1, 3, 25, 40]);
    }
    if (chance(0.12)) s.enum = some(LITERALS, 4);
    else if (chance(0.05)) s.const = pick(LITERALS);
    if (depth > 0 && chance(0.1)) s[chance(0.5) ? "anyOf" : "oneOf"] = Array.from({ length: Math.floor(random() * 3) }, () => schema(depth - 1));
    if (depth > 0 && chance(0.02)) s.allOf = [schema(depth - 1)];
    if (chance(0.02)) s.nullable = true;
    if (chance(0.02)) s.patternProperties = { "^x": { type: "string" } };
    if (chance(0.03)) s.tsType = "unknown";
    return s;
  };

  const cases: Array<{ input: JsonObject; output?: JsonValue }> = [];
  for (let index = 0; index < count; index++) {
    const input = schema(3);
    const root: JsonObject = typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
    if (chance(0.8)) root.type = "object";
    cases.push(chance(0.4) ? { input: root, output: chance(0.8) ? { ...(schema(3) as JsonObject), type: "object" } : schema(3) } : { input: root });
  }
  return cases;
}
