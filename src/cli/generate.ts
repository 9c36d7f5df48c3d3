/** `mcp-gen generate`: argument handling and output; the work is in ../generate.ts. */
import type { Command } from "commander";
import { generate } from "../generate.js";
import { formatOption, type CliContext } from "./context.js";
import { diagnosticsJson, reportDiagnostics, type Io, type OutputFormat } from "./report.js";

export interface GenerateCliOptions {
  check?: boolean;
  config?: string;
  format: OutputFormat;
}

export async function runGenerate(options: GenerateCliOptions, io: Io, cwd: string): Promise<number> {
  const started = performance.now();
  const result = await generate({ cwd, config: options.config, check: options.check });
  const ms = Math.round(performance.now() - started);
  const stubs = result.plan?.actions.filter((a) => a.area === "handlers" && a.action === "create").map((a) => a.path) ?? [];

  if (options.format === "json") {
    io.stdout(
      JSON.stringify(
        {
          ok: result.exitCode === 0,
          tools: result.model?.tools.length ?? 0,
          diagnostics: diagnosticsJson(result.diagnostics),
          written: result.written,
          removed: result.removed,
          stale: result.stale,
          ...(options.check ? { missingHandlers: stubs } : {}),
        },
        null,
        2,
      ) + "\n",
    );
    return result.exitCode;
  }

  reportDiagnostics(io, result.diagnostics, result.sources, options.format);
  if (!result.model) {
    io.stderr("mcp-gen: nothing was written.\n");
    return result.exitCode;
  }
  const tools = result.model.tools.length;
  if (options.check) {
    if (result.stale.length > 0) {
      io.stderr(`mcp-gen: ${result.stale.length} generated file(s) are stale; run \`mcp-gen generate\`:\n`);
      for (const file of result.stale) io.stderr(`  ${file}\n`);
    } else if (result.exitCode === 0) {
      io.stdout(`mcp-gen: generated files are up to date (${tools} tools).\n`);
    }
    if (stubs.length > 0) io.stderr(`mcp-gen: ${stubs.length} handler stub(s) missing: ${stubs.join(", ")}\n`);
    return result.exitCode;
  }
  if (result.exitCode !== 0) {
    io.stderr("mcp-gen: nothing was written.\n");
    return result.exitCode;
  }
  for (const file of stubs.filter((f) => result.written.includes(f))) io.stdout(`  new handler stub: ${file}\n`);
  const changed = result.written.length + result.removed.length;
  io.stdout(
    changed === 0
      ? `mcp-gen: ${tools} tools, everything up to date (${ms} ms).\n`
      : `mcp-gen: ${tools} tools, ${result.written.length} file(s) written, ${result.removed.length} removed (${ms} ms).\n`,
  );
  return 0;
}

export function registerGenerate(program: Command, { io, cwd, setExit }: CliContext): void {
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
}
