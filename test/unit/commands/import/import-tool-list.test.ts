import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { importToolList } from "../../../../src/commands/import/import-tool-list.js";
import { parseYaml } from "../../../../src/yaml/load.js";
import { CORPUS_DIR } from "../../../helpers/project.js";

const corpusFiles = readdirSync(CORPUS_DIR)
  .filter((f) => f.endsWith(".json") && !f.startsWith("mcp-schema-"))
  .sort();

/** Key order matters, so compare serialisations rather than toEqual. */
function expectRoundTrip(yamlText: string, tool: unknown): void {
  const viaYamlLibrary = parse(yamlText);
  expect(JSON.stringify(viaYamlLibrary)).toBe(JSON.stringify(tool));
  const viaSpecLoader = parseYaml("spec.yaml", "spec.yaml", yamlText);
  expect(viaSpecLoader.diagnostics).toEqual([]);
  expect(JSON.stringify(viaSpecLoader.yaml?.value)).toBe(JSON.stringify(tool));
}

describe("importToolList over the corpus", () => {
  it("finds the corpus", () => {
    expect(corpusFiles.length).toBeGreaterThanOrEqual(15);
  });

  it.each(corpusFiles)("%s: every tool round-trips exactly", (file) => {
    const tools = JSON.parse(readFileSync(path.join(CORPUS_DIR, file), "utf8")) as Array<{ name: string }>;
    const result = importToolList(tools);
    expect(result.diagnostics).toEqual([]);
    expect(result.files.map((f) => f.tool)).toEqual(tools.map((t) => t.name));
    expect(new Set(result.files.map((f) => f.path.toLowerCase())).size).toBe(tools.length);
    result.files.forEach((file, i) => expectRoundTrip(file.contents, tools[i]));
  });

  it("keeps readable YAML for ordinary tools (no JSON fallback)", () => {
    const tools = JSON.parse(readFileSync(path.join(CORPUS_DIR, "mcp-ref-time.json"), "utf8"));
    const first = importToolList(tools).files[0].contents;
    expect(first.startsWith(`name: ${tools[0].name}\n`)).toBe(true);
  });
});

describe("importToolList with nasty values", () => {
  const nasty: Array<[string, unknown]> = [
    ["trailing spaces", "ends with spaces   "],
    ["leading and trailing newlines", "\n\nmiddle\n\n"],
    ["only a space and a newline", " \n"],
    ["indented first line", "   \n  x"],
    ["tabs", "\ta\tb\t"],
    ["unicode", "naïve — 日本語 🌦️ \u2028 \u0085 \ufeff"],
    ["colon and hash", "key: value # not a comment"],
    ["yes", "yes"],
    ["number-like", "1.0"],
    ["null-like", "null"],
    ["tilde", "~"],
    ["hex-like", "0x1F"],
    ["date-like", "2001-12-14"],
    ["empty", ""],
    ["control characters", "\u0000\u0007\u001b"],
    ["lone surrogate", "\ud800"],
    ["carriage returns", "a\r\nb\rc"],
    ["indicators", "- item"],
    ["document markers", "---\n...\n"],
    ["very long line", "word ".repeat(2000).trim()],
    ["long line with trailing space per line", "a  \nb  \n"],
    ["trailing space on the last line", "a\nb  "],
    ["big exponent", 1e21],
    ["tiny exponent", 1e-7],
    ["negative zero", -0],
    // biome-ignore lint/correctness/noPrecisionLoss: the value must lose precision: that is the case under test
    ["unsafe integer", 12345678901234567890],
    ["nested", { $schema: "https://json-schema.org/draft/2020-12/schema", "<<": { a: 1 }, __proto__: { b: 2 }, "1": "one", "": "empty key" }],
    ["array of oddities", ["yes", "no", "on", "off", "true", null, true, 0, "0", "-", "?", "|", ">"]],
  ];

  it.each(nasty)("%s", (_name, value) => {
    const tool = JSON.parse(
      `{"name":"t","description":${JSON.stringify(typeof value === "string" ? value : "d")},"_meta":{"__proto__":{"x":1},"v":${JSON.stringify(value)}}}`,
    );
    if (typeof value === "number") tool._meta.v = value; // JSON text loses -0
    const [file] = importToolList([tool]).files;
    expectRoundTrip(file.contents, tool);
    // Editors strip trailing blanks on save; a spec must not depend on them.
    expect(file.contents.split("\n").filter((line) => /\S[ \t]+$/.test(line))).toEqual([]);
    if (Object.is(value, -0)) expect(Object.is(parse(file.contents)._meta.v, -0)).toBe(true);
  });

  it("does not fold long lines", () => {
    const description = "x".repeat(50) + " " + "y: z ".repeat(400);
    const [file] = importToolList([{ name: "long", description }]).files;
    expect(file.contents.split("\n").filter((l) => l.length > 0)).toHaveLength(2);
  });
});

describe("importToolList input shapes and names", () => {
  const tool = { name: "get_weather", inputSchema: { type: "object" } };
  it.each<[string, unknown]>([
    ["an array", [tool]],
    ["a tools/list result", { tools: [tool] }],
    ["a JSON-RPC response", { jsonrpc: "2.0", id: 1, result: { tools: [tool] } }],
  ])("accepts %s", (_name, dump) => {
    const result = importToolList(dump);
    expect(result.diagnostics).toEqual([]);
    expect(result.files).toEqual([{ path: "get_weather.yaml", tool: "get_weather", contents: "name: get_weather\ninputSchema:\n  type: object\n" }]);
  });

  it("starts each file with the schema comment when given", () => {
    const [file] = importToolList([tool], { schemaComment: "../node_modules/mcp-gen/schema/tool-spec.schema.json" }).files;
    expect(file.contents).toBe(
      "# yaml-language-server: $schema=../node_modules/mcp-gen/schema/tool-spec.schema.json\nname: get_weather\ninputSchema:\n  type: object\n",
    );
    expectRoundTrip(file.contents, tool);
  });

  it("keeps duplicate names as two files so generate can report them", () => {
    const result = importToolList([
      { name: "dup", description: "one" },
      { name: "dup", description: "two" },
    ]);
    expect(result.files.map((f) => [f.path, f.tool])).toEqual([
      ["dup.yaml", "dup"],
      ["dup-2.yaml", "dup"],
    ]);
    expect(parse(result.files[1].contents).description).toBe("two");
  });

  it.each<[string, string[], string[]]>([
    ["slashes and odd characters", ["a/b c", "ünï"], ["a_b_c.yaml", "_n_.yaml"]],
    ["names differing only in case", ["Get", "get", "GET"], ["Get.yaml", "get-2.yaml", "GET-3.yaml"]],
    ["a suffix already taken", ["x", "x-2", "x"], ["x.yaml", "x-2.yaml", "x-3.yaml"]],
    ["hidden and reserved names", [".env", "con", "", "a.."], ["_env.yaml", "con_.yaml", "tool.yaml", "a__.yaml"]],
    ["sanitised names colliding", ["a/b", "a_b"], ["a_b.yaml", "a_b-2.yaml"]],
  ])("file names: %s", (_name, names, expected) => {
    expect(importToolList(names.map((name) => ({ name }))).files.map((f) => f.path)).toEqual(expected);
  });

  it("reports tools that are not objects or have no string name, and skips them", () => {
    const result = importToolList({ tools: [{ name: "ok" }, 42, { name: 7 }, { description: "x" }] }, { source: "dump.json" });
    expect(result.files.map((f) => f.tool)).toEqual(["ok"]);
    // Warnings: the other tools are still imported.
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.message, d.location])).toEqual([
      ["MG010", "warning", "tool #2 is not an object; skipped", { file: "dump.json", line: 1, column: 1 }],
      ["MG010", "warning", "tool #3 has no string `name`; skipped", { file: "dump.json", line: 1, column: 1 }],
      ["MG010", "warning", "tool #4 has no string `name`; skipped", { file: "dump.json", line: 1, column: 1 }],
    ]);
  });

  it("warns that a dump with a nextCursor is one page, and imports its tools", () => {
    const seen: unknown[] = [];
    const page = { jsonrpc: "2.0", id: 1, result: { tools: [{ name: "a", inputSchema: { type: "object" } }], nextCursor: "abc" } };
    const result = importToolList(page, { source: "dump.json", locate: (p) => (seen.push(p), { line: 2, column: 7 }) });
    expect(result.files.map((f) => f.tool)).toEqual(["a"]);
    expect(result.diagnostics).toEqual([
      {
        code: "MG010",
        severity: "warning",
        message:
          'the dump is one page of tools/list: it has a nextCursor ("abc"), so the tools of the later pages are not in it; `import --from-server` or `--url` reads every page',
        location: { file: "dump.json", line: 2, column: 7 },
      },
    ]);
    expect(seen).toEqual([["result", "nextCursor"]]);
    // The last page (no cursor, or an empty one) is a whole list.
    expect(importToolList({ tools: [{ name: "a" }], nextCursor: "" }).diagnostics).toEqual([]);
  });

  it("passes dump paths to the locator", () => {
    const seen: unknown[] = [];
    const result = importToolList(
      { result: { tools: [{ name: 1 }] } },
      {
        source: "dump.json",
        locate: (p) => (seen.push(p), { line: 4, column: 9 }),
      },
    );
    expect(seen).toEqual([["result", "tools", 0, "name"]]);
    expect(result.diagnostics[0].location).toEqual({ file: "dump.json", line: 4, column: 9 });
  });

  it.each<[string, unknown, string]>([
    ["a string", "tools", "expected a tools/list dump"],
    ["an object without tools", { result: {} }, "expected a tools/list dump"],
    [
      "a JSON-RPC error",
      { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } },
      "the dump is a JSON-RPC error response: Method not found",
    ],
  ])("rejects %s", (_name, dump, message) => {
    const result = importToolList(dump, { source: "dump.json" });
    expect(result.files).toEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: "MG010", severity: "error", location: { file: "dump.json", line: 1, column: 1 } });
    expect(result.diagnostics[0].message.startsWith(message)).toBe(true);
  });

  it("leaves diagnostics without a location when the source is unknown", () => {
    expect(importToolList([null]).diagnostics).toEqual([{ code: "MG010", severity: "warning", message: "tool #1 is not an object; skipped" }]);
  });
});
