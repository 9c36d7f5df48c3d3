/**
 * `mcp-gen lint`: the rules of rules.ts over a built model, with the config's severities.
 * `generate` runs it too; only findings the config makes errors (or too many warnings)
 * fail a run.
 */
import { sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolSource } from "../spec/build-model.js";
import type { ProjectModel } from "../spec/model.js";
import { toolLintContext, type Finding, type ToolLintContext } from "./context.js";
import { annotationRules } from "./rules/annotations.js";
import { descriptionRules } from "./rules/descriptions.js";
import { examplesRule } from "./rules/examples.js";
import { nameLengthRule, nameStyleRule } from "./rules/names.js";
import { schemaRules } from "./rules/schemas.js";
import { findLintRule, MAX_WARNINGS_CODE, type LintSetting } from "./rules.js";

export interface LintOptions {
  /** Severity overrides by rule code (ResolvedConfig.lint.rules). */
  rules?: Readonly<Record<string, LintSetting>>;
}

const TOOL_RULES: Array<(ctx: ToolLintContext) => Finding[]> = [
  annotationRules,
  descriptionRules,
  nameLengthRule,
  schemaRules,
  examplesRule,
];

/**
 * Every finding over the model's tools, sorted, each with the severity the config gives
 * its rule (rules set to `off` are dropped) and its one-line why as the hint. A tool
 * without a source in `toolSources` is skipped (it has no YAML to point into).
 */
export function lintProject(
  model: ProjectModel,
  toolSources: ReadonlyMap<string, ToolSource>,
  options: LintOptions = {},
): Diagnostic[] {
  const contexts: ToolLintContext[] = [];
  for (const tool of model.tools) {
    const source = toolSources.get(tool.name);
    if (source) contexts.push(toolLintContext(tool, source));
  }
  const findings = [...contexts.flatMap((ctx) => TOOL_RULES.flatMap((rule) => rule(ctx))), ...nameStyleRule(contexts)];
  const diagnostics: Diagnostic[] = [];
  for (const finding of findings) {
    const rule = findLintRule(finding.code)!;
    const severity = options.rules?.[rule.code] ?? rule.defaultSeverity;
    if (severity === "off") continue;
    diagnostics.push({ ...finding, severity, hint: `${rule.name}: ${rule.why}` });
  }
  return sortDiagnostics(diagnostics);
}

/** The MG140 error when `diagnostics` (spec and lint, like eslint's count) hold more warnings than `maxWarnings`. */
export function maxWarningsExceeded(diagnostics: readonly Diagnostic[], maxWarnings: number | undefined): Diagnostic[] {
  if (maxWarnings === undefined) return [];
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  if (warnings <= maxWarnings) return [];
  return [
    {
      code: MAX_WARNINGS_CODE,
      severity: "error",
      message: `${warnings} lint warnings; at most ${maxWarnings} allowed (lint.maxWarnings or --max-warnings)`,
    },
  ];
}
