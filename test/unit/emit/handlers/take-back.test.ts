/**
 * Removing a tool: what mcp-gen wrote for it is taken back (its stub while byte-identical to
 * what the manifest records, its index entry while in the form mcp-gen writes), and what
 * the author wrote is kept and reported with the command that finishes the job.
 */
import { describe, expect, test } from "vitest";
import { renderIndex, updateIndexWithoutParser } from "../../../../src/emit/handlers/handlers-index.js";
import { updateIndex } from "../../../../src/emit/handlers/index-update.js";
import { emitHandlerStubs } from "../../../../src/emit/handlers/stubs.js";
import { textHash } from "../../../../src/util/text-hash.js";
import { modelFromWire, projectOf } from "../../../helpers/project-model.js";
import { tsMorph } from "../../../../src/emit/handlers/ts-morph-lazy.js";

const layout = { generatedFromHandlers: "../generated", handlersDir: "handlers" };
const tool = (name: string) => modelFromWire({ name, inputSchema: { type: "object" } });
const all = projectOf([tool("alpha"), tool("beta"), tool("get.note")]);
const left = projectOf([tool("alpha")]);
const STUB = "export const beta = 1;\n";
const NOTE_STUB = "export const getNote = 2;\n";
const renames = { indexRenames: new Map(), blocked: new Set<string>(), takeBack: () => true };

function emit(files: Record<string, string>, written: Record<string, string>, model = left) {
  return emitHandlerStubs(model, { files: new Map(Object.entries(files)), written: new Map(Object.entries(written)) }, layout);
}

describe("a removed tool's stub", () => {
  test("still as written: removed with its index entry, each reported (MG052)", () => {
    const result = emit(
      { "alpha.ts": "", "beta.ts": STUB, "get.note.ts": NOTE_STUB, "index.ts": renderIndex(all.tools, "../generated") },
      { "beta.ts": textHash(STUB), "get.note.ts": textHash(NOTE_STUB) },
    );
    expect(result.files.map(({ path, mode, contents }) => ({ path, mode, contents }))).toEqual([
      { path: "beta.ts", mode: "remove", contents: STUB },
      { path: "get.note.ts", mode: "remove", contents: NOTE_STUB },
      { path: "index.ts", mode: "update", contents: renderIndex(left.tools, "../generated") },
    ]);
    expect(result.diagnostics.map((d) => `${d.code} ${d.severity} ${d.message}`)).toEqual([
      "MG052 info handlers/beta.ts removed: mcp-gen wrote it for a tool that is gone, and it was not edited since",
      "MG052 info handlers/get.note.ts removed: mcp-gen wrote it for a tool that is gone, and it was not edited since",
      "MG052 info `beta` taken out of handlers/index.ts: its tool is gone",
      "MG052 info `get.note` taken out of handlers/index.ts: its tool is gone",
    ]);
  });

  test.each([
    {
      name: "edited since mcp-gen wrote it",
      written: { "beta.ts": textHash("export const beta = 0;\n") },
      hint: /you have edited it since.*`rm handlers\/beta\.ts`/,
    },
    { name: "never recorded (the author's own)", written: {}, hint: /`rm handlers\/beta\.ts` finishes the job.*never deletes a handler you wrote/ },
  ])("$name: kept and reported (MG050) with the command that finishes the job; the entry still goes", ({ written, hint }) => {
    const result = emit({ "alpha.ts": "", "beta.ts": STUB, "index.ts": renderIndex(projectOf([tool("alpha"), tool("beta")]).tools, "../generated") }, written);
    expect(result.files.map((file) => `${file.path}:${file.mode}`)).toEqual(["index.ts:update"]);
    const kept = result.diagnostics.find((d) => d.code === "MG050");
    expect(kept?.location?.file).toBe("handlers/beta.ts");
    expect(kept?.hint).toMatch(hint);
  });

  test("not while an entry mcp-gen did not write still imports it", () => {
    const index = `import { beta } from "./beta.js";\nimport { alpha } from "./alpha.js";\n\nexport const handlers = {\n  alpha: beta,\n};\n`;
    const result = emit({ "alpha.ts": "", "beta.ts": STUB, "index.ts": index }, { "beta.ts": textHash(STUB) });
    expect(result.files.filter((file) => file.mode === "remove")).toEqual([]);
    expect(result.diagnostics.find((d) => d.code === "MG050")?.location?.file).toBe("handlers/beta.ts");
  });

  test("the new stubs are marked to be recorded, the index is not", () => {
    const result = emit({}, {}, projectOf([tool("alpha")]));
    expect(result.files.map((file) => `${file.path}:${file.takeBack === true}`)).toEqual(["alpha.ts:true", "index.ts:false"]);
  });
});

describe("a removed tool's index entry, read without and with a parser alike", () => {
  const project = () => new (tsMorph().Project)({ useInMemoryFileSystem: true });
  test.each([
    { name: "one of three", before: all.tools, after: left.tools },
    { name: "every one: the object becomes `{}`", before: left.tools, after: [] },
  ])("$name", ({ before, after }) => {
    const index = renderIndex(before, "../generated");
    const model = projectOf(after.map((t) => tool(t.name)));
    const fast = updateIndexWithoutParser(model, index, renames);
    const parsed = updateIndex(project(), model, index, renames);
    expect(fast).toEqual(parsed);
    expect(fast).toMatchObject({ text: renderIndex(model.tools, "../generated"), orphanKeys: [] });
  });

  test("an entry the author wrote otherwise is kept and reported; one on a line with others is kept", () => {
    const index = `import { alpha } from "./alpha.js";
import { beta } from "./beta.js";
import { wrapped } from "./lib.js";

export const handlers = {
  alpha, beta, // on one line
  gone: wrapped,
};
`;
    const parsed = updateIndex(project(), projectOf([tool("alpha")]), index, renames);
    expect(parsed).toMatchObject({ text: index, removedKeys: [], orphanKeys: [{ key: "beta" }, { key: "gone" }] });
  });

  test("without `takeBack`, nothing is taken out", () => {
    const index = renderIndex(all.tools, "../generated");
    const plain = { indexRenames: new Map(), blocked: new Set<string>() };
    expect(updateIndexWithoutParser(left, index, plain)).toMatchObject({ text: index, removedKeys: [] });
    expect(updateIndex(project(), left, index, plain)).toMatchObject({ text: index, removedKeys: [] });
  });
});
