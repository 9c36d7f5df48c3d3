import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importToolList } from "../../../../src/commands/import/import-tool-list.js";
import { jsonErrorPosition, readToolListFile } from "../../../../src/commands/tool-source/read-tool-list.js";

const DIR = path.resolve(".tmp/write-import/read-tool-list");

function dumpFile(name: string, text: string | Buffer): string {
  const absPath = path.join(DIR, name);
  writeFileSync(absPath, text);
  return absPath;
}

beforeAll(() => mkdirSync(DIR, { recursive: true }));

describe("readToolListFile", () => {
  it("reads a dump and keeps its text", () => {
    const text = '\ufeff[{"name":"a"}]';
    const result = readToolListFile(dumpFile("ok.json", text), "ok.json");
    expect(result.diagnostics).toEqual([]);
    expect(result.data).toEqual([{ name: "a" }]);
    expect(result.text).toBe('[{"name":"a"}]');
  });

  it.each<[string, string, string, number, number]>([
    ["a missing value", '{\n  "tools": [\n    {"name": }\n  ]\n}', "invalid JSON: Unexpected token '}'", 3, 14],
    ["a short missing value", '{"a":}', "invalid JSON: Unexpected token '}'", 1, 6],
    ["an unexpected token near the start", '{"a": x, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb": 1}', "invalid JSON: Unexpected token 'x'", 1, 7],
    ["an unclosed array", '[\n  {"name": "a"}', "invalid JSON: Expected ',' or ']' after array element", 2, 16],
    ["a trailing comma", '{"tools": [],\n}', "invalid JSON: Expected double-quoted property name", 2, 1],
    ["an empty file", "\n\n", "invalid JSON: Unexpected end of JSON input", 3, 1],
    ["trailing garbage", "[]\n  x", "invalid JSON: Unexpected non-whitespace character after JSON", 2, 3],
  ])("reports %s with a position", (_name, text, message, line, column) => {
    const result = readToolListFile(dumpFile("bad.json", text), "dumps/bad.json");
    expect(result.data).toBeUndefined();
    expect(result.diagnostics).toEqual([{ code: "MG001", severity: "error", message, location: { file: "dumps/bad.json", line, column } }]);
  });

  it("warns of what JSON.parse changes in silence: an inexact integer, a duplicate key", () => {
    const text = [
      "[",
      '  {"name": "a", "name": "b",',
      '   "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 9223372036854775807, "minimum": -9007199254740991}},',
      '     "description": "ids like 12345678901234567890 in text stay text"}}',
      "]",
    ].join("\n");
    const result = readToolListFile(dumpFile("inexact.json", text), "inexact.json");
    expect(result.data).toMatchObject([{ name: "b" }]);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.location?.line, d.location?.column, d.message])).toEqual([
      ["MG010", "warning", 3, 89, "9223372036854775807 is beyond the integers JavaScript holds exactly; imported as 9223372036854776000"],
      ["MG002", "warning", 2, 17, "duplicate key `name`: JSON.parse keeps the last one, and so does the import"],
    ]);
  });

  it("reports a missing file as MG005", () => {
    const result = readToolListFile(path.join(DIR, "absent.json"), "absent.json");
    expect(result.diagnostics).toEqual([
      { code: "MG005", severity: "error", message: "cannot read file (ENOENT)", location: { file: "absent.json", line: 1, column: 1 } },
    ]);
  });

  it("reports invalid UTF-8 as MG005", () => {
    const result = readToolListFile(dumpFile("latin1.json", Buffer.from([0x5b, 0x22, 0xe9, 0x22, 0x5d])), "latin1.json");
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([["MG005", "cannot read file (not valid UTF-8)"]]);
  });

  it("locates a bad tool in the file for import diagnostics", () => {
    const text = '{\n  "result": {\n    "tools": [\n      {"name": "ok"},\n      {"name": 42}\n    ]\n  }\n}\n';
    const read = readToolListFile(dumpFile("located.json", text), "located.json");
    const result = importToolList(read.data, { source: "located.json", locate: read.locate });
    expect(result.diagnostics.map((d) => [d.code, d.location])).toEqual([["MG010", { file: "located.json", line: 5, column: 16 }]]);
  });
});

describe("jsonErrorPosition", () => {
  it.each<[string, string, number, number]>([
    ["a\nbc", "Unexpected token in JSON at position 3", 2, 2],
    ["anything", "Expected property name or '}' in JSON at position 1 (line 7 column 9)", 7, 9],
    ["ab\n", "Unexpected end of JSON input", 2, 1],
    ["ab", "something else", 1, 1],
  ])("%j / %s", (text, message, line, column) => {
    expect(jsonErrorPosition(text, message)).toEqual({ line, column });
  });
});
