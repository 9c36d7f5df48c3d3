/**
 * A handler the author moved out of `handlers/<tool>.ts` (into `handlers/<tool>/index.ts`, or
 * anywhere else) and mapped in handlers/index.ts gets no stub: the index says where it is.
 */
import { describe, expect, test } from "vitest";
import { renderIndex, updateIndexWithoutParser } from "../../../../src/emit/handlers/handlers-index.js";
import { emitHandlerStubs } from "../../../../src/emit/handlers/stubs.js";
import type { ToolModel } from "../../../../src/spec/model.js";
import { modelFromWire, projectOf } from "../../../helpers/project-model.js";

const layout = { generatedFromHandlers: "../generated", handlersDir: "handlers" };
const tool = (name: string, renamedFrom?: string): ToolModel => ({
  ...modelFromWire({ name, inputSchema: { type: "object" } }),
  ...(renamedFrom ? { renamedFrom } : {}),
});
const emit = (tools: ToolModel[], files: Record<string, string>) => emitHandlerStubs(projectOf(tools), { files: new Map(Object.entries(files)) }, layout);
const noRenames = { indexRenames: new Map(), blocked: new Set<string>() };

const HELLO = `import type { HelloHandler } from "../../generated/tools/hello.js";\nexport const hello: HelloHandler = async () => "hi";\n`;
const GENERATED_SHAPE = renderIndex([tool("hello"), tool("ping")], "../generated").replace('"./hello.js"', '"./hello/index.js"');

describe("no stub for a tool the index already maps elsewhere", () => {
  test.each([
    { name: "an index in the generated shape (read without a parser)", index: GENERATED_SHAPE },
    {
      name: "an index the author wrote (read through its syntax tree)",
      index: `import { hello } from './hello/index.js'\nimport { ping } from './ping.js'\n\nexport const handlers = { hello, ping }\n`,
    },
    {
      name: "a handler from another module, under another name",
      index: `import { greet } from "./greetings/handlers.js";\nimport { ping } from "./ping.js";\nexport const handlers = { ["hello"]: greet, ping };\n`,
    },
  ])("$name", ({ index }) => {
    const result = emit([tool("hello"), tool("ping")], { "hello/index.ts": HELLO, "ping.ts": "", "index.ts": index });
    expect(result).toEqual({ files: [], diagnostics: [] });
  });

  test("the generated shape stays on the path without a parser", () => {
    const read = updateIndexWithoutParser(projectOf([tool("hello"), tool("ping")]), GENERATED_SHAPE, noRenames);
    expect(read).toMatchObject({ text: GENERATED_SHAPE, keys: ["hello", "ping"], modules: ["../generated/handlers.js", "./hello/index.js", "./ping.js"] });
  });

  test.each([
    { name: "the generated shape", index: renderIndex([tool("hello"), tool("ping")], "../generated") },
    { name: "an author's index", index: `import { hello } from "./hello";\nimport { ping } from "./ping.js";\nexport const handlers = { hello, ping };\n` },
  ])("a handler file deleted while the index still imports it gets its stub back ($name)", ({ index }) => {
    const result = emit([tool("hello"), tool("ping")], { "ping.ts": "", "index.ts": index });
    expect(result.files.map(({ path, mode }) => `${path}:${mode}`)).toEqual(["hello.ts:create"]);
  });

  test("an entry that followed a rename while the file was already gone imports the new path: its stub is written", () => {
    const index = `import { t2 } from "./t2.js";\nexport const handlers = { t2 };\n`;
    const result = emit([tool("t2_renamed", "t2")], { "index.ts": index });
    expect(result.files.map(({ path, mode }) => `${path}:${mode}`)).toEqual(["t2_renamed.ts:create", "index.ts:update"]);
    expect(result.files[1].contents).toBe(`import { t2Renamed } from "./t2_renamed.js";\nexport const handlers = { t2_renamed: t2Renamed };\n`);
  });

  test("a new tool still gets its stub and entry", () => {
    const result = emit([tool("hello"), tool("ping"), tool("zeta")], { "hello/index.ts": HELLO, "ping.ts": "", "index.ts": GENERATED_SHAPE });
    expect(result.files.map(({ path, mode }) => `${path}:${mode}`)).toEqual(["zeta.ts:create", "index.ts:update"]);
  });
});
