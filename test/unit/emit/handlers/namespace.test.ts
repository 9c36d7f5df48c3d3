/**
 * Turning on the config's `namespace` renames every tool (`hello` -> `acme_hello`). mcp-gen does
 * not know the namespace the handlers were written under, so it moves nothing on that guess; the
 * orphan warnings (MG050) say how to move the handlers, and the README's two-run recipe works.
 */
import { describe, expect, test } from "vitest";
import { renderIndex } from "../../../../src/emit/handlers/handlers-index.js";
import { emitHandlerStubs } from "../../../../src/emit/handlers/stubs.js";
import type { ToolModel } from "../../../../src/spec/model.js";
import { modelFromWire, projectOf } from "../../../helpers/project-model.js";

const layout = { generatedFromHandlers: "../generated", handlersDir: "handlers" };
const tool = (name: string): ToolModel => modelFromWire({ name, inputSchema: { type: "object" } });
const emit = (tools: ToolModel[], files: Record<string, string>) => emitHandlerStubs(projectOf(tools), { files: new Map(Object.entries(files)) }, layout);

describe("MG050 when the tools look namespaced", () => {
  test("the file and the index entry name the tool they may belong to, and the two-run recipe", () => {
    const before = [tool("hello"), tool("get_weather")];
    const result = emit([tool("acme_hello"), tool("acme_get_weather")], {
      "hello.ts": "",
      "get_weather.ts": "",
      "index.ts": renderIndex(projectOf(before).tools, "../generated"),
    });
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
    expect(result.diagnostics.filter((d) => d.code === "MG050").map((d) => d.hint)).toEqual([
      "if its tool was removed, `rm handlers/hello.ts` finishes the job (move shared code into a subfolder first); mcp-gen never deletes a handler you wrote",
    ]);
  });
});
