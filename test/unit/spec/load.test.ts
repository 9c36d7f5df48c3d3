import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadYamlFile, parseYaml, MAX_ALIAS_COUNT } from "../../../src/yaml/load.js";
import { instancePathToPath, locate, pointerToPath, pathToPointer } from "../../../src/yaml/positions.js";

const tmp = join(import.meta.dirname, "../../../.tmp/shape/load");

function writeBytes(name: string, bytes: Uint8Array | string): string {
  mkdirSync(tmp, { recursive: true });
  const path = join(tmp, name);
  writeFileSync(path, bytes);
  return path;
}

function only(text: string) {
  const result = parseYaml("specs/t.yaml", "/p/specs/t.yaml", text);
  return result;
}

describe("parseYaml diagnostics", () => {
  test.each([
    {
      what: "YAML syntax error (unclosed flow sequence)",
      text: "name: a\ndescription: [unclosed\ninputSchema: {}\n",
      code: "MG001",
      // the parser notices at the next line, where the sequence should have ended
      line: 3,
      column: 1,
    },
    {
      what: "YAML syntax error (bad indentation), on the offending line",
      text: "name: a\ninputSchema:\n  type: object\n    properties: {}\n",
      code: "MG001",
      line: 4,
      column: 5,
    },
    {
      what: "duplicate key, at the second key",
      text: "name: a\ndescription: x\ninputSchema:\n  type: object\n  type: string\n",
      code: "MG002",
      line: 5,
      column: 3,
    },
    {
      what: "two documents, at the second",
      text: "name: a\ninputSchema: {}\n---\nname: b\n",
      code: "MG004",
      line: 3,
      column: 1,
    },
    {
      what: "tabs as indentation",
      text: "name: a\ninputSchema:\n\ttype: object\n",
      code: "MG001",
      line: 3,
      column: 1,
    },
  ])("$what", ({ text, code, line, column }) => {
    const result = only(text);
    expect(result.yaml).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.location?.file, d.location?.line, d.location?.column])).toContainEqual([
      code,
      "error",
      "specs/t.yaml",
      line,
      column,
    ]);
    expect(result.diagnostics).toHaveLength(1);
  });

  test("duplicate key message: the key, its span, and where it was first defined", () => {
    expect(only("name: a\nname: b\n").diagnostics).toEqual([
      {
        code: "MG002",
        severity: "error",
        message: "duplicate key `name`: a mapping may hold each key once",
        location: { file: "specs/t.yaml", line: 2, column: 1, end: { line: 2, column: 5 } },
        related: [{ file: "specs/t.yaml", line: 1, column: 1, message: "first defined here" }],
      },
    ]);
    const [nested] = only(
      "name: a\ninputSchema:\n  properties:\n    city: { type: string }\n    zip: { type: string }\n    'city': { type: number }\n",
    ).diagnostics;
    expect(nested).toMatchObject({
      message: "duplicate key `city`: a mapping may hold each key once",
      location: { line: 6, column: 5 },
      related: [{ line: 4, column: 5 }],
    });
  });

  test("alias bomb is refused at the first alias (MG003)", () => {
    const text = [
      'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
      "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]",
      "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]",
      "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]",
      "e: [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]",
      "",
    ].join("\n");
    const result = only(text);
    expect(result.yaml).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      code: "MG003",
      severity: "error",
      location: { file: "specs/t.yaml", line: 2, column: 8, end: { line: 2, column: 10 } },
    });
    expect(result.diagnostics[0].message).toContain(String(MAX_ALIAS_COUNT));
  });

  test("a few ordinary aliases are fine", () => {
    const result = only("defs: &loc {type: string}\ninputSchema:\n  properties:\n    from: *loc\n    to: *loc\n");
    expect(result.diagnostics).toEqual([]);
    expect(result.yaml?.value).toEqual({
      defs: { type: "string" },
      inputSchema: { properties: { from: { type: "string" }, to: { type: "string" } } },
    });
  });

  test("merge keys (`<<`) bring in a mapping; own keys win, then the merged ones in order", () => {
    const text = [
      "defs:",
      "  base: &base { type: string, description: Base, minLength: 1 }",
      "  more: &more { description: More, maxLength: 9 }",
      "inputSchema:",
      "  properties:",
      "    a:",
      "      <<: *base",
      "      description: Own",
      "    b:",
      "      <<: [*more, *base]",
      "",
    ].join("\n");
    const result = only(text);
    expect(result.diagnostics).toEqual([]);
    const { properties } = (result.yaml!.value as { inputSchema: { properties: Record<string, unknown> } }).inputSchema;
    expect(properties.a).toEqual({ type: "string", description: "Own", minLength: 1 });
    expect(properties.b).toEqual({ description: "More", maxLength: 9, type: "string", minLength: 1 });
    // A merged value is located where it is written.
    expect(locate(result.yaml!, ["inputSchema", "properties", "a", "minLength"])).toMatchObject({ line: 2, column: 61 });
    expect(locate(result.yaml!, ["inputSchema", "properties", "a", "description"])).toMatchObject({ line: 8, column: 20 });
    expect(locate(result.yaml!, ["inputSchema", "properties", "b", "description"])).toMatchObject({ line: 3, column: 30 });
    expect(locate(result.yaml!, ["inputSchema", "properties", "b", "type"])).toMatchObject({ line: 2, column: 23 });
  });

  test("a merge key with no mapping to merge is MG001 at its value", () => {
    const result = only("name: a\ninputSchema:\n  type: object\n  <<: [3]\n");
    expect(result.yaml).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: "MG001",
        severity: "error",
        message: "a merge key (`<<`) takes a mapping, an alias of one (`<<: *defaults`), or a list of them",
        location: { file: "specs/t.yaml", line: 4, column: 7, end: { line: 4, column: 10 } },
      },
    ]);
  });

  test("a key that is a list or a mapping is MG010 at the key, with no stringified key and no process warning", () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on("warning", listen);
    try {
      const result = only("name: a\ninputSchema:\n  properties:\n    ? [x, y]\n    : { type: string }\n");
      expect(result.yaml).toBeUndefined();
      expect(result.diagnostics).toEqual([
        {
          code: "MG010",
          severity: "error",
          message: "a mapping key must be a plain value, not a list: JSON keys are text",
          location: { file: "specs/t.yaml", line: 4, column: 7, end: { line: 4, column: 13 } },
          hint: "write the key as a string",
        },
      ]);
      expect(only("? { a: 1 }\n: x\n").diagnostics[0].message).toContain("not a mapping");
    } finally {
      process.off("warning", listen);
    }
    expect(warnings).toEqual([]);
  });

  test("a BOM in the text is accepted", () => {
    const result = only("\uFEFFname: a\ninputSchema: {type: object}\n");
    expect(result.diagnostics).toEqual([]);
    expect(result.yaml?.value).toEqual({ name: "a", inputSchema: { type: "object" } });
    expect(locate(result.yaml!, ["inputSchema", "type"])).toMatchObject({ line: 2, column: 21 });
  });

  test.each([
    [".inf", "maximum: .inf", "Infinity"],
    ["-.Inf", "minimum: -.Inf", "-Infinity"],
    [".nan", "default: .nan", "NaN"],
    ["a number beyond a double", "maximum: 1e400", "Infinity"],
  ])("%s has no JSON form: MG010 at the value", (_what, keyword, shown) => {
    const column = "    n: { type: number, ".length + keyword.indexOf(" ") + 2;
    const result = only(`name: a\ninputSchema:\n  type: object\n  properties:\n    n: { type: number, ${keyword} }\n`);
    expect(result.yaml).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: "MG010",
        severity: "error",
        message: `${shown} has no JSON form: tools/list and the catalog would send \`null\``,
        location: expect.objectContaining({ file: "specs/t.yaml", line: 5, column }),
        hint: "use a finite number (`.inf`, `.nan` and numbers beyond ±1.8e308 are not JSON)",
      },
    ]);
  });

  test("large but finite numbers are fine", () => {
    expect(only("name: a\nmax: 1.7e308\nbig: 12345678901234567890\n").diagnostics).toEqual([]);
  });

  test.each([
    ["empty", ""],
    ["only a comment", "# nothing yet\n"],
  ])("an %s file still yields a YamlFile with value undefined", (_what, text) => {
    const result = only(text);
    expect(result.diagnostics).toEqual([]);
    expect(result.yaml).toBeDefined();
    expect(result.yaml!.value).toBeUndefined();
    expect(locate(result.yaml!, [])).toEqual({ file: "specs/t.yaml", line: 1, column: 1 });
  });
});

describe("loadYamlFile", () => {
  test("invalid UTF-8 byte is reported at its line and column (MG005)", () => {
    // line 2: `d: éx<FF>y` — é is two bytes but one column
    const path = writeBytes("latin1.yaml", Buffer.from([...Buffer.from("name: a\nd: \u00e9x"), 0xff, ...Buffer.from("y\n")]));
    const result = loadYamlFile("specs/latin1.yaml", path);
    expect(result.yaml).toBeUndefined();
    expect(result.diagnostics).toEqual([
      {
        code: "MG005",
        severity: "error",
        message: "file is not valid UTF-8 (byte 0xFF)",
        location: { file: "specs/latin1.yaml", line: 2, column: 6 },
      },
    ]);
  });

  test("a truncated multi-byte sequence points at its lead byte", () => {
    const path = writeBytes("truncated.yaml", Buffer.from([...Buffer.from("name: ab"), 0xe2, 0x82, 0x0a]));
    expect(loadYamlFile("specs/truncated.yaml", path).diagnostics[0]).toMatchObject({
      code: "MG005",
      message: "file is not valid UTF-8 (byte 0xE2)",
      location: { line: 1, column: 9 },
    });
  });

  test("an invalid byte deep in a large file is found at its line and column", () => {
    const lines = Array.from({ length: 20000 }, (_, i) => `k${i}: "\u00e9t\u00e9 ${i}"`);
    const bytes = Buffer.concat([Buffer.from(lines.join("\n") + "\nlast: "), Buffer.from([0xc0, 0xaf])]);
    const path = writeBytes("large.yaml", bytes);
    const result = loadYamlFile("specs/large.yaml", path);
    expect(result.diagnostics[0].location).toEqual({ file: "specs/large.yaml", line: 20001, column: 7 });
  });

  test("an invalid first byte is at 1:1, not past the last line", () => {
    const path = writeBytes("first.yaml", Buffer.from([0xe9, ...Buffer.from("name: x\ninputSchema: {}\n\n")]));
    expect(loadYamlFile("specs/first.yaml", path).diagnostics).toEqual([
      { code: "MG005", severity: "error", message: "file is not valid UTF-8 (byte 0xE9)", location: { file: "specs/first.yaml", line: 1, column: 1 } },
    ]);
  });

  test("a UTF-16 file is at 1:1 with a hint to save it as UTF-8", () => {
    const path = writeBytes("utf16.yaml", Buffer.from("\uFEFFname: x\n", "utf16le"));
    expect(loadYamlFile("specs/utf16.yaml", path).diagnostics).toEqual([
      {
        code: "MG005",
        severity: "error",
        message: "file is not valid UTF-8 (byte 0xFF)",
        location: { file: "specs/utf16.yaml", line: 1, column: 1 },
        hint: "the file looks like UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8",
      },
    ]);
  });

  test("a BOM file is accepted and positions ignore the BOM", () => {
    const path = writeBytes("bom.yaml", "\uFEFFname: a\ninputSchema: {type: object}\n");
    const result = loadYamlFile("specs/bom.yaml", path);
    expect(result.diagnostics).toEqual([]);
    expect(result.yaml?.value).toEqual({ name: "a", inputSchema: { type: "object" } });
    expect(locate(result.yaml!, ["name"], "key")).toMatchObject({ line: 1, column: 1 });
  });

  test("a missing file is MG005 at 1:1", () => {
    const result = loadYamlFile("specs/nope.yaml", join(tmp, "does-not-exist.yaml"));
    expect(result.diagnostics).toEqual([
      { code: "MG005", severity: "error", message: "cannot read file (ENOENT)", location: { file: "specs/nope.yaml", line: 1, column: 1 } },
    ]);
  });
});

describe("positions", () => {
  const text = [
    "name: get_weather", // 1
    "inputSchema:", // 2
    "  type: object", // 3
    "  properties:", // 4
    '    "50%/x": {type: string}', // 5
    "    tags:", // 6
    "      type: array", // 7
    "      items: [{type: string}, {type: number}]", // 8
    "",
  ].join("\n");
  const yaml = parseYaml("specs/w.yaml", "/p/specs/w.yaml", text).yaml!;

  test.each([
    { path: ["name"], part: "value" as const, line: 1, column: 7, end: { line: 1, column: 18 } },
    { path: ["name"], part: "key" as const, line: 1, column: 1, end: { line: 1, column: 5 } },
    { path: ["inputSchema", "properties", "50%/x"], part: "key" as const, line: 5, column: 5, end: { line: 5, column: 12 } },
    { path: ["inputSchema", "properties", "tags", "items", 1, "type"], part: "value" as const, line: 8, column: 38, end: { line: 8, column: 44 } },
    // a missing field points at its deepest existing ancestor (a mapping: no end)
    { path: ["inputSchema", "required"], part: "value" as const, line: 3, column: 3, end: undefined },
  ])("locate $path ($part)", ({ path, part, line, column, end }) => {
    const location = locate(yaml, path, part);
    expect(location).toEqual({ file: "specs/w.yaml", line, column, ...(end ? { end } : {}) });
  });

  test("ajv instance paths are plain pointers: % stays as written", () => {
    expect(instancePathToPath("/inputSchema/properties/50%~1x")).toEqual(["inputSchema", "properties", "50%/x"]);
    expect(instancePathToPath("/a%20b/0")).toEqual(["a%20b", "0"]);
    expect(instancePathToPath("")).toEqual([]);
  });

  test("$ref fragments are percent-decoded, and bad encoding does not throw", () => {
    expect(pointerToPath("#/$defs/a%20b")).toEqual(["$defs", "a b"]);
    expect(pointerToPath("/$defs/a%20b")).toEqual(["$defs", "a b"]);
    expect(pointerToPath("#/$defs/50%")).toEqual(["$defs", "50%"]);
    expect(pointerToPath(pathToPointer(["a~b", "c/d", 0]))).toEqual(["a~b", "c/d", "0"]);
    expect(pointerToPath("")).toEqual([]);
  });
});
