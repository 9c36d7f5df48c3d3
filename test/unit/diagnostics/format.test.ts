import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";
import { diagnosticsToJson, formatDiagnostic, formatDiagnostics, formatSummary } from "../../../src/diagnostics/format.js";
import { parseYaml } from "../../../src/yaml/load.js";
import { checkShape } from "../../../src/spec/shape.js";

const spec = [
  "# yaml-language-server: $schema=../schema/tool-spec.schema.json",
  "name: get weather",
  "descripton: Get current weather.",
  "inputSchema:",
  "  type: object",
  "annotations:",
  "  readOnlyHnt: true",
  "",
].join("\n");

describe("formatDiagnostics", () => {
  test("shape diagnostics of a real spec, sorted, with code frames, hints and a summary", () => {
    const yaml = parseYaml("specs/get_weather.yaml", "/p/specs/get_weather.yaml", spec).yaml!;
    const { diagnostics } = checkShape([yaml]);
    const text = formatDiagnostics([...diagnostics].reverse(), (file) => (file === "specs/get_weather.yaml" ? spec : undefined));
    expect(text).toBe(
      [
        "specs/get_weather.yaml:2:10 error MG012 invalid tool name `get weather`: a space (U+0020) is not allowed; MCP allows only A-Z a-z 0-9 _ - .",
        "  1 | # yaml-language-server: $schema=../schema/tool-spec.schema.json",
        "> 2 | name: get weather",
        "    |          ^",
        "  hint: e.g. `get_weather`",
        "",
        "specs/get_weather.yaml:3:1 error MG011 unknown field `descripton`",
        "  1 | # yaml-language-server: $schema=../schema/tool-spec.schema.json",
        "  2 | name: get weather",
        "> 3 | descripton: Get current weather.",
        "    | ^^^^^^^^^^",
        "  hint: did you mean `description`?",
        "",
        "specs/get_weather.yaml:7:3 warning MG015 unknown annotation `readOnlyHnt` (passed through verbatim)",
        "  5 |   type: object",
        "  6 | annotations:",
        "> 7 |   readOnlyHnt: true",
        "    |   ^^^^^^^^^^^",
        "  hint: did you mean `readOnlyHint`?",
      ].join("\n"),
    );
    expect(formatSummary(diagnostics)).toBe("2 errors, 1 warning");
  });

  test("a file whose source is unavailable prints no frame; diagnostics without a file come first", () => {
    const list: Diagnostic[] = [
      {
        code: "MG013",
        severity: "error",
        message: "duplicate tool name `a`",
        location: { file: "specs/b.yaml", line: 1, column: 7 },
        related: [{ file: "specs/a.yaml", line: 3, column: 9, message: "`a` first defined here" }],
      },
      { code: "MG006", severity: "error", message: "no spec files matched `specs/**/*.yaml`" },
    ];
    expect(formatDiagnostics(list, () => undefined)).toBe(
      [
        "error MG006 no spec files matched `specs/**/*.yaml`",
        "",
        "specs/b.yaml:1:7 error MG013 duplicate tool name `a`",
        "  related: specs/a.yaml:3:9 `a` first defined here",
      ].join("\n"),
    );
  });
});

describe("formatDiagnostic code frames", () => {
  const d = (line: number, column: number, end?: { line: number; column: number }): Diagnostic => ({
    code: "MG001",
    severity: "error",
    message: "m",
    location: { file: "t.yaml", line, column, ...(end ? { end } : {}) },
  });

  test("no location: just the head line", () => {
    expect(formatDiagnostic({ code: "MG099", severity: "error", message: "internal error: boom" })).toBe("error MG099 internal error: boom");
  });

  test("gutter is as wide as the largest line number", () => {
    const source = Array.from({ length: 12 }, (_, i) => `k${i + 1}: v`).join("\n");
    expect(formatDiagnostic(d(10, 6, { line: 10, column: 7 }), source)).toBe(
      ["t.yaml:10:6 error MG001 m", "   8 | k8: v", "   9 | k9: v", "> 10 | k10: v", "     |      ^"].join("\n"),
    );
  });

  test("tabs are expanded so the caret stays under the span", () => {
    // column 7 is the second tab, end column 9 stops before the second `d`
    const source = "a:\n\tb: \tc\tdd\n";
    expect(formatDiagnostic(d(2, 7, { line: 2, column: 9 }), source)).toBe(
      ["t.yaml:2:7 error MG001 m", "  1 | a:", "> 2 |     b:  c   dd", "    |          ^^^^"].join("\n"),
    );
  });

  test("a span running past the line is underlined to the line's end", () => {
    const source = "name: x\ndescription: >\n  folded\n";
    expect(formatDiagnostic(d(2, 14, { line: 3, column: 9 }), source)).toBe(
      ["t.yaml:2:14 error MG001 m", "  1 | name: x", "> 2 | description: >", "    |              ^"].join("\n"),
    );
    expect(formatDiagnostic(d(1, 1, { line: 2, column: 3 }), source)).toBe(["t.yaml:1:1 error MG001 m", "> 1 | name: x", "    | ^^^^^^^"].join("\n"));
  });

  test("CRLF line endings and a BOM do not shift the frame", () => {
    const source = "\uFEFFa: 1\r\nb: 2\r\nc: oops\r\n";
    expect(formatDiagnostic(d(3, 4, { line: 3, column: 8 }), source)).toBe(
      ["t.yaml:3:4 error MG001 m", "  1 | a: 1", "  2 | b: 2", "> 3 | c: oops", "    |    ^^^^"].join("\n"),
    );
  });

  test("a long line is cut to a window around the column", () => {
    const source = "x: " + "a".repeat(300) + "BAD" + "b".repeat(300);
    const text = formatDiagnostic(d(1, 304, { line: 1, column: 307 }), source);
    const [, shown, carets] = text.split("\n");
    expect(shown).toBe("> 1 | ..." + "a".repeat(80) + "BAD" + "b".repeat(117) + "...");
    expect(carets).toBe("    | " + " ".repeat(83) + "^^^");
  });

  test("a line past the end of the source prints no frame", () => {
    expect(formatDiagnostic(d(9, 1), "a: 1\n")).toBe("t.yaml:9:1 error MG001 m");
  });

  test("color is opt-in", () => {
    const plain = formatDiagnostic(d(1, 1), "a: 1");
    expect(plain).not.toContain("\u001b[");
    const colored = formatDiagnostic(d(1, 1), "a: 1", { color: true });
    expect(colored).toContain("\u001b[31merror\u001b[0m");
    expect(colored.replace(/\u001b\[\d+m/g, "")).toBe(plain);
  });
});

describe("formatSummary", () => {
  const of = (...severities: Diagnostic["severity"][]) => severities.map((severity): Diagnostic => ({ code: "MG001", severity, message: "m" }));
  test.each([
    [of(), "no problems"],
    [of("error"), "1 error"],
    [of("warning", "warning"), "2 warnings"],
    [of("error", "warning", "error"), "2 errors, 1 warning"],
    [of("info"), "1 info"],
  ])("%#: %s", (list, want) => {
    expect(formatSummary(list)).toBe(want);
  });
});

describe("diagnosticsToJson", () => {
  test("sorted, every field present, fixed key order", () => {
    const list: Diagnostic[] = [
      {
        code: "MG013",
        severity: "error",
        message: "dup",
        location: { file: "specs/b.yaml", line: 1, column: 7 },
        related: [{ file: "specs/a.yaml", line: 3, column: 9, message: "first" }],
      },
      {
        code: "MG011",
        severity: "error",
        message: "unknown",
        hint: "did you mean `title`?",
        location: { file: "specs/a.yaml", line: 2, column: 1, end: { line: 2, column: 5 } },
      },
      { code: "MG099", severity: "error", message: "boom" },
    ];
    expect(diagnosticsToJson(list)).toBe(`[
  {
    "code": "MG099",
    "severity": "error",
    "message": "boom",
    "file": null,
    "line": null,
    "column": null,
    "endLine": null,
    "endColumn": null,
    "hint": null,
    "related": []
  },
  {
    "code": "MG011",
    "severity": "error",
    "message": "unknown",
    "file": "specs/a.yaml",
    "line": 2,
    "column": 1,
    "endLine": 2,
    "endColumn": 5,
    "hint": "did you mean \`title\`?",
    "related": []
  },
  {
    "code": "MG013",
    "severity": "error",
    "message": "dup",
    "file": "specs/b.yaml",
    "line": 1,
    "column": 7,
    "endLine": null,
    "endColumn": null,
    "hint": null,
    "related": [
      {
        "file": "specs/a.yaml",
        "line": 3,
        "column": 9,
        "message": "first"
      }
    ]
  }
]`);
    expect(diagnosticsToJson([...list].reverse())).toBe(diagnosticsToJson(list));
  });
});
