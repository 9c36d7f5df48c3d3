import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkExamples } from "../../../src/spec/examples.js";
import { CompiledSchemas } from "../../../src/spec/compiled-schemas.js";
import { loadYamlFile, parseYaml } from "../../../src/yaml/load.js";
import type { JsonObject } from "../../../src/spec/model.js";

const file = "examples.yaml";
const yaml = loadYamlFile(file, path.resolve("test/fixtures/schemas", file)).yaml!;
const tool = yaml.value as { inputSchema: JsonObject; outputSchema: JsonObject; examples: unknown[] };

describe("checkExamples", () => {
  const result = checkExamples({
    schemas: new CompiledSchemas(),
    yaml,
    toolPath: [],
    examples: tool.examples,
    input: { schema: tool.inputSchema, dialect: "2020-12" },
    output: { schema: tool.outputSchema, dialect: "2020-12" },
  });

  it("reports each violation at the offending node, naming the example, the path and the reason", () => {
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.location?.file, d.location?.line, d.location?.column, d.message])).toEqual([
      // An enum violation points at the value and lists the allowed values.
      ["MG040", "error", file, 18, 41, 'example "New York": /units must be one of metric, imperial'],
      ["MG041", "error", file, 19, 28, 'example "New York": /temperature must be number'],
      // `error: true` skips example 2. Example 3 has no title: it is named by its position.
      ["MG040", "error", file, 26, 7, "example 3: input must not have additional property `extra`"],
      ["MG040", "error", file, 25, 13, "example 3: /days must be >= 1"],
      // A missing property points at the object that lacks it.
      ["MG040", "error", file, 28, 12, 'example "missing location": input must have required property `location`'],
      ["MG041", "error", file, 29, 13, 'example "missing location": output must have required property `temperature`'],
      // Without `input`, the example is a call with no arguments; the example itself is the place.
      ["MG040", "error", file, 30, 5, 'example "no input at all": input must have required property `location`'],
    ]);
  });

  it("returns every example with its data and the location of its mapping", () => {
    expect(result.examples).toEqual([
      {
        title: "New York",
        input: { location: "New York", units: "kelvin" },
        output: { temperature: "warm", conditions: "Partly cloudy" },
        location: { file, line: 17, column: 5 },
      },
      { title: "location is required", input: {}, error: true, location: { file, line: 20, column: 5 } },
      { input: { location: "Paris", days: 0, extra: true }, location: { file, line: 23, column: 5 } },
      {
        title: "missing location",
        input: { units: "metric" },
        output: { conditions: "Sunny" },
        location: { file, line: 27, column: 5 },
      },
      { title: "no input at all", input: {}, location: { file, line: 30, column: 5 } },
      {
        title: "fine",
        input: { location: "Oslo", days: 3 },
        output: { temperature: -3.5, conditions: "Snow" },
        location: { file, line: 31, column: 5 },
      },
    ]);
  });

  it("does not validate outputs when the tool has no outputSchema (an object there is only a warning)", () => {
    const { diagnostics } = checkExamples({
      schemas: new CompiledSchemas(),
      yaml,
      toolPath: [],
      examples: [tool.examples[0]],
      input: { schema: tool.inputSchema, dialect: "2020-12" },
    });
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["MG040", "error"],
      ["MG042", "warning"],
    ]);
  });

  it("MG042: fields an example's test cannot use, at the field", () => {
    const text = [
      "name: echo",
      "inputSchema: { type: object, properties: { text: { type: string } } }",
      "examples:",
      "  - input: { text: a }",
      "    match: exact",
      "  - input: { text: 3 }",
      "    error: true",
      "    output: nope",
      "    match: exact",
      "  - input: { text: b }",
      "    output: 5",
      "    match: exact",
      "  - input: { text: c }",
      "    output: [{ type: text, text: c }]",
      "    match: exact",
      "  - input: { text: d }",
      "    output: { content: [{ type: text, text: d }] }",
      "  - input: { text: e }",
      "    output: e",
      "    match: exact",
      "",
    ].join("\n");
    const spec = parseYaml("echo.yaml", "/virtual/echo.yaml", text).yaml!;
    const value = spec.value as { inputSchema: JsonObject; examples: unknown[] };
    const { diagnostics } = checkExamples({
      schemas: new CompiledSchemas(),
      yaml: spec,
      toolPath: [],
      examples: value.examples,
      input: { schema: value.inputSchema, dialect: "2020-12" },
    });
    expect(diagnostics.map((d) => [d.code, d.severity, d.location?.line, d.location?.column, d.message])).toEqual([
      ["MG042", "warning", 5, 5, "example 1: `match: exact` with no `output` compares nothing: the test passes whatever the result"],
      ["MG042", "warning", 8, 5, "example 2: `output` is not used with `error: true`: the test only checks that the input is rejected"],
      ["MG042", "warning", 9, 5, "example 2: `match` is not used with `error: true`: the test only checks that the input is rejected"],
      [
        "MG042",
        "error",
        11,
        5,
        "example 3: the tool has no outputSchema, so `output` is what the handler returns (a string, content blocks or a CallToolResult), and 5 is none of them: `match: exact` can never pass",
      ],
    ]);
    // With an outputSchema, an object output is structured content: no MG042.
    const structured = checkExamples({
      schemas: new CompiledSchemas(),
      yaml: spec,
      toolPath: [],
      examples: [{ input: {}, output: { n: 5 }, match: "exact" }],
      input: { schema: value.inputSchema, dialect: "2020-12" },
      output: { schema: { type: "object" }, dialect: "2020-12" },
    });
    expect(structured.diagnostics).toEqual([]);
  });

  it("validates with the schema's dialect and a recursive schema, inside `tools: [...]`", () => {
    const text = [
      "tools:",
      "  - name: tree",
      "    inputSchema:",
      "      $schema: http://json-schema.org/draft-07/schema#",
      "      type: object",
      "      properties:",
      "        root: { $ref: '#/definitions/node' }",
      "      definitions:",
      "        node:",
      "          type: object",
      "          properties:",
      "            children: { type: array, items: { $ref: '#/definitions/node' } }",
      "    examples:",
      "      - title: deep",
      "        input: { root: { children: [{ children: [{ children: 3 }] }] } }",
      "",
    ].join("\n");
    const multi = parseYaml("multi.yaml", "/virtual/multi.yaml", text).yaml!;
    const spec = (multi.value as { tools: Array<{ inputSchema: JsonObject; examples: unknown[] }> }).tools[0];
    const { diagnostics } = checkExamples({
      schemas: new CompiledSchemas(),
      yaml: multi,
      toolPath: ["tools", 0],
      examples: spec.examples,
      input: { schema: spec.inputSchema, dialect: "draft-07" },
    });
    expect(diagnostics.map((d) => [d.code, d.location?.line, d.location?.column, d.message])).toEqual([
      ["MG040", 15, 62, 'example "deep": /root/children/0/children/0/children must be array'],
    ]);
  });
});
