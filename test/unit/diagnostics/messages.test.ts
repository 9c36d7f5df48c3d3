/**
 * The message catalogue against the code that uses it and the docs rendered from it:
 * every code reported is catalogued, every catalogued code and message is reported
 * somewhere, the diagnostics page's tables (docs/reference/diagnostics.md) are the catalogue's, and call sites that leave out a
 * message's parameter do not compile.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DOCS_TABLES_COMMAND, updateDocsTables } from "../../../src/diagnostics/docs-tables.js";
import type { DiagnosticCode } from "../../../src/diagnostics/diagnostic.js";
import { createDiagnostic, diagnosticMessage, LINT_RULES, MAX_WARNINGS_CODE, MESSAGES } from "../../../src/diagnostics/messages.js";
import { templateText } from "../../../src/diagnostics/param-message.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const catalogueFile = path.join(root, "src/diagnostics/messages.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** src/ without the catalogue itself, and without the runtime (its own messages reach callers, not diagnostics). */
const sources = sourceFiles(path.join(root, "src"))
  .filter((file) => file !== catalogueFile && !file.includes(`${path.sep}runtime${path.sep}`))
  .map((file) => ({ file: path.relative(root, file), text: readFileSync(file, "utf8") }));
const codes = Object.keys(MESSAGES) as DiagnosticCode[];

describe("the message catalogue", () => {
  it("holds every code src/ uses", () => {
    const used = new Set(sources.flatMap(({ text }) => [...text.matchAll(/"(MG\d{3})"/g)].map((match) => match[1])));
    expect([...used].filter((code) => !(code in MESSAGES))).toEqual([]);
  });

  it("has every code used somewhere, or marked reserved with a reason", () => {
    const unused = codes.filter((code) => {
      const entry: { reserved?: string } = MESSAGES[code];
      if (entry.reserved !== undefined) return entry.reserved.length < 10;
      const mentions = code === MAX_WARNINGS_CODE ? ["MAX_WARNINGS_CODE", `"${code}"`] : [`"${code}"`];
      return !sources.some(({ text }) => mentions.some((mention) => text.includes(mention)));
    });
    expect(unused).toEqual([]);
  });

  it("has every named message used somewhere (config field messages: a field of the config's schema each)", () => {
    const configSchema = JSON.parse(readFileSync(path.join(root, "schema/config.schema.json"), "utf8")) as {
      properties: Record<string, { properties?: object }>;
    };
    const unused: string[] = [];
    for (const code of codes) {
      for (const id of Object.keys(MESSAGES[code].messages)) {
        if (id === "default") continue;
        if (id.startsWith("field:")) {
          const [top, inner] = id.slice("field:".length).split(".");
          const field = configSchema.properties[top];
          if (!field || (inner !== undefined && !(inner in (field.properties ?? {})))) unused.push(`${code} ${id}`);
          continue;
        }
        if (!sources.some(({ text }) => text.includes(`"${id}"`))) unused.push(`${code} ${id}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it("keeps codes and lint rule names unique and well formed", () => {
    for (const code of codes) expect(code).toMatch(/^MG\d{3}$/);
    expect(new Set(LINT_RULES.map((rule) => rule.name)).size).toBe(LINT_RULES.length);
    for (const code of codes) {
      const entry: { title: string; docs?: string } = MESSAGES[code];
      expect(entry.title.length, code).toBeGreaterThan(5);
      expect((entry.docs ?? entry.title).length, code).toBeGreaterThan(5);
    }
    for (const rule of LINT_RULES) expect(rule.name).toMatch(/^[a-z]+(-[a-z]+)+$/);
  });

  it("formats a template with its parameters, and shows it with their names for the docs", () => {
    expect(createDiagnostic({ code: "MG112", format: { tool: "get_weather" }, location: { file: "specs/a.yaml", line: 1, column: 1 } })).toEqual({
      code: "MG112",
      severity: "info",
      message: "tool `get_weather` has no examples",
      location: { file: "specs/a.yaml", line: 1, column: 1 },
    });
    expect(diagnosticMessage({ code: "MG012", messageId: "tooLong", format: { length: 130, max: 128 } })).toBe(
      "tool name is 130 characters long; MCP allows at most 128",
    );
    expect(createDiagnostic({ code: "MG001", severity: "warning", format: { parserMessage: "tabs" } })).toEqual({
      code: "MG001",
      severity: "warning",
      message: "tabs",
    });
    expect(templateText(MESSAGES.MG104.messages.default)).toBe("input property `{property}` of `{tool}` has no description");
    expect(Object.keys(createDiagnostic({ code: "MG181", hint: undefined }))).toEqual(["code", "severity", "message"]);
  });
});

describe("the diagnostics page's tables", () => {
  it(`are the catalogue's (${DOCS_TABLES_COMMAND} rewrites them)`, () => {
    const page = readFileSync(path.join(root, "docs", "reference", "diagnostics.md"), "utf8");
    const rendered = updateDocsTables(page);
    if (rendered !== page) {
      expect.fail(
        `docs/reference/diagnostics.md's code or lint table differs from src/diagnostics/messages.ts: run \`${DOCS_TABLES_COMMAND}\` and commit docs/reference/diagnostics.md`,
      );
    }
  });

  it("are found between their markers, or the update fails", () => {
    expect(() => updateDocsTables("no markers here")).toThrow(/mcp-gen:codes:start/);
  });
});

describe("call sites", () => {
  it("do not compile when they leave out a parameter, pass an unknown one or name no message", () => {
    const checkFile = path.join(root, "src/diagnostics/__catalogue-type-check.ts");
    const lines = [
      `import { createDiagnostic } from "./messages.js";`,
      `createDiagnostic({ code: "MG112", format: { tool: "a" } });`,
      `createDiagnostic({ code: "MG112", format: {} });`,
      `createDiagnostic({ code: "MG112" });`,
      `createDiagnostic({ code: "MG181", format: { x: 1 } });`,
      `createDiagnostic({ code: "MG105", messageId: "nope" });`,
      `createDiagnostic({ code: "MG012", format: { length: 1, max: 2 } });`,
      `createDiagnostic({ code: "MG999" });`,
    ];
    const options: ts.CompilerOptions = {
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2022.d.ts"],
      noEmit: true,
      skipLibCheck: true,
      types: [],
    };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    host.readFile = (file) => (path.resolve(file) === checkFile ? lines.join("\n") : readFile(file));
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (file) => path.resolve(file) === checkFile || fileExists(file);
    const program = ts.createProgram([checkFile], options, host);
    const errorLines = new Set(
      ts
        .getPreEmitDiagnostics(program)
        .filter((d) => d.file && path.resolve(d.file.fileName) === checkFile)
        .map((d) => d.file!.getLineAndCharacterOfPosition(d.start!).line),
    );
    // Line 0 imports, line 1 is right; every other line is wrong in one way.
    expect([...errorLines].sort()).toEqual([2, 3, 4, 5, 6, 7]);
  }, 60_000);
});
