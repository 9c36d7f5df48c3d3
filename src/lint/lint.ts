/**
 * `mcp-gen lint`: the rules of rules.ts over a built model, with the config's severities.
 * `generate` runs it too; only findings the config makes errors (or too many warnings)
 * fail a run.
 */
import { sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.js";
import type { ToolSource } from "../spec/model-tool.js";
import type { ProjectModel } from "../spec/model.js";
import { toolLintContext, type Finding, type ToolLintContext } from "./context.js";
import { annotationRules } from "./rules/annotations.js";
import { descriptionRules } from "./rules/descriptions.js";
import { examplesRule } from "./rules/examples.js";
import { nameLengthRule, nameStyleRule, speltName, type SpeltName } from "./rules/names.js";
import { portabilityRules } from "./rules/portability.js";
import { schemaRules } from "./rules/schemas.js";
import { createDiagnostic, findLintRule, MAX_WARNINGS_CODE, SHARED_SCHEMA_FINDING, type LintSetting } from "../diagnostics/messages.js";
import { formatMessage } from "../diagnostics/param-message.js";

export interface LintOptions {
  /** Severity overrides by rule code (ResolvedConfig.lint.rules). */
  rules?: Readonly<Record<string, LintSetting>>;
  /** MG106's limit (ResolvedConfig.lint.maxToolNameLength); the Claude API's 64 when unset. */
  maxToolNameLength?: number;
}

const TOOL_RULES: Array<(ctx: ToolLintContext, options: LintOptions) => Finding[]> = [
  annotationRules,
  descriptionRules,
  (ctx, options) => nameLengthRule(ctx, options.maxToolNameLength),
  schemaRules,
  examplesRule,
  portabilityRules,
];

/**
 * Every finding over the model's tools, sorted, each with the severity the config gives
 * its rule (rules set to `off` are dropped) and its one-line why as the hint. A tool
 * without a source in `toolSources` is skipped (it has no YAML to point into).
 */
export function lintProject(model: ProjectModel, toolSources: ReadonlyMap<string, ToolSource>, options: LintOptions = {}): Diagnostic[] {
  const contexts: ToolLintContext[] = [];
  for (const tool of model.tools) {
    const source = toolSources.get(tool.name);
    if (source) contexts.push(toolLintContext(tool, source));
  }
  return sortDiagnostics(onceWhereWritten([...contexts.flatMap((ctx) => lintTool(ctx, options)), ...lintNames(contexts.map(speltName), options)]));
}

/** One spec file's share of the lint: its tools' findings and their names as spelt (for the style rule). */
export interface FileLint {
  diagnostics: Diagnostic[];
  /** By (namespaced) tool name. */
  names: Array<[string, SpeltName]>;
}

/**
 * `lintProject`, spec file by spec file (a tool's file is `sources[0]`), so that a later
 * run can take an unchanged file's share as it was: `reused` supplies those. The style
 * rule, which compares all tools, always runs over every tool's name.
 */
export function lintFiles(
  model: ProjectModel,
  toolSources: ReadonlyMap<string, ToolSource>,
  options: LintOptions,
  reused: (specFile: string) => FileLint | undefined,
): { diagnostics: Diagnostic[]; perFile: Map<string, FileLint> } {
  const perFile = new Map<string, FileLint>();
  const taken = new Map<string, FileLint | undefined>();
  const spelt = new Map<string, SpeltName>();
  const diagnostics: Diagnostic[] = [];
  for (const tool of model.tools) {
    const file = tool.sources[0] ?? "";
    if (!taken.has(file)) {
      const share = reused(file);
      taken.set(file, share);
      if (share) {
        diagnostics.push(...share.diagnostics);
        for (const [name, named] of share.names) spelt.set(name, named);
      }
    }
    if (taken.get(file)) continue;
    const source = toolSources.get(tool.name);
    if (!source) continue;
    let share = perFile.get(file);
    if (!share) perFile.set(file, (share = { diagnostics: [], names: [] }));
    const ctx = toolLintContext(tool, source);
    const found = lintTool(ctx, options);
    share.diagnostics.push(...found);
    diagnostics.push(...found);
    const named = speltName(ctx);
    share.names.push([tool.name, named]);
    spelt.set(tool.name, named);
  }
  const names = model.tools.flatMap((tool) => spelt.get(tool.name) ?? []);
  return { diagnostics: sortDiagnostics(onceWhereWritten([...diagnostics, ...lintNames(names, options)])), perFile };
}

/** The findings of the rules that look at one tool alone, as diagnostics (unsorted). */
export function lintTool(ctx: ToolLintContext, options: LintOptions = {}): Diagnostic[] {
  return asDiagnostics(
    TOOL_RULES.flatMap((rule) => rule(ctx, options)),
    options,
  );
}

/** The findings of the rules across tools (naming style), as diagnostics (unsorted). */
export function lintNames(names: readonly SpeltName[], options: LintOptions = {}): Diagnostic[] {
  return asDiagnostics(nameStyleRule(names), options);
}

function asDiagnostics(findings: readonly Finding[], options: LintOptions): Diagnostic[] {
  // YAML shared through an alias is found once per use, at its one definition: `onceWhereWritten` says it once.
  const diagnostics: Diagnostic[] = [];
  for (const finding of findings) {
    const rule = findLintRule(finding.code)!;
    const severity = options.rules?.[rule.code] ?? rule.defaultSeverity;
    if (severity === "off") continue;
    // The keys in their old order: callers that serialize a result get the same JSON.
    const { severity: _default, ...found } = finding;
    diagnostics.push({ ...found, severity, hint: `${rule.name}: ${rule.why}` });
  }
  return diagnostics;
}

/**
 * A schema shared by several tools (a `$ref`ed file, YAML behind an alias) is checked once
 * per tool (and YAML behind an alias once per use), and each finds the same problem at the same place: it is reported once there,
 * saying how many more tools share it, so it counts once against `maxWarnings` too.
 */
function onceWhereWritten(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const groups = new Map<string, Diagnostic[]>();
  const result: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const at = diagnostic.location;
    if (!at) {
      result.push(diagnostic);
      continue;
    }
    const key = JSON.stringify([diagnostic.code, diagnostic.severity, at.file, at.line, at.column]);
    const group = groups.get(key);
    if (group) group.push(diagnostic);
    else groups.set(key, [diagnostic]);
  }
  for (const group of groups.values()) {
    if (group.length === 1) {
      result.push(group[0]);
      continue;
    }
    // The first by message, so the choice never depends on the order tools were linted in.
    const [first] = [...group].sort((a, b) => (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
    const more = group.length - 1;
    result.push(
      group.every((d) => d.message === first.message)
        ? first
        : { ...first, message: formatMessage(SHARED_SCHEMA_FINDING, { message: first.message, more, uses: more === 1 ? "use" : "uses" }) },
    );
  }
  return result;
}

/** The MG140 error when `diagnostics` (spec and lint, like eslint's count) hold more warnings than `maxWarnings`. */
export function maxWarningsExceeded(diagnostics: readonly Diagnostic[], maxWarnings: number | undefined): Diagnostic[] {
  if (maxWarnings === undefined) return [];
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  if (warnings <= maxWarnings) return [];
  return [createDiagnostic({ code: MAX_WARNINGS_CODE, format: { count: warnings, max: maxWarnings } })];
}
