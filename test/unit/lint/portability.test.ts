/**
 * The client-portability rules (MG106's configurable limit, MG120–MG125): for each, a case
 * that fires, cases that do not, and the config changing it; then every rule over the
 * vendored corpus of real servers' tools, which none may crash on.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/config.js";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";
import { lintProject } from "../../../src/lint/lint.js";
import { buildModel } from "../../../src/spec/build-model.js";
import { importToolList } from "../../../src/commands/import/import-tool-list.js";
import { CORPUS_DIR, removeProject, tempProject, writeFiles } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

const PORTABILITY_CODES = ["MG106", "MG120", "MG121", "MG122", "MG123", "MG124", "MG125"];

function lintDir(dir: string): Diagnostic[] {
  const { config, diagnostics } = resolveConfig({ cwd: dir });
  expect(diagnostics).toEqual([]);
  const built = buildModel(config!);
  expect(built.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return lintProject(built.model!, built.toolSources, { rules: config!.lint.rules, maxToolNameLength: config!.lint.maxToolNameLength });
}

/** The portability findings of a throwaway project: `[code, line:column, severity]`. */
function portability(spec: string, config?: string): Array<[string, string, string]> {
  const dir = tempProject("lint-portability", { "specs/a.yaml": spec, ...(config === undefined ? {} : { "mcp-gen.config.yaml": config }) });
  dirs.push(dir);
  return lintDir(dir)
    .filter((d) => PORTABILITY_CODES.includes(d.code))
    .map((d) => [d.code, `${d.location!.line}:${d.location!.column}`, d.severity]);
}

/** A tool no portability rule objects to; each case changes one thing. */
const CLEAN = `name: find_notes
description: Find notes by tag.
annotations: { readOnlyHint: true }
inputSchema:
  type: object
  properties:
    tags: { type: array, items: { type: string }, description: Tags to match }
    since: { type: string, format: date, description: "Oldest date; all when omitted" }
  required: [tags]
outputSchema:
  type: object
  properties:
    count: { type: integer }
examples:
  - input: { tags: [a] }
`;

const ON = "lint: { rules: { gemini-unsupported-keyword: warning } }\n";

type Case = [name: string, spec: string, config: string | undefined, expected: Array<[string, string, string]>];

const CASES: Record<string, Case[]> = {
  "MG106 tool-name-too-long": [
    ["fires over 64 characters", CLEAN.replace("find_notes", `find_${"n".repeat(60)}`), undefined, [["MG106", "1:7", "warning"]]],
    ["does not fire at 64", CLEAN.replace("find_notes", `find_${"n".repeat(59)}`), undefined, []],
    [
      "fires over the configured limit (Cursor's 60, less a server name)",
      CLEAN.replace("find_notes", `find_${"n".repeat(50)}`),
      "lint: { maxToolNameLength: 54 }\n",
      [["MG106", "1:7", "warning"]],
    ],
    ["does not fire at the configured limit", CLEAN.replace("find_notes", `find_${"n".repeat(49)}`), "lint: { maxToolNameLength: 54 }\n", []],
    ["a higher configured limit allows up to it", CLEAN.replace("find_notes", `find_${"n".repeat(80)}`), "lint: { maxToolNameLength: 100 }\n", []],
    ["off", CLEAN.replace("find_notes", `find_${"n".repeat(60)}`), "lint: { rules: { tool-name-too-long: off } }\n", []],
  ],
  "MG120 tool-name-not-portable": [
    ["fires on a dot", CLEAN.replace("find_notes", "notes.find"), undefined, [["MG120", "1:7", "warning"]]],
    ["fires on a dot the namespace brings", CLEAN, "namespace: 'notes.'\n", [["MG120", "1:7", "warning"]]],
    ["does not fire on _ and -", CLEAN.replace("find_notes", "find-notes_v2"), undefined, []],
    ["as an error", CLEAN.replace("find_notes", "notes.find"), "lint: { rules: { MG120: error } }\n", [["MG120", "1:7", "error"]]],
  ],
  "MG121 type-list": [
    [
      "fires in an input property",
      CLEAN.replace("{ type: string, format: date,", '{ type: [string, "null"], format: date,'),
      undefined,
      [["MG121", "8:20", "warning"]],
    ],
    ["fires in the outputSchema", CLEAN.replace("count: { type: integer }", 'count: { type: [integer, "null"] }'), undefined, [["MG121", "13:20", "warning"]]],
    [
      "does not fire on anyOf branches",
      CLEAN.replace("{ type: string, format: date,", '{ anyOf: [{ type: string }, { type: "null" }], format: date,'),
      undefined,
      [],
    ],
    ["off", CLEAN.replace("count: { type: integer }", 'count: { type: [integer, "null"] }'), "lint: { rules: { type-list: off } }\n", []],
  ],
  "MG122 input-root-union": [
    [
      "fires on a root anyOf",
      CLEAN.replace("  required: [tags]\n", "  anyOf: [{ required: [tags] }, { required: [since] }]\n"),
      undefined,
      [["MG122", "9:3", "warning"]],
    ],
    [
      "fires on a root oneOf and allOf, each",
      CLEAN.replace("  required: [tags]\n", "  oneOf: [{ required: [tags] }]\n  allOf: [{ required: [tags] }]\n"),
      undefined,
      [
        ["MG122", "9:3", "warning"],
        ["MG122", "10:3", "warning"],
      ],
    ],
    [
      "does not fire on a union below the root",
      CLEAN.replace("{ type: string, format: date,", "{ anyOf: [{ type: string }, { type: integer }], format: date,"),
      undefined,
      [],
    ],
    [
      "does not fire on root if/then",
      CLEAN.replace("  required: [tags]\n", "  required: [tags]\n  if: { required: [since] }\n  then: { required: [tags] }\n"),
      undefined,
      [],
    ],
    [
      "as info",
      CLEAN.replace("  required: [tags]\n", "  anyOf: [{ required: [tags] }]\n"),
      "lint: { rules: { input-root-union: info } }\n",
      [["MG122", "9:3", "info"]],
    ],
  ],
  "MG123 output-schema-old-dialect": [
    [
      "fires on draft-07",
      CLEAN.replace("outputSchema:\n", "outputSchema:\n  $schema: http://json-schema.org/draft-07/schema#\n"),
      undefined,
      [["MG123", "11:12", "warning"]],
    ],
    ["does not fire on 2020-12", CLEAN.replace("outputSchema:\n", "outputSchema:\n  $schema: https://json-schema.org/draft/2020-12/schema\n"), undefined, []],
    [
      "does not fire on a draft-07 inputSchema",
      CLEAN.replace("inputSchema:\n", "inputSchema:\n  $schema: http://json-schema.org/draft-07/schema#\n"),
      undefined,
      [],
    ],
    ["off", CLEAN.replace("outputSchema:\n", "outputSchema:\n  $schema: http://json-schema.org/draft-07/schema#\n"), "lint: { rules: { MG123: off } }\n", []],
  ],
  "MG124 array-without-items": [
    [
      "fires on an input array without items",
      CLEAN.replace("{ type: array, items: { type: string },", "{ type: array,"),
      undefined,
      [["MG124", "7:5", "warning"]],
    ],
    [
      "fires on a nullable array without items",
      CLEAN.replace("{ type: array, items: { type: string },", "{ type: [array, 'null'],"),
      undefined,
      [
        ["MG124", "7:5", "warning"],
        ["MG121", "7:19", "warning"],
      ],
    ],
    ["does not fire with items: {}", CLEAN.replace("items: { type: string }", "items: {}"), undefined, []],
    ["does not fire with prefixItems", CLEAN.replace("items: { type: string }", "prefixItems: [{ type: string }]"), undefined, []],
    ["does not fire in the outputSchema", CLEAN.replace("count: { type: integer }", "count: { type: array }"), undefined, []],
    ["off", CLEAN.replace("{ type: array, items: { type: string },", "{ type: array,"), "lint: { rules: { array-without-items: off } }\n", []],
  ],
  "MG125 gemini-unsupported-keyword": [
    ["is off by default", CLEAN.replace("  required: [tags]\n", "  required: [tags]\n  additionalProperties: false\n"), undefined, []],
    ["fires when turned on", CLEAN.replace("  required: [tags]\n", "  required: [tags]\n  additionalProperties: false\n"), ON, [["MG125", "10:3", "warning"]]],
    [
      "fires once per keyword, where it first appears",
      CLEAN.replace("{ type: string }, description", "{ type: string, const: a }, description").replace(
        "  required: [tags]\n",
        "  required: [tags]\n  additionalProperties: false\n  $defs: { x: { const: y } }\n",
      ),
      ON,
      [
        ["MG125", "7:49", "warning"],
        ["MG125", "10:3", "warning"],
        ["MG125", "11:3", "warning"],
      ],
    ],
    ["does not fire on Gemini's own fields", CLEAN, ON, []],
  ],
};

describe("portability rules", () => {
  for (const [rule, cases] of Object.entries(CASES)) {
    describe(rule, () => {
      it.each(cases)("%s", (_name, spec, config, expected) => {
        expect(portability(spec, config)).toEqual(expected);
      });
    });
  }

  it("say the client and its limit in every message", () => {
    const dir = tempProject("lint-portability", {
      "mcp-gen.config.yaml": ON,
      "specs/a.yaml": CLEAN.replace("find_notes", `notes.${"n".repeat(60)}`)
        .replace("{ type: array, items: { type: string },", "{ type: array,")
        .replace("count: { type: integer }", 'count: { type: [integer, "null"] }')
        .replace("outputSchema:\n", "outputSchema:\n  $schema: http://json-schema.org/draft-07/schema#\n")
        .replace("  required: [tags]\n", "  anyOf: [{ required: [tags] }]\n  additionalProperties: false\n"),
    });
    dirs.push(dir);
    const messages = Object.fromEntries(lintDir(dir).map((d) => [d.code, d.message]));
    expect(messages.MG106).toMatch(/Claude API .* over 64$/);
    expect(messages.MG120).toMatch(/OpenAI and Claude APIs accept only A-Z a-z 0-9 _ -/);
    expect(messages.MG121).toMatch(/MCP Inspector flags it/);
    expect(messages.MG122).toMatch(/Claude API rejects input schemas with oneOf, allOf or anyOf at the top level/);
    expect(messages.MG123).toMatch(/2020-12 only/);
    expect(messages.MG124).toMatch(/VS Code \(GitHub Copilot\) refuses the tool/);
    expect(messages.MG125).toMatch(/Gemini's function declarations/);
  });
});

describe("portability rules over the vendored corpus", () => {
  const files = readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith(".json") && !f.startsWith("mcp-schema-"))
    .sort();

  it("run on every real tool without crashing, and find what they find", () => {
    const counts: Record<string, Record<string, number>> = {};
    let tools = 0;
    for (const file of files) {
      const listed = JSON.parse(readFileSync(path.join(CORPUS_DIR, file), "utf8")) as Array<{ name: string }>;
      // github-mcp-server-removed.json lists `list_issues` twice (two variants over time): the first stands for both.
      const unique = listed.filter((tool, i) => listed.findIndex((other) => other.name === tool.name) === i);
      const imported = importToolList(unique, { source: file });
      const dir = tempProject("lint-portability-corpus", {
        "package.json": JSON.stringify({ name: "corpus", version: "1.0.0" }),
        "mcp-gen.config.yaml": ON,
      });
      dirs.push(dir);
      writeFiles(dir, Object.fromEntries(imported.files.map((f) => [`specs/${f.path}`, f.contents])));
      const { config } = resolveConfig({ cwd: dir });
      const built = buildModel(config!);
      expect([file, built.diagnostics.filter((d) => d.severity === "error")]).toEqual([file, []]);
      tools += built.model!.tools.length;
      for (const d of lintProject(built.model!, built.toolSources, { rules: config!.lint.rules })) {
        if (!PORTABILITY_CODES.includes(d.code)) continue;
        counts[d.code] ??= {};
        counts[d.code][file] = (counts[d.code][file] ?? 0) + 1;
      }
    }
    const totals = Object.fromEntries(Object.entries(counts).map(([code, byFile]) => [code, Object.values(byFile).reduce((a, b) => a + b, 0)]));
    // What the rules find in 17 real servers' tools (test/corpus/SOURCES.md); a change here is a change in what a rule finds.
    expect({ tools, totals }).toMatchInlineSnapshot(`
      {
        "tools": 370,
        "totals": {
          "MG121": 5,
          "MG122": 1,
          "MG123": 48,
          "MG125": 186,
        },
      }
    `);
    expect(counts).toMatchInlineSnapshot(`
      {
        "MG121": {
          "github-mcp-server-removed.json": 1,
          "github-mcp-server.json": 1,
          "mcp-ref-sequentialthinking.json": 3,
        },
        "MG122": {
          "mcp-spec-examples-2026-07-28.json": 1,
        },
        "MG123": {
          "capture-server-filesystem-0.2.0.json": 14,
          "capture-server-memory-0.6.3.json": 9,
          "mcp-ref-everything.json": 1,
          "mcp-ref-filesystem.json": 14,
          "mcp-ref-memory.json": 9,
          "mcp-ref-sequentialthinking.json": 1,
        },
        "MG125": {
          "capture-server-filesystem-0.2.0.json": 14,
          "capture-server-github-legacy.json": 52,
          "capture-server-memory-0.6.3.json": 18,
          "github-mcp-server-removed.json": 1,
          "github-mcp-server.json": 6,
          "kubernetes-mcp-server.json": 7,
          "mcp-ref-everything.json": 19,
          "mcp-ref-fetch.json": 2,
          "mcp-ref-filesystem.json": 14,
          "mcp-ref-memory.json": 9,
          "mcp-ref-sequentialthinking.json": 1,
          "mcp-spec-examples-2026-07-28.json": 2,
          "mongodb-mcp-server-2025-07.json": 41,
        },
      }
    `);
  });
});
