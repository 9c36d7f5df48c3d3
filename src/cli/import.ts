/**
 * `mcp-gen import`: adopt an existing server by turning its `tools/list` into specs,
 * from a dump file, a server started over stdio (`--from-server`) or one over HTTP (`--url`).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { Option, type Command } from "commander";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findUp } from "../util/find-up.js";
import { toPosix } from "../util/posix.js";
import { hasErrors, type Diagnostic } from "../diagnostics/diagnostic.js";
import { splitCommandLine } from "../commands/import/command-line.js";
import type { ProtocolNegotiation, ServerSource } from "../commands/import/from-server.js";
import type { ImportResult } from "../commands/import/import-tool-list.js";
import { DEFAULT_TIMEOUT_MS } from "../commands/import/limits.js";
import { formatOption, type CliContext } from "./context.js";
import { counted } from "../util/counted.js";
import { diagnosticsJson, rebaseDiagnostics, reportDiagnostics, type Io, type OutputFormat } from "./report.js";

export interface ImportCliOptions {
  out: string;
  force?: boolean;
  format: OutputFormat;
  /** A command line that starts an MCP server speaking stdio. */
  fromServer?: string;
  /** The Streamable HTTP endpoint of a running MCP server. */
  url?: string;
  /** Milliseconds, as typed on the command line. */
  timeout?: string;
  protocol?: ProtocolNegotiation;
}

/** The spec schema shipped in this package, for the editor hint on each imported file. */
export const SPEC_SCHEMA_PATH = fileURLToPath(new URL("../../schema/tool-spec.schema.json", import.meta.url));

/** Node turns a larger delay into 1 ms. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

type ImportSource =
  | { kind: "file"; file: string }
  | { kind: "server"; server: ServerSource; timeoutMs: number; protocol: ProtocolNegotiation };

/** Which of the three sources the user asked for, or why the command line is wrong. */
export function importSourceFrom(file: string | undefined, options: ImportCliOptions): ImportSource | { usage: string } {
  const given = [file !== undefined && "<tools.json>", options.fromServer !== undefined && "--from-server", options.url !== undefined && "--url"].filter(
    (x): x is string => typeof x === "string",
  );
  if (given.length === 0) return { usage: 'give a tools/list dump <tools.json>, --from-server "<command>" or --url <url>' };
  if (given.length > 1) return { usage: `give only one of <tools.json>, --from-server and --url (got ${given.join(" and ")})` };
  if (file !== undefined) {
    const serverOnly = [options.timeout !== undefined && "--timeout", options.protocol !== undefined && "--protocol"].filter(Boolean);
    if (serverOnly.length > 0) return { usage: `${serverOnly.join(" and ")} ${serverOnly.length > 1 ? "apply" : "applies"} only to --from-server and --url` };
    return { kind: "file", file };
  }
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  if (options.timeout !== undefined) {
    timeoutMs = /^\d+$/.test(options.timeout) ? Number(options.timeout) : NaN;
    if (!(timeoutMs >= 1 && timeoutMs <= MAX_TIMEOUT_MS)) {
      return { usage: `--timeout takes a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, not '${options.timeout}'` };
    }
  }
  const protocol = options.protocol ?? "legacy";
  if (options.fromServer !== undefined) {
    const split = splitCommandLine(options.fromServer);
    if ("error" in split) return { usage: `--from-server: ${split.error} in '${options.fromServer}'` };
    return { kind: "server", server: { command: options.fromServer }, timeoutMs, protocol };
  }
  const url = options.url!;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    return { usage: `--url takes an http:// or https:// URL, not '${url}'` };
  }
  return { kind: "server", server: { url }, timeoutMs, protocol };
}

/**
 * The spec format's schema as the project reaches it: through its node_modules/mcp-gen
 * when there is one (a path that works in every checkout of the project, as `init` writes
 * it), else this mcp-gen's own copy (a linked checkout would resolve to a path of this machine).
 */
function specSchemaFor(outDir: string): string {
  const installed = findUp(outDir, path.join("node_modules", "mcp-gen", "schema", "tool-spec.schema.json"));
  return installed ?? SPEC_SCHEMA_PATH;
}

export async function runImport(file: string | undefined, options: ImportCliOptions, io: Io, cwd: string): Promise<number> {
  const source = importSourceFrom(file, options);
  if ("usage" in source) {
    io.stderr(`error: ${source.usage}\n(run with --help for usage)\n`);
    return 2;
  }
  const outDir = path.resolve(cwd, options.out);
  const schemaComment = toPosix(path.relative(outDir, specSchemaFor(outDir)));
  const sources = new Map<string, string>();
  let diagnostics: Diagnostic[];
  let imported: ImportResult;

  if (source.kind === "file") {
    const shown = toPosix(path.relative(cwd, path.resolve(cwd, source.file))) || source.file;
    const [{ importToolList }, { readToolListFile }] = await Promise.all([import("../commands/import/import-tool-list.js"), import("../commands/import/read-tool-list.js")]);
    const read = readToolListFile(path.resolve(cwd, source.file), shown);
    if (read.text !== undefined) sources.set(shown, read.text);
    imported = read.data === undefined ? { files: [], diagnostics: [] } : importToolList(read.data, { source: shown, locate: read.locate, schemaComment });
    diagnostics = [...read.diagnostics, ...imported.diagnostics];
  } else {
    const [{ listToolsFromServer }, { importToolList }] = await Promise.all([import("../commands/import/from-server.js"), import("../commands/import/import-tool-list.js")]);
    const listed = await listToolsFromServer(source.server, { cwd, timeoutMs: source.timeoutMs, protocol: source.protocol });
    imported = listed.tools === undefined ? { files: [], diagnostics: [] } : importToolList(listed.tools, { schemaComment });
    diagnostics = [...listed.diagnostics, ...imported.diagnostics];
  }
  return await writeImported(imported, diagnostics, sources, options, io, cwd);
}

async function writeImported(
  imported: ImportResult,
  diagnostics: Diagnostic[],
  sources: Map<string, string>,
  options: ImportCliOptions,
  io: Io,
  cwd: string,
): Promise<number> {
  const outDir = path.resolve(cwd, options.out);
  const existing = imported.files.filter((f) => existsSync(path.join(outDir, f.path)));
  const refused = options.force ? [] : existing;
  const empty = imported.files.length === 0 && !hasErrors(diagnostics);
  const ok = !hasErrors(diagnostics) && refused.length === 0 && !empty;
  const written: string[] = [];
  if (ok) {
    mkdirSync(outDir, { recursive: true });
    for (const f of imported.files) {
      writeFileSync(path.join(outDir, f.path), f.contents);
      written.push(toPosix(path.relative(cwd, path.join(outDir, f.path))));
    }
  }
  // What `generate` will say of the new specs (a tool without inputSchema, a name MCP does
  // not allow): the server listed them, but they need fixing before they build.
  const checked = ok ? await checkWritten(written, cwd) : { diagnostics: [], sources: new Map<string, string>(), unread: [] };
  const broken = new Set(checked.diagnostics.filter((d) => d.severity === "error").map((d) => d.location?.file));

  if (options.format === "json") {
    const all = [...diagnostics, ...checked.diagnostics];
    io.stdout(JSON.stringify({ ok: ok && broken.size === 0, diagnostics: diagnosticsJson(all), written, refused: refused.map((f) => f.path) }, null, 2) + "\n");
    return ok && broken.size === 0 ? 0 : 1;
  }
  reportDiagnostics(io, diagnostics, sources, options.format);
  if (refused.length > 0) {
    io.stderr(`mcp-gen: ${counted(refused.length, "spec file already exists", "spec files already exist")} (use --force to overwrite): ${refused.map((f) => f.path).join(", ")}\n`);
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
    io.stdout(`mcp-gen: imported ${into}; \`mcp-gen generate\` does not read ${dir} yet: add \`${dir}/**/*.yaml\` to \`specs\` in the config, or import into the specs folder\n`);
    return 0;
  }
  io.stdout(`mcp-gen: imported ${into}; next: mcp-gen generate\n`);
  return 0;
}

/**
 * The new spec files through `generate`'s own checks (no lint), as the working directory's
 * project sees them; paths in the result are relative to the working directory.
 */
async function checkWritten(
  written: readonly string[],
  cwd: string,
): Promise<{ diagnostics: Diagnostic[]; sources: Map<string, string>; unread: string[] }> {
  const [{ resolveConfig }, { buildModel }, { findSpecFiles }] = await Promise.all([import("../config/config.js"), import("../spec/build-model.js"), import("../spec/find-specs.js")]);
  const { config } = resolveConfig({ cwd });
  // A config that does not load is reported by `generate`; the import itself is done.
  if (!config) return { diagnostics: [], sources: new Map(), unread: [] };
  const specFiles = written.map((file) => toPosix(path.relative(config.root, path.resolve(cwd, file))));
  const read = new Set(findSpecFiles(config));
  const built = buildModel(config, { specFiles });
  return {
    ...rebaseDiagnostics(built.diagnostics, built.sources, toPosix(path.relative(cwd, config.root)) || "."),
    // Files the config's `specs` globs do not match: generate would never see them.
    unread: written.filter((_file, i) => !read.has(specFiles[i])),
  };
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
