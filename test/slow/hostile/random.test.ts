/**
 * Seeded random specs, valid and broken, through `generate`: no crash or hang, every
 * diagnostic has a file, line and column, broken specs are reported in their own file,
 * valid ones generate; a sample of the valid projects is type-checked with tsc --strict.
 * A fixed seed unless MCP_GEN_SEED gives one (or `random`); every failure prints it.
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeProject, tempProject, writeFiles } from "../../helpers/project.js";
import { generateInProcess, listTree, typeCheckBatch, type InProcessRun } from "../../helpers/hostile/harness.js";
import { randomSpecs, type RandomSpec } from "../../helpers/hostile/random-spec.js";
import { seedNote as replayNote, testSeed } from "../../helpers/rng.js";

const SEED = testSeed(20261126);
const COUNT = Number(process.env.MCP_GEN_RANDOM_COUNT ?? 500);
const PER_PROJECT = 25;
const COMPILED_PROJECTS = 2;
const seedNote = replayNote(SEED);

/** Codes that concern the project as a whole, not a place in a file. */
const PROJECT_WIDE = new Set(["MG006", "MG090"]);

const batch = tempProject("hostile-random");
afterAll(() => removeProject(batch));

describe(`random specs ${seedNote}`, () => {
  const specs = randomSpecs(SEED, COUNT);
  const valid = specs.filter((s) => s.valid);
  const invalid = specs.filter((s) => !s.valid);

  it("generates at least 500 specs, valid and broken", () => {
    expect(specs.length, seedNote).toBeGreaterThanOrEqual(Math.min(COUNT, 500));
    expect(valid.length, seedNote).toBeGreaterThan(0);
    expect(invalid.length, seedNote).toBeGreaterThan(0);
  });

  it("valid specs generate, in projects of 25, and a sample compiles under tsc --strict", async () => {
    const projects: string[] = [];
    for (let start = 0; start < valid.length; start += PER_PROJECT) {
      const name = `valid-${start}`;
      const dir = path.join(batch, name);
      writeFiles(dir, Object.fromEntries(valid.slice(start, start + PER_PROJECT).map((s) => [s.file, s.text])));
      const run = await generateInProcess(dir);
      const files = valid
        .slice(start, start + PER_PROJECT)
        .map((s) => s.file)
        .join(", ");
      expect(run.crash, `${seedNote} ${files}`).toBeUndefined();
      expect(errors(run), `${seedNote} ${files}`).toEqual([]);
      expect(run.exitCode).toBe(0);
      projects.push(name);
    }
    const sample = projects.slice(0, COMPILED_PROJECTS);
    const compiled = typeCheckBatch(batch, sample);
    expect(compiled.output, seedNote).toBe("");
  });

  it("broken specs are reported with positions, each in its own file, and nothing is written", async () => {
    // One file per project: a broken spec must be caught by itself, never thanks to a neighbour.
    const runs: Array<[RandomSpec, InProcessRun, string]> = [];
    for (const [i, spec] of invalid.entries()) {
      const dir = path.join(batch, `broken-${i}`);
      writeFiles(dir, { [spec.file]: spec.text });
      const before = listTree(dir);
      const run = await generateInProcess(dir, 30_000);
      runs.push([spec, run, dir]);
      const label = `${seedNote} ${spec.mutation}: ${JSON.stringify(spec.text.slice(0, 300))}`;
      expect(run.crash, label).toBeUndefined();
      for (const d of run.diagnostics) {
        if (PROJECT_WIDE.has(d.code)) continue;
        expect([d.file, typeof d.line, typeof d.column], `${label} ${d.code} ${d.message}`).toEqual([spec.file, "number", "number"]);
      }
      if (spec.mustFail) {
        expect(errors(run).length, label).toBeGreaterThan(0);
        expect(listTree(dir), label).toEqual(before);
      }
    }
    expect(runs.length).toBe(invalid.length);
  });
});

const errors = (run: InProcessRun) =>
  run.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.file}:${d.line}:${d.column} ${d.message}`);
