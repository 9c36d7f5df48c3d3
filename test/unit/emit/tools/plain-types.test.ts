/**
 * plain-types.ts against json-schema-to-typescript itself: wherever it writes a tool's
 * declarations, they must be jstt's own, byte for byte (over the real corpus, a table of
 * the cases the corpus lacks, and seeded random schemas); and it must leave to jstt what
 * it does not make.
 */
import { describe, expect, it } from "vitest";
import { directDeclarations } from "../../../../src/emit/tools/direct-types.js";
import { jsttDeclarations, argumentsTypeName, outputTypeName, typesInput } from "../../../../src/emit/tools/tool-modules.js";
import type { JsonObject, JsonValue } from "../../../../src/spec/model.js";
import { corpusToolModels } from "../../../helpers/project-model.js";
import { seedNote, testSeed } from "../../../helpers/rng.js";
import { randomSchemas } from "../../../helpers/schema-fuzz.js";

const INPUT = "ToolInput";
const OUTPUT = "ToolOutput";

/** The schema types.ts hands over for an input and an optional output schema (already cleaned). */
function combined(input: JsonObject, output?: JsonValue): JsonObject {
  return output === undefined ? input : { ...input, $defs: { [OUTPUT]: output } };
}

async function jstt(schema: JsonObject): Promise<string> {
  try {
    return await jsttDeclarations(structuredClone(schema), INPUT);
  } catch (error) {
    return `jstt threw: ${(error as Error).message}`;
  }
}

/** Cases the corpus lacks: each must come out as jstt writes it (shown here as jstt wrote it). */
const made: Array<[string, { input: JsonObject; output?: JsonValue; want: string }]> = [
  [
    "minItems above 0: a tuple with a rest element, and the bound as a tag",
    {
      input: {
        type: "object",
        properties: { tags: { type: "array", items: { type: "string" }, minItems: 1, description: "Labels." } },
        additionalProperties: false,
      },
      want: "export interface ToolInput {\n/**\n * Labels.\n * \n * @minItems 1\n */\ntags?: [string, ...(string)[]]\n}\n",
    },
  ],
  [
    "a wide maxItems: only the tag (jstt drops the bound to keep tuples small)",
    {
      input: { type: "object", properties: { ids: { type: "array", items: { type: "integer" }, maxItems: 50 } }, additionalProperties: false },
      want: "export interface ToolInput {\n/**\n * @maxItems 50\n */\nids?: number[]\n}\n",
    },
  ],
  [
    "a typed additionalProperties widened by the named properties",
    {
      input: {
        type: "object",
        properties: { count: { type: "integer" }, label: { type: "string" } },
        required: ["count"],
        additionalProperties: { type: "string" },
      },
      want: "export interface ToolInput {\ncount: number\nlabel?: string\n[k: string]: string | number | undefined\n}\n",
    },
  ],
  [
    "a list of types, an anyOf holding {} (unknown, its comment dropped), repeated enum values, const",
    {
      input: {
        type: "object",
        properties: {
          maybe: { type: ["string", "null"], description: "Or nothing." },
          anything: { anyOf: [{ type: "string" }, {}], description: "Lost." },
          unit: { enum: ["c", "f", "c"] },
          fixed: { const: 3 },
        },
        additionalProperties: false,
      },
      want: 'export interface ToolInput {\n/**\n * Or nothing.\n */\nmaybe?: (string | null)\nanything?: unknown\nunit?: ("c" | "f")\nfixed?: 3\n}\n',
    },
  ],
  [
    "deprecated, a comment closer, item comments (not when tagged), keys that need quotes",
    {
      input: {
        type: "object",
        properties: {
          old: { type: "boolean", deprecated: true, description: "Ends */ here." },
          "file-names": { type: "array", items: { type: "string", description: "A path." } },
          "2nd": { type: "array", items: { type: "string", description: "See @param" } },
        },
        additionalProperties: false,
      },
      want: 'export interface ToolInput {\n/**\n * @deprecated\n * Ends * / here.\n */\nold?: boolean\n/**\n * Items: A path.\n */\n"file-names"?: string[]\n"2nd"?: string[]\n}\n',
    },
  ],
  [
    "an output that is not an object: a type alias, declared before the interfaces",
    {
      input: { type: "object", properties: {}, additionalProperties: false },
      output: { type: "array", items: { type: "object", properties: { id: { type: "string" } }, required: ["id"], additionalProperties: false } },
      want: '/**\n * This interface was referenced by `ToolInput`\'s JSON-Schema\n * via the `definition` "ToolOutput".\n */\nexport type ToolOutput = {\nid: string\n}[]\n\nexport interface ToolInput {\n\n}\n',
    },
  ],
  [
    "a root oneOf, without an output: a type alias",
    {
      input: {
        type: "object",
        description: "One or the other.",
        oneOf: [{ properties: { id: { type: "string" } }, required: ["id"] }, { properties: { name: { type: "string" } } }],
      },
      want: "/**\n * One or the other.\n */\nexport type ToolInput = ({\nid: string\n[k: string]: unknown | undefined\n} | {\nname?: string\n[k: string]: unknown | undefined\n})\n",
    },
  ],
  [
    "below a tuple the optimizer does not go: a union keeps every member",
    {
      input: {
        type: "object",
        properties: { pairs: { type: "array", minItems: 1, items: { anyOf: [{ type: "string" }, { type: "string" }] } } },
        additionalProperties: false,
      },
      want: "export interface ToolInput {\n/**\n * @minItems 1\n */\npairs?: [(string | string), ...((string | string))[]]\n}\n",
    },
  ],
];

/** What plain-types.ts leaves to jstt. */
const leftToJstt: Array<[string, { input: JsonObject; output?: JsonValue; inputName?: string }]> = [
  ["a $ref and its definition", { input: { type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { type: "string" } } } }],
  ["allOf", { input: { type: "object", properties: { a: { allOf: [{ type: "string" }] } } } }],
  ["patternProperties", { input: { type: "object", patternProperties: { "^x": { type: "string" } } } }],
  ["a narrow maxItems (a union of tuples)", { input: { type: "object", properties: { a: { type: "array", items: { type: "string" }, maxItems: 3 } } } }],
  ["items as a list (a tuple)", { input: { type: "object", properties: { a: { type: "array", items: [{ type: "string" }] } } } }],
  ["an output of true (jstt would not declare it)", { input: { type: "object", properties: {} }, output: true }],
  ["nullable", { input: { type: "object", properties: { a: { type: "string", nullable: true } } } }],
  [
    "a root that is a union, with an output (jstt would not declare the output)",
    { input: { type: "object", oneOf: [{ properties: { a: { type: "string" } } }] }, output: { type: "object", properties: {} } },
  ],
  [
    "a schema of two kinds at once (an intersection)",
    { input: { type: "object", properties: { a: { type: "object", properties: {}, anyOf: [{ required: ["b"] }] } } } },
  ],
  ["a name toSafeString would change", { input: { type: "object", properties: {} }, inputName: "Get2factorInput" }],
  ["something jstt's validator rejects, anywhere", { input: { type: "object", properties: { a: { type: "string", examples: [{ deprecated: "yes" }] } } } }],
];

describe("directDeclarations", () => {
  it.each(made)("%s", async (_name, { input, output, want }) => {
    const schema = combined(input, output);
    const mine = directDeclarations(schema, INPUT, output === undefined ? undefined : OUTPUT);
    expect(mine).toBe(want);
    expect(await jstt(schema)).toBe(want);
  });

  it.each(leftToJstt)("leaves to jstt: %s", (_name, { input, output, inputName }) => {
    expect(directDeclarations(combined(input, output), inputName ?? INPUT, output === undefined ? undefined : OUTPUT)).toBeUndefined();
  });

  it("writes jstt's text for the real corpus, and nearly all of it", async () => {
    const tools = corpusToolModels();
    let plain = 0;
    const mismatches: string[] = [];
    for (const tool of tools) {
      const schema = typesInput(tool);
      const mine = directDeclarations(schema, tool.ids.inputType, outputTypeName(tool), argumentsTypeName(tool));
      if (mine === undefined) continue;
      plain++;
      if (mine !== (await jsttDeclarations(structuredClone(schema), tool.ids.inputType))) mismatches.push(tool.name);
    }
    expect(mismatches).toEqual([]);
    expect(plain).toBe(tools.length);
  });

  it("writes jstt's text for random schemas (seeded), or leaves them to jstt", async () => {
    let plain = 0;
    const mismatches: string[] = [];
    const seed = testSeed(20261126);
    for (const { input, output } of randomSchemas(seed, Number(process.env.FUZZ_COUNT ?? 1500))) {
      const schema = combined(input, output);
      const mine = directDeclarations(schema, INPUT, output === undefined ? undefined : OUTPUT);
      if (mine === undefined) continue;
      plain++;
      const theirs = await jstt(schema);
      if (mine !== theirs && mismatches.length < 3) mismatches.push(`${JSON.stringify(schema)}\n--- jstt\n${theirs}\n--- plain\n${mine}`);
    }
    expect(mismatches, seedNote(seed)).toEqual([]);
    if (process.env.MCP_GEN_SEED) console.log(`plain ${plain} ${seedNote(seed)}`);
    // The generator reaches most of what plain-types.ts makes, not only what it leaves out.
    expect(plain, seedNote(seed)).toBeGreaterThan(500);
  });
});
