/** `mcp-gen diff`: argument handling and output; the work is in ../commands/diff/diff.ts. */
import { Option, type Command } from "commander";
import type { DiffCommandOptions } from "../commands/diff/diff.js";
import { DEFAULT_TIMEOUT_MS } from "../commands/tool-source/limits.js";
import type { ChangeClass } from "../contract/rules.js";
import type { CliContext } from "./context.js";
import { diagnosticsJson, reportDiagnostics, type Io } from "./report.js";

export interface DiffCliOptions extends DiffCommandOptions {
  format: "text" | "json" | "markdown";
  failOn: Exclude<ChangeClass, "safe">;
}

export async function runDiff(args: string[], options: DiffCliOptions, io: Io, cwd: string): Promise<number> {
  const [{ diffTools }, render] = await Promise.all([import("../commands/diff/diff.js"), import("../commands/diff/render.js")]);
  const outcome = await diffTools(args, options, cwd);
  if (outcome.usage !== undefined) {
    io.stderr(`error: ${outcome.usage}\n(run with --help for usage)\n`);
    return 2;
  }
  const { base, head, changes, tokens } = outcome;
  if (options.format === "json") {
    io.stdout(render.renderJson(outcome, options.failOn, diagnosticsJson(outcome.diagnostics)));
  } else {
    reportDiagnostics(io, outcome.diagnostics, outcome.sources, "text");
  }
  if (!base || !head || !changes) {
    if (options.format !== "json") io.stderr("mcp-gen: diff could not read both sides (above); nothing was compared.\n");
    return 2;
  }
  if (options.format === "text") io.stdout(render.renderText({ base, head, changes, tokens }, options.failOn));
  if (options.format === "markdown") io.stdout(render.renderMarkdown({ base, head, changes, tokens }, options.failOn));
  return render.failsOn(changes, options.failOn) ? 1 : 0;
}

export function registerDiff(program: Command, { io, cwd, setExit }: CliContext): void {
  program
    .command("diff")
    .summary("show what changed in the tools between two versions, and what it breaks")
    .description(
      "Compare two versions of the tool surface (each tool as tools/list sends it, $refs resolved) and classify every " +
        "change as breaking, dangerous or safe. A side is a git revision of the project (its specs and config at that " +
        "commit), a specs folder, a catalog.json, a tools/list dump, or a live server (--from-server / --url for the head, " +
        "--base-from-server / --base-url for the base). <head> defaults to the working tree. A path that exists is read " +
        "as a file or folder; anything else is a git revision.",
    )
    .argument("[base]", "what to compare against: a git revision (main, HEAD~1), a specs folder, a catalog.json or a tools/list dump")
    .argument("[head]", "the new version, of the same kinds (default: the project in the working tree)")
    .option("--from-server <command>", 'the head side is this MCP server, started over stdio, e.g. --from-server "node build/server.js"')
    .option("--url <url>", "the head side is the MCP server at this Streamable HTTP endpoint")
    .option("--base-from-server <command>", "the base side is this MCP server, started over stdio")
    .option("--base-url <url>", "the base side is the MCP server at this Streamable HTTP endpoint")
    .option("--timeout <ms>", `with a server side: give up after this many milliseconds (default: ${DEFAULT_TIMEOUT_MS})`)
    .addOption(
      new Option(
        "--protocol <negotiation>",
        "with a server side: legacy (the 2025 initialize handshake; default) or auto (try revision 2026-07-28 first)",
      ).choices(["legacy", "auto"]),
    )
    .option("-c, --config <file>", "the project's config file, for the working tree and git revisions (default: mcp-gen.config.yaml)")
    .addOption(
      new Option("--fail-on <class>", "exit 1 when a change of this class or a worse one is found").choices(["breaking", "dangerous"]).default("breaking"),
    )
    .addOption(
      new Option("--format <format>", "output format: text (grouped by class), json (schema/diff.schema.json) or markdown (a pull-request comment)")
        .choices(["text", "json", "markdown"])
        .default("text"),
    )
    .addHelpText(
      "after",
      "\nExamples:\n" +
        "  mcp-gen diff HEAD~1                          the working tree against the previous commit\n" +
        "  mcp-gen diff main --fail-on dangerous        a pull request against main, stricter\n" +
        "  mcp-gen diff old/catalog.json generated/docs/catalog.json\n" +
        '  mcp-gen diff tools.json --from-server "node build/server.js"\n' +
        "  mcp-gen diff main --format markdown > diff.md\n" +
        "\nThe rules (codes, classes and reasons): docs/reference/diff.md\n" +
        "\nExit codes: 0 no change at or above --fail-on; 1 such a change; 2 usage error or a side that cannot be read.",
    )
    .action(async (base: string | undefined, head: string | undefined, options: DiffCliOptions) => {
      const args = [base, head].filter((a): a is string => a !== undefined);
      setExit(await runDiff(args, options, io, cwd));
    });
}
