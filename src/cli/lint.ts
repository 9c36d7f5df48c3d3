/** `mcp-gen lint`: the spec checks and the lint rules, without emitting or writing anything. */
import type { Command } from "commander";
import { formatSummary } from "../diagnostics/format.js";
import { LINT_RULES } from "../diagnostics/messages.js";
import type { WorkspaceResult } from "../build/generate.js";
import { formatOption, maxWarningsOption, type CliContext } from "./context.js";
import { counted } from "../util/counted.js";
import { rebaseDiagnostics } from "../diagnostics/rebase.js";
import { diagnosticsJson, reportDiagnostics, type Io, type OutputFormat } from "./report.js";

export interface LintCliOptions {
  config?: string | string[];
  format: OutputFormat;
  /** Overrides the config's `lint.maxWarnings`. */
  maxWarnings?: number;
  quiet?: boolean;
}

export async function runLint(options: LintCliOptions, io: Io, cwd: string): Promise<number> {
  const configs = options.config === undefined ? [] : Array.isArray(options.config) ? options.config : [options.config];
  const { generateWorkspace } = await import("../build/generate.js");
  const run = await generateWorkspace({ cwd, configs, lintOnly: true, maxWarnings: options.maxWarnings });
  if (options.format === "json") {
    io.stdout(JSON.stringify(lintJson(run), null, 2) + "\n");
    return run.exitCode;
  }
  reportDiagnostics(io, run.diagnostics, run.sources, "text");
  for (const project of run.projects) {
    const { result } = project;
    const shown = options.quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics;
    const located = rebaseDiagnostics(shown, result.sources, project.label);
    // reportDiagnostics ends with the counts; a clean project says so on stdout.
    reportDiagnostics(io, located.diagnostics, located.sources, "text");
    if (options.quiet) continue;
    const prefix = run.workspace ? `mcp-gen [${project.label}]: ` : "mcp-gen: ";
    const tools = result.model ? counted(result.model.tools.length, "tool") : "specs do not build";
    io.stdout(`${prefix}${tools}, ${formatSummary(result.diagnostics, { color: io.color === true })}\n`);
  }
  return run.exitCode;
}

function lintJson(run: WorkspaceResult): unknown {
  const project = (p: WorkspaceResult["projects"][number]) => ({
    ok: p.result.exitCode === 0,
    tools: p.result.model?.tools.length ?? 0,
    diagnostics: diagnosticsJson(p.result.diagnostics),
  });
  // One project: its result alone, with `project` naming its folder when the paths are relative to another one.
  if (!run.workspace && run.projects.length === 1 && run.diagnostics.length === 0) {
    const [only] = run.projects;
    return { ...(only.label !== "." ? { project: only.label } : {}), ...project(only) };
  }
  return {
    ok: run.exitCode === 0,
    diagnostics: diagnosticsJson(run.diagnostics),
    projects: run.projects.map((p) => ({ project: p.label, ...project(p) })),
  };
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** The rule table for --help: code, name, default severity, why. */
function rulesHelp(): string {
  const width = Math.max(...LINT_RULES.map((rule) => rule.name.length));
  const rows = LINT_RULES.map((rule) => `  ${rule.code}  ${rule.name.padEnd(width)}  ${rule.defaultSeverity.padEnd(7)}  ${rule.why}`);
  return `\nRules (change severities in mcp-gen.config.yaml: lint: { rules: { MG104: error, examples-missing: off } }):\n${rows.join("\n")}\n`;
}

export function registerLint(program: Command, { io, cwd, setExit }: CliContext): void {
  program
    .command("lint")
    .summary("report lint findings; writes nothing")
    .description("Check the specs and report lint findings (descriptions, annotations, names, schemas, examples, client portability). Writes nothing.")
    .option("-c, --config <file>", "config file or glob of config files, repeatable (default: ./mcp-gen.config.yaml when present)", collect)
    .addOption(maxWarningsOption())
    .option("-q, --quiet", "print only errors")
    .addOption(formatOption())
    .addHelpText("after", rulesHelp() + "\nExit codes: 0 ok, 1 errors or too many warnings, 2 usage or internal error.")
    .action(async (options: LintCliOptions) => {
      setExit(await runLint(options, io, cwd));
    });
}
