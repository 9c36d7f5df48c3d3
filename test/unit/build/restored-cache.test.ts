/**
 * The build cache is content-addressed: a CI job that restores node_modules/.cache/mcp-gen
 * onto a fresh checkout (every file new, with new times) gets a no-op run when nothing
 * changed, and a partial run when one spec did, never a cold one. Times are only a hint
 * that lets a run skip reading a file; the bytes decide.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { TypeTranslations } from "../../../src/emit/tools/tool-modules.js";
import { generate } from "../../../src/build/generate.js";
import { REPO_ROOT, removeProject, snapshotTree, tempProject } from "../../helpers/project.js";

const WEATHER = `name: get_weather
description: Get current weather for a location.
inputSchema:
  type: object
  properties:
    location: { $ref: "../schemas/location.yaml" }
  required: [location]
outputSchema:
  type: object
  properties:
    temperature: { type: number }
examples:
  - input: { location: Paris }
    output: { temperature: 21 }
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

/** Every file below `dir` (node_modules/.cache included, the mcp-gen link not), relative, with its bytes. */
function filesOf(dir: string, sub = ""): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (rel === "node_modules/mcp-gen") continue;
    if (entry.isDirectory()) for (const [file, bytes] of filesOf(dir, rel)) files.set(file, bytes);
    else files.set(rel, readFileSync(path.join(dir, rel)));
  }
  return files;
}

/**
 * What a CI job does: a fresh checkout of the project at the same path (every file
 * written anew), the cache folder restored beside it, and then every file touched once
 * more, a minute ahead, so that no recorded time can match.
 */
function freshCheckout(dir: string, files: ReadonlyMap<string, Buffer>): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  symlinkSync(REPO_ROOT, path.join(dir, "node_modules", "mcp-gen"), "dir");
  for (const [rel, bytes] of files) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), bytes);
  }
  const later = new Date(Date.now() + 60_000);
  for (const rel of files.keys()) utimesSync(path.join(dir, rel), later, later);
}

describe("a restored cache on a fresh checkout", () => {
  it("gives a no-op run when nothing changed, and a partial run when one spec did", async () => {
    const dir = tempProject("restored", {
      "package.json": JSON.stringify({ name: "restored-demo", version: "1.0.0" }),
      "mcp-gen.config.yaml": "specs: [specs/*.yaml]\n",
      "specs/get_weather.yaml": WEATHER,
      "specs/calculate_sum.yaml": SUM,
      "schemas/location.yaml": "type: string\ndescription: City name\n",
    });
    projects.push(dir);
    const cold = await generate({ cwd: dir });
    expect(cold.exitCode).toBe(0);
    expect(cold.written.length).toBeGreaterThan(0);
    const tree = snapshotTree(dir);
    const saved = filesOf(dir);
    expect([...saved.keys()].some((file) => file.startsWith("node_modules/.cache/mcp-gen/"))).toBe(true);

    freshCheckout(dir, saved);
    const stamps = () => new Map([...saved.keys()].filter((f) => !f.startsWith("node_modules/")).map((f) => [f, statSync(path.join(dir, f)).mtimeMs]));
    const before = stamps();
    const noop = await generate({ cwd: dir });
    expect(noop.exitCode).toBe(0);
    expect(noop.cached).toBe(true);
    expect(noop.written).toEqual([]);
    expect(noop.removed).toEqual([]);
    expect(noop.diagnostics).toEqual(cold.diagnostics);
    // Nothing was written: every file keeps the time the checkout gave it.
    expect(stamps()).toEqual(before);
    expect(snapshotTree(dir)).toEqual(tree);

    freshCheckout(dir, saved);
    writeFileSync(path.join(dir, "specs/calculate_sum.yaml"), SUM.replace("Add two numbers.", "Add two numbers and return the sum."));
    // Which tools' type modules the run emits (each asks its session's translations once).
    const emitted = vi.spyOn(TypeTranslations.prototype, "declarations");
    const partial = await generate({ cwd: dir });
    expect(emitted.mock.calls.map(([tool]) => tool.name)).toEqual(["calculate_sum"]);
    emitted.mockRestore();
    expect(partial.exitCode).toBe(0);
    expect(partial.cached).toBeUndefined();
    expect(partial.changedSpecs).toEqual(["specs/calculate_sum.yaml"]);
    expect(partial.written).toContain("generated/tools/calculate_sum.ts");
    // The unchanged tool's files were neither emitted nor written.
    expect(partial.written.filter((file) => file.includes("get_weather"))).toEqual([]);
    // What a full run would write.
    const full = await generate({ cwd: dir, check: true, cache: false });
    expect(full.exitCode).toBe(0);
    expect(full.stale).toEqual([]);
    // And the partial run's record answers the next run.
    expect((await generate({ cwd: dir })).cached).toBe(true);
  });

  it("finds the cache when the checkout sits at another path than the run that made it", async () => {
    const dir = tempProject("made-here", {
      "package.json": JSON.stringify({ name: "moved-demo", version: "1.0.0" }),
      "mcp-gen.config.yaml": "specs: [specs/*.yaml]\n",
      "specs/get_weather.yaml": WEATHER,
      "specs/calculate_sum.yaml": SUM,
      "schemas/location.yaml": "type: string\ndescription: City name\n",
    });
    projects.push(dir);
    const cold = await generate({ cwd: dir });
    expect(cold.exitCode).toBe(0);
    const tree = snapshotTree(dir);
    const saved = filesOf(dir);
    // No record, memo or side file names the folder the project sat in.
    const cacheFiles = [...saved].filter(([file]) => file.startsWith("node_modules/.cache/mcp-gen/"));
    expect(cacheFiles.length).toBeGreaterThan(2);
    for (const [file, bytes] of cacheFiles) expect(bytes.toString("utf8").includes(dir), file).toBe(false);
    // Another folder name and depth (as another CI runner's workspace), and the old path gone:
    // nothing the run reads may still name it.
    const moved = path.join(`${dir}-elsewhere`, "workspace", "checkout");
    projects.push(`${dir}-elsewhere`);
    removeProject(dir);
    freshCheckout(moved, saved);
    expect(readdirSync(path.join(moved, "node_modules/.cache/mcp-gen")).some((name) => name.endsWith(".memo.json"))).toBe(true);

    const stamps = () => new Map([...saved.keys()].filter((f) => !f.startsWith("node_modules/")).map((f) => [f, statSync(path.join(moved, f)).mtimeMs]));
    const before = stamps();
    const noop = await generate({ cwd: moved });
    expect(noop.exitCode).toBe(0);
    expect(noop.cached).toBe(true);
    expect(noop.written).toEqual([]);
    expect(noop.removed).toEqual([]);
    expect(noop.diagnostics).toEqual(cold.diagnostics);
    expect(stamps()).toEqual(before);
    expect(snapshotTree(moved)).toEqual(tree);
    // The config a hit hands back names the new place, not the one that made the cache.
    expect(noop.config?.root).toBe(moved);

    freshCheckout(moved, saved);
    writeFileSync(path.join(moved, "specs/calculate_sum.yaml"), SUM.replace("Add two numbers.", "Add two numbers and return the sum."));
    const emitted = vi.spyOn(TypeTranslations.prototype, "declarations");
    const partial = await generate({ cwd: moved });
    expect(emitted.mock.calls.map(([tool]) => tool.name)).toEqual(["calculate_sum"]);
    emitted.mockRestore();
    expect(partial.exitCode).toBe(0);
    expect(partial.cached).toBeUndefined();
    expect(partial.changedSpecs).toEqual(["specs/calculate_sum.yaml"]);
    expect(partial.written).toContain("generated/tools/calculate_sum.ts");
    expect(partial.written.filter((file) => file.includes("get_weather"))).toEqual([]);
    const full = await generate({ cwd: moved, check: true, cache: false });
    expect(full.exitCode).toBe(0);
    expect(full.stale).toEqual([]);
    expect((await generate({ cwd: moved })).cached).toBe(true);
  });
});
