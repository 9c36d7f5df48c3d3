/** `mcp-gen import <tools.json>`: adopt an existing server by turning its `tools/list` into specs. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { toPosix } from "../config/config.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { importToolList, readToolListFile } from "../import/index.js";
import { diagnosticsJson, reportDiagnostics, type Io, type OutputFormat } from "./report.js";

export interface ImportCliOptions {
  out: string;
  force?: boolean;
  format: OutputFormat;
}

/** The spec schema shipped in this package, for the editor hint on each imported file. */
export const SPEC_SCHEMA_PATH = fileURLToPath(new URL("../../schema/tool-spec.schema.json", import.meta.url));

export async function runImport(file: string, options: ImportCliOptions, io: Io, cwd: string): Promise<number> {
  const source = toPosix(path.relative(cwd, path.resolve(cwd, file))) || file;
  const read = readToolListFile(path.resolve(cwd, file), source);
  const sources = new Map<string, string>();
  if (read.text !== undefined) sources.set(source, read.text);
  const outDir = path.resolve(cwd, options.out);
  const imported =
    read.data === undefined
      ? { files: [], diagnostics: [] }
      : importToolList(read.data, { source, locate: read.locate, schemaComment: toPosix(path.relative(outDir, SPEC_SCHEMA_PATH)) });
  const diagnostics = [...read.diagnostics, ...imported.diagnostics];

  const existing = imported.files.filter((f) => existsSync(path.join(outDir, f.path)));
  const refused = options.force ? [] : existing;
  const ok = !hasErrors(diagnostics) && refused.length === 0;
  const written: string[] = [];
  if (ok) {
    mkdirSync(outDir, { recursive: true });
    for (const f of imported.files) {
      writeFileSync(path.join(outDir, f.path), f.contents);
      written.push(toPosix(path.relative(cwd, path.join(outDir, f.path))));
    }
  }

  if (options.format === "json") {
    io.stdout(JSON.stringify({ ok, diagnostics: diagnosticsJson(diagnostics), written, refused: refused.map((f) => f.path) }, null, 2) + "\n");
    return ok ? 0 : 1;
  }
  reportDiagnostics(io, diagnostics, sources, options.format);
  if (refused.length > 0) {
    io.stderr(`mcp-gen: ${refused.length} spec file(s) already exist (use --force to overwrite): ${refused.map((f) => f.path).join(", ")}\n`);
  }
  if (!ok) {
    io.stderr("mcp-gen: nothing was written.\n");
    return 1;
  }
  io.stdout(`mcp-gen: imported ${written.length} tool(s) into ${toPosix(path.relative(cwd, outDir)) || "."}; next: mcp-gen generate\n`);
  return 0;
}
