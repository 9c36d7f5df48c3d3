/**
 * Turning on the config's `namespace` renames every tool (`hello` -> `acme_hello`). mcp-gen does
 * not know the namespace the handlers were written under, so it moves nothing on that guess; the
 * orphan warnings (MG050) say how to move the handlers, and the README's two-run recipe works.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, test } from "vitest";
import { renderIndex } from "../../src/emit/handlers/handlers-index.js";
import { emitHandlerStubs } from "../../src/emit/handlers/stubs.js";
import { generate } from "../../src/build/generate.js";
import type { ToolModel } from "../../src/spec/model.js";
import { modelFromWire, projectOf } from "../emit/project-model-fixture.js";
import { removeProject, tempProject, typeCheck, writeFiles } from "../helpers/project.js";

const layout = { generatedFromHandlers: "../generated", handlersDir: "handlers" };
const tool = (name: string): ToolModel => modelFromWire({ name, inputSchema: { type: "object" } });
const emit = (tools: ToolModel[], files: Record<string, string>) => emitHandlerStubs(projectOf(tools), { files: new Map(Object.entries(files)) }, layout);

describe("MG050 when the tools look namespaced", () => {
  test("the file and the index entry name the tool they may belong to, and the two-run recipe", () => {
    const before = [tool("hello"), tool("get_weather")];
    const result = emit([tool("acme_hello"), tool("acme_get_weather")], { "hello.ts": "", "get_weather.ts": "", "index.ts": renderIndex(projectOf(before).tools, "../generated") });
    // Nothing authored moves on a guess: new stubs and entries, as for any new tool.
    expect(result.files.map(({ path, mode }) => `${path}:${mode}`)).toEqual(["acme_get_weather.ts:create", "acme_hello.ts:create", "index.ts:update"]);
    const orphans = result.diagnostics.filter((d) => d.code === "MG050").map((d) => ({ file: d.location?.file, hint: d.hint }));
    const hint = (old: string, name: string) =>
      `if the config's \`namespace\` renamed tool \`${old}\` to \`${name}\`, this handler can follow it in two runs (README: adopting a namespace): ` +
      `delete the stub handlers/${name}.ts and its index entry if mcp-gen wrote them, take the namespace out of the config, ` +
      `write \`name: ${name}\` and \`renamedFrom: ${old}\` in the spec and generate; then put the namespace back with \`name: ${old}\`. ` +
      "Otherwise remove it if its tool was deleted";
    expect(orphans).toEqual([
      { file: "handlers/get_weather.ts", hint: hint("get_weather", "acme_get_weather") },
      { file: "handlers/hello.ts", hint: hint("hello", "acme_hello") },
      { file: "handlers/index.ts", hint: hint("get_weather", "acme_get_weather") },
      { file: "handlers/index.ts", hint: hint("hello", "acme_hello") },
    ]);
  });

  test.each([
    { name: "not every tool has the prefix", tools: [tool("say_hello"), tool("ping")] },
    { name: "no tool ends with the old name", tools: [tool("acme_ping")] },
  ])("the usual hint when $name", ({ tools }) => {
    const result = emit(tools, { "hello.ts": "" });
    expect(result.diagnostics.filter((d) => d.code === "MG050").map((d) => d.hint)).toEqual(["delete it if its tool was removed, or move shared code into a subfolder"]);
  });
});

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

describe("adopting a namespace, end to end (the README's recipe)", () => {
  it("the handlers follow in two runs, authored code intact, and the project type-checks", async () => {
    const spec = (name: string, more = "") => `name: ${name}\n${more}description: The ${name} tool.\ninputSchema:\n  type: object\n`;
    const dir = tempProject("namespace-adopt", {
      "package.json": JSON.stringify({ name: "namespace-adopt", version: "1.0.0", type: "module" }),
      "specs/hello.yaml": spec("hello"),
      "specs/ping.yaml": spec("ping"),
    });
    dirs.push(dir);
    expect((await generate({ cwd: dir })).exitCode).toBe(0);
    const hello = path.join(dir, "handlers/hello.ts");
    writeFileSync(hello, readFileSync(hello, "utf8").replace(/throw new ToolError\([^)]*\);/, 'return "AUTHORED";'));

    // 1. Without the namespace: the full new names, renamedFrom the old ones.
    writeFiles(dir, { "specs/hello.yaml": spec("acme_hello", "renamedFrom: hello\n"), "specs/ping.yaml": spec("acme_ping", "renamedFrom: ping\n") });
    const first = await generate({ cwd: dir });
    expect(first.exitCode).toBe(0);
    expect(first.diagnostics.filter((d) => /^MG(05|16)/.test(d.code)).map((d) => d.code)).toEqual(["MG160", "MG160"]);

    // 2. The namespace in the config, the names as before.
    writeFiles(dir, { "mcp-gen.config.yaml": "namespace: acme\n", "specs/hello.yaml": spec("hello"), "specs/ping.yaml": spec("ping") });
    const second = await generate({ cwd: dir });
    expect(second.exitCode).toBe(0);
    expect(second.diagnostics.filter((d) => /^MG(05|16)/.test(d.code))).toEqual([]);
    expect(second.written?.filter((file) => file.includes("handlers/"))).toEqual([]);
    expect(readFileSync(path.join(dir, "handlers/acme_hello.ts"), "utf8")).toContain('export const acmeHello: AcmeHelloHandler = async (input, context) => {\n  return "AUTHORED";');
    const check = typeCheck(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
    expect(check.output).toBe("");
    expect(check.status).toBe(0);
  });
});
