/**
 * `mcp-gen import`: adopt an existing server by turning its `tools/list` into specs,
 * from a dump file, a server started over stdio (`--from-server`) or one over HTTP (`--url`).
 * This is the command's work; src/cli/import.ts parses its arguments and prints the outcome.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findUp } from "../../util/find-up.js";
import { toPosix } from "../../util/posix.js";
import { hasErrors, type Diagnostic } from "../../diagnostics/diagnostic.js";
import { rebaseDiagnostics } from "../../diagnostics/rebase.js";
import type { ImportResult } from "./import-tool-list.js";
import { toolSourceFrom, type ToolSourceOptions } from "../tool-source/source-option.js";

/** The command's options, as commander parses them. */
export interface ImportCommandOptions extends ToolSourceOptions {
  out: string;
  force?: boolean;
}

/** The spec schema shipped in this package, for the editor hint on each imported file. */
export const SPEC_SCHEMA_PATH = fileURLToPath(new URL("../../../schema/tool-spec.schema.json", import.meta.url));

/**
 * The spec format's schema as the project reaches it: through its node_modules/mcp-gen
 * when there is one (a path that works in every checkout of the project, as `init` writes
 * it), else this mcp-gen's own copy (a linked checkout would resolve to a path of this machine).
 */
function specSchemaFor(outDir: string): string {
  const installed = findUp(outDir, path.join("node_modules", "mcp-gen", "schema", "tool-spec.schema.json"));
  return installed ?? SPEC_SCHEMA_PATH;
}

/** What an import did: enough for the CLI to print it and choose the exit code. */
export interface ImportOutcome {
  /** The command line is wrong; nothing was attempted. */
  usage?: string;
  /** Absolute folder of the new spec files. */
  outDir: string;
  /** Reading the dump or listing the server's tools, and turning them into specs. */
  diagnostics: Diagnostic[];
  /** The dump's text, for code frames. */
  sources: Map<string, string>;
  /** Spec files (relative to `outDir`) that exist and were not overwritten (no `--force`). */
  refused: string[];
  /** The tool list held no tools. */
  empty: boolean;
  /** The specs were written. */
  ok: boolean;
  /** Paths written, relative to the working directory. */
  written: string[];
  /** What `generate` will say of the new specs (paths relative to the working directory), and which specs it would not read. */
  checked: { diagnostics: Diagnostic[]; sources: Map<string, string>; unread: string[] };
}

export async function importTools(file: string | undefined, options: ImportCommandOptions, cwd: string): Promise<ImportOutcome> {
  const outDir = path.resolve(cwd, options.out);
  const source = toolSourceFrom(file, options);
  const sources = new Map<string, string>();
  const nothing = {
    outDir,
    sources,
    refused: [],
    empty: false,
    ok: false,
    written: [],
    checked: { diagnostics: [], sources: new Map<string, string>(), unread: [] },
  };
  if ("usage" in source) return { ...nothing, usage: source.usage, diagnostics: [] };
  const schemaComment = toPosix(path.relative(outDir, specSchemaFor(outDir)));
  let diagnostics: Diagnostic[];
  let imported: ImportResult;

  if (source.kind === "file") {
    const shown = toPosix(path.relative(cwd, path.resolve(cwd, source.file))) || source.file;
    const [{ importToolList }, { readToolListFile }] = await Promise.all([import("./import-tool-list.js"), import("../tool-source/read-tool-list.js")]);
    const read = readToolListFile(path.resolve(cwd, source.file), shown);
    if (read.text !== undefined) sources.set(shown, read.text);
    imported = read.data === undefined ? { files: [], diagnostics: [] } : importToolList(read.data, { source: shown, locate: read.locate, schemaComment });
    diagnostics = [...read.diagnostics, ...imported.diagnostics];
  } else {
    const [{ listToolsFromServer }, { importToolList }] = await Promise.all([import("../tool-source/from-server.js"), import("./import-tool-list.js")]);
    const listed = await listToolsFromServer(source.server, { cwd, timeoutMs: source.timeoutMs, protocol: source.protocol });
    imported = listed.tools === undefined ? { files: [], diagnostics: [] } : importToolList(listed.tools, { schemaComment });
    diagnostics = [...listed.diagnostics, ...imported.diagnostics];
  }

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
  const checked = ok ? await checkWritten(written, cwd) : nothing.checked;
  return { outDir, diagnostics, sources, refused: refused.map((f) => f.path), empty, ok, written, checked };
}

/**
 * The new spec files through `generate`'s own checks (no lint), as the working directory's
 * project sees them; paths in the result are relative to the working directory.
 */
async function checkWritten(written: readonly string[], cwd: string): Promise<{ diagnostics: Diagnostic[]; sources: Map<string, string>; unread: string[] }> {
  const [{ resolveConfig }, { buildModel }, { findSpecFiles }] = await Promise.all([
    import("../../config/config.js"),
    import("../../spec/build-model.js"),
    import("../../spec/find-specs.js"),
  ]);
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
