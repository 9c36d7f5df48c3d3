/**
 * The benchmark's workloads: N tools built from the real corpus (test/corpus), copied
 * with new names until there are N, each copy keeping its schemas (so the share of tools
 * with outputSchema stays the corpus's), written as mcp-gen specs and as one OpenAPI 3.1
 * document for the peer generator. Built fresh by every bench run; never committed.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));
/** The vendored corpus (test/corpus/SOURCES.md says where each file comes from). */
export const CORPUS_DIR = path.join(REPO_ROOT, "test", "corpus");

/** The corpus's tools in a fixed order: files by name, tools as listed. */
export function corpusTools() {
  const files = readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith(".json") && !f.startsWith("mcp-schema-"))
    .sort();
  return files.flatMap((file) => JSON.parse(readFileSync(path.join(CORPUS_DIR, file), "utf8")));
}

/**
 * `count` tools with unique names. The first copy of a name keeps it (so the legacy github
 * server's `create_issue`, first in file order, stays `create_issue`); later copies get
 * `_2`, `_3`, ... Uniqueness is checked on the identifier mcp-gen derives (case and
 * punctuation folded), so no two names map to one TypeScript name or file.
 */
export function workloadTools(count) {
  const source = corpusTools();
  const used = new Set();
  const key = (name) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
  const tools = [];
  for (let index = 0; index < count; index++) {
    const tool = structuredClone(source[index % source.length]);
    let name = tool.name;
    for (let copy = 2; used.has(key(name)); copy++) name = `${tool.name}_${copy}`;
    used.add(key(name));
    tool.name = name;
    tools.push(tool);
  }
  return tools;
}

/** A project folder as a user has it: package.json, node_modules/mcp-gen (-> packageRoot), specs/. */
export async function writeSpecProject(dir, tools, packageRoot = REPO_ROOT) {
  const { importToolList } = await import(pathToFileURL(path.join(packageRoot, "dist/commands/import/import-tool-list.js")).href);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "specs"), { recursive: true });
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(packageRoot, path.join(dir, "node_modules", "mcp-gen"), "dir");
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: path.basename(dir), version: "1.0.0", type: "module", private: true }, null, 2));
  const imported = importToolList(tools, { source: "bench" });
  const errors = imported.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(`import failed: ${errors.map((d) => d.message).join("; ")}`);
  for (const file of imported.files) writeFileSync(path.join(dir, "specs", file.path), file.contents);
  return imported.files.map((f) => path.join(dir, "specs", f.path));
}

/**
 * The same tools as an OpenAPI 3.1 document: one POST per tool, requestBody = inputSchema,
 * the 200 response = outputSchema (a bare description when the tool has none).
 */
export function toOpenApi(tools) {
  const paths = {};
  for (const tool of tools) {
    const { $schema: _dialect, ...input } = tool.inputSchema;
    const ok = { description: "OK" };
    if (tool.outputSchema) {
      const { $schema: _outDialect, ...output } = tool.outputSchema;
      ok.content = { "application/json": { schema: output } };
    }
    paths[`/tools/${tool.name}`] = {
      post: {
        operationId: tool.name,
        ...(tool.title ? { summary: tool.title } : {}),
        description: tool.description ?? tool.name,
        requestBody: { required: true, content: { "application/json": { schema: input } } },
        responses: { 200: ok },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "bench", version: "1.0.0" },
    servers: [{ url: "http://127.0.0.1:9/api" }],
    paths,
  };
}

export function writeOpenApiProject(dir, tools) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(toOpenApi(tools), null, 2));
}
