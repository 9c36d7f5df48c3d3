/** The diff rules, one table row per rule: an old and a new tool (or tool list) → the class, code and path found. */
import { describe, expect, it } from "vitest";
import { compareToolLists, type ContractTool } from "../../../src/contract/compare-tools.js";
import { CHANGE_RULES, type ChangeCode } from "../../../src/contract/rules.js";
import type { JsonObject } from "../../../src/spec/model.js";

/** A tool named `t` with this input schema (`properties` of an object) and other fields. */
function tool(inputSchema: JsonObject = { type: "object" }, extra: JsonObject = {}): JsonObject {
  return { name: "t", inputSchema, ...extra };
}
const obj = (properties: JsonObject, rest: JsonObject = {}): JsonObject => ({ type: "object", properties, ...rest });
const out = (outputSchema: JsonObject): JsonObject => tool(undefined, { outputSchema });

interface Row {
  base: Array<JsonObject | ContractTool>;
  head: Array<JsonObject | ContractTool>;
  /** Every change expected, as `class code path`, in the order reported. */
  want: string[];
}

const side = (tools: Array<JsonObject | ContractTool>): ContractTool[] => tools.map((t) => ("wire" in t ? (t as ContractTool) : { wire: t as JsonObject }));
const found = (row: Row) => compareToolLists(side(row.base), side(row.head)).map((c) => `${c.class} ${c.code} ${c.path}`);

const ROWS: Array<[ChangeCode, Row]> = [
  ["tool-removed", { base: [tool(), { name: "u", inputSchema: {} }], head: [tool()], want: ["breaking tool-removed "] }],
  [
    "tool-renamed",
    {
      base: [{ name: "old", inputSchema: obj({ a: { type: "string" } }) }],
      head: [{ wire: { name: "t", inputSchema: obj({ a: { type: "integer" } }) }, renamedFrom: "old" }],
      want: ["breaking tool-renamed /name", "breaking type-narrowed /inputSchema/properties/a/type"],
    },
  ],
  ["tool-added", { base: [], head: [tool()], want: ["safe tool-added "] }],
  [
    "description-changed",
    {
      base: [tool(obj({ a: { description: "x" } }))],
      head: [tool(obj({ a: { description: "y" } }))],
      want: ["safe description-changed /inputSchema/properties/a/description"],
    },
  ],
  ["title-changed", { base: [tool(undefined, { title: "A" })], head: [tool(undefined, { title: "B" })], want: ["safe title-changed /title"] }],
  ["metadata-changed", { base: [tool(undefined, { _meta: { a: 1 } })], head: [tool(undefined, { _meta: { a: 2 } })], want: ["safe metadata-changed /_meta"] }],
  [
    "read-only-hint-removed",
    { base: [tool(undefined, { annotations: { readOnlyHint: true } })], head: [tool()], want: ["dangerous read-only-hint-removed /annotations/readOnlyHint"] },
  ],
  [
    "destructive-hint-added",
    // Left out, destructiveHint is true (MCP's default): dropping `false` is the change.
    {
      base: [tool(undefined, { annotations: { destructiveHint: false } })],
      head: [tool(undefined, { annotations: {} })],
      want: ["dangerous destructive-hint-added /annotations/destructiveHint"],
    },
  ],
  [
    "idempotent-hint-removed",
    {
      base: [tool(undefined, { annotations: { idempotentHint: true } })],
      head: [tool(undefined, { annotations: { idempotentHint: false } })],
      want: ["dangerous idempotent-hint-removed /annotations/idempotentHint"],
    },
  ],
  [
    "open-world-hint-added",
    {
      base: [tool(undefined, { annotations: { openWorldHint: false } })],
      head: [tool()],
      want: ["dangerous open-world-hint-added /annotations/openWorldHint"],
    },
  ],
  ["hint-safer", { base: [tool()], head: [tool(undefined, { annotations: { openWorldHint: false } })], want: ["safe hint-safer /annotations/openWorldHint"] }],
  ["scopes-added", { base: [{ wire: tool(), scopes: [] }], head: [{ wire: tool(), scopes: ["files:write"] }], want: ["dangerous scopes-added /auth/scopes"] }],
  ["scopes-removed", { base: [{ wire: tool(), scopes: ["a", "b"] }], head: [{ wire: tool(), scopes: ["a"] }], want: ["safe scopes-removed /auth/scopes"] }],
  [
    "required-parameter-added",
    {
      base: [tool(obj({}))],
      head: [tool(obj({ a: { type: "string" } }, { required: ["a"] }))],
      want: ["breaking required-parameter-added /inputSchema/properties/a"],
    },
  ],
  [
    "optional-parameter-added",
    { base: [tool(obj({}))], head: [tool(obj({ a: { type: "string" } }))], want: ["safe optional-parameter-added /inputSchema/properties/a"] },
  ],
  [
    "parameter-removed",
    {
      base: [tool(obj({ a: obj({ b: { type: "string" } }) }))],
      head: [tool(obj({ a: obj({}) }))],
      want: ["breaking parameter-removed /inputSchema/properties/a/properties/b"],
    },
  ],
  [
    "parameter-made-required",
    {
      base: [tool(obj({ a: { type: "string" } }))],
      head: [tool(obj({ a: { type: "string" } }, { required: ["a"] }))],
      want: ["breaking parameter-made-required /inputSchema/properties/a"],
    },
  ],
  [
    "parameter-made-optional",
    {
      base: [tool(obj({ a: { type: "string" } }, { required: ["a"] }))],
      head: [tool(obj({ a: { type: "string" } }))],
      want: ["safe parameter-made-optional /inputSchema/properties/a"],
    },
  ],
  [
    "type-narrowed",
    // number → integer: 1.5 was accepted.
    {
      base: [tool(obj({ a: { type: "array", items: { type: "number" } } }))],
      head: [tool(obj({ a: { type: "array", items: { type: "integer" } } }))],
      want: ["breaking type-narrowed /inputSchema/properties/a/items/type"],
    },
  ],
  [
    "type-widened",
    {
      base: [tool(obj({ a: { type: "string" } }))],
      head: [tool(obj({ a: { type: ["string", "null"] } }))],
      want: ["safe type-widened /inputSchema/properties/a/type"],
    },
  ],
  [
    "enum-value-removed",
    {
      base: [tool(obj({ u: { enum: ["metric", "imperial"] } }))],
      head: [tool(obj({ u: { enum: ["metric"] } }))],
      want: ["breaking enum-value-removed /inputSchema/properties/u/enum"],
    },
  ],
  [
    "enum-value-added",
    {
      base: [tool(obj({ u: { enum: ["a"] } }))],
      head: [tool(obj({ u: { enum: ["a", "b"] } }))],
      want: ["safe enum-value-added /inputSchema/properties/u/enum"],
    },
  ],
  [
    "constraint-tightened",
    {
      base: [tool(obj({ n: { type: "integer", minimum: 1 }, s: { type: "string", maxLength: 100 } }))],
      head: [tool(obj({ n: { type: "integer", minimum: 5 }, s: { type: "string", maxLength: 50 } }))],
      want: ["breaking constraint-tightened /inputSchema/properties/n/minimum", "breaking constraint-tightened /inputSchema/properties/s/maxLength"],
    },
  ],
  [
    "constraint-loosened",
    {
      base: [tool(obj({ s: { type: "string", maxLength: 50 } }))],
      head: [tool(obj({ s: { type: "string" } }))],
      want: ["safe constraint-loosened /inputSchema/properties/s/maxLength"],
    },
  ],
  [
    "pattern-changed",
    {
      base: [tool(obj({ s: { type: "string", pattern: "^a" } }))],
      head: [tool(obj({ s: { type: "string", pattern: "^b" } }))],
      want: ["breaking pattern-changed /inputSchema/properties/s/pattern"],
    },
  ],
  [
    "pattern-removed",
    { base: [tool(obj({ s: { pattern: "^a" } }))], head: [tool(obj({ s: {} }))], want: ["safe pattern-removed /inputSchema/properties/s/pattern"] },
  ],
  [
    "format-added",
    {
      base: [tool(obj({ s: { type: "string" } }))],
      head: [tool(obj({ s: { type: "string", format: "email" } }))],
      want: ["breaking format-added /inputSchema/properties/s/format"],
    },
  ],
  [
    "format-removed",
    { base: [tool(obj({ s: { format: "uri" } }))], head: [tool(obj({ s: {} }))], want: ["safe format-removed /inputSchema/properties/s/format"] },
  ],
  [
    "additional-properties-closed",
    {
      base: [tool(obj({}))],
      head: [tool(obj({}, { additionalProperties: false }))],
      want: ["breaking additional-properties-closed /inputSchema/additionalProperties"],
    },
  ],
  [
    "additional-properties-opened",
    {
      base: [tool(obj({}, { unevaluatedProperties: false }))],
      head: [tool(obj({}))],
      want: ["safe additional-properties-opened /inputSchema/unevaluatedProperties"],
    },
  ],
  [
    "variant-removed",
    {
      base: [tool(obj({ v: { anyOf: [{ type: "string" }, { type: "integer" }] } }))],
      head: [tool(obj({ v: { anyOf: [{ type: "string" }] } }))],
      want: ["breaking variant-removed /inputSchema/properties/v/anyOf/1"],
    },
  ],
  [
    "variant-added",
    // A plain schema that becomes branches is compared as the one branch it was.
    {
      base: [tool(obj({ v: { type: "string", maxLength: 9 } }))],
      head: [tool(obj({ v: { oneOf: [{ type: "string", maxLength: 9 }, { type: "null" }] } }))],
      want: ["safe variant-added /inputSchema/properties/v/oneOf/1"],
    },
  ],
  [
    "default-changed",
    {
      base: [tool(obj({ u: { default: "metric" } }))],
      head: [tool(obj({ u: { default: "imperial" } }))],
      want: ["dangerous default-changed /inputSchema/properties/u/default"],
    },
  ],
  ["output-schema-removed", { base: [out(obj({}))], head: [tool()], want: ["breaking output-schema-removed /outputSchema"] }],
  ["output-schema-added", { base: [tool()], head: [out(obj({}))], want: ["safe output-schema-added /outputSchema"] }],
  [
    "output-field-removed",
    { base: [out(obj({ a: {}, b: {} }))], head: [out(obj({ a: {} }))], want: ["breaking output-field-removed /outputSchema/properties/b"] },
  ],
  [
    "output-field-made-optional",
    { base: [out(obj({ a: {} }, { required: ["a"] }))], head: [out(obj({ a: {} }))], want: ["breaking output-field-made-optional /outputSchema/properties/a"] },
  ],
  ["output-field-added", { base: [out(obj({}))], head: [out(obj({ a: { type: "string" } }))], want: ["safe output-field-added /outputSchema/properties/a"] }],
  [
    "output-type-changed",
    {
      base: [out(obj({ a: { type: "string" } }))],
      head: [out(obj({ a: { type: ["string", "null"] } }))],
      want: ["breaking output-type-changed /outputSchema/properties/a/type"],
    },
  ],
  [
    "output-widened",
    {
      base: [out(obj({ a: { enum: ["x"] } }))],
      head: [out(obj({ a: { enum: ["x", "y"] } }))],
      want: ["dangerous output-widened /outputSchema/properties/a/enum"],
    },
  ],
  [
    "output-narrowed",
    { base: [out(obj({ a: { maximum: 10 } }))], head: [out(obj({ a: { maximum: 5 } }))], want: ["safe output-narrowed /outputSchema/properties/a/maximum"] },
  ],
  [
    "schema-changed",
    {
      base: [tool(obj({ a: { not: { type: "string" } } }))],
      head: [tool(obj({ a: { not: { type: "number" } } }))],
      want: ["dangerous schema-changed /inputSchema/properties/a/not"],
    },
  ],
];

describe("compareToolLists: one row per rule", () => {
  it("has a row for every rule", () => {
    expect(ROWS.map(([code]) => code).sort()).toEqual(Object.keys(CHANGE_RULES).sort());
  });
  it.each(ROWS)("%s", (code, row) => {
    const changes = found(row);
    expect(changes).toEqual(row.want);
    expect(changes.some((c) => c.split(" ")[1] === code)).toBe(true);
  });
});

describe("compareToolLists: at any depth", () => {
  it("follows $refs into $defs and through recursion, reporting the path a caller sees", () => {
    const node = (leaf: JsonObject): JsonObject => ({
      type: "object",
      properties: { root: { $ref: "#/$defs/node" } },
      $defs: { node: obj({ name: leaf, children: { type: "array", items: { $ref: "#/$defs/node" } } }) },
    });
    const changes = compareToolLists([{ wire: tool(node({ type: "string" })) }], [{ wire: tool(node({ type: "string", maxLength: 10 })) }]);
    expect(changes.map((c) => `${c.code} ${c.path}`)).toEqual(["constraint-tightened /inputSchema/properties/root/properties/name/maxLength"]);
  });

  it("sees nothing when only the way a schema is written changes (inline ↔ $ref, key order)", () => {
    const inline = tool(obj({ a: { type: "string", minLength: 1 } }, { required: ["a"] }));
    const viaRef = tool({ required: ["a"], properties: { a: { $ref: "#/$defs/A" } }, type: "object", $defs: { A: { minLength: 1, type: "string" } } });
    expect(compareToolLists([{ wire: inline }], [{ wire: viaRef }])).toEqual([]);
  });

  it("ends on a $ref that loops in place instead of recursing forever", () => {
    const looped = tool({ type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } });
    expect(compareToolLists([{ wire: looped }], [{ wire: looped }])).toEqual([]);
  });

  it("points each change at the head side's place through the locator, and removals at the parent", () => {
    const seen: Array<ReadonlyArray<string | number>> = [];
    const head: ContractTool = {
      wire: tool({ type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { type: "integer" } } }),
      locate: (at) => {
        seen.push(at);
        return { file: "x.yaml", line: seen.length, column: 1 };
      },
    };
    const changes = compareToolLists([{ wire: tool(obj({ a: { type: "number" }, b: {} })) }], [head]);
    expect(changes.map((c) => `${c.code} ${c.path}`)).toEqual(["type-narrowed /inputSchema/properties/a/type", "parameter-removed /inputSchema/properties/b"]);
    expect(seen).toEqual([
      ["inputSchema", "$defs", "A", "type"],
      ["inputSchema", "properties"],
    ]);
  });

  it("applies MCP's defaults to hints and to execution: writing a default changes nothing", () => {
    const bare = tool();
    const explicit = tool(undefined, {
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      execution: { taskSupport: "forbidden" },
    });
    expect(compareToolLists([{ wire: bare }], [{ wire: explicit }])).toEqual([]);
  });

  it("keeps scopes out of the comparison when a side cannot tell them (a dump, a server)", () => {
    expect(compareToolLists([{ wire: tool() }], [{ wire: tool(), scopes: ["a"] }])).toEqual([]);
  });

  it("lists classes most severe first, then tools by name", () => {
    const changes = compareToolLists(
      [{ wire: { name: "b", inputSchema: {} } }, { wire: { name: "a", inputSchema: {} } }],
      [{ wire: { name: "c", inputSchema: {} } }, { wire: { name: "a", inputSchema: {}, title: "A" } }],
    );
    expect(changes.map((c) => `${c.class} ${c.tool} ${c.code}`)).toEqual(["breaking b tool-removed", "safe a title-changed", "safe c tool-added"]);
  });
});
