/**
 * Indentation mistakes read like every other diagnostic: one MG001 on the offending line
 * (in the code frame), saying what the indentation should be; in a spec and in the config.
 */
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/config.js";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";
import { formatDiagnostics } from "../../../src/diagnostics/format.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { indentationMistake } from "../../../src/yaml/indentation.js";
import { parseYaml } from "../../../src/yaml/load.js";
import { removeProject, tempProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

const SPEC_HEAD = "name: t\ndescription: A tool.\ninputSchema:\n  type: object\n  properties:\n    a:\n      type: string\n";

type Case = [name: string, text: string, line: number, column: number, message: string];

const SPEC_CASES: Case[] = [
  ["a child under-indented", `${SPEC_HEAD}     description: The a.\n`, 8, 6, "`description` is indented 5 spaces; expected 6, as `type` on line 7"],
  ["a child over-indented", `${SPEC_HEAD}        description: The a.\n`, 8, 9, "`description` is indented 8 spaces; expected 6, as `type` on line 7"],
  [
    "a tab",
    `${SPEC_HEAD}\tdescription: The a.\n`,
    8,
    1,
    "`description` is indented with a tab, and YAML indents with spaces only: expected 6 spaces, as `type` on line 7",
  ],
  [
    "a tab under a key that opens a block",
    "name: t\ndescription: A tool.\ninputSchema:\n\ttype: object\n",
    4,
    1,
    "`type` is indented with a tab, and YAML indents with spaces only: expected more than 0 spaces, deeper than `inputSchema` on line 3",
  ],
  [
    "a list item misaligned",
    `${SPEC_HEAD}      enum:\n        - x\n       - y\n`,
    10,
    8,
    "the list item `- y` is indented 7 spaces; expected 8, as the list item on line 9",
  ],
  [
    "a property between two levels",
    `${SPEC_HEAD}   b:\n      type: string\n`,
    8,
    4,
    // 3 is as near to 2 (`properties`) as to 4 (`a`): the deeper level, a sibling of `a`, is meant.
    "`b` is indented 3 spaces; expected 4, as `a` on line 6",
  ],
  [
    "a list of tools, an entry over-indented",
    "tools:\n  - name: a\n    description: A.\n     inputSchema: { type: object }\n",
    4,
    6,
    "`inputSchema` is indented 5 spaces; expected 4, as `description` on line 3",
  ],
];

const CONFIG_CASES: Case[] = [
  ["a field over-indented", "server:\n  name: x\n   version: 1.0.0\n", 3, 4, "`version` is indented 3 spaces; expected 2, as `name` on line 2"],
  ["a rule under a rule", "lint:\n  rules:\n    MG104: off\n      MG112: off\n", 4, 7, "`MG112` is indented 6 spaces; expected 4, as `MG104` on line 3"],
  [
    "a glob misaligned",
    "specs:\n  - specs/*.yaml\n - other/*.yaml\n",
    3,
    2,
    "the list item `- other/*.yaml` is indented 1 space; expected 2, as the list item on line 2",
  ],
  [
    "a tab",
    "lint:\n\tmaxWarnings: 3\n",
    2,
    1,
    "`maxWarnings` is indented with a tab, and YAML indents with spaces only: expected more than 0 spaces, deeper than `lint` on line 1",
  ],
];

/** One diagnostic, at the line and column, with the message; its frame marks the offending line. */
function expectOne(diagnostics: Diagnostic[], text: string, line: number, column: number, message: string): void {
  expect(diagnostics.map((d) => [d.code, d.location?.line, d.location?.column, d.message])).toEqual([["MG001", line, column, message]]);
  const frame = formatDiagnostics(diagnostics, () => text);
  const offending = text.split("\n")[line - 1].replaceAll("\t", "    ");
  expect(frame).toContain(`> ${line} | ${offending}`);
}

describe("indentation mistakes", () => {
  it.each(SPEC_CASES)("in a spec: %s", (_name, text, line, column, message) => {
    const dir = tempProject("yaml-indentation", { "specs/t.yaml": text });
    dirs.push(dir);
    const { config } = resolveConfig({ cwd: dir });
    const built = buildModel(config!);
    expectOne(built.diagnostics, text, line, column, message);
  });

  it.each(CONFIG_CASES)("in the config: %s", (_name, text, line, column, message) => {
    const dir = tempProject("yaml-indentation", { "mcp-gen.config.yaml": text });
    dirs.push(dir);
    const { config, diagnostics } = resolveConfig({ cwd: dir });
    expect(config).toBeUndefined();
    expectOne(diagnostics, text, line, column, message);
  });

  it.each([
    ["block scalars", "description: |\n  First line.\n    Indented line.\n  Last.\nname: t\n"],
    ["folded plain scalars", "description: A long text\n  that goes on here\n  and here.\nname: t\n"],
    ["flow collections over several lines", "inputSchema: { type: object,\n    properties: {\n  a: { type: string } } }\nname: t\n"],
    ["quoted scalars over several lines", 'description: "one\n      two"\nname: t\n'],
    ["a list at its key's indentation", "required:\n- a\n- b\nname: t\n"],
    ["lists of mappings", "tools:\n  - name: a\n    inputSchema:\n      type: object\n  - name: b\n    inputSchema: { type: object }\n"],
    ["comments anywhere", "name: t\n      # a comment\ninputSchema:\n# another\n  type: object\n"],
    ["anchors that open a block", "defs: &d\n  type: object\nname: t\n"],
  ])("finds nothing wrong in valid YAML: %s", (_name, text) => {
    expect(parseYaml("t.yaml", "/t.yaml", text).diagnostics).toEqual([]);
    expect(indentationMistake(text)).toBeUndefined();
  });

  it("leaves other syntax errors to the parser", () => {
    const result = parseYaml("t.yaml", "/t.yaml", "name: a\ndescription: [unclosed\ninputSchema: {}\n");
    expect(result.diagnostics.map((d) => d.message)).toEqual(["Flow sequence in block collection must be sufficiently indented and end with a ]"]);
  });
});
