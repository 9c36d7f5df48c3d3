/**
 * The template and parser-free paths of the stub emitter give what the ts-morph paths
 * give: new stubs and index byte for byte as ts-morph printed them, and an existing
 * index in the generated shape read exactly as the syntax tree reads it.
 */
import { IndentationText, NewLineKind, Project, QuoteKind } from "ts-morph";
import { describe, expect, test } from "vitest";
import { sanitizeForComment } from "../../../../src/emit/shared/header.js";
import { type IndexRenames, renderIndex, updateIndexWithoutParser } from "../../../../src/emit/handlers/handlers-index.js";
import { updateIndex } from "../../../../src/emit/handlers/index-update.js";
import { emitHandlerStubs } from "../../../../src/emit/handlers/stubs.js";
import { tsIdentifier, tsString } from "../../../../src/emit/shared/templates.js";
import { toolIdentifiers } from "../../../../src/spec/identifiers.js";
import type { ProjectModel, ToolModel, WireTool } from "../../../../src/spec/model.js";
import { modelFromWire, projectOf } from "../../../helpers/project-model.js";

const newProject = () =>
  new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double, newLineKind: NewLineKind.LineFeed },
  });

// The ts-morph renderers the templates replaced, kept as the reference.
function referenceStub(tool: ToolModel, generatedFromHandlers: string): string {
  const sourceFile = newProject().createSourceFile(`/stubs/${tool.ids.file}.ts`, "");
  sourceFile.addImportDeclaration({ namedImports: ["ToolError"], moduleSpecifier: "mcp-gen/runtime" });
  sourceFile.addImportDeclaration({
    isTypeOnly: true,
    namedImports: [tsIdentifier(tool.ids.handlerType)],
    moduleSpecifier: `${generatedFromHandlers}/tools/${tool.ids.file}.js`,
  });
  const summary = (tool.wire.description ?? tool.wire.title ?? "")
    .trim()
    .split(/\r?\n|\u2028|\u2029/)[0]
    .trim();
  sourceFile.addStatements((writer) => {
    writer.newLine();
    if (summary) writer.writeLine(`/** ${sanitizeForComment(summary)} */`);
    writer.writeLine(`export const ${tsIdentifier(tool.ids.handler)}: ${tool.ids.handlerType} = async (input, context) => {`);
    writer.indent(() => writer.writeLine(`throw new ToolError(${tsString(`${tool.name} is not implemented yet`)});`));
    writer.write("};");
  });
  return finish(sourceFile.getFullText());
}

function referenceIndex(tools: readonly ToolModel[], generatedFromHandlers: string): string {
  const sourceFile = newProject().createSourceFile("/stubs/index.ts", "");
  sourceFile.addImportDeclaration({ isTypeOnly: true, namedImports: ["ToolHandlers"], moduleSpecifier: `${generatedFromHandlers}/handlers.js` });
  for (const tool of tools) sourceFile.addImportDeclaration({ namedImports: [tool.ids.handler], moduleSpecifier: `./${tool.ids.file}.js` });
  // `__proto__: x` would set the prototype: that key is computed.
  const key = (name: string) => (name === "__proto__" ? `[${tsString(name)}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : tsString(name));
  sourceFile.addStatements((writer) => {
    writer.newLine();
    if (tools.length === 0) return void writer.write("export const handlers = {} satisfies ToolHandlers;");
    writer.writeLine("export const handlers = {");
    writer.indent(() => tools.forEach((tool) => writer.writeLine(`${key(tool.name)}: ${tool.ids.handler},`)));
    writer.write("} satisfies ToolHandlers;");
  });
  return finish(sourceFile.getFullText());
}

const finish = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);

const tool = (name: string, more: Partial<WireTool> = {}) => modelFromWire({ name, inputSchema: { type: "object" }, ...more });

/** Names whose identifiers, files or keys are awkward: reserved and contextual words, digits, dots, dashes. */
const AWKWARD_NAMES = [
  "delete",
  "default",
  "handlers",
  "tool",
  "3d_print",
  "con",
  "nul.txt",
  "github.create-issue",
  "a-b.c_d",
  "__proto__",
  "constructor",
  "type",
  "get",
  "set",
  "async",
  "of",
  "from",
  "as",
  "satisfies",
  "declare",
  "module",
  "namespace",
  "readonly",
  "await",
  "yield",
  "let",
  "static",
  "undefined",
  "eval",
  "arguments",
  "X",
  "Upper.Case-Tool",
  "v2.search",
];

const DESCRIPTIONS: Array<Partial<WireTool>> = [
  {},
  { description: "" },
  { title: "Only a title" },
  { description: "   \n\n  Leading blank lines.\nSecond line." },
  { description: "Ends */ the comment /* and --> more" },
  { description: "Quotes \" ' ` and ${template} and \\ backslash" },
  { description: "Tab\there, unicode é 漢字 🚀, zero\u200bwidth" },
  { description: "Line\u2028separator and\u2029paragraph" },
  { description: "Carriage\rreturn alone" },
  { description: "// looks like a comment" },
  { description: "{ braces } and ( parens" },
];

function awkwardModel(): ProjectModel {
  return projectOf(AWKWARD_NAMES.map((name, i) => tool(name, DESCRIPTIONS[i % DESCRIPTIONS.length])));
}

describe("new stubs and index from templates", () => {
  test.each(["../generated", "../../src/generated", "./generated", "../gen erated/ünï", "../it's"])(
    "byte-identical to ts-morph's output (generated at %s)",
    (generatedFromHandlers) => {
      const model = awkwardModel();
      const { files, diagnostics } = emitHandlerStubs(model, { files: new Map() }, { generatedFromHandlers, handlersDir: "handlers" });
      expect(diagnostics).toEqual([]);
      const want = new Map(model.tools.map((t) => [`${t.ids.file}.ts`, referenceStub(t, generatedFromHandlers)]));
      want.set("index.ts", referenceIndex(model.tools, generatedFromHandlers));
      expect(new Map(files.map((file) => [file.path, file.contents]))).toEqual(want);
    },
  );

  test.each(DESCRIPTIONS.map((wire, i) => ({ i, wire })))("stub doc comment, description #$i", ({ wire }) => {
    const model = projectOf([tool("get_weather", wire)]);
    expect(emitHandlerStubs(model, { files: new Map() }, { generatedFromHandlers: "../generated", handlersDir: "handlers" }).files[0].contents).toBe(
      referenceStub(model.tools[0], "../generated"),
    );
  });

  test("zero tools", () => {
    expect(renderIndex([], "../generated")).toBe(referenceIndex([], "../generated"));
  });
});

const noRenames: IndexRenames = { indexRenames: new Map(), blocked: new Set() };

/** Both readings of `text`: without a parser (undefined when it declines) and through ts-morph. */
function bothReadings(model: ProjectModel, text: string, renames: IndexRenames = noRenames) {
  return { fast: updateIndexWithoutParser(model, text, renames), parsed: updateIndex(newProject(), model, text, renames) };
}

describe("an existing index in the generated shape is read without a parser", () => {
  const model = awkwardModel();
  const every = model.tools;
  const some = every.filter((_, i) => i % 3 !== 1);

  test.each([
    { name: "complete", index: renderIndex(every, "../generated"), tools: every },
    { name: "tools added since", index: renderIndex(some, "../generated"), tools: every },
    { name: "tools gone (orphans)", index: renderIndex(every, "../generated"), tools: some },
    { name: "orphans and new tools", index: renderIndex(some, "../generated"), tools: every.filter((_, i) => i % 3 !== 2) },
    { name: "empty object", index: renderIndex([], "../generated"), tools: every },
    { name: "empty object, no tools", index: renderIndex([], "../generated"), tools: [] },
    { name: "all tools gone", index: renderIndex(every, "../generated"), tools: [] },
    { name: "keys in another order", index: renderIndex([...every].reverse(), "../generated"), tools: every },
    {
      name: "a handler already imported",
      index: renderIndex(some, "../generated").replace("\n\n", `\nimport { ${every[1].ids.handler} } from "./lib/shared.js";\n\n`),
      tools: every,
    },
  ])("$name: same result as the syntax tree", ({ index, tools }) => {
    const { fast, parsed } = bothReadings(projectOf(tools), index);
    expect(fast).toBeDefined();
    expect(fast).toEqual(parsed);
  });

  test("grows the same way over several runs", () => {
    let fastText = renderIndex(every.slice(0, 5), "../generated");
    let parsedText = fastText;
    for (let count = 8; count <= every.length; count += 7) {
      const next = projectOf(every.slice(0, count));
      const fast = updateIndexWithoutParser(next, fastText, noRenames);
      const parsed = updateIndex(newProject(), next, parsedText, noRenames);
      if (!fast || "problem" in fast || "problem" in parsed) throw new Error(`index not read at ${count} tools`);
      expect(fast.text).toBe(parsed.text);
      [fastText, parsedText] = [fast.text, parsed.text];
    }
  });

  test("orphans are reported at the key, with the parser's line and column", () => {
    const index = renderIndex(projectOf([tool("alpha"), tool("gone.tool"), tool("zulu")]).tools, "../generated");
    const { fast, parsed } = bothReadings(projectOf([tool("alpha"), tool("zulu")]), index);
    expect(fast).toMatchObject({ text: index, orphanKeys: [{ key: "gone.tool", line: 8, column: 3 }], keys: ["alpha", "gone.tool", "zulu"] });
    expect(fast).toEqual(parsed);
  });

  test("orphans are placed in the text as updated: new imports above them move them down", () => {
    const index = renderIndex(projectOf([tool("alpha"), tool("gone.tool")]).tools, "../generated");
    const { fast, parsed } = bothReadings(projectOf([tool("alpha"), tool("beta"), tool("zulu")]), index);
    if (!fast || "problem" in fast) throw new Error("the generated shape was not read without a parser");
    // Two imports were added above the entry, which was on line 7.
    expect(fast.orphanKeys).toEqual([{ key: "gone.tool", line: 9, column: 3 }]);
    expect(fast.text.split("\n")[8]).toBe('  "gone.tool": goneTool,');
    expect(fast).toEqual(parsed);
  });

  test("blocked tools get no entry", () => {
    const model = projectOf([tool("alpha"), tool("beta"), tool("gamma")]);
    const renames: IndexRenames = { indexRenames: new Map(), blocked: new Set(["beta"]) };
    const { fast, parsed } = bothReadings(model, renderIndex([model.tools[0]], "../generated"), renames);
    expect(fast).toEqual(parsed);
    expect(fast && "text" in fast && fast.text).not.toContain("beta");
  });

  const base = renderIndex([tool("alpha"), tool("beta")], "../generated");
  test.each([
    { name: "an author's comment", text: base.replace("export const", "// mine\nexport const") },
    { name: "a trailing comment", text: base.replace("alpha,\n", "alpha, // first\n") },
    { name: "CRLF", text: base.replace(/\n/g, "\r\n") },
    { name: "single quotes", text: base.replace('"./alpha.js"', "'./alpha.js'") },
    { name: "no final newline", text: base.slice(0, -1) },
    { name: "two final newlines", text: `${base}\n` },
    { name: "a wrapped handler", text: base.replace("alpha: alpha,", "alpha: wrap(alpha),") },
    { name: "four-space indent", text: base.replace("  alpha", "    alpha") },
    { name: "a duplicate key", text: base.replace("  beta: beta,", "  beta: beta,\n  alpha: beta,") },
    { name: "a duplicate import", text: base.replace("\n\n", '\nimport { alpha } from "./other.js";\n\n') },
    { name: "a reserved word as a value", text: base.replace("beta: beta,", "beta: this,") },
    { name: "a reserved word imported", text: base.replace("import { beta }", "import { class }").replace("beta: beta", "beta: class") },
    { name: "an escape in a key", text: base.replace("  beta:", '  "be\\u0074a":') },
    { name: "no imports", text: base.replace(/^import .*\n/gm, "") },
    { name: "`as` instead of `satisfies`", text: base.replace("} satisfies", "} as") },
    { name: "a syntax error", text: base.replace("beta,\n}", "beta,,\n}") },
  ])("declines $name: the parser decides", ({ text }) => {
    expect(updateIndexWithoutParser(projectOf([tool("alpha"), tool("beta"), tool("gamma")]), text, noRenames)).toBeUndefined();
  });

  test("declines when a missing tool's entry may follow a rename", () => {
    const model = projectOf([tool("alpha"), tool("beta_two", { name: "beta_two" })]);
    const renames: IndexRenames = { indexRenames: new Map([["beta_two", { fromName: "beta", from: toolIdentifiers("beta") }]]), blocked: new Set() };
    expect(updateIndexWithoutParser(model, base, renames)).toBeUndefined();
    // Once the entry carries the new name, the rename is done and the cheap path applies again.
    const renamed = renderIndex(model.tools, "../generated");
    expect(updateIndexWithoutParser(model, renamed, renames)).toMatchObject({ text: renamed, orphanKeys: [] });
  });

  test("contextual keywords as handler names parse without errors", () => {
    const index = renderIndex(awkwardModel().tools, "../generated");
    const parsed = updateIndex(newProject(), awkwardModel(), index, noRenames);
    expect(parsed).toMatchObject({ text: index, orphanKeys: [] });
  });
});
