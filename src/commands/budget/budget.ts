/**
 * `mcp-gen budget`: what each tool costs a model's context, counted on its `tools/list`
 * entry (src/spec/token-count.ts), and the config's budgets as findings. Reads the
 * project's specs (as `lint` does, writing nothing), or a tool list from elsewhere: a
 * `tools/list` dump or a `catalog.json` file, or a server (`--from-server`, `--url`).
 * This is the command's work; src/cli/budget.ts parses its arguments and prints the outcome.
 */
import path from "node:path";
import type { Diagnostic, Location } from "../../diagnostics/diagnostic.js";
import { hasErrors, sortDiagnostics } from "../../diagnostics/diagnostic.js";
import { createDiagnostic } from "../../diagnostics/messages.js";
import { fromWorkingDirectory, rebaseDiagnostics } from "../../diagnostics/rebase.js";
import { TOKEN_ENCODING, tokenShares, type ToolTokenParts, type ToolTokens } from "../../spec/token-count.js";
import { toPosix } from "../../util/posix.js";
import { splitCommandLine } from "../tool-source/command-line.js";
import { DEFAULT_TIMEOUT_MS } from "../tool-source/limits.js";
import type { DumpPath } from "../tool-source/tool-list.js";

/** The budget findings' codes (src/lint/budget.ts): the only lint findings this command shows. */
const BUDGET_CODES: ReadonlySet<string> = new Set(["MG150", "MG151"]);

/** Node turns a larger delay into 1 ms. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface BudgetCommandOptions {
  /** Config files or globs (`-c`), as for generate and lint. */
  config?: string | string[];
  /** A command line that starts an MCP server speaking stdio. */
  fromServer?: string;
  /** The Streamable HTTP endpoint of a running MCP server. */
  url?: string;
  /** Milliseconds, as typed on the command line. */
  timeout?: string;
}

/** One tool's line of the report. */
export interface BudgetTool {
  name: string;
  /** Where the tool is defined: its spec's mapping, or its entry in a dump. */
  location?: Location;
  /** Tokens of its tools/list entry, counted at once. */
  tokens: number;
  /** Its part of the whole list's tokens, 0 to 1, rounded to four decimals. */
  share: number;
  /** Tokens of each member of the entry counted alone (see `ToolTokens`). */
  parts: ToolTokenParts;
  /** The description's and the schemas' (input and output) tokens, and the rest's (name, title, annotations, ...). */
  split: { description: number; schemas: number; other: number };
}

/** What the tools cost, largest first. */
export interface BudgetReport {
  encoding: string;
  /** The sum of the tools' tokens. */
  total: number;
  tools: BudgetTool[];
  /** The config's budgets, when it sets any. */
  budget?: { perTool?: number; total?: number };
}

/** One project's (or one tool list's) report, with the diagnostics that belong to it. */
export interface BudgetProject {
  /** The project's folder from the working directory, or the tool list's source. */
  label: string;
  /** Absent when the specs do not build or the list could not be read. */
  report?: BudgetReport;
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
}

export interface BudgetOutcome {
  /** The command line is wrong; nothing was attempted. */
  usage?: string;
  /** True for several projects (a workspace, several configs). */
  workspace: boolean;
  projects: BudgetProject[];
  /** Problems of the workspace itself. */
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
  /** 0 ok; 1 a budget finding at error severity, specs that do not build, a list that cannot be read; 2 usage. */
  exitCode: 0 | 1 | 2;
}

/**
 * The report of a list of tools: each one's count, its share of the whole, sorted by
 * tokens (most first), then by name.
 */
export function budgetReport(tools: ReadonlyArray<{ name: string; tokens: ToolTokens; location?: Location }>): BudgetReport {
  const total = tools.reduce((sum, tool) => sum + tool.tokens.total, 0);
  const rows = tools.map(
    ({ name, tokens, location }): BudgetTool => ({
      name,
      ...(location ? { location } : {}),
      tokens: tokens.total,
      // Four decimals: enough for a percentage with two, and stable JSON.
      share: total === 0 ? 0 : Math.round((tokens.total / total) * 10_000) / 10_000,
      parts: tokens.parts,
      split: tokenShares(tokens),
    }),
  );
  rows.sort((a, b) => b.tokens - a.tokens || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { encoding: TOKEN_ENCODING, total, tools: rows };
}

type BudgetSource = { kind: "specs" } | { kind: "file"; file: string } | { kind: "server"; command?: string; url?: string; timeoutMs: number };

/** Which source the user asked for, or why the command line is wrong. */
export function budgetSourceFrom(file: string | undefined, options: BudgetCommandOptions): BudgetSource | { usage: string } {
  const given = [file !== undefined && "<tools.json>", options.fromServer !== undefined && "--from-server", options.url !== undefined && "--url"].filter(
    (x): x is string => typeof x === "string",
  );
  if (given.length > 1) return { usage: `give only one of <tools.json>, --from-server and --url (got ${given.join(" and ")})` };
  if (given.length === 1 && options.config !== undefined)
    return { usage: `--config reads the project's specs; ${given[0]} reads a tool list instead: give one of them` };
  if (given.length === 0 || file !== undefined) {
    if (options.timeout !== undefined) return { usage: "--timeout applies only to --from-server and --url" };
    return file === undefined ? { kind: "specs" } : { kind: "file", file };
  }
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  if (options.timeout !== undefined) {
    timeoutMs = /^\d+$/.test(options.timeout) ? Number(options.timeout) : Number.NaN;
    if (!(timeoutMs >= 1 && timeoutMs <= MAX_TIMEOUT_MS)) {
      return { usage: `--timeout takes a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, not '${options.timeout}'` };
    }
  }
  if (options.fromServer !== undefined) {
    const split = splitCommandLine(options.fromServer);
    if ("error" in split) return { usage: `--from-server: ${split.error} in '${options.fromServer}'` };
    return { kind: "server", command: options.fromServer, timeoutMs };
  }
  const url = options.url!;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return { usage: `--url takes an http:// or https:// URL, not '${url}'` };
  return { kind: "server", url, timeoutMs };
}

export async function runBudget(file: string | undefined, options: BudgetCommandOptions, cwd: string): Promise<BudgetOutcome> {
  const source = budgetSourceFrom(file, options);
  if ("usage" in source) return { usage: source.usage, workspace: false, projects: [], diagnostics: [], sources: new Map(), exitCode: 2 };
  if (source.kind === "specs") return budgetOfSpecs(options, cwd);
  const project = source.kind === "file" ? await budgetOfFile(source.file, cwd) : await budgetOfServer(source, cwd);
  return { workspace: false, projects: [project], diagnostics: [], sources: new Map(), exitCode: hasErrors(project.diagnostics) ? 1 : 0 };
}

/**
 * The project's specs, checked and linted as `lint` does (nothing is written); of the lint
 * findings only the budget's are kept: `lint` reports the others.
 */
async function budgetOfSpecs(options: BudgetCommandOptions, cwd: string): Promise<BudgetOutcome> {
  const configs = options.config === undefined ? [] : Array.isArray(options.config) ? options.config : [options.config];
  const [{ generateWorkspace }, { BuildSessions }, { isLintCode, MAX_WARNINGS_CODE }] = await Promise.all([
    import("../../build/generate.js"),
    import("../../build/session.js"),
    import("../../diagnostics/messages.js"),
  ]);
  const sessions = new BuildSessions();
  const run = await generateWorkspace({ cwd, configs, lintOnly: true }, sessions);
  const projects: BudgetProject[] = [];
  for (const project of run.projects) {
    const { result } = project;
    // The same session counted the budget findings' tools: its memo has their counts.
    const { tokens } = await sessions.for(project.configFile ?? project.root).memo();
    // lint.maxWarnings counts the other rules' warnings too: lint's concern, not the budget's.
    const lintOnly = (d: Diagnostic) => (isLintCode(d.code) && !BUDGET_CODES.has(d.code)) || d.code === MAX_WARNINGS_CODE;
    const kept = result.diagnostics.filter((d) => !lintOnly(d));
    const located = rebaseDiagnostics(kept, result.sources, project.label);
    const model = result.model;
    let report: BudgetReport | undefined;
    if (model && !hasErrors(result.diagnostics.filter((d) => !isLintCode(d.code) && d.code !== MAX_WARNINGS_CODE))) {
      const moved = (location: Location): Location => ({ ...location, file: fromWorkingDirectory(project.label, location.file) });
      report = budgetReport(model.tools.map((tool) => ({ name: tool.name, tokens: tokens.of(tool.wire), location: moved(tool.location) })));
      const budget = result.config?.budget;
      if (budget && (budget.perTool !== undefined || budget.total !== undefined)) {
        report.budget = {
          ...(budget.perTool !== undefined ? { perTool: budget.perTool } : {}),
          ...(budget.total !== undefined ? { total: budget.total } : {}),
        };
      }
    }
    projects.push({ label: project.label, ...(report ? { report } : {}), diagnostics: located.diagnostics, sources: located.sources });
  }
  const failed = hasErrors(run.diagnostics) || projects.some((p) => hasErrors(p.diagnostics) || !p.report);
  return {
    workspace: run.workspace,
    projects,
    diagnostics: run.diagnostics,
    sources: run.sources,
    exitCode: run.exitCode === 2 ? 2 : failed ? 1 : 0,
  };
}

/** A `tools/list` dump, or a `catalog.json` (its tools' `definition`s are their entries). */
async function budgetOfFile(file: string, cwd: string): Promise<BudgetProject> {
  const shown = toPosix(path.relative(cwd, path.resolve(cwd, file))) || file;
  const { readToolListFile } = await import("../tool-source/read-tool-list.js");
  const read = readToolListFile(path.resolve(cwd, file), shown);
  const sources = new Map<string, string>();
  if (read.text !== undefined) sources.set(shown, read.text);
  if (read.data === undefined) return { label: shown, diagnostics: read.diagnostics, sources };
  const locate = (at: DumpPath): Location => ({ file: shown, ...(read.locate?.(at) ?? { line: 1, column: 1 }) });
  const listed = await toolsOfList(read.data, locate);
  return {
    label: shown,
    ...(listed.report ? { report: listed.report } : {}),
    diagnostics: sortDiagnostics([...read.diagnostics, ...listed.diagnostics]),
    sources,
  };
}

async function budgetOfServer(source: { command?: string; url?: string; timeoutMs: number }, cwd: string): Promise<BudgetProject> {
  const { listToolsFromServer } = await import("../tool-source/from-server.js");
  const server = source.command !== undefined ? { command: source.command } : { url: source.url! };
  const listed = await listToolsFromServer(server, { cwd, timeoutMs: source.timeoutMs });
  const label = source.command ?? source.url!;
  if (listed.tools === undefined) return { label, diagnostics: listed.diagnostics, sources: new Map() };
  const counted = await toolsOfList(listed.tools, undefined);
  return { label, ...(counted.report ? { report: counted.report } : {}), diagnostics: [...listed.diagnostics, ...counted.diagnostics], sources: new Map() };
}

/**
 * The tools of a dump's data (an array, `{ tools }`, a JSON-RPC response, or a catalog),
 * counted. An entry that is not an object with a name is left out, with a warning at it.
 */
async function toolsOfList(data: unknown, locate: ((at: DumpPath) => Location) | undefined): Promise<{ report?: BudgetReport; diagnostics: Diagnostic[] }> {
  const [{ findToolList }, { TokenCounts }] = await Promise.all([import("../tool-source/tool-list.js"), import("../../spec/token-count.js")]);
  const at = (where: DumpPath) => (locate ? { location: locate(where) } : {});
  const found = findToolList(data);
  if ("error" in found) return { diagnostics: [createDiagnostic({ code: "MG010", messageId: "notToolList", format: { problem: found.error }, ...at([]) })] };
  // A catalog.json holds each tools/list entry as its tools' `definition`.
  const catalog = typeof data === "object" && data !== null && "catalogVersion" in data;
  const counts = new TokenCounts();
  const diagnostics: Diagnostic[] = [];
  const tools: Array<{ name: string; tokens: ToolTokens; location?: Location }> = [];
  found.tools.forEach((item, index) => {
    const where: DumpPath = catalog ? [...found.path, index, "definition"] : [...found.path, index];
    const entry = catalog && typeof item === "object" && item !== null ? (item as { definition?: unknown }).definition : item;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      diagnostics.push(createDiagnostic({ code: "MG010", messageId: "toolNotObject", severity: "warning", format: { number: index + 1 }, ...at(where) }));
      return;
    }
    const name = (entry as { name?: unknown }).name;
    if (typeof name !== "string") {
      diagnostics.push(createDiagnostic({ code: "MG010", messageId: "toolWithoutName", severity: "warning", format: { number: index + 1 }, ...at(where) }));
      return;
    }
    tools.push({ name, tokens: counts.of(entry), ...(locate ? { location: locate(where) } : {}) });
  });
  return { report: budgetReport(tools), diagnostics };
}
