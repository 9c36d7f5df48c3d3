/**
 * The config's token budgets as findings (src/lint/budget.ts): thresholds, positions,
 * severities from `lint.rules`, and no count at all when no budget is set.
 */
import { describe, expect, test } from "vitest";
import type { BudgetConfig } from "../../../src/config/config.js";
import type { Diagnostic } from "../../../src/diagnostics/diagnostic.js";
import { budgetFindings } from "../../../src/lint/budget.js";
import type { ToolModel } from "../../../src/spec/model.js";
import type { ToolTokens } from "../../../src/spec/token-count.js";
import { projectModel } from "../../helpers/project-model.js";

// Three tools with made-up counts, so each threshold is exact.
const model = projectModel([{ wire: { name: "small" } }, { wire: { name: "medium" } }, { wire: { name: "large" } }]);
const COUNTS: Record<string, ToolTokens> = {
  small: { total: 50, parts: { name: 2, description: 10, inputSchema: 30 } },
  medium: { total: 100, parts: { name: 2, description: 40, inputSchema: 50, outputSchema: 5 } },
  large: { total: 300, parts: { name: 2, description: 100, inputSchema: 150, outputSchema: 40 } },
};
const count = (tool: ToolModel) => COUNTS[tool.name];
const CONFIG_AT = { perTool: { file: "mcp-gen.config.yaml", line: 3, column: 12 }, total: { file: "mcp-gen.config.yaml", line: 4, column: 10 } };

/** code severity file:line:col message: what a user reads. */
const seen = (d: Diagnostic) => `${d.code} ${d.severity} ${d.location ? `${d.location.file}:${d.location.line}:${d.location.column}` : "-"} ${d.message}`;

describe("budgetFindings", () => {
  test.each<[string, BudgetConfig, string[]]>([
    ["no budget", {}, []],
    ["every tool within perTool (equal is within)", { perTool: 300 }, []],
    [
      "tools over perTool, at each tool's mapping, with the description's and the schemas' share",
      { perTool: 99, at: CONFIG_AT },
      [
        "MG150 warning specs/large.yaml:1:1 tool `large` costs 300 tokens in tools/list, over budget.perTool (99): description 100, schemas 190",
        "MG150 warning specs/medium.yaml:1:1 tool `medium` costs 100 tokens in tools/list, over budget.perTool (99): description 40, schemas 55",
      ],
    ],
    ["the list within total (equal is within)", { total: 450 }, []],
    [
      "the list over total, at budget.total, naming the largest tools",
      { total: 449, at: CONFIG_AT },
      [
        "MG151 warning mcp-gen.config.yaml:4:10 the 3 tools cost 450 tokens in tools/list, over budget.total (449); the largest: `large` (300), `medium` (100), `small` (50)",
      ],
    ],
  ])("%s", (_name, budget, expected) => {
    expect(budgetFindings(model, budget, count).map(seen)).toEqual(expected);
  });

  test("a perTool finding points at where the config sets the budget, and says why the rule exists", () => {
    const [finding] = budgetFindings(model, { perTool: 200, at: CONFIG_AT }, count);
    expect(finding.related).toEqual([{ ...CONFIG_AT.perTool, message: "budget.perTool is set here" }]);
    expect(finding.hint).toMatch(/^tool-token-budget: /);
  });

  test("severities come from lint.rules, by code or (once resolved) by name; off drops the finding", () => {
    const budget = { perTool: 200, total: 100 };
    expect(budgetFindings(model, budget, count, { MG150: "error", MG151: "info" }).map((d) => `${d.code} ${d.severity}`)).toEqual([
      "MG150 error",
      "MG151 info",
    ]);
    expect(budgetFindings(model, budget, count, { MG150: "off" }).map((d) => d.code)).toEqual(["MG151"]);
  });

  test("nothing is counted without a budget, nor when both rules are off", () => {
    const never = () => {
      throw new Error("counted");
    };
    expect(budgetFindings(model, {}, never)).toEqual([]);
    expect(budgetFindings(model, { perTool: 1, total: 1 }, never, { MG150: "off", MG151: "off" })).toEqual([]);
  });
});
