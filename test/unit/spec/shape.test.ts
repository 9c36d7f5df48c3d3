import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";
import { parseYaml, type YamlFile } from "../../../src/yaml/load.js";
import { GENERATOR_KEYS, WIRE_KEYS } from "../../../src/spec/raw-tool.js";
import { checkShape } from "../../../src/spec/shape.js";
import { TOOL_SPEC_SCHEMA_URL } from "../../../src/spec/tool-spec-schema.js";

function yamlFile(file: string, text: string): YamlFile {
  const result = parseYaml(file, `/project/${file}`, text);
  if (!result.yaml) throw new Error(`fixture ${file} does not parse: ${JSON.stringify(result.diagnostics)}`);
  return result.yaml;
}

function shape(text: string, file = "specs/t.yaml") {
  return checkShape([yamlFile(file, text)]);
}

/** code, severity, file:line:col — what a user sees first. */
function brief(d: Diagnostic): string {
  const at = d.location ? `${d.location.file}:${d.location.line}:${d.location.column}` : "-";
  return `${d.code} ${d.severity} ${at}`;
}

const lines = (...l: string[]) => l.join("\n") + "\n";

describe("valid specs", () => {
  test("one tool per file", () => {
    const result = shape(
      lines(
        "# yaml-language-server: $schema=../schema/tool-spec.schema.json",
        "name: get_weather",
        "title: Weather",
        "description: Get current weather.",
        "inputSchema:",
        "  type: object",
        "  properties: { location: { type: string } }",
        "outputSchema: { type: object }",
        "annotations: { title: Weather, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }",
        "icons: [{ src: 'https://x.test/i.png', mimeType: image/png, sizes: [48x48], theme: dark, extra: 1 }]",
        "_meta: { vendor/key: 1 }",
        "execution: { taskSupport: optional }",
        "examples:",
        "  - title: New York",
        "    input: { location: New York }",
        "    output: { temperature: 1 }",
        "  - input: {}",
        "    error: true",
        "  - input: 42",
      ),
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.tools).toHaveLength(1);
    expect(result.tools[0].path).toEqual([]);
    expect(result.tools[0].yaml.file).toBe("specs/t.yaml");
    expect(Object.keys(result.tools[0].value)).toEqual([
      "name",
      "title",
      "description",
      "inputSchema",
      "outputSchema",
      "annotations",
      "icons",
      "_meta",
      "execution",
      "examples",
    ]);
  });

  test("tools: [...] form returns each tool with its path, in order", () => {
    const result = shape(lines("tools:", "  - name: b_tool", "    inputSchema: { type: object }", "  - name: a_tool", "    inputSchema: { type: object }"));
    expect(result.diagnostics).toEqual([]);
    expect(result.tools.map((t) => [t.value.name, t.path])).toEqual([
      ["b_tool", ["tools", 0]],
      ["a_tool", ["tools", 1]],
    ]);
  });

  test("files keep the order they are given in", () => {
    const result = checkShape([
      yamlFile("specs/z.yaml", "name: z\ninputSchema: {}\n"),
      yamlFile("specs/a.yaml", "tools:\n  - name: a1\n    inputSchema: {}\n  - name: a2\n    inputSchema: {}\n"),
    ]);
    expect(result.tools.map((t) => `${t.yaml.file}:${t.value.name}`)).toEqual(["specs/z.yaml:z", "specs/a.yaml:a1", "specs/a.yaml:a2"]);
  });
});

describe("shape diagnostics", () => {
  test.each([
    {
      what: "misspelled field -> MG011 at the key, with did-you-mean",
      text: lines("name: get_weather", "descripton: x", "inputSchema: { type: object }"),
      want: ["MG011 error specs/t.yaml:2:1"],
      message: "unknown field `descripton`",
      hint: "did you mean `description`?",
      // reported, but the tool still goes on to the schema checks
      tools: 1,
    },
    {
      what: "unknown field without a close match lists the allowed fields",
      text: lines("name: get_weather", "inputSchema: { type: object }", "x-owner: team"),
      want: ["MG011 error specs/t.yaml:3:1"],
      message: "unknown field `x-owner`",
      hint: "expected one of `name`, `title`, `description`, `inputSchema`, `outputSchema`, `annotations`, `icons`, `_meta`, `execution`, `examples`, `tags`, `renamedFrom`, `auth`, `task`",
      tools: 1,
    },
    {
      what: "`tool:` instead of `tools:` suggests `tools`",
      text: lines("tool:", "  - name: a"),
      want: ["MG010 error specs/t.yaml:1:1", "MG010 error specs/t.yaml:1:1", "MG011 error specs/t.yaml:1:1"],
      message: "unknown field `tool`",
      hint: "did you mean `tools`?",
      tools: 0,
    },
    {
      what: "missing inputSchema -> MG010 at the tool mapping",
      text: lines("# a comment first", "name: get_weather", "description: x"),
      want: ["MG010 error specs/t.yaml:2:1"],
      message: "missing required field `inputSchema`",
      tools: 0,
    },
    {
      what: "wrong type -> MG010 at the value",
      text: lines("name: 42", "inputSchema: { type: object }"),
      want: ["MG010 error specs/t.yaml:1:7"],
      message: "`name` must be a string, not a number",
      tools: 0,
    },
    {
      what: "inputSchema that is not a mapping",
      text: lines("name: a", "inputSchema: [type, object]"),
      want: ["MG010 error specs/t.yaml:2:14"],
      message: "`inputSchema` must be a mapping, not a sequence",
      tools: 0,
    },
    {
      what: "annotation hint of the wrong type",
      text: lines("name: a", "inputSchema: {}", "annotations:", "  readOnlyHint: yes please"),
      want: ["MG010 error specs/t.yaml:4:17"],
      message: "`annotations.readOnlyHint` must be a boolean, not a string",
      tools: 0,
    },
    {
      what: "icon without src and with a bad theme",
      text: lines("name: a", "inputSchema: {}", "icons:", "  - mimeType: image/png", "    theme: drak"),
      want: ["MG010 error specs/t.yaml:4:5", "MG010 error specs/t.yaml:5:12"],
      message: "missing required field `src` in `icons[0]`",
      tools: 0,
    },
    {
      what: "unknown key in an example",
      text: lines("name: a", "inputSchema: {}", "examples:", "  - inptu: {}"),
      want: ["MG010 error specs/t.yaml:4:5", "MG011 error specs/t.yaml:4:5"],
      message: "missing required field `input` in `examples[0]`",
      tools: 0,
    },
    {
      what: "annotation typo -> MG015 warning, tool still accepted",
      text: lines("name: a", "inputSchema: {}", "annotations:", "  readOnlyHnt: true"),
      want: ["MG015 warning specs/t.yaml:4:3"],
      message: "unknown annotation `readOnlyHnt` (passed through verbatim)",
      hint: "did you mean `readOnlyHint`?",
      tools: 1,
    },
    {
      what: "vendor annotation -> MG015 warning listing MCP's keys",
      text: lines("name: a", "inputSchema: {}", "annotations: { category: search }"),
      want: ["MG015 warning specs/t.yaml:3:16"],
      message: "unknown annotation `category` (passed through verbatim)",
      hint: "MCP defines `title`, `readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`",
      tools: 1,
    },
    {
      what: "empty file -> MG010 at 1:1",
      text: "",
      want: ["MG010 error specs/t.yaml:1:1"],
      message: "spec file is empty: expected one tool (`name`, `inputSchema`, ...) or `tools: [...]`",
      tools: 0,
    },
    {
      what: "comment-only file -> MG010 at 1:1",
      text: "# TODO\n",
      want: ["MG010 error specs/t.yaml:1:1"],
      tools: 0,
    },
    {
      what: "a sequence document -> MG010 at the node",
      text: lines("# tools", "- name: a", "  inputSchema: {}"),
      want: ["MG010 error specs/t.yaml:2:1"],
      message: "a spec file must hold a mapping (one tool, or `tools: [...]`), not a sequence",
      tools: 0,
    },
    {
      what: "a scalar document -> MG010 at the node",
      text: lines("", "  just text"),
      want: ["MG010 error specs/t.yaml:2:3"],
      message: "a spec file must hold a mapping (one tool, or `tools: [...]`), not a string",
      tools: 0,
    },
    {
      what: "a null document",
      text: "---\n",
      want: ["MG010 error specs/t.yaml:1:1"],
      message: "a spec file must hold a mapping (one tool, or `tools: [...]`), not null",
      tools: 0,
    },
  ])("$what", ({ text, want, message, hint, tools }) => {
    const result = shape(text);
    expect(result.diagnostics.map(brief)).toEqual(want);
    if (message) expect(result.diagnostics.map((d) => d.message)).toContain(message);
    if (hint) expect(result.diagnostics.map((d) => d.hint)).toContain(hint);
    expect(result.tools).toHaveLength(tools);
  });

  test("enum error suggests the close value", () => {
    const result = shape(lines("name: a", "inputSchema: {}", "icons: [{ src: x, theme: drak }]"));
    expect(result.diagnostics).toEqual([
      {
        code: "MG010",
        severity: "error",
        message: "`icons[0].theme` must be one of `light`, `dark`",
        hint: "did you mean `dark`?",
        location: { file: "specs/t.yaml", line: 3, column: 26, end: { line: 3, column: 30 } },
      },
    ]);
  });

  test("the MG011 location underlines the key", () => {
    const [d] = shape(lines("name: a", "inputSchema: {}", "  ", "descripton: x")).diagnostics;
    expect(d.location).toEqual({ file: "specs/t.yaml", line: 4, column: 1, end: { line: 4, column: 11 } });
  });
});

describe("tools: [...] form", () => {
  test("a tool with an unusable shape is dropped, the others are returned; diagnostics point into the list", () => {
    const result = shape(
      lines(
        "tools:",
        "  - name: good_one",
        "    inputSchema: {}",
        "  - name: missing_schema",
        "  - name: also good",
        "    inputSchema: {}",
        "  - just a string",
        "  - name: fine",
        "    inputSchema: {}",
        "    annotations: { openWorldHnt: false }",
      ),
    );
    expect(result.diagnostics.map(brief)).toEqual([
      "MG010 error specs/t.yaml:4:5",
      "MG012 error specs/t.yaml:5:15",
      "MG010 error specs/t.yaml:7:5",
      "MG015 warning specs/t.yaml:10:20",
    ]);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      "missing required field `inputSchema`",
      "invalid tool name `also good`: a space (U+0020) is not allowed; MCP allows only A-Z a-z 0-9 _ - .",
      "a tool must be a mapping, not a string",
      "unknown annotation `openWorldHnt` (passed through verbatim)",
    ]);
    // A bad name is reported but does not stop the tool's schema checks.
    expect(result.tools.map((t) => [t.value.name, t.path])).toEqual([
      ["good_one", ["tools", 0]],
      ["also good", ["tools", 2]],
      ["fine", ["tools", 4]],
    ]);
  });

  test.each([
    {
      what: "unknown key next to tools",
      text: lines("tools: []", "server: x"),
      want: ["MG010 error specs/t.yaml:1:8", "MG011 error specs/t.yaml:2:1"],
      messages: ["`tools` must not be empty", "unknown field `server`"],
      tools: 0,
    },
    {
      what: "tools that is not a sequence",
      text: lines("tools:", "  name: a"),
      want: ["MG010 error specs/t.yaml:2:3"],
      messages: ["`tools` must be a sequence, not a mapping"],
      tools: 0,
    },
    {
      what: "unknown field inside a listed tool names the field",
      text: lines("tools:", "  - name: a", "    inputSchema: {}", "    examples: [{ input: {}, eror: true }]"),
      want: ["MG011 error specs/t.yaml:4:29"],
      messages: ["unknown field `eror` in `examples[0]`"],
      tools: 1,
    },
  ])("$what", ({ text, want, messages, tools }) => {
    const result = shape(text);
    expect(result.diagnostics.map(brief)).toEqual(want);
    expect(result.diagnostics.map((d) => d.message)).toEqual(messages);
    expect(result.tools).toHaveLength(tools);
  });
});

describe("tool names (MG012)", () => {
  const long = "a".repeat(129);
  test.each([
    { what: "space in a plain scalar: exact character", line: "name: get weather", column: 10, end: 11, message: "a space (U+0020)" },
    { what: "slash in a plain scalar", line: "name: files/read", column: 12, end: 13, message: "`/` (U+002F)" },
    { what: "non-ASCII letter", line: "name: café", column: 10, end: 11, message: "`é` (U+00E9)" },
    { what: "astral character spans two UTF-16 units", line: "name: go🚀", column: 9, end: 11, message: "`🚀` (U+1F680)" },
    { what: "double-quoted without escapes: exact character", line: 'name: "get weather"', column: 11, end: 12, message: "a space (U+0020)" },
    { what: "single-quoted without escapes: exact character", line: "name: 'a:b'", column: 9, end: 10, message: "`:` (U+003A)" },
    { what: "double-quoted with an escape: the scalar's start", line: 'name: "get\\u0020weather"', column: 7, end: 25, message: "a space (U+0020)" },
    { what: "single-quoted with '' escape: the scalar's start", line: "name: 'it''s'", column: 7, end: 14, message: "`'` (U+0027)" },
    { what: "tab escape: the scalar's start", line: 'name: "a\\tb"', column: 7, end: 13, message: "the character U+0009" },
    { what: "empty name", line: 'name: ""', column: 7, end: 9, message: "tool name is empty; MCP requires 1-128 characters of A-Z a-z 0-9 _ - ." },
    {
      what: "129 characters: at the 129th",
      line: `name: ${long}`,
      column: 7 + 128,
      end: 7 + 129,
      message: "tool name is 129 characters long; MCP allows at most 128",
    },
  ])("$what", ({ line, column, end, message }) => {
    const result = shape(lines(line, "inputSchema: {}"));
    expect(result.diagnostics).toHaveLength(1);
    const [d] = result.diagnostics;
    expect(d.code).toBe("MG012");
    expect(d.severity).toBe("error");
    expect(d.message).toContain(message);
    expect(d.location).toEqual({ file: "specs/t.yaml", line: 1, column, end: { line: 1, column: end } });
    // Reported, but the tool's schemas are still checked in the same run.
    expect(result.tools).toHaveLength(1);
  });

  test("128 characters and every allowed character class are fine", () => {
    expect(shape(lines(`name: ${"b".repeat(128)}`, "inputSchema: {}")).diagnostics).toEqual([]);
    expect(shape(lines("name: Az09_.-", "inputSchema: {}")).diagnostics).toEqual([]);
  });

  test("the hint offers a fixed name", () => {
    const [d] = shape(lines("name: get weather now", "inputSchema: {}")).diagnostics;
    expect(d.hint).toBe("e.g. `get_weather_now`");
  });
});

describe("schema/tool-spec.schema.json", () => {
  const schema = JSON.parse(readFileSync(TOOL_SPEC_SCHEMA_URL, "utf8"));

  test("is a 2020-12 schema with an $id editors can reference", () => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.$id).toBe("https://mcp-gen.dev/schema/tool-spec.schema.json");
    expect(typeof schema.title).toBe("string");
  });

  test("every field has a description (hover help in editors)", () => {
    const missing: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (typeof node !== "object" || node === null) return;
      const properties = (node as { properties?: Record<string, unknown> }).properties ?? {};
      for (const [key, child] of Object.entries(properties)) {
        if (typeof (child as { description?: unknown }).description !== "string") missing.push(`${where}.${key}`);
      }
      for (const [key, child] of Object.entries(node)) visit(child, `${where}.${key}`);
    };
    visit(schema, "#");
    expect(missing).toEqual([]);
  });

  test("tool keys are exactly the MCP wire keys plus the generator keys", () => {
    expect(Object.keys(schema.$defs.tool.properties)).toEqual([...WIRE_KEYS, ...GENERATOR_KEYS]);
  });
});
