/** `mcp-gen budget`: argument handling and output; the work is in ../commands/budget/budget.ts. */
import type { Command } from "commander";
import type { BudgetOutcome, BudgetProject, BudgetReport, BudgetTool } from "../commands/budget/budget.js";
import { DEFAULT_TIMEOUT_MS } from "../commands/tool-source/limits.js";
import { counted } from "../util/counted.js";
import { formatOption, type CliContext } from "./context.js";
import { diagnosticsJson, reportDiagnostics, type Io, type OutputFormat } from "./report.js";

export interface BudgetCliOptions {
  config?: string | string[];
  fromServer?: string;
  url?: string;
  timeout?: string;
  format: OutputFormat;
}

/** Said wherever counts are shown: they are exact for one encoding only. */
const APPROXIMATE = "approximate for other models' tokenizers";

export async function runBudgetCli(file: string | undefined, options: BudgetCliOptions, io: Io, cwd: string): Promise<number> {
  const { runBudget } = await import("../commands/budget/budget.js");
  const outcome = await runBudget(file, options, cwd);
  if (outcome.usage !== undefined) {
    io.stderr(`error: ${outcome.usage}\n(run with --help for usage)\n`);
    return 2;
  }
  if (options.format === "json") {
    io.stdout(`${JSON.stringify(budgetJson(outcome), null, 2)}\n`);
    return outcome.exitCode;
  }
  reportDiagnostics(io, outcome.diagnostics, outcome.sources, "text");
  for (const project of outcome.projects) {
    reportDiagnostics(io, project.diagnostics, project.sources, "text");
    const prefix = outcome.workspace ? `mcp-gen budget [${project.label}]` : "mcp-gen budget";
    if (!project.report) {
      io.stdout(`${prefix}: no tools counted (see the errors above)\n`);
      continue;
    }
    io.stdout(budgetText(project.report, prefix));
  }
  return outcome.exitCode;
}

/** The text report: a line of totals, then a table of the tools, most tokens first. */
export function budgetText(report: BudgetReport, prefix = "mcp-gen budget"): string {
  const lines = [`${prefix}: ${counted(report.tools.length, "tool")}, ${report.total} tokens in tools/list (${report.encoding}; ${APPROXIMATE})`];
  if (report.budget) {
    const limits = [
      report.budget.perTool !== undefined ? `${report.budget.perTool} per tool` : undefined,
      report.budget.total !== undefined ? `${report.budget.total} in total` : undefined,
    ].filter((limit) => limit !== undefined);
    const over = report.budget.perTool === undefined ? 0 : report.tools.filter((tool) => tool.tokens > report.budget!.perTool!).length;
    const totalOver = report.budget.total !== undefined && report.total > report.budget.total;
    lines.push(`budget: ${limits.join(", ")}; ${over === 0 ? "no tool" : counted(over, "tool")} over${totalOver ? ", the list over" : ""}`);
  }
  if (report.tools.length === 0) return `${lines.join("\n")}\n`;
  const header = ["tool", "tokens", "of list", "description", "schemas", "other", "defined in"];
  const rows = report.tools.map((tool) => [
    tool.name,
    String(tool.tokens),
    percent(tool.share),
    ...splitCells(tool),
    tool.location ? `${tool.location.file}:${tool.location.line}:${tool.location.column}` : "",
  ]);
  // Numbers right-aligned, names and places left-aligned.
  const right = [false, true, true, true, true, true, false];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (right[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  lines.push("", line(header), ...rows.map(line));
  return `${lines.join("\n")}\n`;
}

/** The description's, the schemas' and the rest's share of the tool's parts. */
function splitCells(tool: BudgetTool): string[] {
  const { description, schemas, other } = tool.split;
  const all = description + schemas + other;
  return [description, schemas, other].map((part) => percent(all === 0 ? 0 : part / all));
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/**
 * `--format json`: one project's report (docs/guide/budget.md documents the shape), or,
 * for a workspace, `{ ok, diagnostics, projects: [{ project, ...report }] }` as lint does.
 */
export function budgetJson(outcome: BudgetOutcome): unknown {
  const project = (p: BudgetProject) => ({
    ok: !p.diagnostics.some((d) => d.severity === "error") && p.report !== undefined,
    ...(p.report
      ? {
          encoding: p.report.encoding,
          note: `counts are ${p.report.encoding} tokens, ${APPROXIMATE}`,
          total: p.report.total,
          ...(p.report.budget ? { budget: p.report.budget } : {}),
          tools: p.report.tools,
        }
      : {}),
    diagnostics: diagnosticsJson(p.diagnostics),
  });
  if (!outcome.workspace && outcome.projects.length === 1 && outcome.diagnostics.length === 0) {
    const [only] = outcome.projects;
    return { ...(only.label !== "." ? { source: only.label } : {}), ...project(only) };
  }
  return {
    ok: outcome.exitCode === 0,
    diagnostics: diagnosticsJson(outcome.diagnostics),
    projects: outcome.projects.map((p) => ({ project: p.label, ...project(p) })),
  };
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function registerBudget(program: Command, { io, cwd, setExit }: CliContext): void {
  program
    .command("budget")
    .summary("what each tool costs a model's context, in tokens; writes nothing")
    .description(
      "Count the tokens of each tool's tools/list entry (name, title, description, schemas, annotations) and of the " +
        "whole list, most first, with the description's and the schemas' share, in OpenAI's o200k_base encoding " +
        "(approximate for other models). Reads the project's specs, or a tool list: a tools/list dump or a " +
        "catalog.json (<tools.json>), a server started over stdio (--from-server) or one over HTTP (--url). " +
        "The config's `budget: { perTool, total }` turns tools and lists over budget into findings (MG150, MG151), " +
        "warnings unless `lint.rules` makes them errors. Writes nothing.",
    )
    .argument("[tools.json]", "a tools/list dump or a catalog.json, instead of the project's specs")
    .option("-c, --config <file>", "config file or glob of config files, repeatable (default: ./mcp-gen.config.yaml when present)", collect)
    .option("--from-server <command>", 'start this MCP server over stdio and count the tools it lists, e.g. --from-server "node build/server.js"')
    .option("--url <url>", "count the tools of the MCP server at this Streamable HTTP endpoint")
    .option("--timeout <ms>", `with --from-server or --url: give up after this many milliseconds (default: ${DEFAULT_TIMEOUT_MS})`)
    .addOption(formatOption())
    .addHelpText(
      "after",
      "\nExamples:\n" +
        "  mcp-gen budget\n" +
        "  mcp-gen budget --format json\n" +
        "  mcp-gen budget generated/docs/catalog.json\n" +
        '  mcp-gen budget --from-server "node build/server.js"\n' +
        "\nConfig (mcp-gen.config.yaml):\n" +
        "  budget: { perTool: 800, total: 8000 }\n" +
        "  lint: { rules: { tool-token-budget: error, list-token-budget: error } }\n" +
        "\nExit codes: 0 ok (findings at warning severity included); 1 a budget finding at error severity, specs that do not build, " +
        "or a tool list that cannot be read; 2 usage or internal error.",
    )
    .action(async (file: string | undefined, options: BudgetCliOptions) => {
      setExit(await runBudgetCli(file, options, io, cwd));
    });
}
