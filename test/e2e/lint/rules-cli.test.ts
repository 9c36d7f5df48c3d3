/** A lint finding in a shared $ref'd file, counted once by the built CLI's generate. */
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/config.js";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";
import { lintProject } from "../../../src/lint/lint.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { removeProject, runCli, tempProject } from "../../helpers/project.js";

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
  it("report a problem in a $ref'd file several tools share once, there, for lint and for generate's count of warnings", () => {
    const withRef = (name: string) =>
      CLEAN.replace("name: convert_units", `name: ${name}`)
        .replace(
          "    value: { type: number, description: Quantity to convert }\n",
          "    value: { $ref: './schemas/value.yaml', description: Quantity to convert }\n",
        )
        .replace("{ value: 3 }", "{ value: { amount: 3 } }");
    const files = {
      "specs/a.yaml": withRef("convert_a"),
      "specs/b.yaml": withRef("convert_b"),
      "specs/c.yaml": withRef("convert_c"),
      "specs/schemas/value.yaml": "type: object\nproperties:\n  amount: { type: number }\nrequired: [amount]\n",
    };
    const diagnostics = lintFiles(files);
    expect(found(diagnostics)).toEqual([{ code: "MG104", file: "specs/schemas/value.yaml", line: 3, column: 3, severity: "warning" }]);
    expect(diagnostics[0].message).toBe("input property `amount` of `convert_a` has no description (and 2 more uses of this shared schema)");
    // generate counts it once against lint.maxWarnings.
    const dir = tempProject("lint-shared", { ...files, "mcp-gen.config.yaml": "lint: { maxWarnings: 1 }\n" });
    dirs.push(dir);
    const run = runCli(["generate"], dir);
    expect(run.status, run.stderr).toBe(0);
  });
});
