/**
 * Runs hostile spec projects through the real CLI, each in its own process with a time
 * limit, and checks the guarantees every case shares: no hang, no stack trace, exit 0 or
 * 1, nothing written outside the output and handler folders, diagnostics with positions.
 * Projects that generate are then type-checked together in one `tsc --strict` run that
 * also emits JavaScript, so the registries can be imported and compared with the specs.
 */
import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { generate } from "../../../src/build/generate.js";
import { CLI, typeCheck } from "../project.js";

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

/**
 * `generate` in this process (the CLI's own core), bounded in time. A throw is a crash:
 * the CLI would print it as an internal error with exit status 2.
 */
export async function generateInProcess(cwd: string, timeoutMs = 60_000): Promise<InProcessRun> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const outcome = await Promise.race([generate({ cwd }), timeout]);
    if (outcome === "timeout") return { crash: `timed out after ${timeoutMs} ms`, diagnostics: [], exitCode: undefined, ms: Date.now() - started };
    const diagnostics = outcome.diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      file: d.location?.file ?? null,
      line: d.location?.line ?? null,
      column: d.location?.column ?? null,
    }));
    return { diagnostics, exitCode: outcome.exitCode, ms: Date.now() - started };
  } catch (error) {
    return { crash: error instanceof Error ? (error.stack ?? error.message) : String(error), diagnostics: [], exitCode: undefined, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

export interface InProcessRun {
  crash?: string;
  diagnostics: JsonDiagnostic[];
  exitCode: 0 | 1 | undefined;
  ms: number;
}

export function runGenerate(cwd: string, timeoutMs = 30_000, args: string[] = []): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, "generate", "--format", "json", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

/** Runs `tasks` at most `limit` at a time, results in task order. */
export async function pool<T>(tasks: Array<() => Promise<T>>, limit = 6): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export interface JsonDiagnostic {
  code: string;
  severity: string;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
}

/** Lint rules (MG100–MG149) judge style, not safety; their defaults change independently. */
const isLint = (code: string) => /^MG1[0-4]\d$/.test(code);

/** `MG012 specs/a.yaml:1:7` (errors and warnings, lint aside), sorted: what case tables state. */
export function summarize(diagnostics: readonly JsonDiagnostic[]): string[] {
  return diagnostics
    .filter((d) => (d.severity === "error" || d.severity === "warning") && !isLint(d.code))
    .map((d) => `${d.code} ${d.file ?? "-"}${d.line === null ? "" : `:${d.line}:${d.column}`}`)
    .sort();
}

export function parseOutput(run: CliRun): { ok: boolean; diagnostics: JsonDiagnostic[] } {
  try {
    return JSON.parse(run.stdout) as { ok: boolean; diagnostics: JsonDiagnostic[] };
  } catch {
    throw new Error(`generate did not print JSON (status ${run.status}):\n${run.stdout.slice(0, 2000)}\n${run.stderr.slice(0, 2000)}`);
  }
}

/** The problems every run must be free of, whatever its input. */
export function crashProblems(run: CliRun): string[] {
  const problems: string[] = [];
  if (run.timedOut) problems.push(`timed out after ${run.ms} ms`);
  if (run.status !== 0 && run.status !== 1) problems.push(`exit status ${run.status}`);
  const output = `${run.stdout}\n${run.stderr}`;
  if (/\n\s+at .+[:(]\d+:\d+\)?/.test(output) || /internal error/i.test(output)) problems.push(`crash output:\n${output.slice(0, 3000)}`);
  return problems;
}

/** Every entry below `dir` (relative; symlinks as `-> target`), skipping `skip` top-level names. */
export function listTree(dir: string, skip: readonly string[] = []): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub)).sort()) {
      const rel = sub ? `${sub}/${name}` : name;
      if (!sub && skip.includes(name)) continue;
      const full = path.join(dir, rel);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) out.push(`${rel} -> ${readlinkSync(full)}`);
      else if (stat.isDirectory()) {
        out.push(`${rel}/`);
        walk(rel);
      } else out.push(`${rel} ${stat.size} ${hash(readFileSync(full))}`);
    }
  };
  if (existsSync(dir)) walk("");
  return out;
}

function hash(bytes: Buffer): string {
  let h = 2166136261;
  for (const b of bytes) h = Math.imul(h ^ b, 16777619);
  return (h >>> 0).toString(16);
}

/**
 * `tsc --strict` over the generated code and stubs of every project folder in `batchRoot`,
 * emitting JavaScript to `<batchRoot>/out`. Returns tsc's output and status.
 */
export function typeCheckBatch(batchRoot: string, projects: readonly string[]): { status: number; output: string } {
  mkdirSync(path.join(batchRoot, "out"), { recursive: true });
  const include = projects.flatMap((p) => [`${p}/generated/**/*`, `${p}/handlers/**/*`]);
  return typeCheck(batchRoot, include, { noEmit: false, outDir: "out", rootDir: ".", allowJs: true, declaration: false });
}

/** The compiled registry of one project of a batch. */
export async function importRegistry(batchRoot: string, project: string): Promise<{ toolDefinitions: unknown[]; registry: Record<string, unknown> }> {
  const file = path.join(batchRoot, "out", project, "generated", "registry.js");
  return (await import(pathToFileURL(file).href)) as { toolDefinitions: unknown[]; registry: Record<string, unknown> };
}

/** Lines of `text` holding a raw NUL or CR, shown escaped. */
export function rawControlLines(text: string): string[] {
  return text
    .split("\n")
    .map((line, i) => [i + 1, line] as const)
    .filter(([, line]) => /[\u0000\r]/.test(line))
    .map(([n, line]) => `${n}: ${JSON.stringify(line).slice(0, 200)}`);
}

/** Markdown table rows whose cell count differs from their table's header (text injected into a cell broke it). */
export function brokenTableRows(markdown: string): string[] {
  const broken: string[] = [];
  let header: number | undefined;
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("|")) {
      header = undefined;
      continue;
    }
    const cells = cellCount(line);
    if (header === undefined) header = cells;
    else if (cells !== header) broken.push(line);
  }
  return broken;
}

/** Unescaped pipes: GFM splits cells on them even inside code spans. */
function cellCount(line: string): number {
  let count = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "\\") i++;
    else if (line[i] === "|") count++;
  }
  return count;
}
