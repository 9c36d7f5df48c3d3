/** ts-morph (0.4 s to load) is loaded only by a run that must edit an authored file. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { renderIndex } from "../../../../src/emit/handlers/handlers-index.js";
import { emitHandlerStubs } from "../../../../src/emit/handlers/stubs.js";
import { tsMorphLoaded } from "../../../../src/emit/handlers/ts-morph-lazy.js";
import { modelFromWire, projectOf } from "../../../helpers/project-model.js";

const layout = { generatedFromHandlers: "../generated", handlersDir: "handlers" };
const tools = ["alpha", "beta", "gamma", "github.create-issue"].map((name) => modelFromWire({ name, inputSchema: { type: "object" } }));
const stubFiles = (count: number) => tools.slice(0, count).map((tool): [string, string] => [`${tool.ids.file}.ts`, "// mine\n"]);

describe("ts-morph is loaded on demand", () => {
  // One test, in order: ts-morph stays loaded once a step needs it.
  test("not for new stubs, a complete or growing index, orphans; then for an edited index", () => {
    const model = projectOf(tools);
    const cold = emitHandlerStubs(model, { files: new Map() }, layout);
    expect(cold.files).toHaveLength(tools.length + 1);

    const complete = new Map([...stubFiles(tools.length), ["index.ts", renderIndex(model.tools, "../generated")]]);
    expect(emitHandlerStubs(model, { files: complete }, layout)).toEqual({ files: [], diagnostics: [] });

    const grown = emitHandlerStubs(model, { files: new Map([...stubFiles(2), ["index.ts", renderIndex(model.tools.slice(0, 2), "../generated")]]) }, layout);
    expect(grown.files.map((file) => `${file.path}:${file.mode}`)).toEqual(["gamma.ts:create", "github_create_issue.ts:create", "index.ts:update"]);

    const orphans = emitHandlerStubs(projectOf(tools.slice(1)), { files: complete }, layout);
    // The file is the author's ("// mine"): kept (MG050); its entry, as mcp-gen writes it, is taken back (MG052).
    expect(orphans.diagnostics.map((d) => d.code)).toEqual(["MG050", "MG052"]);
    expect(tsMorphLoaded()).toBe(false);

    const edited = new Map([...complete, ["index.ts", `// mine\n${renderIndex(model.tools.slice(1), "../generated")}`]]);
    expect(emitHandlerStubs(model, { files: edited }, layout).files.map((file) => `${file.path}:${file.mode}`)).toEqual(["index.ts:update"]);
    expect(tsMorphLoaded()).toBe(true);
  });

  test("no module of src/ imports ts-morph's values but the lazy loader", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith(".ts") && file !== "src/emit/handlers/ts-morph-lazy.ts") {
          const text = readFileSync(file, "utf8");
          if (/^import (?!type )[^;]*from "(ts-morph|typescript)"/m.test(text)) offenders.push(file);
        }
      }
    };
    walk("src");
    expect(offenders).toEqual([]);
  });
});
