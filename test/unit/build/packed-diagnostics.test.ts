/**
 * The build cache's packed diagnostics: every shape a diagnostic can take comes back
 * as it went in (through JSON, as the cache stores it), the table is shared, and a
 * damaged list is refused rather than misread.
 */
import { describe, expect, it } from "vitest";
import { isStringTable, packDiagnostics, StringTable, unpackDiagnostics } from "../../../src/build/packed-diagnostics.js";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";

const SHAPES: Diagnostic[] = [
  { code: "MG006", severity: "error", message: "no spec files matched" },
  { code: "MG015", severity: "warning", message: "unknown annotation `description`", location: { file: "specs/a.yaml", line: 3, column: 5 } },
  {
    code: "MG013",
    severity: "error",
    message: "duplicate tool name `echo`",
    location: { file: "specs/b.yaml", line: 1, column: 7, end: { line: 1, column: 11 } },
    related: [
      { file: "specs/a.yaml", line: 1, column: 7, end: { line: 1, column: 11 }, message: "first defined here" },
      { file: "specs/ünïcode 名前.yaml", line: 2, column: 1, message: "and here" },
    ],
    hint: "rename one of them",
  },
  { code: "MG101", severity: "info", message: "ignored", location: { file: "specs/a.yaml", line: 9, column: 3 }, hint: "" },
  { code: "MG060", severity: "error", message: "invalid configuration", related: [{ file: "mcp-gen.config.yaml", line: 4, column: 2, message: "here" }] },
];

function roundTrip(list: Diagnostic[]): Diagnostic[] | undefined {
  const table = new StringTable();
  const packed = JSON.parse(JSON.stringify(packDiagnostics(list, table)));
  const strings = JSON.parse(JSON.stringify(table.strings));
  expect(isStringTable(strings)).toBe(true);
  return unpackDiagnostics(packed, strings);
}

describe("packed diagnostics", () => {
  it("round-trips every shape exactly, absent fields staying absent", () => {
    const back = roundTrip(SHAPES);
    expect(back).toStrictEqual(SHAPES);
    expect(back?.[0]).not.toHaveProperty("location");
    expect(back?.[1]).not.toHaveProperty("hint");
    expect(back?.[1].location).not.toHaveProperty("end");
  });

  it("stores each repeated string once, however many diagnostics use it", () => {
    const many: Diagnostic[] = Array.from({ length: 500 }, (_, i) => ({
      code: "MG101",
      severity: "info",
      message: "idempotentHint has no effect on a read-only tool",
      location: { file: `specs/tool_${i % 10}.yaml`, line: i + 1, column: 3 },
      hint: "annotation-ignored: clients ignore it here",
    }));
    const table = new StringTable();
    const packed = packDiagnostics(many, table);
    expect(table.strings).toHaveLength(4 + 10);
    expect(JSON.stringify(packed).length + JSON.stringify(table.strings).length).toBeLessThan(JSON.stringify(many).length / 4);
    expect(unpackDiagnostics(packed, table.strings)).toStrictEqual(many);
  });

  it("two lists packed over one table unpack with it", () => {
    const table = new StringTable();
    const first = packDiagnostics(SHAPES.slice(0, 2), table);
    const second = packDiagnostics(SHAPES.slice(2), table);
    expect(unpackDiagnostics(first, table.strings)).toStrictEqual(SHAPES.slice(0, 2));
    expect(unpackDiagnostics(second, table.strings)).toStrictEqual(SHAPES.slice(2));
  });

  it("refuses damaged data instead of misreading it", () => {
    const table = new StringTable();
    const packed = packDiagnostics(SHAPES, table);
    expect(unpackDiagnostics("nope", table.strings)).toBeUndefined();
    expect(unpackDiagnostics([packed[0].slice(0, 5)], table.strings)).toBeUndefined();
    expect(unpackDiagnostics([[...packed[2], 1]], table.strings)).toBeUndefined();
    expect(unpackDiagnostics([packed[1].map((n, i) => (i === 2 ? 9999 : n))], table.strings)).toBeUndefined();
    expect(unpackDiagnostics([["0", 1, 2, -1, -1, 0, 0, -1, 0]], table.strings)).toBeUndefined();
    expect(isStringTable(["a", 1])).toBe(false);
    expect(isStringTable({})).toBe(false);
  });
});
