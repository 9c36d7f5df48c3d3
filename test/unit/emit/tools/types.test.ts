import { describe, expect, it } from "vitest";
import { corpusToolModels, modelFromWire, projectOf } from "../../../helpers/project-model.js";
import { emitToolModules, indentDeclarations } from "../../../../src/emit/tools/tool-modules.js";
import { jsLiteral } from "../../../../src/emit/shared/js-literal.js";
import type { JsonObject, WireTool } from "../../../../src/spec/model.js";
import { rendered } from "../../../helpers/rendered.js";

/** The type declarations of a generated tool file: between the import and the wire definition. */
function declarationsOf(contents: string): string {
  const start = contents.indexOf("\n\n") + 2;
  const end = contents.search(/\n\n\/\*\* (`|What a caller sends)/);
  return contents.slice(start, end);
}

async function declarationsFor(inputSchema: JsonObject, outputSchema?: JsonObject): Promise<string> {
  const wire: WireTool = { name: "get_weather", inputSchema, ...(outputSchema ? { outputSchema } : {}) };
  const [file] = await rendered(emitToolModules(projectOf([modelFromWire(wire)])));
  return declarationsOf(file.contents);
}

const cases: Array<[string, { input: JsonObject; output?: JsonObject; want: string }]> = [
  [
    "string enum with description and default",
    {
      input: {
        type: "object",
        properties: {
          location: { type: "string", description: "City name" },
          units: { type: "string", enum: ["metric", "imperial"], default: "metric" },
        },
        required: ["location"],
      },
      want: `export interface GetWeatherInput {
  /**
   * City name
   */
  location: string
  units: ("metric" | "imperial")
  [k: string]: unknown | undefined
}

export interface GetWeatherArguments {
  /**
   * City name
   */
  location: string
  units?: ("metric" | "imperial")
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    // What ajv's useDefaults fills in: a nested default when its object is there (or has a
    // default of its own, which ajv fills in first), each array item's, nothing under anyOf.
    "defaults: required for the handler where the validator fills them in, optional for callers",
    {
      input: {
        type: "object",
        properties: {
          opts: { type: "object", properties: { depth: { type: "integer", default: 1 } } },
          cfg: { type: "object", default: {}, properties: { mode: { type: "string", default: "fast" } } },
          list: { type: "array", items: { type: "object", properties: { x: { type: "number", default: 0 } } } },
          u: { anyOf: [{ type: "object", properties: { z: { type: "number", default: 1 } } }] },
        },
        additionalProperties: false,
      },
      want: `export interface GetWeatherInput {
  opts?: {
    depth: number
    [k: string]: unknown | undefined
  }
  cfg: {
    mode: string
    [k: string]: unknown | undefined
  }
  list?: {
    x: number
    [k: string]: unknown | undefined
  }[]
  u?: {
    z?: number
    [k: string]: unknown | undefined
  }
}

export interface GetWeatherArguments {
  opts?: {
    depth?: number
    [k: string]: unknown | undefined
  }
  cfg?: {
    mode?: string
    [k: string]: unknown | undefined
  }
  list?: {
    x?: number
    [k: string]: unknown | undefined
  }[]
  u?: {
    z?: number
    [k: string]: unknown | undefined
  }
}`,
    },
  ],
  [
    "nested object",
    {
      input: {
        type: "object",
        properties: {
          location: {
            type: "object",
            description: "Where",
            properties: { lat: { type: "number" }, lon: { type: "number" } },
            required: ["lat", "lon"],
            additionalProperties: false,
          },
        },
        required: ["location"],
        additionalProperties: false,
      },
      want: `export interface GetWeatherInput {
  /**
   * Where
   */
  location: {
    lat: number
    lon: number
  }
}`,
    },
  ],
  [
    "array of objects",
    {
      input: {
        type: "object",
        properties: {
          items: {
            type: "array",
            items: { type: "object", properties: { id: { type: "integer" }, tags: { type: "array", items: { type: "string" } } }, required: ["id"] },
          },
        },
      },
      want: `export interface GetWeatherInput {
  items?: {
    id: number
    tags?: string[]
    [k: string]: unknown | undefined
  }[]
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "anyOf nullable (Python style, titles dropped)",
    {
      input: {
        type: "object",
        title: "git_logArguments",
        properties: {
          repo_path: { type: "string", title: "Repo Path" },
          max_count: { anyOf: [{ type: "integer" }, { type: "null" }], default: null, title: "Max Count" },
          weight_kg: { type: "number", title: "Weight Kg" },
        },
        required: ["repo_path"],
      },
      want: `export interface GetWeatherInput {
  repo_path: string
  max_count: (number | null)
  weight_kg?: number
  [k: string]: unknown | undefined
}

export interface GetWeatherArguments {
  repo_path: string
  max_count?: (number | null)
  weight_kg?: number
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "type arrays",
    {
      input: { type: "object", properties: { flag: { type: ["boolean", "string"] }, maybe: { type: ["string", "null"] } } },
      want: `export interface GetWeatherInput {
  flag?: (boolean | string)
  maybe?: (string | null)
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "const discriminator",
    {
      input: {
        type: "object",
        properties: {
          shape: {
            oneOf: [
              { type: "object", properties: { kind: { const: "circle" }, radius: { type: "number" } }, required: ["kind", "radius"] },
              { type: "object", properties: { kind: { const: "square" }, side: { type: "number" } }, required: ["kind", "side"] },
            ],
          },
        },
        required: ["shape"],
      },
      want: `export interface GetWeatherInput {
  shape: ({
    kind: "circle"
    radius: number
    [k: string]: unknown | undefined
  } | {
    kind: "square"
    side: number
    [k: string]: unknown | undefined
  })
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "keyword and odd property names",
    {
      input: JSON.parse(
        '{"type":"object","properties":{"123":{"type":"string"},"delete":{"type":"boolean"},"function":{"type":"string"},"x-y":{"type":"number"},"a b":{"type":"string"},"__proto__":{"type":"string"}},"required":["delete","__proto__"]}',
      ) as JsonObject,
      want: `export interface GetWeatherInput {
  "123"?: string
  delete: boolean
  function?: string
  "x-y"?: number
  "a b"?: string
  __proto__: string
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "recursive $defs tree",
    {
      input: {
        type: "object",
        properties: { root: { $ref: "#/$defs/TreeNode" } },
        required: ["root"],
        $defs: {
          TreeNode: {
            type: "object",
            properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/TreeNode" } } },
            required: ["name"],
          },
        },
      },
      want: `export interface GetWeatherInput {
  root: TreeNode
  [k: string]: unknown | undefined
}

export interface TreeNode {
  name: string
  children?: TreeNode[]
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "draft-07 definitions",
    {
      input: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { home: { $ref: "#/definitions/postal-address" }, work: { $ref: "#/definitions/postal-address" } },
        definitions: { "postal-address": { type: "object", title: "Postal Address", properties: { street: { type: "string" } }, additionalProperties: false } },
      },
      want: `export interface GetWeatherInput {
  home?: PostalAddress
  work?: PostalAddress
  [k: string]: unknown | undefined
}

export interface PostalAddress {
  street?: string
}`,
    },
  ],
  [
    "description with comment terminator",
    {
      input: { type: "object", description: "Matches /* and */ in source", properties: { glob: { type: "string", description: "e.g. src/**/*.ts" } } },
      want: `/**
 * Matches /* and * / in source
 */
export interface GetWeatherInput {
  /**
   * e.g. src/** /*.ts
   */
  glob?: string
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "no properties",
    {
      input: { type: "object" },
      want: `export interface GetWeatherInput {
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "closed empty object",
    {
      input: { type: "object", properties: {}, additionalProperties: false },
      want: `export interface GetWeatherInput {
}`,
    },
  ],
  [
    "output with definitions named like the input's",
    {
      input: {
        type: "object",
        properties: { address: { $ref: "#/$defs/Address" } },
        $defs: { Address: { type: "object", properties: { street: { type: "string" } }, required: ["street"] }, Unused: { type: "string" } },
      },
      output: {
        type: "object",
        properties: { normalized: { $ref: "#/$defs/Address" }, next: { $ref: "#" } },
        required: ["normalized"],
        $defs: { Address: { type: "object", properties: { lines: { type: "array", items: { type: "string" } } }, required: ["lines"] } },
      },
      want: `export interface GetWeatherInput {
  address?: Address
  [k: string]: unknown | undefined
}

export interface Address {
  street: string
  [k: string]: unknown | undefined
}

export interface GetWeatherOutputAddress {
  lines: string[]
  [k: string]: unknown | undefined
}

export interface GetWeatherOutput {
  normalized: GetWeatherOutputAddress
  next?: GetWeatherOutput
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "definition named like a generated type",
    {
      input: { type: "object", properties: { a: { $ref: "#/$defs/GetWeatherOutput" } }, $defs: { GetWeatherOutput: { type: "string" } } },
      output: { type: "object", properties: { t: { type: "number" } } },
      want: `export type GetWeatherInputGetWeatherOutput = string

export interface GetWeatherInput {
  a?: GetWeatherInputGetWeatherOutput
  [k: string]: unknown | undefined
}

export interface GetWeatherOutput {
  t?: number
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "output that is only a $ref: the tool's Output type is still declared",
    {
      input: { type: "object" },
      output: { $ref: "#/$defs/out", $defs: { out: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } } },
      want: `export type GetWeatherOutput = Out

export interface GetWeatherInput {
  [k: string]: unknown | undefined
}

export interface Out {
  id: number
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "input with a $ref beside type: object",
    {
      input: { type: "object", $ref: "#/$defs/args", $defs: { args: { type: "object", properties: { q: { type: "string" } }, required: ["q"] } } },
      want: `export type GetWeatherInput = Args

export interface Args {
  q: string
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "a $ref with a description beside it: one type, the description on the property",
    {
      input: {
        type: "object",
        additionalProperties: false,
        properties: {
          from: { $ref: "#/$defs/address", description: "Sender." },
          to: { $ref: "#/$defs/address", description: "Recipient." },
          via: { type: "array", items: { $ref: "#/$defs/address" } },
        },
        $defs: { address: { type: "object", additionalProperties: false, properties: { street: { type: "string" } } } },
      },
      want: `export interface GetWeatherInput {
  /**
   * Sender.
   */
  from?: Address
  /**
   * Recipient.
   */
  to?: Address
  via?: Address[]
}

export interface Address {
  street?: string
}`,
    },
  ],
  [
    "untyped schemas whose keywords say nothing of the type are unknown, not objects",
    {
      input: {
        type: "object",
        properties: {
          cond: { if: { type: "string" }, then: { minLength: 2 }, else: { type: "number" } },
          either: { if: { minimum: 0 }, then: { type: "integer" }, else: { type: "string", enum: ["negative"] } },
          half: { if: { type: "string" }, then: { type: "string" } },
          short: { minLength: 2, description: "Any value; strings at least 2 long." },
          day: { format: "date" },
          three: { default: 3 },
          other: { not: { type: "string" } },
          typed: { type: "string", if: { minLength: 1 }, then: { pattern: "a" } },
          bag: { required: ["a"] },
        },
      },
      want: `export interface GetWeatherInput {
  cond?: unknown
  either?: (number | "negative")
  half?: unknown
  /**
   * Any value; strings at least 2 long.
   */
  short?: unknown
  day?: unknown
  three: unknown
  other?: unknown
  typed?: string
  bag?: {
    [k: string]: unknown | undefined
  }
  [k: string]: unknown | undefined
}

export interface GetWeatherArguments {
  cond?: unknown
  either?: (number | "negative")
  half?: unknown
  /**
   * Any value; strings at least 2 long.
   */
  short?: unknown
  day?: unknown
  three?: unknown
  other?: unknown
  typed?: string
  bag?: {
    [k: string]: unknown | undefined
  }
  [k: string]: unknown | undefined
}`,
    },
  ],
  [
    "additionalProperties typed",
    {
      input: {
        type: "object",
        properties: { labels: { type: "object", additionalProperties: { type: "string" } }, count: { type: "integer" } },
        additionalProperties: { type: "number" },
      },
      want: `export interface GetWeatherInput {
  labels?: {
    [k: string]: string | undefined
  }
  count?: number
  [k: string]: number | {
    [k: string]: string | undefined
  } | undefined
}`,
    },
  ],
];

describe("emitToolModules declarations", () => {
  it.each(cases)("%s", async (_name, { input, output, want }) => {
    expect(await declarationsFor(input, output)).toBe(want);
  });
});

describe("emitToolModules files", () => {
  it("writes header, import, types, the exact wire definition and the handler type, in that order", async () => {
    const wire: WireTool = {
      name: "calculate_bmi",
      title: "BMI",
      description: "Line one\u2028line two",
      inputSchema: { type: "object", properties: { weight_kg: { type: "number" } }, required: ["weight_kg"] },
      outputSchema: { type: "object", properties: { bmi: { type: "number" } }, required: ["bmi"] },
      annotations: { readOnlyHint: true },
    };
    const [file] = await rendered(emitToolModules(projectOf([modelFromWire(wire)])));
    expect(file).toMatchObject({ area: "generated", path: "tools/calculate_bmi.ts", mode: "generated" });
    expect(file.contents).toBe(`// Generated by mcp-gen from specs/calculate_bmi.yaml. Do not edit: change the spec and run \`mcp-gen generate\`.
import type { ToolDefinition, ToolHandler } from "mcp-gen/runtime";

export interface CalculateBmiInput {
  weight_kg: number
  [k: string]: unknown | undefined
}

export interface CalculateBmiOutput {
  bmi: number
  [k: string]: unknown | undefined
}

/** What a caller sends: the same as what the handler gets, since no argument has a \`default\`. */
export type CalculateBmiArguments = CalculateBmiInput;

/** \`calculate_bmi\` exactly as \`tools/list\` sends it. */
export const calculateBmiTool: ToolDefinition = {
  "name": "calculate_bmi",
  "title": "BMI",
  "description": "Line one\\u2028line two",
  "inputSchema": {
    "type": "object",
    "properties": {
      "weight_kg": {
        "type": "number"
      }
    },
    "required": [
      "weight_kg"
    ]
  },
  "outputSchema": {
    "type": "object",
    "properties": {
      "bmi": {
        "type": "number"
      }
    },
    "required": [
      "bmi"
    ]
  },
  "annotations": {
    "readOnlyHint": true
  }
};

export type CalculateBmiHandler = ToolHandler<CalculateBmiInput, CalculateBmiOutput>;
`);
  });

  it("types the handler's output as the default ToolReturn without an outputSchema", async () => {
    const [file] = await rendered(emitToolModules(projectOf([modelFromWire({ name: "ping", inputSchema: { type: "object" } })])));
    expect(file.contents.endsWith("export type PingHandler = ToolHandler<PingInput>;\n")).toBe(true);
  });

  it("never ends up with two declarations of one name", async () => {
    const shared = { type: "object", properties: { value: { type: "string" } } };
    const wire: WireTool = {
      name: "merge",
      inputSchema: {
        type: "object",
        properties: { a: { $ref: "#/$defs/Item" }, b: { $ref: "#/$defs/item" } },
        $defs: { Item: shared, item: shared },
      },
      outputSchema: { type: "object", properties: { a: { $ref: "#/$defs/Item" }, b: { $ref: "#/$defs/Item" } }, $defs: { Item: shared } },
    };
    const [file] = await rendered(emitToolModules(projectOf([modelFromWire(wire)])));
    const names = [...file.contents.matchAll(/^export (?:interface|type|const) (\w+)/gm)].map((match) => match[1]);
    expect(names).toEqual(["MergeInput", "Item", "MergeInputItem", "MergeOutputItem", "MergeOutput", "MergeArguments", "mergeTool", "MergeHandler"]);
  });

  it("does not follow refs that leave the schema", async () => {
    const wire: WireTool = {
      name: "remote",
      inputSchema: { type: "object", properties: { a: { $ref: "https://example.com/schema.json" }, b: { $ref: "./local.json" } } },
    };
    const [file] = await rendered(emitToolModules(projectOf([modelFromWire(wire)])));
    expect(declarationsOf(file.contents)).toBe(`export interface RemoteInput {
  a?: unknown
  b?: unknown
  [k: string]: unknown | undefined
}`);
  });

  it("drops what jstt would reject a whole schema for, and its own extensions, but not properties so named", async () => {
    const wire: WireTool = {
      name: "odd",
      inputSchema: {
        type: "object",
        properties: {
          a: { type: "array", items: { type: "string" }, minItems: 3, maxItems: 1 },
          b: { type: "string", deprecated: "yes" },
          title: { type: "string", title: "Title", tsType: "Function" },
        },
        required: true,
      },
    };
    const [file] = await rendered(emitToolModules(projectOf([modelFromWire(wire)])));
    expect(declarationsOf(file.contents)).toBe(`export interface OddInput {
  a?: string[]
  b?: string
  title?: string
  [k: string]: unknown | undefined
}`);
  });

  it("falls back to a loose type instead of failing when jstt cannot translate a schema", async () => {
    const wire: WireTool = {
      name: "dangling",
      inputSchema: { type: "object", properties: { a: { $ref: "#/$defs/Missing" } } },
      outputSchema: { type: "object" },
    };
    const [file] = await rendered(emitToolModules(projectOf([modelFromWire(wire)])));
    expect(declarationsOf(file.contents)).toBe(`/** json-schema-to-typescript could not translate this schema; typed loosely. */
export type DanglingInput = { [k: string]: unknown };

/** json-schema-to-typescript could not translate this schema; typed loosely. */
export type DanglingOutput = { [k: string]: unknown };`);
  });

  it("is deterministic and keeps the model's tool order whatever the compile order", async () => {
    const tools = corpusToolModels().slice(0, 40);
    const first = await rendered(emitToolModules(projectOf(tools)));
    const second = await rendered(emitToolModules(projectOf([...tools].reverse())));
    expect(second).toEqual(first);
    expect(first.map((file) => file.path)).toEqual(projectOf(tools).tools.map((tool) => `tools/${tool.ids.file}.ts`));
  });
});

describe("jsLiteral", () => {
  it.each([
    ["a __proto__ key stays an own property", { properties: JSON.parse('{"__proto__": {"type": "string"}}') }],
    ["line and paragraph separators", { description: "a\u2028b\u2029c" }],
    ["a string that looks like a key", { enum: ['"__proto__": 1', "\\"] }],
  ])("%s", (_name, value) => {
    const text = jsLiteral(value);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    const evaluated = new Function(`return (${text});`)() as unknown;
    expect(JSON.stringify(evaluated)).toBe(JSON.stringify(value));
    expect(Object.getPrototypeOf((evaluated as { properties?: object }).properties ?? {})).toBe(Object.prototype);
  });
});

describe("indentDeclarations", () => {
  it("ignores brackets inside string literals", () => {
    expect(indentDeclarations('export interface A {\nb?: ("{" | "(]")\nc?: {\nd: string\n}\n}')).toBe(
      'export interface A {\n  b?: ("{" | "(]")\n  c?: {\n    d: string\n  }\n}',
    );
  });
});
