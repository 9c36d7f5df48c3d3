/**
 * The build cache on real projects: a run with unchanged inputs is answered from it
 * (and says so), and every kind of change — a spec, a `$ref`ed file, the config, the
 * package.json, a handler, a generated file, a new spec — runs the pipeline again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate, generateWorkspace, type GenerateResult } from "../../../src/build/generate.js";
import { removeProject, tempProject } from "../../helpers/project.js";

const WEATHER = `name: get_weather
description: Get current weather for a location.
inputSchema:
  type: object
  properties:
    location: { $ref: "../schemas/location.yaml" }
    units: { type: string, enum: [metric, imperial] }
  required: [location]
annotations: { readOnlyHint: true }
`;

const SUM = `name: calculate_sum
description: Add two numbers.
inputSchema:
  type: object
  properties:
    a: { type: number }
    b: { type: number }
  required: [a, b]
annotations: { readOnlyHint: true, openWorldHint: false }
`;

const projects: string[] = [];
afterAll(() => projects.forEach(removeProject));

function project(extra: Record<string, string> = {}): string {
  const dir = tempProject("cache", {
    "package.json": JSON.stringify({ name: "cache-demo", version: "1.0.0" }),
    "specs/get_weather.yaml": WEATHER,
    "specs/calculate_sum.yaml": SUM,
    "schemas/location.yaml": "type: string\ndescription: City name\n",
    ...extra,
  });
  projects.push(dir);
  return dir;
}

const summary = (r: GenerateResult) => ({
  exitCode: r.exitCode,
  toolCount: r.toolCount,
  diagnostics: r.diagnostics.map((d) => `${d.location?.file}:${d.location?.line}:${d.location?.column} ${d.code} ${d.message}`),
  unchanged: r.unchanged.length,
});

/** A full first run, then the cached second one. */
async function primed(dir: string, options: { cwd?: string; config?: string } = {}): Promise<GenerateResult> {
  const first = await generate({ cwd: dir, ...options });
  expect(first.exitCode).toBe(0);
  expect(first.cached).toBeUndefined();
  const second = await generate({ cwd: dir, ...options });
  expect(second.cached).toBe(true);
  return second;
}

describe("build cache", () => {
  it("answers an unchanged project from the cache, with the same result as a full run", async () => {
    const dir = project();
    const cached = await primed(dir);
    const full = await generate({ cwd: dir, cache: false });
    expect(full.cached).toBeUndefined();
    expect(full.written).toEqual([]);
    expect(summary(cached)).toEqual(summary(full));
    expect(cached.toolCount).toBe(2);
    // Lint warnings of the full run are kept, with the spec texts for code frames.
    expect(cached.diagnostics.length).toBeGreaterThan(0);
    expect(cached.sources.get("specs/get_weather.yaml")).toBe(WEATHER);
    expect(existsSync(path.join(dir, "node_modules", ".cache", "mcp-gen"))).toBe(true);
  });

  it.each([
    ["a spec", "specs/calculate_sum.yaml", SUM.replace("Add two numbers.", "Adds two numbers."), "generated/tools/calculate_sum.ts", "Adds two numbers."],
    ["a $ref'd file", "schemas/location.yaml", "type: string\ndescription: Town name\n", "generated/tools/get_weather.ts", "Town name"],
    ["the package.json", "package.json", JSON.stringify({ name: "cache-demo", version: "2.0.0" }), "generated/server.ts", '"2.0.0"'],
    ["a new spec", "specs/echo.yaml", SUM.replace("calculate_sum", "echo"), "generated/registry.ts", '"echo"'],
  ])("runs again when %s changes", async (_what, file, text, output, expected) => {
    const dir = project();
    await primed(dir);
    writeFileSync(path.join(dir, file), text);
    const run = await generate({ cwd: dir });
    expect(run.cached).toBeUndefined();
    expect(run.exitCode).toBe(0);
    expect(readFileSync(path.join(dir, output), "utf8")).toContain(expected);
    // A new tool amends handlers/index.ts, and such a run is not remembered: one more full run.
    const amendedIndex = run.written.includes("handlers/index.ts");
    expect(amendedIndex).toBe(file === "specs/echo.yaml");
    if (amendedIndex) expect((await generate({ cwd: dir })).cached).toBeUndefined();
    expect((await generate({ cwd: dir })).cached).toBe(true);
  });

  it("runs again when the config changes", async () => {
    const dir = project({ "mcp-gen.config.yaml": "server: { name: first, version: 1.0.0 }\n" });
    await primed(dir);
    writeFileSync(path.join(dir, "mcp-gen.config.yaml"), "server: { name: second, version: 1.0.0 }\n");
    const run = await generate({ cwd: dir });
    expect(run.cached).toBeUndefined();
    expect(readFileSync(path.join(dir, "generated/server.ts"), "utf8")).toContain('"second"');
  });

  it("restores a generated file edited by hand, even one of the same size", async () => {
    const dir = project();
    await primed(dir);
    const registry = path.join(dir, "generated/registry.ts");
    const original = readFileSync(registry, "utf8");
    writeFileSync(registry, original.replace("calculate_sum", "calculate_sux"));
    const check = await generate({ cwd: dir, check: true });
    expect(check.cached).toBeUndefined();
    expect(check.stale).toEqual(["generated/registry.ts"]);
    const run = await generate({ cwd: dir });
    expect(run.written).toEqual(["generated/registry.ts"]);
    expect(readFileSync(registry, "utf8")).toBe(original);
  });

  it("recreates a deleted handler stub and a deleted generated file", async () => {
    const dir = project();
    await primed(dir);
    unlinkSync(path.join(dir, "handlers/calculate_sum.ts"));
    rmSync(path.join(dir, "generated/docs"), { recursive: true });
    const run = await generate({ cwd: dir });
    expect(run.cached).toBeUndefined();
    expect(run.written).toContain("handlers/calculate_sum.ts");
    expect(run.written.some((file) => file.startsWith("generated/docs/"))).toBe(true);
  });

  it("a run that renamed a handler is not remembered; the one after it is", async () => {
    const dir = project();
    await primed(dir);
    writeFileSync(path.join(dir, "specs/calculate_sum.yaml"), SUM.replace("name: calculate_sum", "name: add_numbers\nrenamedFrom: calculate_sum"));
    const renamed = await generate({ cwd: dir });
    expect(renamed.exitCode).toBe(0);
    expect(renamed.written).toContain("handlers/add_numbers.ts");
    expect(existsSync(path.join(dir, "handlers/calculate_sum.ts"))).toBe(false);
    expect(renamed.diagnostics.map((d) => d.code)).toContain("MG160");
    // The rename's own report (MG160) must not be replayed: the run after it is a full one...
    const full = await generate({ cwd: dir });
    expect(full.cached).toBeUndefined();
    expect(full.diagnostics.map((d) => d.code)).not.toContain("MG160");
    // ...and the one after that answers from the cache with the same result.
    const again = await generate({ cwd: dir });
    expect(again.cached).toBe(true);
    expect(summary(again)).toEqual(summary(full));
  });

  it("runs again when a handler changes (the stubs emitter reads them)", async () => {
    const dir = project();
    await primed(dir);
    const index = path.join(dir, "handlers/index.ts");
    writeFileSync(index, readFileSync(index, "utf8") + "\n// the author's note\n");
    const run = await generate({ cwd: dir });
    expect(run.cached).toBeUndefined();
    expect(run.exitCode).toBe(0);
  });

  it("does not read a handler again while its size and time are the recorded ones, nor record one read just after an edit", async () => {
    const dir = project();
    await primed(dir);
    const cacheDir = path.join(dir, "node_modules", ".cache", "mcp-gen");
    const cacheFile = path.join(cacheDir, readdirSync(cacheDir).find((f) => /-[0-9a-f]{16}\.json$/.test(f))!);
    type Record = { handlers: Array<[string, number, number, string]> };
    const record = () => JSON.parse(readFileSync(cacheFile, "utf8")) as Record;
    // The run wrote the stubs and index.ts: their texts are its own, recorded with their size and time.
    expect(record().handlers.map(([name]) => name)).toEqual(["calculate_sum.ts", "get_weather.ts", "index.ts"]);

    // The same bytes with a new time: read again, found equal, still a hit.
    const handler = path.join(dir, "handlers/get_weather.ts");
    const text = readFileSync(handler, "utf8");
    const later = new Date(Date.now() + 5000);
    utimesSync(handler, later, later);
    expect((await generate({ cwd: dir })).cached).toBe(true);

    // An edit that keeps the size and the recorded mtime is not seen (the file is not read:
    // that is the point), as make and git's index would not see it either.
    const edited = text.replace("import", "Import");
    expect(Buffer.byteLength(edited)).toBe(Buffer.byteLength(text));
    // (The record is given the edited file's mtime, as if it had been read before the edit.)
    const stamp = new Date(Date.now() - 30_000);
    writeFileSync(handler, edited);
    utimesSync(handler, stamp, stamp);
    const data = record();
    data.handlers.find(([name]) => name === "get_weather.ts")![2] = statSync(handler).mtimeMs;
    writeFileSync(cacheFile, JSON.stringify(data));
    expect((await generate({ cwd: dir })).cached).toBe(true);

    // A real edit: a full run, and the file, read within 2 s of its mtime, is not recorded
    // (another edit in the same tick of a coarse clock could keep that mtime).
    const aMinuteAgo = new Date(Date.now() - 60_000);
    for (const name of ["calculate_sum.ts", "index.ts"]) utimesSync(path.join(dir, "handlers", name), aMinuteAgo, aMinuteAgo);
    writeFileSync(handler, `${text}\n// the author's note\n`);
    expect((await generate({ cwd: dir })).cached).toBeUndefined();
    expect(record().handlers.map(([name]) => name)).toEqual(["calculate_sum.ts", "index.ts"]);
    // Read again next time, found equal: a hit.
    expect((await generate({ cwd: dir })).cached).toBe(true);
  });

  it("an orphan's warning moves with index.ts: a run that amended index.ts is not replayed", async () => {
    const dir = project();
    await primed(dir);
    const index = path.join(dir, "handlers/index.ts");
    // An author's handler naming no tool, then a new tool the generator adds above it.
    writeFileSync(index, readFileSync(index, "utf8").replace("} satisfies ToolHandlers;", '  gone: async () => "",\n} satisfies ToolHandlers;'));
    writeFileSync(path.join(dir, "specs/echo.yaml"), SUM.replace("calculate_sum", "echo"));
    const amended = await generate({ cwd: dir });
    expect(amended.written).toContain("handlers/index.ts");
    const orphanLine = (r: GenerateResult) => r.diagnostics.find((d) => d.code === "MG050")?.location?.line;
    // The warning points at the entry in index.ts as this run wrote it, below the import it added.
    expect(readFileSync(index, "utf8").split("\n")[orphanLine(amended)! - 1]).toBe('  gone: async () => "",');
    const next = await generate({ cwd: dir });
    expect(next.cached).toBeUndefined();
    expect(orphanLine(next)).toBe(orphanLine(amended));
    const cached = await generate({ cwd: dir });
    expect(cached.cached).toBe(true);
    expect(orphanLine(cached)).toBe(orphanLine(next));
  });

  it("does not remember a failed run, nor a check run with stubs still to create", async () => {
    const dir = project();
    const check = await generate({ cwd: dir, check: true });
    expect(check.exitCode).toBe(1); // nothing generated yet: everything is stale
    writeFileSync(path.join(dir, "specs/broken.yaml"), "name: [not, a, name]\n");
    expect((await generate({ cwd: dir })).exitCode).toBe(1);
    expect((await generate({ cwd: dir })).cached).toBeUndefined();
    unlinkSync(path.join(dir, "specs/broken.yaml"));
    await primed(dir);
    unlinkSync(path.join(dir, "handlers/get_weather.ts"));
    const pending = await generate({ cwd: dir, check: true });
    expect(pending.exitCode).toBe(0);
    // The stub is still missing, so the next real run must not be answered from the cache.
    const run = await generate({ cwd: dir });
    expect(run.cached).toBeUndefined();
    expect(run.written).toEqual(["handlers/get_weather.ts"]);
  });

  it("keys on maxWarnings, and --no-cache / MCP_GEN_NO_CACHE run everything", async () => {
    const dir = project();
    await primed(dir);
    const strict = await generate({ cwd: dir, maxWarnings: 0 });
    expect(strict.cached).toBeUndefined();
    expect(strict.exitCode).toBe(1);
    expect((await generate({ cwd: dir, cache: false })).cached).toBeUndefined();
    process.env.MCP_GEN_NO_CACHE = "1";
    try {
      expect((await generate({ cwd: dir })).cached).toBeUndefined();
    } finally {
      delete process.env.MCP_GEN_NO_CACHE;
    }
    expect((await generate({ cwd: dir })).cached).toBe(true);
  });

  it("serves a project named by its config from another folder, and a workspace's projects", async () => {
    const dir = project({ "mcp-gen.config.yaml": "out: generated\n" });
    const elsewhere = path.dirname(dir);
    await primed(elsewhere, { config: path.relative(elsewhere, path.join(dir, "mcp-gen.config.yaml")) });
    const workspace = tempProject("cache-ws", {
      "mcp-gen.config.yaml": "projects: [a, b]\n",
      "a/specs/calculate_sum.yaml": SUM,
      "b/specs/calculate_sum.yaml": SUM,
    });
    projects.push(workspace);
    expect((await generateWorkspace({ cwd: workspace })).exitCode).toBe(0);
    const again = await generateWorkspace({ cwd: workspace });
    expect(again.workspace).toBe(true);
    expect(again.projects.map((p) => [p.label, p.result.cached])).toEqual([
      ["a", true],
      ["b", true],
    ]);
  });

  it("MCP_GEN_CACHE_DIR puts the cache where it says", async () => {
    const dir = project();
    rmSync(path.join(dir, "node_modules"), { recursive: true });
    // Without node_modules here, the repository's own would be found: point the cache elsewhere.
    const cacheDir = path.join(dir, "cache-here");
    process.env.MCP_GEN_CACHE_DIR = cacheDir;
    try {
      await primed(dir);
      // The cache file, its memo and the memo's side files (what a run that changes only specs reuses).
      expect(readdirSync(cacheDir).sort()).toEqual([
        expect.stringMatching(/^[\w-]+\.chunks-[0-9a-f]{40}\.json$/),
        expect.stringMatching(/^[\w-]+-[0-9a-f]{16}\.json$/),
        expect.stringMatching(/^[\w-]+\.memo\.json$/),
        expect.stringMatching(/^[\w-]+\.specs-[0-9a-f]{40}\.json$/),
        expect.stringMatching(/^[\w-]+\.types-[0-9a-f]{40}\.json$/),
      ]);
    } finally {
      delete process.env.MCP_GEN_CACHE_DIR;
    }
  });

  it("a cache folder that cannot be used (node_modules/.cache is a file) only costs speed", async () => {
    const dir = project();
    rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
    mkdirSync(path.join(dir, "node_modules"));
    writeFileSync(path.join(dir, "node_modules", ".cache"), "not a folder\n");
    for (const run of [1, 2]) {
      const result = await generate({ cwd: dir });
      expect(summary(result)).toMatchObject({ exitCode: 0, toolCount: 2 });
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      // Nothing could be recorded, so neither run is answered from a cache.
      expect([run, result.cached]).toEqual([run, undefined]);
    }
    expect(readFileSync(path.join(dir, "node_modules", ".cache"), "utf8")).toBe("not a folder\n");
  });
});
