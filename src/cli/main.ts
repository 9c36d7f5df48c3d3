/** The `mcp-gen` command. Exit codes: 0 ok, 1 spec errors or stale output, 2 usage or internal error. */
import { readFileSync } from "node:fs";
import { Command, CommanderError, Option } from "commander";
import { runGenerate } from "./generate.js";
import { DEFAULT_TIMEOUT_MS } from "../import/from-server.js";
import { runImport, type ImportCliOptions } from "./import.js";
import { processIo, type Io } from "./report.js";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

function formatOption(): Option {
  return new Option("--format <format>", "output format: text (compiler-style, for people) or json (for tools)")
    .choices(["text", "json"])
    .default("text");
}

export function buildProgram(io: Io, cwd: string, setExit: (code: number) => void): Command {
  const program = new Command("mcp-gen")
    .description("Compile YAML specs of MCP tools into typed TypeScript: types, validators, a registry, docs and handler stubs.")
    .version(pkg.version, "-v, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();

  program
    .command("generate")
    .description(
      "Check the specs and write generated/ (types, validators, registry, docs) and new handler stubs.\n" +
        "Without a config file, reads specs/**/*.{yaml,yml} (except **/schemas/**) in the working directory\n" +
        "and takes the server name and version from the nearest package.json.",
    )
    .option("--check", "write nothing; exit 1 and list every generated file that is stale (for CI)")
    .option("-c, --config <file>", "config file (default: ./mcp-gen.config.yaml when present); its paths are relative to it")
    .addOption(formatOption())
    .addHelpText("after", "\nExit codes: 0 ok, 1 spec errors or stale output, 2 usage or internal error.")
    .action(async (options: { check?: boolean; config?: string; format: "text" | "json" }) => {
      setExit(await runGenerate(options, io, cwd));
    });

  program
    .command("import")
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
        "\nExit codes: 0 ok, 1 invalid dump, server unreachable or failing, or existing files; 2 usage or internal error.",
    )
    .action(async (file: string | undefined, options: ImportCliOptions) => {
      setExit(await runImport(file, options, io, cwd));
    });

  return program;
}

export async function main(argv: string[], io: Io = processIo, cwd = process.cwd()): Promise<number> {
  let exitCode = 0;
  const program = buildProgram(io, cwd, (code) => (exitCode = code));
  if (argv.length === 0) {
    program.outputHelp();
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version are not errors; everything else commander rejects is usage.
      return error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.exitCode === 0 ? 0 : 2;
    }
    io.stderr(`mcp-gen: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (process.env.MCP_GEN_DEBUG && error instanceof Error) io.stderr(`${error.stack}\n`);
    return 2;
  }
}
