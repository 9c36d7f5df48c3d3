/** `mcp-gen client`: argument handling and output; the work is in ../commands/client/client.ts. */
import path from "node:path";
import { Option, type Command } from "commander";
import { writeClient, type ClientCommandOptions } from "../commands/client/client.js";
import { DEFAULT_TIMEOUT_MS } from "../commands/tool-source/limits.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { counted } from "../util/counted.js";
import { toPosix } from "../util/posix.js";
import { formatOption, type CliContext } from "./context.js";
import { diagnosticsJson, reportDiagnostics, type Io, type OutputFormat } from "./report.js";

export interface ClientCliOptions extends ClientCommandOptions {
  format: OutputFormat;
}

export async function runClient(file: string | undefined, options: ClientCliOptions, io: Io, cwd: string): Promise<number> {
  const run = await writeClient(file, options, cwd);
  if (run.usage !== undefined) {
    io.stderr(`error: ${run.usage}\n(run with --help for usage)\n`);
    return 2;
  }
  // A tool list that is not one, a server that does not answer, names that clash: bad input, like a bad argument.
  const ok = !hasErrors(run.diagnostics);
  if (options.format === "json") {
    io.stdout(`${JSON.stringify({ ok, diagnostics: diagnosticsJson(run.diagnostics), written: run.written, removed: run.removed }, null, 2)}\n`);
    return ok ? 0 : 2;
  }
  reportDiagnostics(io, run.diagnostics, run.sources, options.format);
  if (!ok) {
    io.stderr("mcp-gen: no client was written.\n");
    return 2;
  }
  const out = toPosix(path.relative(cwd, run.outDir)) || ".";
  const removed = run.removed.length > 0 ? `; removed ${counted(run.removed.length, "file")} of tools no longer listed` : "";
  io.stdout(`mcp-gen: wrote a typed client of ${counted(run.tools, "tool")} into ${out} (${out}/client.ts)${removed}\n`);
  return 0;
}

export function registerClient(program: Command, { io, cwd, setExit }: CliContext): void {
  program
    .command("client")
    .summary("write a typed client for an MCP server you do not own")
    .description(
      "Write TypeScript types and a typed client (client.ts: createToolsClient) for the tools of an MCP server, " +
        "from its tools/list: a dump file, a server to start over stdio (--from-server) or a running server over " +
        "Streamable HTTP (--url). No specs, handlers or server are written. Your own project's `generate` writes " +
        "generated/client.ts already.",
    )
    .argument("[tools.json]", "a tools/list dump, as JSON")
    .option(
      "--from-server <command>",
      'start this MCP server over stdio and list its tools, e.g. --from-server "npx -y my-server --flag"; ' +
        "quotes group words, but there is no shell; the server is shut down afterwards",
    )
    .option("--url <url>", "list the tools of the MCP server at this Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp")
    .option("--timeout <ms>", `with --from-server or --url: give up after this many milliseconds (default: ${DEFAULT_TIMEOUT_MS})`)
    .addOption(
      new Option(
        "--protocol <negotiation>",
        "with --from-server or --url: legacy (the 2025 initialize handshake; default) or auto (try revision 2026-07-28 first)",
      ).choices(["legacy", "auto"]),
    )
    .requiredOption("-o, --out <dir>", "folder for client.ts and tools/*.ts (files it wrote before are replaced; others are never touched)")
    .addOption(formatOption())
    .addHelpText(
      "after",
      "\nExamples:\n" +
        '  mcp-gen client --from-server "npx -y @modelcontextprotocol/server-everything" --out src/everything\n' +
        "  mcp-gen client --url http://127.0.0.1:3000/mcp --out src/weather\n" +
        "  mcp-gen client tools.json --out src/weather\n" +
        '\nThen: const tools = createToolsClient(client); await tools.getWeather({ location: "Paris" });\n' +
        "\nExit codes: 0 ok; 2 usage, a dump that is no tool list, a server that does not answer, two tools with one name, or a file in the way.",
    )
    .action(async (file: string | undefined, options: ClientCliOptions) => {
      setExit(await runClient(file, options, io, cwd));
    });
}
