/**
 * A seeded generator of tool specs, valid and broken. Valid specs come with example
 * inputs built from their own schema; broken ones are valid specs with one mutation,
 * each mutation either certain to be an error (`mustFail`) or merely arbitrary text.
 */
import { stringify } from "yaml";
import { rng, type Rng } from "../rng.js";
import { PAYLOADS } from "./cases.js";

export { rng, type Rng };

type Schema = Record<string, unknown>;
const WORDS = ["get", "list", "weather", "file", "user", "id", "v2", "3d", "search", "HTTP", "delete", "class", "constructor", "prototype", "x", "ünï", "data"];
const TEXTS = [...Object.values(PAYLOADS), "Plain text.", "", " ", "Ünïcødé ✓ 🌦", "a".repeat(300)];

function text(r: Rng): string {
  return r.pick(TEXTS) + (r.chance(0.3) ? r.pick(TEXTS) : "");
}

function propertyName(r: Rng): string {
  return r.chance(0.2) ? r.pick(TEXTS).slice(0, 40) || "p" : r.pick(WORDS) + (r.chance(0.5) ? `_${r.pick(WORDS)}` : "");
}

/** A schema and a value that satisfies it. */
function schemaAndValue(r: Rng, depth: number, defs: Record<string, Schema>): [Schema, unknown] {
  const kind =
    depth > 3
      ? r.pick(["string", "number", "boolean"])
      : r.pick(["string", "enum", "number", "integer", "boolean", "array", "object", "union", "const", "ref", "nullable", "anyOf"]);
  const described = (s: Schema): Schema => (r.chance(0.4) ? { ...s, description: text(r) } : s);
  switch (kind) {
    case "string":
      return r.chance(0.3) ? [described({ type: "string", minLength: 1, maxLength: 50 }), "ok"] : [described({ type: "string" }), text(r)];
    case "enum": {
      const values = [...new Set(Array.from({ length: 1 + r.int(5) }, () => text(r)))];
      return [described({ enum: values }), values[0]];
    }
    case "number":
      return [described({ type: "number", minimum: -5, maximum: 5 }), 1.5];
    case "integer":
      return [described({ type: "integer" }), 42];
    case "boolean":
      return [described({ type: "boolean" }), true];
    case "const": {
      const value = text(r);
      return [{ const: value }, value];
    }
    case "union":
      return [{ type: ["string", "number", "null"] }, null];
    case "nullable":
      return [{ type: ["integer", "null"] }, 7];
    case "anyOf":
      return [{ anyOf: [{ type: "string" }, { type: "array", items: { type: "number" } }] }, [1, 2]];
    case "array": {
      const [items, value] = schemaAndValue(r, depth + 1, defs);
      return [described({ type: "array", items }), [value]];
    }
    case "ref": {
      const name = `def_${Object.keys(defs).length}`;
      defs[name] = {}; // claimed before recursing, so nested refs take other names
      const [target, value] = schemaAndValue(r, depth + 1, defs);
      defs[name] = target;
      return [{ $ref: `#/$defs/${name}` }, value];
    }
    default:
      return objectSchema(r, depth + 1, defs);
  }
}

function objectSchema(r: Rng, depth: number, defs: Record<string, Schema>): [Schema, Record<string, unknown>] {
  const properties: Record<string, Schema> = {};
  const value: Record<string, unknown> = {};
  const required: string[] = [];
  for (let i = r.int(depth === 0 ? 6 : 3); i > 0; i--) {
    const name = propertyName(r);
    if (Object.hasOwn(properties, name)) continue;
    const [schema, sample] = schemaAndValue(r, depth, defs);
    properties[name] = schema;
    value[name] = sample;
    if (r.chance(0.5)) required.push(name);
  }
  const schema: Schema = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  if (r.chance(0.3)) schema.additionalProperties = false;
  return [schema, value];
}

export interface RandomSpec {
  file: string;
  text: string;
  /** Certain to produce at least one error in `file`. */
  mustFail: boolean;
  /** Certain to produce no error. */
  valid: boolean;
  mutation?: string;
}

export function validSpec(r: Rng, index: number): { spec: Record<string, unknown>; required: boolean } {
  const defs: Record<string, Schema> = {};
  const [inputSchema, input] = objectSchema(r, 0, defs);
  if (Object.keys(defs).length > 0) inputSchema.$defs = defs;
  const spec: Record<string, unknown> = { name: `t${index}_${r.pick(WORDS).replace(/[^A-Za-z0-9]/g, "x")}${r.pick(["", "-a", ".b", "_c"])}` };
  if (r.chance(0.5)) spec.title = text(r);
  if (r.chance(0.8)) spec.description = text(r);
  spec.inputSchema = inputSchema;
  if (r.chance(0.3)) {
    const outDefs: Record<string, Schema> = {};
    const [outputSchema, output] = objectSchema(r, 1, outDefs);
    if (Object.keys(outDefs).length > 0) outputSchema.$defs = outDefs;
    spec.outputSchema = outputSchema;
    if (r.chance(0.5)) spec.examples = [{ title: text(r), input, output }];
  } else if (r.chance(0.5)) {
    spec.examples = [{ title: text(r), input }];
  }
  if (r.chance(0.5)) spec.annotations = { title: text(r), readOnlyHint: r.chance(0.5), destructiveHint: r.chance(0.5), openWorldHint: r.chance(0.5) };
  if (r.chance(0.1)) spec._meta = { [text(r)]: text(r) };
  return { spec, required: Array.isArray(inputSchema.required) };
}

const CERTAIN: Array<[string, (spec: Record<string, unknown>, r: Rng) => void]> = [
  ["unknown field", (s) => void (s.descripton = "typo")],
  ["bad name", (s, r) => void (s.name = r.pick(["a b", "ünï", "x/y", "", "a".repeat(129), "semi;colon"]))],
  ["name not a string", (s) => void (s.name = 12)],
  ["description not a string", (s) => void (s.description = { nested: true })],
  ["root not an object", (s) => void ((s.inputSchema as Schema).type = "string")],
  ["missing inputSchema", (s) => void delete s.inputSchema],
  ["required names nothing", (s) => void ((s.inputSchema as Schema).required = ["__nothing_here__"])],
  ["missing $ref", (s) => void ((s.inputSchema as Schema).properties = { a: { $ref: "#/$defs/absent" } })],
  ["network $ref", (s) => void ((s.inputSchema as Schema).properties = { a: { $ref: "https://example.com/x.json" } })],
  ["escaping $ref", (s) => void ((s.inputSchema as Schema).properties = { a: { $ref: "../../../../../../x.yaml" } })],
  ["bad pattern", (s) => void ((s.inputSchema as Schema).properties = { a: { type: "string", pattern: "([" } })],
  ["unknown $schema", (s) => void ((s.inputSchema as Schema).$schema = "https://example.com/my-dialect")],
  [
    "bad example",
    (s) => {
      s.examples = [{ input: { __surely_not_allowed__: 1 } }];
      (s.inputSchema as Schema).additionalProperties = false;
    },
  ],
  ["bad annotation type", (s) => void (s.annotations = { readOnlyHint: "yes" })],
  ["__proto__ property", (s) => void ((s.inputSchema as Schema).properties = JSON.parse('{"__proto__":{"type":"string"}}'))],
];

const TEXTUAL: Array<[string, (text: string, r: Rng) => string]> = [
  ["truncated", (t, r) => t.slice(0, r.int(t.length))],
  [
    "random bytes spliced",
    (t, r) => {
      const at = r.int(t.length);
      return t.slice(0, at) + String.fromCharCode(...Array.from({ length: 1 + r.int(8) }, () => r.int(0x80))) + t.slice(at);
    },
  ],
  [
    "line deleted",
    (t, r) => {
      const lines = t.split("\n");
      lines.splice(r.int(lines.length), 1);
      return lines.join("\n");
    },
  ],
  ["tab indented", (t) => t.replace(/\n {2}/, "\n\t")],
  ["duplicate key", (t) => `${t}name: again\n`],
  ["second document", (t) => `${t}---\n${t}`],
  [
    "alias bomb",
    (t) =>
      `${t}x: &a [1,1,1,1,1,1,1,1,1,1]\ny: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nz: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nw: [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n`,
  ],
  [
    "deep nesting",
    (t, r) => {
      const n = 250 + r.int(100);
      return `${t}deep: ${"[".repeat(n)}${"]".repeat(n)}\n`;
    },
  ],
];

/** `count` spec files: about 60% valid, the rest broken one way each. */
export function randomSpecs(seed: number, count: number): RandomSpec[] {
  const r = rng(seed);
  const specs: RandomSpec[] = [];
  for (let i = 0; i < count; i++) {
    const file = `specs/s${String(i).padStart(3, "0")}.yaml`;
    const { spec } = validSpec(r, i);
    const roll = r.next();
    if (roll < 0.6) {
      specs.push({ file, text: stringify(spec), mustFail: false, valid: true });
    } else if (roll < 0.85) {
      const [mutation, apply] = r.pick(CERTAIN);
      apply(spec, r);
      specs.push({ file, text: stringify(spec), mustFail: true, valid: false, mutation });
    } else {
      const [mutation, apply] = r.pick(TEXTUAL);
      const mustFail = mutation !== "truncated" && mutation !== "line deleted" && mutation !== "random bytes spliced";
      specs.push({ file, text: apply(stringify(spec), r), mustFail, valid: false, mutation });
    }
  }
  return specs;
}
