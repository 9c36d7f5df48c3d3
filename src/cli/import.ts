/** `mcp-gen import`: argument handling and output; the work is in ../commands/import/import.ts. */
import path from "node:path";
import { Option, type Command } from "commander";
import { toPosix } from "../util/posix.js";
import type { ImportCommandOptions } from "../commands/import/import.js";
import { DEFAULT_TIMEOUT_MS } from "../commands/tool-source/limits.js";
import { formatOption, type CliContext } from "./context.js";
import { counted } from "../util/counted.js";
import { diagnosticsJson, reportDiagnostics, type Io, type OutputFormat } from "./report.js";

export interface ImportCliOptions extends ImportCommandOptions {
  format: OutputFormat;
}

export async function runImport(file: string | undefined, options: ImportCliOptions, io: Io, cwd: string): Promise<number> {
  // The command's core loads when it runs: every other command starts without it.
  const { importTools } = await import("../commands/import/import.js");
  const run = await importTools(file, options, cwd);
  if (run.usage !== undefined) {
    io.stderr(`error: ${run.usage}\n(run with --help for usage)\n`);
    return 2;
  }
  const { diagnostics, sources, refused, empty, ok, written, checked, outDir } = run;
  const broken = new Set(checked.diagnostics.filter((d) => d.severity === "error").map((d) => d.location?.file));

  if (options.format === "json") {
    const all = [...diagnostics, ...checked.diagnostics];
    io.stdout(JSON.stringify({ ok: ok && broken.size === 0, diagnostics: diagnosticsJson(all), written, refused }, null, 2) + "\n");
    return ok && broken.size === 0 ? 0 : 1;
  }
  reportDiagnostics(io, diagnostics, sources, options.format);
  if (refused.length > 0) {
    io.stderr(
      `mcp-gen: ${counted(refused.length, "spec file already exists", "spec files already exist")} (use --force to overwrite): ${refused.join(", ")}\n`,
    );
  }
  if (empty) io.stderr("mcp-gen: the tool list holds no tools to import.\n");
  if (!ok) {
    io.stderr("mcp-gen: nothing was written.\n");
    return 1;
  }
  const into = `${counted(written.length, "tool")} into ${toPosix(path.relative(cwd, outDir)) || "."}`;
  if (broken.size > 0) {
    reportDiagnostics(io, checked.diagnostics, checked.sources, options.format);
    io.stderr(`mcp-gen: imported ${into}; ${counted(broken.size, "spec needs", "specs need")} fixing before \`mcp-gen generate\` (above).\n`);
    return 1;
  }
  if (checked.unread.length > 0) {
    const dir = toPosix(path.relative(cwd, outDir)) || ".";
    io.stdout(
      `mcp-gen: imported ${into}; \`mcp-gen generate\` does not read ${dir} yet: add \`${dir}/**/*.yaml\` to \`specs\` in the config, or import into the specs folder\n`,
    );
    return 0;
  }
  io.stdout(`mcp-gen: imported ${into}; next: mcp-gen generate\n`);
  return 0;
}

export function registerImport(program: Command, { io, cwd, setExit }: CliContext): void {
  program
    .command("import")
    .summary("turn an existing MCP server's tools into spec files")
    .description(
      "Turn the tools of an existing MCP server into spec files, one per tool, exactly as the server lists them. " +
        "Give exactly one source: a tools/list dump (an array of tools, a { tools: [...] } result or a JSON-RPC " +
        "response), a server to start over stdio (--from-server) or a running server over Streamable HTTP (--url).",
    )
    .argument("[tools.json]", "a tools/list dump, as JSON")
    .option(
      "--from-server <command>",
      'start this MCP server over stdio and list its tools, e.g. --from-server "npx -y my-server --flag"; ' +
        "quotes group words, but there is no shell (no pipes, no $VARS); the server inherits the environment " +
        "and runs in the working directory, and is shut down afterwards",
    )
    .option("--url <url>", "list the tools of the MCP server at this Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp")
    .option("--timeout <ms>", `with --from-server or --url: give up after this many milliseconds (default: ${DEFAULT_TIMEOUT_MS})`)
    .addOption(
      new Option(
        "--protocol <negotiation>",
        "with --from-server or --url: legacy (the 2025 initialize handshake; default) or auto (try revision 2026-07-28 first)",
      ).choices(["legacy", "auto"]),
    )
    .option("-o, --out <dir>", "folder for the new spec files", "specs")
    .option("--force", "overwrite spec files that already exist")
    .addOption(formatOption())
    .addHelpText(
      "after",
      "\nExamples:\n" +
        "  mcp-gen import tools.json\n" +
        '  mcp-gen import --from-server "npx -y @modelcontextprotocol/server-everything"\n' +
        "  mcp-gen import --url http://127.0.0.1:3000/mcp --timeout 60000\n" +
        "\nExit codes: 0 ok; 1 invalid or empty dump, server unreachable or failing, existing files, or imported specs that need fixing before generate; 2 usage or internal error.",
    )
    .action(async (file: string | undefined, options: ImportCliOptions) => {
      setExit(await runImport(file, options, io, cwd));
    });
}
