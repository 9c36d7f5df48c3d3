/**
 * The lint rules: a stable code and name each, the one-line reason shown with every
 * finding, and a default severity the config (`lint.rules`) can change. Codes and names
 * are stable: never renumber or rename, only add.
 */
import type { DiagnosticCode, Severity } from "./diagnostic.js";

export type LintSetting = Severity | "off";

export interface LintRule {
  code: DiagnosticCode;
  name: string;
  defaultSeverity: LintSetting;
  /** Why the rule exists, in one line (printed as the finding's hint). */
  why: string;
}

export const LINT_RULES: readonly LintRule[] = [
  {
    code: "MG100",
    name: "annotation-conflict",
    defaultSeverity: "warning",
    why: "a read-only tool cannot be destructive; clients may warn about or block a tool they think destroys data",
  },
  {
    code: "MG101",
    name: "annotation-ignored",
    defaultSeverity: "info",
    why: "MCP defines destructiveHint and idempotentHint only for tools that are not read-only; clients ignore them here",
  },
  {
    code: "MG102",
    name: "read-only-undeclared",
    defaultSeverity: "warning",
    why: "without readOnlyHint: true, clients take MCP's default destructiveHint: true and may ask before every call",
  },
  {
    code: "MG103",
    name: "tool-description-missing",
    defaultSeverity: "warning",
    why: "the model chooses tools by their description; without one it has to guess from the name",
  },
  {
    code: "MG104",
    name: "property-description-missing",
    defaultSeverity: "warning",
    why: "the model fills arguments from their descriptions; a bare name invites wrong values",
  },
  {
    code: "MG105",
    name: "description-repeats-name",
    defaultSeverity: "warning",
    why: "a description that only restates the name tells the model nothing new",
  },
  {
    code: "MG106",
    name: "tool-name-too-long",
    defaultSeverity: "warning",
    why: "several MCP clients reject tool names longer than 64 characters",
  },
  {
    code: "MG107",
    name: "tool-name-style-mixed",
    defaultSeverity: "warning",
    why: "one naming style per server (snake_case, kebab-case, camelCase or PascalCase) keeps names predictable for models and people",
  },
  {
    code: "MG108",
    name: "enum-without-type",
    defaultSeverity: "warning",
    why: "without `type`, generated types and some clients' forms fall back to any value",
  },
  {
    code: "MG109",
    name: "additional-properties-unset",
    defaultSeverity: "off",
    why: "with additionalProperties unset, misspelled arguments pass validation silently (a policy; off by default)",
  },
  {
    code: "MG110",
    name: "unused-defs",
    defaultSeverity: "warning",
    why: "an unused definition is still sent to every client in tools/list",
  },
  {
    code: "MG111",
    name: "optional-without-default",
    defaultSeverity: "info",
    why: "the model cannot tell what happens when an optional argument is left out",
  },
  {
    code: "MG112",
    name: "examples-missing",
    defaultSeverity: "info",
    why: "examples are checked at generate time, run as tests and shown in the docs",
  },
];

/** Not a rule of its own: the finding `maxWarnings` adds when it is exceeded. */
export const MAX_WARNINGS_CODE: DiagnosticCode = "MG140";

const BY_CODE = new Map<string, LintRule>(LINT_RULES.map((rule) => [rule.code, rule]));
const BY_NAME = new Map<string, LintRule>(LINT_RULES.map((rule) => [rule.name, rule]));

/** The rule a config key names, by code (`MG104`) or name (`property-description-missing`). */
export function findLintRule(key: string): LintRule | undefined {
  return BY_CODE.get(key) ?? BY_NAME.get(key);
}

export function isLintCode(code: string): boolean {
  return BY_CODE.has(code) || code === MAX_WARNINGS_CODE;
}
