/**
 * The hostile-spec corpus through `generate` (the CLI's core, each run with a time limit):
 * exact diagnostics, or code that compiles under `tsc --strict` and lists every tool
 * exactly as its spec says, with nothing written outside generated/ and handlers/.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeProject, tempProject, writeFiles } from "../../helpers/project.js";
import { CASES, PAYLOADS, type HostileCase } from "../../helpers/hostile/cases.js";
import {
  brokenTableRows,
  generateInProcess,
  importRegistry,
  listTree,
  pool,
  rawControlLines,
  summarize,
  typeCheckBatch,
  type InProcessRun,
} from "../../helpers/hostile/harness.js";

const OWNED = ["generated", "handlers"];
let batch: string;
const runs = new Map<HostileCase, { dir: string; run: InProcessRun; before: string[]; after: string[] }>();
let compiled: { status: number; output: string };

beforeAll(async () => {
  batch = tempProject("hostile");
  const tasks = CASES.map((c, i) => async () => {
    const dir = path.join(batch, `case-${String(i).padStart(3, "0")}`);
    writeFiles(dir, Object.fromEntries(Object.entries(c.files).filter(([, v]) => typeof v === "string")) as Record<string, string>);
    for (const [rel, bytes] of Object.entries(c.files)) if (typeof bytes !== "string") writeFiles(dir, { [rel]: bytes as unknown as string });
    const before = listTree(dir, OWNED);
    const run = await generateInProcess(dir);
    runs.set(c, { dir, run, before, after: listTree(dir, OWNED) });
    if (process.env.HOSTILE_TIMINGS) console.log(`${run.ms} ms  ${c.name}`);
  });
  await pool(tasks, 1);
  const generatedOk = CASES.filter((c) => runs.get(c)!.run.exitCode === 0).map((c) => path.basename(runs.get(c)!.dir));
  const started = Date.now();
  compiled = typeCheckBatch(batch, generatedOk);
  if (process.env.HOSTILE_TIMINGS) console.log(`tsc: ${Date.now() - started} ms for ${generatedOk.length} projects`);
}, 600_000);

afterAll(() => removeProject(batch));

describe("hostile specs", () => {
  it("has at least 60 cases covering every payload", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
    for (const label of Object.keys(PAYLOADS)) expect(CASES.some((c) => c.name === `injection: ${label}`)).toBe(true);
  });

  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const { dir, run, before, after } = runs.get(c)!;
    expect(run.crash).toBeUndefined();
    const output = run;
    // Nothing outside the output and handler folders changed.
    expect(after).toEqual(before);
    expect(summarize(output.diagnostics)).toEqual(c.diagnostics);
    const errors = output.diagnostics.filter((d) => d.severity === "error");
    for (const d of errors) expect(d.message.length, d.code).toBeGreaterThan(0);
    if (errors.length > 0) {
      expect(run.exitCode).toBe(1);
      // Nothing is written when a spec has an error.
      expect(readdirSync(dir).filter((n) => OWNED.includes(n) && !c.files[n])).toEqual([]);
      return;
    }
    expect(run.exitCode).toBe(0);
    const project = path.basename(dir);
    expect(compiled.output.split("\n").filter((line) => line.startsWith(`${project}/`))).toEqual([]);
    const { toolDefinitions } = await importRegistry(batch, project);
    if (c.wire) expect(JSON.stringify(toolDefinitions)).toBe(JSON.stringify(c.wire));
    // Escaped everywhere else: no raw control characters in any generated file, tables intact.
    for (const file of listTree(path.join(dir, "generated"))
      .map((l) => l.split(" ")[0])
      .filter((f) => !f.endsWith("/"))) {
      const text = readFileSync(path.join(dir, "generated", file), "utf8");
      expect(rawControlLines(text), `${file}: raw NUL or CR`).toEqual([]);
      if (file.endsWith(".md")) expect(brokenTableRows(text), file).toEqual([]);
    }
  });

  it("type-checks every generated project in one tsc --strict run", () => {
    expect(compiled.output).toBe("");
    expect(compiled.status).toBe(0);
  });

  it("wrote nothing beside the case folders", () => {
    const top = readdirSync(batch)
      .filter((n) => !n.startsWith("case-"))
      .sort();
    expect(top).toEqual(["node_modules", "out", "tsconfig.json"]);
  });
});
