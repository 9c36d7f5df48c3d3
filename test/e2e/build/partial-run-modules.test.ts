/** A partial run in a separate Node process (no vitest transforms), to see which modules it loads. The in-process cases are in test/unit/build/partial-run.test.ts. */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { generate } from "../../../src/build/generate.js";
import { removeProject, tempProject } from "../../helpers/project.js";

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

describe("partial runs", () => {
  it("needs neither ajv nor json-schema-to-typescript for an edit that keeps the schemas", async () => {
    const dir = await recorded();
    edit(dir, "specs/echo.yaml", (text) => text.replace("Echo a text back.", "Echo the text back."));
    const script = `
      import { generate } from ${JSON.stringify(path.join(process.cwd(), "dist", "build", "generate.js"))};
      const run = await generate({ cwd: ${JSON.stringify(dir)} });
      const { createRequire } = await import("node:module");
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify({ changed: run.changedSpecs, exitCode: run.exitCode, written: run.written,
        ajv: loaded.some((f) => /node_modules\\/ajv\\/dist\\/(core|ajv|2020)\\.js$/.test(f)),
        jstt: loaded.some((f) => f.includes("json-schema-to-typescript")) }));
    `;
    const { execFileSync } = await import("node:child_process");
    const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
    expect(out).toEqual({
      changed: ["specs/echo.yaml"],
      exitCode: 0,
      written: ["generated/client.ts", "generated/docs/catalog.json", "generated/docs/echo_text.md", "generated/docs/index.md", "generated/tools/echo_text.ts"],
      ajv: false,
      jstt: false,
    });
    // What the separate process recorded answers the next run.
    expect((await generate({ cwd: dir })).cached).toBe(true);
  });

  it("loads the tokenizer only for a tools/list entry whose count is not remembered", async () => {
    const dir = await recorded();
    const loadsTokenizer = async (): Promise<{ changed: string[]; tokenizer: boolean }> => {
      const script = `
        import { generate } from ${JSON.stringify(path.join(process.cwd(), "dist", "build", "generate.js"))};
        const run = await generate({ cwd: ${JSON.stringify(dir)} });
        const { createRequire } = await import("node:module");
        const loaded = Object.keys(createRequire(import.meta.url).cache);
        console.log(JSON.stringify({ changed: run.changedSpecs, exitCode: run.exitCode, tokenizer: loaded.some((f) => f.includes("gpt-tokenizer")) }));
      `;
      const { execFileSync } = await import("node:child_process");
      // Counted in this thread (MCP_GEN_COUNT_WORKER=0), so its modules show whether it counted.
      const env = { ...process.env, MCP_GEN_COUNT_WORKER: "0" };
      const { exitCode, ...out } = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", env }));
      expect(exitCode).toBe(0);
      return out;
    };
    // An example is no part of the entry: every count (the docs show them) is the recorded one.
    edit(dir, "specs/echo.yaml", (text) =>
      text.replace("input: { text: hello }\n    output: { text: hello }", "input: { text: hi }\n    output: { text: hi }"),
    );
    expect(await loadsTokenizer()).toEqual({ changed: ["specs/echo.yaml"], tokenizer: false });
    // A new description is: that entry is counted again.
    edit(dir, "specs/add.yaml", (text) => text.replace("Add two numbers.", "Add two numbers together."));
    expect(await loadsTokenizer()).toEqual({ changed: ["specs/add.yaml"], tokenizer: true });
  });

  it("counts on a second thread (the default from dist/) exactly as in this one", async () => {
    const catalogs: string[] = [];
    for (const worker of ["1", "0"]) {
      const dir = tempProject("count-worker", { "package.json": JSON.stringify({ name: "count-demo", version: "1.0.0" }), ...SPECS });
      projects.push(dir);
      const { execFileSync } = await import("node:child_process");
      const env = { ...process.env, MCP_GEN_COUNT_WORKER: worker, MCP_GEN_NO_CACHE: "1" };
      execFileSync(process.execPath, [path.join(process.cwd(), "dist", "cli.js"), "generate", "-q"], { cwd: dir, env });
      catalogs.push(readFileSync(path.join(dir, "generated", "docs", "catalog.json"), "utf8"));
    }
    expect(JSON.parse(catalogs[0]).tokens.total).toBeGreaterThan(0);
    expect(catalogs[0]).toBe(catalogs[1]);
  });
});
