/** The `mcp-gen` command. Exit codes: 0 ok, 1 spec errors or stale output, 2 usage or internal error. */
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { registerClient } from "./client.js";
import type { CliContext } from "./context.js";
import { registerDiff } from "./diff.js";
import { registerBudget } from "./budget.js";
import { registerDocs } from "./docs.js";
import { registerGenerate } from "./generate.js";
import { registerImport } from "./import.js";
import { registerLint } from "./lint.js";
import { registerInit } from "./init.js";
import { processIo, type Io } from "./report.js";

/** Every command, in the order `--help` lists them. */
const COMMANDS: Array<(program: Command, context: CliContext) => void> = [
  registerGenerate,
  registerImport,
  registerClient,
  registerDiff,
  registerDocs,
  registerInit,
  registerLint,
  registerBudget,
];

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

export function buildProgram(io: Io, cwd: string, setExit: (code: number) => void): Command {
  const program = new Command("mcp-gen")
    .description("Compile YAML specs of MCP tools into typed TypeScript: types, validators, a registry, docs and handler stubs.")
    .version(pkg.version, "-v, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();

  // One module per command; each registers itself (see CliContext).
  const context: CliContext = { io, cwd, setExit };
  for (const register of COMMANDS) register(program, context);

  return program;
}

export async function main(argv: string[], io: Io = processIo, cwd = process.cwd()): Promise<number> {
  let exitCode = 0;
  const program = buildProgram(io, cwd, (code) => (exitCode = code));
  if (argv.length === 0) {
    program.outputHelp();
    return 2;
  }
  // `mcp-gen chek --help` would print the top-level help and exit 0; it is an unknown
  // command, which commander reports (with "did you mean") once the help flag is out of the way.
  const first = argv[0];
  const known = new Set(program.commands.flatMap((command) => [command.name(), ...command.aliases()]).concat("help"));
  if (first !== undefined && !first.startsWith("-") && !known.has(first)) argv = argv.filter((arg) => arg !== "-h" && arg !== "--help");
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
