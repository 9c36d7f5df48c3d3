/**
 * The token budgets of the config (`budget: { perTool, total }`) as lint findings: MG150
 * at each tool over `perTool`, MG151 at `budget.total` when the whole list is over it.
 * Their severities come from `lint.rules` like any rule's; counts come from the caller
 * (the build session's memo), so a run with no budget set never counts.
 */
import type { BudgetConfig } from "../config/config.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { createDiagnostic, findLintRule, type LintSetting } from "../diagnostics/messages.js";
import type { ProjectModel, ToolModel } from "../spec/model.js";
import { tokenShares, type ToolTokens } from "../spec/token-count.js";

export const TOOL_BUDGET_CODE = "MG150";
export const LIST_BUDGET_CODE = "MG151";

/** How many of the largest tools the list finding names. */
const LARGEST_NAMED = 3;

export function budgetFindings(
  model: ProjectModel,
  budget: BudgetConfig,
  count: (tool: ToolModel) => ToolTokens,
  rules: Readonly<Record<string, LintSetting>> = {},
): Diagnostic[] {
  const severity = (code: typeof TOOL_BUDGET_CODE | typeof LIST_BUDGET_CODE) => {
    const rule = findLintRule(code)!;
    return { setting: rules[code] ?? rule.defaultSeverity, hint: `${rule.name}: ${rule.why}` };
  };
  const perTool = budget.perTool !== undefined ? severity(TOOL_BUDGET_CODE) : undefined;
  const total = budget.total !== undefined ? severity(LIST_BUDGET_CODE) : undefined;
  const checkTools = perTool !== undefined && perTool.setting !== "off";
  const checkList = total !== undefined && total.setting !== "off";
  if (!checkTools && !checkList) return [];

  const findings: Diagnostic[] = [];
  const counted = model.tools.map((tool) => ({ tool, tokens: count(tool) }));
  if (checkTools && perTool.setting !== "off") {
    for (const { tool, tokens } of counted) {
      if (tokens.total <= budget.perTool!) continue;
      const shares = tokenShares(tokens);
      findings.push(
        createDiagnostic({
          code: TOOL_BUDGET_CODE,
          severity: perTool.setting,
          format: { tool: tool.name, tokens: tokens.total, limit: budget.perTool!, description: shares.description, schemas: shares.schemas },
          location: tool.location,
          ...(budget.at?.perTool ? { related: [{ ...budget.at.perTool, message: "budget.perTool is set here" }] } : {}),
          hint: perTool.hint,
        }),
      );
    }
  }
  if (checkList && total.setting !== "off") {
    const sum = counted.reduce((all, { tokens }) => all + tokens.total, 0);
    if (sum > budget.total!) {
      const largest = [...counted]
        .sort((a, b) => b.tokens.total - a.tokens.total || (a.tool.name < b.tool.name ? -1 : 1))
        .slice(0, LARGEST_NAMED)
        .map(({ tool, tokens }) => `\`${tool.name}\` (${tokens.total})`)
        .join(", ");
      findings.push(
        createDiagnostic({
          code: LIST_BUDGET_CODE,
          severity: total.setting,
          format: { tools: model.tools.length, tokens: sum, limit: budget.total!, largest },
          ...(budget.at?.total ? { location: budget.at.total } : {}),
          hint: total.hint,
        }),
      );
    }
  }
  return findings;
}
