/**
 * The real corpus end to end: every tool of ../shared/corpus goes through
 * import → generate → tsc --strict, and the generated registry lists each tool
 * deep-equal (key order included) to what the real server listed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, type GenerateResult } from "../src/generate.js";
import { importToolList } from "../src/import/index.js";
import { CORPUS_DIR, tempProject, typeCheck, writeFiles } from "./helpers/project.js";

interface CorpusTool {
  name: string;
  [key: string]: unknown;
}

const corpusFiles = readdirSync(CORPUS_DIR)
  .filter((f) => f.endsWith(".json") && !f.startsWith("mcp-schema-"))
  .sort();

function load(file: string): CorpusTool[] {
  return JSON.parse(readFileSync(path.join(CORPUS_DIR, file), "utf8")) as CorpusTool[];
}

function duplicateNames(tools: CorpusTool[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const t of tools) (seen.has(t.name) ? dups : seen).add(t.name);
  return [...dups].sort();
}

const runs = new Map<string, { dir: string; result: GenerateResult }>();

beforeAll(async () => {
  for (const file of corpusFiles) {
    const dir = tempProject(`corpus-${file.replace(/\.json$/, "")}`, {
      "package.json": JSON.stringify({ name: file.replace(/\.json$/, ""), version: "1.0.0", type: "module" }),
    });
    const imported = importToolList(load(file), { source: file });
    expect(imported.diagnostics).toEqual([]);
    writeFiles(dir, Object.fromEntries(imported.files.map((f) => [`specs/${f.path}`, f.contents])));
    runs.set(file, { dir, result: await generate({ cwd: dir }) });
  }
}, 600_000);

describe("corpus", () => {
  it("covers all 372 real tools", () => {
    expect(corpusFiles.reduce((n, f) => n + load(f).length, 0)).toBe(372);
  });

  it.each(corpusFiles)("%s generates without errors (or fails only on duplicate names)", (file) => {
    const { result } = runs.get(file)!;
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    const dups = duplicateNames(load(file));
    if (dups.length === 0) {
      expect(errors).toEqual([]);
      expect(result.exitCode).toBe(0);
      expect(result.model?.tools.length).toBe(load(file).length);
    } else {
      expect(result.exitCode).toBe(1);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((d) => d.code === "MG013")).toBe(true);
      expect([...new Set(errors.map((d) => d.message.match(/`([^`]+)`/)?.[1]))].sort()).toEqual(dups);
      expect(result.written).toEqual([]);
    }
  });

  it("the generated code and handler stubs pass tsc --strict, and each registry lists its tools deep-equal", async () => {
    const ok = corpusFiles.filter((f) => runs.get(f)!.result.exitCode === 0);
    expect(ok.length).toBe(corpusFiles.length - 2);
    const root = path.dirname(runs.get(ok[0])!.dir);
    const include = ok.flatMap((f) => {
      const rel = path.basename(runs.get(f)!.dir);
      return [`${rel}/generated/**/*.ts`, `${rel}/handlers/**/*.ts`];
    });
    // Emit next to the sources so the registries can be imported below.
    const tsc = typeCheck(root, include, { noEmit: false });
    expect(tsc.output).toBe("");
    expect(tsc.status).toBe(0);

    for (const file of ok) {
      const { dir } = runs.get(file)!;
      const registry = (await import(pathToFileURL(path.join(dir, "generated", "registry.js")).href)) as {
        toolDefinitions: CorpusTool[];
      };
      const byName = new Map(registry.toolDefinitions.map((t) => [t.name, t]));
      const source = load(file);
      expect(registry.toolDefinitions.length).toBe(source.length);
      for (const tool of source) {
        // JSON text comparison: deep equality including key order.
        expect(JSON.stringify(byName.get(tool.name))).toBe(JSON.stringify(tool));
      }
    }
  }, 600_000);
});
