/**
 * Partial runs: when only spec files changed since the recorded run, `generate` reads,
 * checks and lints just those, takes every other spec's share from the build cache's
 * memo, and rewrites only what the change reaches. Whatever the edit, the result must be
 * the one a full run gives: the same diagnostics (severity, position, hint), and files
 * that a full `--check` finds up to date, nothing left over.
 */
import { readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { generate, type GenerateResult } from "../../../src/build/generate.js";
import { removeProject, snapshotTree, tempProject, writeFiles } from "../../helpers/project.js";

const tool = (name: string, description: string, properties = "a: { type: number }", extra = ""): string => `name: ${name}
description: ${description}
inputSchema:
  type: object
  properties:
    ${properties}
annotations: { readOnlyHint: true }
${extra}`;

const SPECS: Record<string, string> = {
  "specs/add.yaml": tool("add_numbers", "Add two numbers.", "a: { type: number }\n    b: { type: number }"),
  "specs/weather.yaml": tool("get_weather", "Get the weather.", 'location: { $ref: "../schemas/location.yaml" }'),
  "specs/echo.yaml": tool(
    "echo_text",
    "Echo a text back.",
    "text: { type: string, maxLength: 20 }",
    `outputSchema:
  type: object
  properties:
    text: { type: string }
examples:
  - input: { text: hello }
    output: { text: hello }
`,
  ),
  "specs/many.yaml": `tools:
  - ${tool("list_items", "List the items.").replace(/\n/g, "\n    ").trimEnd()}
  - ${tool("count_items", "Count the items.", "filter: { type: string }").replace(/\n/g, "\n    ").trimEnd()}
`,
  "schemas/location.yaml": "type: string\ndescription: City name\n",
};

/** Every template the runs rendered, by name: the real renderer, watched. */
const rendered = vi.hoisted(() => [] as string[]);
vi.mock("../../../src/emit/shared/templates.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../../src/emit/shared/templates.js")>();
  return {
    ...original,
    renderTemplate: (name: Parameters<typeof original.renderTemplate>[0], context: object) => {
      rendered.push(name);
      return original.renderTemplate(name, context);
    },
  };
});

const renderedBy = new WeakMap<GenerateResult, string[]>();

const projects: string[] = [];
afterAll(() => projects.forEach(removeProject));

/** A project with a recorded run (the next run may be partial). */
async function recorded(): Promise<string> {
  const dir = tempProject("partial", { "package.json": JSON.stringify({ name: "partial-demo", version: "1.0.0" }), ...SPECS });
  projects.push(dir);
  const first = await generate({ cwd: dir });
  expect(first.exitCode).toBe(0);
  expect((await generate({ cwd: dir })).cached).toBe(true);
  return dir;
}

const edit = (dir: string, file: string, change: (text: string) => string) => {
  const absPath = path.join(dir, file);
  writeFileSync(absPath, change(readFileSync(absPath, "utf8")));
};

const described = (r: GenerateResult) =>
  r.diagnostics.map((d) => `${d.severity} ${d.location?.file}:${d.location?.line}:${d.location?.column} ${d.code} ${d.message} | ${d.hint ?? ""}`);

/**
 * `generate` in `dir`, and a full run without the cache in a copy of `dir` as it was:
 * the same exit code, diagnostics, writes and removals, and the same files afterwards.
 */
async function generateBoth(dir: string): Promise<GenerateResult> {
  const twin = tempProject("partial-twin");
  projects.push(twin);
  writeFiles(twin, Object.fromEntries(snapshotTree(dir)));
  rendered.length = 0;
  const run = await generate({ cwd: dir });
  renderedBy.set(run, rendered.splice(0));
  const full = await generate({ cwd: twin, cache: false });
  expect(described(run)).toEqual(described(full));
  expect({ exitCode: run.exitCode, toolCount: run.toolCount, written: run.written, removed: run.removed }).toEqual({
    exitCode: full.exitCode,
    toolCount: full.toolCount,
    written: full.written,
    removed: full.removed,
  });
  expect(snapshotTree(dir)).toEqual(snapshotTree(twin));
  return run;
}

describe("partial runs", () => {
  it("an edited description: reads that spec only, writes its tool's files and the files about all tools", async () => {
    const dir = await recorded();
    edit(dir, "specs/add.yaml", (text) => text.replace("Add two numbers.", "Adds two numbers together."));
    const run = await generateBoth(dir);
    expect(run.changedSpecs).toEqual(["specs/add.yaml"]);
    // The client's doc comments carry the description.
    expect(run.written).toEqual([
      "generated/client.ts",
      "generated/docs/add_numbers.md",
      "generated/docs/catalog.json",
      "generated/docs/index.md",
      "generated/tools/add_numbers.ts",
    ]);
    expect(readFileSync(path.join(dir, "generated/tools/add_numbers.ts"), "utf8")).toContain("Adds two numbers together.");
    // Every other output is kept (counted as unchanged), the manifest too.
    expect(run.unchanged).toContain("generated/tools/get_weather.ts");
    expect(run.unchanged).toContain("generated/.mcp-gen-manifest.json");
    // The partial run was recorded: the next run is answered from the cache.
    expect((await generate({ cwd: dir })).cached).toBe(true);
  });

  it("an edited schema: the validators and the types follow, and the new validator works", async () => {
    const dir = await recorded();
    const sideFiles = () =>
      readdirSync(path.join(dir, "node_modules", ".cache", "mcp-gen"))
        .filter((f) => /\.(chunks|types)-/.test(f))
        .sort();
    const before = sideFiles();
    expect(before).toHaveLength(2);
    edit(dir, "specs/add.yaml", (text) => text.replace("b: { type: number }", "b: { type: number, minimum: 0 }\n    c: { type: integer }"));
    const run = await generateBoth(dir);
    expect(run.changedSpecs).toEqual(["specs/add.yaml"]);
    expect(run.written).toEqual(expect.arrayContaining(["generated/tools/add_numbers.ts", "generated/validators-2020-12.js"]));
    expect(readFileSync(path.join(dir, "generated/tools/add_numbers.ts"), "utf8")).toMatch(/c\?: number/);
    const validators = await import(`${path.join(dir, "generated/validators.js")}?${Date.now()}`);
    expect(validators.validateAddNumbersInput({ a: 1, b: -1 })).toBe(false);
    expect(validators.validateAddNumbersInput({ a: 1, b: 1, c: 2 })).toBe(true);
    expect(validators.validateEchoTextInput({ text: "x".repeat(21) })).toBe(false);
    // New chunks and translations: new side files, and the old ones are gone.
    const after = sideFiles();
    expect(after).toHaveLength(2);
    expect(after.filter((f) => before.includes(f))).toEqual([]);
  });

  it("keeps the registry, the handlers interface and the docs index unrendered while the data they show is unchanged", async () => {
    const dir = await recorded();
    const SHARED: Record<string, string> = {
      "registry.ts": "generated/registry.ts",
      "handlers.ts": "generated/handlers.ts",
      "docs-index.md": "generated/docs/index.md",
    };
    // Each file's planned action, or "keep" for one left unrendered (and so planned unchanged).
    const actions = (run: GenerateResult) =>
      Object.fromEntries(
        Object.entries(SHARED).map(([template, file]) => {
          const action = run.plan?.actions.find((a) => a.path === file)?.action;
          return [file, renderedBy.get(run)?.includes(template) ? action : action === "unchanged" ? "keep" : `${action}, unrendered`];
        }),
      );
    // A schema and a later sentence of a description: neither the registry nor the handlers
    // interface shows either; the index shows the list's token count, which both change.
    edit(dir, "specs/add.yaml", (text) =>
      text.replace("Add two numbers.", "Add two numbers. Both are required.").replace("b: { type: number }", "b: { type: integer }"),
    );
    expect(actions(await generateBoth(dir))).toEqual({ "generated/registry.ts": "keep", "generated/handlers.ts": "keep", "generated/docs/index.md": "update" });
    // An example is in none of the three (nor in the token count).
    edit(dir, "specs/add.yaml", (text) => `${text}examples:\n  - input: { a: 1, b: 2 }\n`);
    expect(actions(await generateBoth(dir))).toEqual({ "generated/registry.ts": "keep", "generated/handlers.ts": "keep", "generated/docs/index.md": "keep" });
    // An output schema gives the tool an output validator, which the registry names.
    edit(dir, "specs/add.yaml", (text) => `${text}outputSchema:\n  type: object\n  properties:\n    sum: { type: number }\n`);
    expect(actions(await generateBoth(dir))).toEqual({
      "generated/registry.ts": "update",
      "generated/handlers.ts": "keep",
      "generated/docs/index.md": "update",
    });
    expect(readFileSync(path.join(dir, "generated/registry.ts"), "utf8")).toContain("validateOutput: validateAddNumbersOutput,");
    // A title is in the index's table, and nowhere in the registry.
    edit(dir, "specs/add.yaml", (text) => text.replace("annotations: { readOnlyHint: true }", "annotations: { readOnlyHint: true, title: Adder }"));
    expect(actions(await generateBoth(dir))).toEqual({ "generated/registry.ts": "keep", "generated/handlers.ts": "keep", "generated/docs/index.md": "update" });
    expect(readFileSync(path.join(dir, "generated/docs/index.md"), "utf8")).toContain("| Adder |");
    // Kept files are recorded as they are: the next run is answered from the cache.
    expect((await generate({ cwd: dir })).cached).toBe(true);
    // A renamed tool is in all three.
    edit(dir, "specs/add.yaml", (text) => text.replace("name: add_numbers", "name: sum_numbers"));
    expect(actions(await generateBoth(dir))).toEqual({
      "generated/registry.ts": "update",
      "generated/handlers.ts": "update",
      "generated/docs/index.md": "update",
    });
  });

  it("side files that cannot be read cost speed, not correctness", async () => {
    const dir = await recorded();
    const cacheDir = path.join(dir, "node_modules", ".cache", "mcp-gen");
    for (const file of readdirSync(cacheDir)) {
      if (file.includes(".chunks-")) rmSync(path.join(cacheDir, file));
      if (file.includes(".types-")) writeFileSync(path.join(cacheDir, file), "[[");
    }
    edit(dir, "specs/echo.yaml", (text) => text.replace("maxLength: 20", "maxLength: 25").replace("Echo a text back.", "Echo it."));
    const run = await generateBoth(dir);
    expect(run.changedSpecs).toEqual(["specs/echo.yaml"]);
    expect(run.exitCode).toBe(0);
  });

  it("a renamed tool: positions shift, the old tool's files go, the new one gets a stub, as in a full run", async () => {
    const dir = await recorded();
    edit(dir, "specs/add.yaml", (text) => text.replace("name: add_numbers", "name: sum_numbers"));
    const run = await generateBoth(dir);
    expect(run.changedSpecs).toEqual(["specs/add.yaml"]);
    expect(run.exitCode).toBe(0);
    expect(run.removed).toEqual(expect.arrayContaining(["generated/tools/add_numbers.ts", "generated/docs/add_numbers.md"]));
    expect(run.written).toEqual(expect.arrayContaining(["generated/tools/sum_numbers.ts", "handlers/sum_numbers.ts"]));
    // The other pages moved in the docs' order, and were written again.
    expect(run.written).toEqual(expect.arrayContaining(["generated/docs/count_items.md"]));
    const tree = snapshotTree(path.join(dir, "generated"));
    expect([...tree.keys()].filter((file) => file.includes("add_numbers"))).toEqual([]);
  });

  it("an edit that breaks a schema fails as a full run does, and the next good edit recovers", async () => {
    const dir = await recorded();
    edit(dir, "specs/echo.yaml", (text) => text.replace("maxLength: 20", "maxLength: -1"));
    const run = await generateBoth(dir);
    expect(run.changedSpecs).toEqual(["specs/echo.yaml"]);
    expect(run.exitCode).toBe(1);
    expect(run.written).toEqual([]);
    expect(run.diagnostics.some((d) => d.severity === "error" && d.location?.file === "specs/echo.yaml")).toBe(true);
    edit(dir, "specs/echo.yaml", (text) => text.replace("maxLength: -1", "maxLength: 30"));
    const fixed = await generateBoth(dir);
    expect(fixed.changedSpecs).toEqual(["specs/echo.yaml"]);
    expect(fixed.exitCode).toBe(0);
  });

  it("a name that now clashes with another file's tool is reported as a full run reports it", async () => {
    const dir = await recorded();
    edit(dir, "specs/add.yaml", (text) => text.replace("name: add_numbers", "name: get_weather"));
    const run = await generateBoth(dir);
    expect(run.changedSpecs).toEqual(["specs/add.yaml"]);
    expect(run.exitCode).toBe(1);
    expect(run.diagnostics.some((d) => d.severity === "error" && /get_weather/.test(d.message))).toBe(true);
  });

  it("the naming-style rule compares every tool, edited or not", async () => {
    const dir = await recorded();
    // One camelCase name among snake_case ones: MG107 on it. Then most names camelCase: on the others.
    edit(dir, "specs/add.yaml", (text) => text.replace("name: add_numbers", "name: addNumbers"));
    const one = await generateBoth(dir);
    expect(one.diagnostics.filter((d) => d.code === "MG107").map((d) => d.location?.file)).toEqual(["specs/add.yaml"]);
    // The rename amended handlers/index.ts, and such a run is not recorded: one full run records again.
    expect((await generate({ cwd: dir })).changedSpecs).toBeUndefined();
    edit(dir, "specs/many.yaml", (text) => text.replace("name: list_items", "name: listItems").replace("name: count_items", "name: countItems"));
    edit(dir, "specs/echo.yaml", (text) => text.replace("name: echo_text", "name: echoText"));
    const most = await generateBoth(dir);
    expect(most.changedSpecs).toEqual(["specs/echo.yaml", "specs/many.yaml"]);
    expect(most.diagnostics.filter((d) => d.code === "MG107").map((d) => d.location?.file)).toEqual(["specs/weather.yaml"]);
  });

  it("a tools file with several tools, and a spec that now `$ref`s a file: that file is watched from then on", async () => {
    const dir = await recorded();
    edit(dir, "specs/many.yaml", (text) => text.replace("filter: { type: string }", 'filter: { $ref: "../schemas/location.yaml" }'));
    const run = await generateBoth(dir);
    expect(run.changedSpecs).toEqual(["specs/many.yaml"]);
    expect((await generate({ cwd: dir })).cached).toBe(true);
    // A `$ref`ed file changing means a full run (its readers are not tracked one by one).
    writeFileSync(path.join(dir, "schemas/location.yaml"), "type: string\ndescription: Town name\n");
    const full = await generateBoth(dir);
    expect(full.changedSpecs).toBeUndefined();
    expect(full.cached).toBeUndefined();
    expect(readFileSync(path.join(dir, "generated/tools/count_items.ts"), "utf8")).toContain("Town name");
  });

  it("is a full run when an output was touched, the memo is missing, or with --check", async () => {
    const dir = await recorded();
    const cacheDir = path.join(dir, "node_modules", ".cache", "mcp-gen");
    edit(dir, "specs/add.yaml", (text) => text.replace("Add two numbers.", "Add numbers."));
    const check = await generate({ cwd: dir, check: true });
    expect(check.changedSpecs).toBeUndefined();
    expect(check.stale).toEqual(expect.arrayContaining(["generated/tools/add_numbers.ts"]));

    unlinkSync(path.join(dir, "generated/tools/get_weather.ts"));
    const touched = await generateBoth(dir);
    expect(touched.changedSpecs).toBeUndefined();
    expect(touched.written).toEqual(expect.arrayContaining(["generated/tools/get_weather.ts", "generated/tools/add_numbers.ts"]));

    for (const file of readdirSync(cacheDir)) if (file.endsWith(".memo.json")) rmSync(path.join(cacheDir, file));
    edit(dir, "specs/add.yaml", (text) => text.replace("Add numbers.", "Add the numbers."));
    const noMemo = await generateBoth(dir);
    expect(noMemo.changedSpecs).toBeUndefined();
    expect(noMemo.exitCode).toBe(0);

    edit(dir, "specs/add.yaml", (text) => text.replace("Add the numbers.", "Add all numbers."));
    for (const file of readdirSync(cacheDir)) if (file.endsWith(".memo.json")) writeFileSync(path.join(cacheDir, file), "{ not json");
    const broken = await generateBoth(dir);
    expect(broken.changedSpecs).toBeUndefined();
  });

  it("keeps the memo's base of spec entries across partial runs; a lost base means a full run", async () => {
    const dir = await recorded();
    const cacheDir = path.join(dir, "node_modules", ".cache", "mcp-gen");
    const bases = () => readdirSync(cacheDir).filter((f) => f.includes(".specs-"));
    const memoFile = () => path.join(cacheDir, readdirSync(cacheDir).find((f) => f.endsWith(".memo.json"))!);
    const [base] = bases();
    expect(bases()).toEqual([base]);
    // The memo file holds only the entries that differ from the base: none after a full run.
    expect(Object.keys(JSON.parse(readFileSync(memoFile(), "utf8")).specs)).toEqual([]);

    edit(dir, "specs/add.yaml", (text) => text.replace("Add two numbers.", "Add numbers."));
    expect((await generateBoth(dir)).changedSpecs).toEqual(["specs/add.yaml"]);
    edit(dir, "specs/echo.yaml", (text) => text.replace("Echo a text back.", "Echo it back."));
    expect((await generateBoth(dir)).changedSpecs).toEqual(["specs/echo.yaml"]);
    expect(bases()).toEqual([base]);
    expect(Object.keys(JSON.parse(readFileSync(memoFile(), "utf8")).specs).sort()).toEqual(["specs/add.yaml", "specs/echo.yaml"]);
    // Both edits are in what the next partial run reuses.
    edit(dir, "specs/many.yaml", (text) => text.replace("List the items.", "List every item."));
    expect((await generateBoth(dir)).changedSpecs).toEqual(["specs/many.yaml"]);
    expect(readFileSync(path.join(dir, "generated/docs/index.md"), "utf8")).toMatch(/Add numbers\.[\s\S]*Echo it back\./);

    rmSync(path.join(cacheDir, base));
    edit(dir, "specs/add.yaml", (text) => text.replace("Add numbers.", "Add the numbers."));
    const lost = await generateBoth(dir);
    expect(lost.changedSpecs).toBeUndefined();
    // The full run wrote a new base, and the next edit is a partial run again.
    expect(bases()).toHaveLength(1);
    expect(bases()[0]).not.toBe(base);
    edit(dir, "specs/add.yaml", (text) => text.replace("Add the numbers.", "Add numbers up."));
    expect((await generateBoth(dir)).changedSpecs).toEqual(["specs/add.yaml"]);
  });
});
