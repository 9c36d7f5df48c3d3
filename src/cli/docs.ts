/** `mcp-gen docs`: argument handling and output; the work is in ../commands/docs/build-docs.ts. */
import path from "node:path";
import type { Command } from "commander";
import { toPosix } from "../util/posix.js";
import type { DocsFormat } from "../emit/docs/docs.js";
import type { CliContext } from "./context.js";
import { counted } from "../util/counted.js";
import { reportDiagnostics, type Io } from "./report.js";

const FORMATS: readonly DocsFormat[] = ["markdown", "html"];

export interface DocsCliOptions {
  /** `markdown`, `html` or both, comma-separated. */
  format?: string;
  out?: string;
  config?: string;
}

export async function runDocs(options: DocsCliOptions, io: Io, cwd: string): Promise<number> {
  let formats: DocsFormat[] | undefined;
  if (options.format !== undefined) {
    const asked = options.format
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean);
    const unknown = asked.filter((f) => !(FORMATS as readonly string[]).includes(f));
    if (asked.length === 0 || unknown.length > 0) {
      io.stderr(`mcp-gen: --format must be markdown, html or markdown,html (got ${JSON.stringify(options.format)})\n`);
      return 2;
    }
    formats = FORMATS.filter((f) => asked.includes(f));
  }
  const started = performance.now();
  const { buildDocs } = await import("../commands/docs/build-docs.js");
  const result = await buildDocs({ cwd, config: options.config, formats, out: options.out });
  const ms = Math.round(performance.now() - started);
  reportDiagnostics(io, result.diagnostics, result.sources, "text");
  if (result.usageError) {
    io.stderr(`mcp-gen: ${result.usageError}\n`);
    return 2;
  }
  if (result.exitCode !== 0 || !result.model || !result.outDir) {
    io.stderr("mcp-gen: nothing was written.\n");
    return result.exitCode === 0 ? 1 : result.exitCode;
  }
  const where = toPosix(displayPath(cwd, result.outDir));
  const changed = result.written.length + result.removed.length;
  io.stdout(
    `mcp-gen: docs (${result.formats.join(", ")}) for ${counted(result.model.tools.length, "tool")} in ${where}: ` +
      (changed === 0 ? "everything up to date" : `${counted(result.written.length, "file")} written, ${result.removed.length} removed`) +
      ` (${ms} ms).\n`,
  );
  return 0;
}

function displayPath(from: string, to: string): string {
  const relative = path.relative(from, to);
  return relative === "" ? "." : relative;
}

export function registerDocs(program: Command, { io, cwd, setExit }: CliContext): void {
  program
    .command("docs")
    .summary("write only the docs: markdown pages, an HTML reference, catalog.json")
    .description(
      "Check the specs and write only the docs: markdown pages with frontmatter for VitePress, Docusaurus " +
        "and Starlight, and/or a self-contained HTML reference with search; catalog.json in both cases.",
    )
    .option("--format <formats>", "markdown, html, or markdown,html (default: the config's docs.formats, else markdown)")
    .option("-o, --out <dir>", "output folder (default: the config's docs.out, else <out>/docs, where generate writes its docs)")
    .option("-c, --config <file>", "config file (default: ./mcp-gen.config.yaml when present); its paths are relative to it")
    .addHelpText("after", "\nExit codes: 0 ok, 1 spec errors, 2 usage or internal error (an --out that overlaps generate's docs folder).")
    .action(async (options: DocsCliOptions) => {
      setExit(await runDocs(options, io, cwd));
    });
}
