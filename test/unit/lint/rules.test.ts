/** One fixture per lint rule: the finding's code, file, line, column and default severity. */
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/config.js";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";
import { lintProject } from "../../../src/lint/lint.js";
import { LINT_RULES } from "../../../src/diagnostics/messages.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { removeProject, tempProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

/** Lints a throwaway project; fails the test if the specs themselves do not build. */
export function lintFiles(files: Record<string, string>): Diagnostic[] {
  const dir = tempProject("lint", files);
  dirs.push(dir);
  const { config, diagnostics } = resolveConfig({ cwd: dir });
  expect(diagnostics).toEqual([]);
  const built = buildModel(config!);
  expect(built.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return lintProject(built.model!, built.toolSources, { rules: config!.lint.rules });
}

/** A tool every rule is happy with; each case below breaks one thing. */
const CLEAN = `name: convert_units
description: Convert a quantity between metric and imperial units.
annotations: { readOnlyHint: true }
inputSchema:
  type: object
  additionalProperties: false
  properties:
    value: { type: number, description: Quantity to convert }
    unit: { type: string, enum: [metric, imperial], default: metric, description: Target system }
  required: [value]
examples:
  - input: { value: 3 }
`;

type Expected = { code: string; file: string; line: number; column: number; severity: string };

const CASES: Array<[string, Record<string, string>, Expected[]]> = [
  [
    "MG100 readOnlyHint with destructiveHint true",
    { "specs/a.yaml": CLEAN.replace("{ readOnlyHint: true }", "\n  readOnlyHint: true\n  destructiveHint: true") },
    [{ code: "MG100", file: "specs/a.yaml", line: 5, column: 20, severity: "warning" }],
  ],
  [
    "MG101 idempotentHint on a read-only tool",
    { "specs/a.yaml": CLEAN.replace("{ readOnlyHint: true }", "{ readOnlyHint: true, idempotentHint: true }") },
    [{ code: "MG101", file: "specs/a.yaml", line: 3, column: 36, severity: "info" }],
  ],
  [
    "MG102 a get_ tool without readOnlyHint",
    { "specs/a.yaml": CLEAN.replace("convert_units", "get_units").replace("annotations: { readOnlyHint: true }\n", "") },
    [{ code: "MG102", file: "specs/a.yaml", line: 1, column: 7, severity: "warning" }],
  ],
  [
    "MG102 a description starting with Returns",
    {
      "specs/a.yaml": CLEAN.replace("Convert a quantity", "Returns a quantity").replace("annotations: { readOnlyHint: true }", "annotations: { title: Units }"),
    },
    [{ code: "MG102", file: "specs/a.yaml", line: 3, column: 1, severity: "warning" }],
  ],
  [
    "MG103 a tool without description",
    { "specs/a.yaml": CLEAN.replace("description: Convert a quantity between metric and imperial units.\n", "") },
    [{ code: "MG103", file: "specs/a.yaml", line: 1, column: 1, severity: "warning" }],
  ],
  [
    "MG104 a property without description",
    { "specs/a.yaml": CLEAN.replace("{ type: number, description: Quantity to convert }", "{ type: number }") },
    [{ code: "MG104", file: "specs/a.yaml", line: 8, column: 5, severity: "warning" }],
  ],
  [
    "MG105 a description that repeats the name",
    { "specs/a.yaml": CLEAN.replace("Convert a quantity between metric and imperial units.", "Converts units.") },
    [{ code: "MG105", file: "specs/a.yaml", line: 2, column: 14, severity: "warning" }],
  ],
  [
    "MG105 a property description that repeats its name",
    { "specs/a.yaml": CLEAN.replace("description: Quantity to convert", "description: The value") },
    [{ code: "MG105", file: "specs/a.yaml", line: 8, column: 41, severity: "warning" }],
  ],
  [
    "MG106 a 65-character name",
    { "specs/a.yaml": CLEAN.replace("convert_units", `convert_${"x".repeat(57)}`) },
    [{ code: "MG106", file: "specs/a.yaml", line: 1, column: 7, severity: "warning" }],
  ],
  [
    "MG107 one camelCase name among snake_case ones",
    {
      "specs/a.yaml": CLEAN,
      "specs/b.yaml": CLEAN.replace("convert_units", "convert_more"),
      "specs/c.yaml": CLEAN.replace("convert_units", "convertAll"),
    },
    [{ code: "MG107", file: "specs/c.yaml", line: 1, column: 7, severity: "warning" }],
  ],
  [
    "MG108 enum without type",
    { "specs/a.yaml": CLEAN.replace("{ type: string, enum: [metric, imperial]", "{ enum: [metric, imperial]") },
    [{ code: "MG108", file: "specs/a.yaml", line: 9, column: 13, severity: "warning" }],
  ],
  [
    "MG110 an unused $defs entry",
    { "specs/a.yaml": CLEAN.replace("  required: [value]\n", "  required: [value]\n  $defs:\n    spare: { type: string }\n") },
    [{ code: "MG110", file: "specs/a.yaml", line: 12, column: 5, severity: "warning" }],
  ],
  [
    "MG111 an optional property with no default",
    { "specs/a.yaml": CLEAN.replace("default: metric, description: Target system", "description: Target system") },
    [{ code: "MG111", file: "specs/a.yaml", line: 9, column: 5, severity: "info" }],
  ],
  [
    "MG112 a tool without examples",
    { "specs/a.yaml": CLEAN.replace(/examples:[\s\S]*$/, "") },
    [{ code: "MG112", file: "specs/a.yaml", line: 1, column: 1, severity: "info" }],
  ],
  [
    "MG113 an outputSchema whose root is not an object, at its type",
    { "specs/a.yaml": `${CLEAN.replace(/examples:[\s\S]*$/, "")}outputSchema: { type: array, items: { type: number } }\nexamples:\n  - input: { value: 3 }\n` },
    [{ code: "MG113", file: "specs/a.yaml", line: 11, column: 23, severity: "warning" }],
  ],
  [
    "MG113 an outputSchema that is a $ref to a schema that is not an object, at the $ref",
    {
      "specs/a.yaml": `${CLEAN.replace(/examples:[\s\S]*$/, "")}outputSchema: { $ref: ./schemas/values.yaml }\nexamples:\n  - input: { value: 3 }\n`,
      "specs/schemas/values.yaml": "type: array\nitems: { type: number }\n",
    },
    [{ code: "MG113", file: "specs/a.yaml", line: 11, column: 23, severity: "warning" }],
  ],
  [
    "MG113 is quiet for a lone $ref to an object schema: that object is the root",
    {
      "specs/a.yaml": `${CLEAN.replace(/examples:[\s\S]*$/, "")}outputSchema: { $ref: ./schemas/result.yaml }\nexamples:\n  - input: { value: 3 }\n`,
      "specs/schemas/result.yaml": "type: object\nproperties:\n  converted: { type: number, description: The converted quantity }\nrequired: [converted]\n",
    },
    [],
  ],
  [
    "MG113 for a $ref with keywords beside it",
    {
      "specs/a.yaml": `${CLEAN.replace(/examples:[\s\S]*$/, "")}outputSchema: { $ref: ./schemas/result.yaml, description: The result }\nexamples:\n  - input: { value: 3 }\n`,
      "specs/schemas/result.yaml": "type: object\nproperties:\n  converted: { type: number, description: The converted quantity }\nrequired: [converted]\n",
    },
    [{ code: "MG113", file: "specs/a.yaml", line: 11, column: 23, severity: "warning" }],
  ],
  ["MG109 is off by default", { "specs/a.yaml": CLEAN.replace("  additionalProperties: false\n", "") }, []],
];

function found(diagnostics: Diagnostic[]): Expected[] {
  return diagnostics.map((d) => ({
    code: d.code,
    file: d.location!.file,
    line: d.location!.line,
    column: d.location!.column,
    severity: d.severity,
  }));
}

describe("lint rules", () => {
  it("leave the clean fixture alone", () => {
    expect(found(lintFiles({ "specs/a.yaml": CLEAN }))).toEqual([]);
  });

  it.each(CASES)("%s", (_name, files, expected) => {
    expect(found(lintFiles(files))).toEqual(expected);
  });

  it("point into the file a bundled $ref came from", () => {
    const diagnostics = lintFiles({
      "specs/a.yaml": CLEAN.replace("    value: { type: number, description: Quantity to convert }\n", "    value: { $ref: './schemas/value.yaml' }\n").replace(
        "{ value: 3 }",
        "{ value: { amount: 3 } }",
      ),
      "specs/schemas/value.yaml": "type: object\nproperties:\n  amount: { type: number }\nrequired: [amount]\n",
    });
    expect(found(diagnostics)).toEqual([{ code: "MG104", file: "specs/schemas/value.yaml", line: 3, column: 3, severity: "warning" }]);
  });

  it("look at argument schemas, not at subschemas that test a value (if, then, not) or at allOf branches for additionalProperties", () => {
    const spec = CLEAN.replace(
      "  required: [value]\n",
      [
        "  required: [value]",
        "  if: { properties: { unit: { enum: [imperial] } } }",
        "  then: { properties: { value: { maximum: 1000 } }, required: [value] }",
        "  not: { properties: { secret: { type: string } }, required: [secret] }",
        "  allOf:",
        "    - type: object",
        "      properties:",
        // No `default` here: the validator would fill it in, and the closed root would then reject it.
        "        page: { type: integer, minimum: 1, description: Page to return; the first if omitted }",
        "",
      ].join("\n"),
    );
    // The root `allOf` is MG122's (input-root-union, tested in portability.test.ts); here it only holds a branch.
    const config = "lint: { rules: { additional-properties-unset: warning, input-root-union: off } }\n";
    expect(found(lintFiles({ "specs/a.yaml": spec, "mcp-gen.config.yaml": config }))).toEqual([]);
    // The same properties describing arguments are still checked.
    const described = spec.replace("    - type: object\n      properties:\n", "    - type: object\n      properties:\n        bare: { enum: [x] }\n");
    expect(
      found(lintFiles({ "specs/a.yaml": described, "mcp-gen.config.yaml": config }))
        .map((f) => f.code)
        .sort(),
    ).toEqual(["MG104", "MG108", "MG111"]);
  });

  it("report a problem in YAML shared through aliases once, at its definition", () => {
    const spec = CLEAN.replace(
      "    unit: { type: string, enum: [metric, imperial], default: metric, description: Target system }\n",
      [
        "    from: &unit",
        "      type: object",
        "      description: Unit to convert from",
        "      default: { name: metre }",
        "      properties:",
        "        name: { type: string, default: metre }",
        "    to: *unit",
        "    via: *unit",
        "",
      ].join("\n"),
    );
    // `name` has no description: one finding where it is written (line 14), not one more at each `*unit`.
    expect(found(lintFiles({ "specs/a.yaml": spec }))).toEqual([{ code: "MG104", file: "specs/a.yaml", line: 14, column: 9, severity: "warning" }]);
  });

  it("give every rule a unique code and name, a default and a why", () => {
    expect(new Set(LINT_RULES.map((r) => r.code)).size).toBe(LINT_RULES.length);
    expect(new Set(LINT_RULES.map((r) => r.name)).size).toBe(LINT_RULES.length);
    for (const rule of LINT_RULES) expect(rule.why.length).toBeGreaterThan(20);
  });
});

describe("lint severities from the config", () => {
  const broken = CLEAN.replace("{ type: number, description: Quantity to convert }", "{ type: number }").replace(/examples:[\s\S]*$/, "");

  it.each([
    [
      "by code",
      "lint: { rules: { MG104: error } }\n",
      [
        ["MG112", "info"],
        ["MG104", "error"],
      ],
    ],
    [
      "by name",
      "lint: { rules: { property-description-missing: info, examples-missing: warning } }\n",
      [
        ["MG112", "warning"],
        ["MG104", "info"],
      ],
    ],
    ["off", "lint: { rules: { MG104: off, examples-missing: off } }\n", []],
    ["turning on a rule that is off by default", "lint: { rules: { additional-properties-unset: warning, MG112: off } }\n", [["MG104", "warning"]]],
  ])("%s", (_name, config, expected) => {
    const diagnostics = lintFiles({ "mcp-gen.config.yaml": config, "specs/a.yaml": broken });
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual(expected);
  });

  it("finds MG109 when turned on", () => {
    const diagnostics = lintFiles({
      "mcp-gen.config.yaml": "lint: { rules: { MG109: warning } }\n",
      "specs/a.yaml": CLEAN.replace("  additionalProperties: false\n", ""),
    });
    expect(found(diagnostics)).toEqual([{ code: "MG109", file: "specs/a.yaml", line: 4, column: 1, severity: "warning" }]);
  });
});
