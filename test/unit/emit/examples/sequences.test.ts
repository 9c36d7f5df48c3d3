/**
 * Sequences run through the real server: steps in order on one connection, a later input
 * taking a value from an earlier result, each example and sequence against the fresh state
 * the `fixture` gives, so running them twice gives the same outcomes.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { exampleTests, runExamples, type ExampleOutcome, type ToolExampleCase, type ToolServer } from "mcp-gen/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../../../src/build/generate.js";
import { removeProject, tempProject } from "../../../helpers/project.js";

const NOTE = `type: object
properties: { id: { type: string }, title: { type: string } }
required: [id, title]
additionalProperties: false
`;
const CREATE = `name: create_note
inputSchema:
  type: object
  properties: { title: { type: string } }
  required: [title]
outputSchema: { $ref: ./note.yaml }
examples:
  - title: first note
    input: { title: Milk }
    output: { id: n1, title: Milk }
    match: exact
`;
const GET = `name: get_note
inputSchema:
  type: object
  properties: { id: { type: string } }
  required: [id]
outputSchema: { $ref: ./note.yaml }
examples:
  - title: create, then get
    steps:
      - tool: create_note
        input: { title: Eggs }
        as: created
      - input: { id: { $from: created.id } }
        output: { id: { $from: created.id }, title: Eggs }
        match: exact
  - title: a get that finds another title
    steps:
      - { tool: create_note, input: { title: Eggs }, as: created }
      - input: { id: { $from: created.id } }
        output: { id: { $from: created.id }, title: Bread }
        match: exact
  - title: unknown id
    input: { id: nope }
    error: true
`;
const STATE = `declare module "mcp-gen/runtime" {
  interface ToolState { notes: Map<string, { id: string; title: string }> }
}
export {};
`;
const CREATE_HANDLER = `import type { CreateNoteHandler } from "../generated/tools/create_note.js";
export const createNote: CreateNoteHandler = async (input, context) => {
  const note = { id: \`n\${context.state.notes.size + 1}\`, title: input.title };
  context.state.notes.set(note.id, note);
  return note;
};
`;
const GET_HANDLER = `import { ToolError } from "mcp-gen/runtime";
import type { GetNoteHandler } from "../generated/tools/get_note.js";
export const getNote: GetNoteHandler = async (input, context) => {
  const note = context.state.notes.get(input.id);
  if (!note) throw new ToolError(\`no note \${input.id}\`);
  return note;
};
`;

let dir: string;
let examples: readonly ToolExampleCase[];
let factory: (options: object) => ToolServer;
let registry: Record<string, never>;
const fixture = () => ({ notes: new Map() }) as never;

beforeAll(async () => {
  dir = tempProject("sequences", {
    "specs/note.yaml": NOTE,
    "specs/create_note.yaml": CREATE,
    "specs/get_note.yaml": GET,
    "state.ts": STATE,
    "handlers/create_note.ts": CREATE_HANDLER,
    "handlers/get_note.ts": GET_HANDLER,
    "mcp-gen.config.yaml": 'specs: ["specs/*_note.yaml"]\n',
    "package.json": JSON.stringify({ name: "sequences", version: "1.0.0", type: "module" }),
  });
  const result = await generate({ cwd: dir });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  examples = (await load("generated/examples.ts")).examples;
  registry = (await load("generated/registry.ts")).registry;
  const { createServer } = await load("generated/server.ts");
  const { handlers } = await load("handlers/index.ts");
  factory = (options) => createServer(handlers, options);
});
afterAll(() => removeProject(dir));

const byName = (outcomes: ExampleOutcome[]) => Object.fromEntries(outcomes.map((o) => [o.name, [o.pass, o.message]]));

describe("sequences with a fixture", () => {
  const expected = {
    "create_note: first note": [true, "specs/create_note.yaml:8:5: create_note: first note: succeeded; the result equals the example's output"],
    "get_note: create, then get": [true, "specs/get_note.yaml:8:5: get_note: create, then get: 2 steps succeeded in order"],
    "get_note: a get that finds another title": [
      false,
      'specs/get_note.yaml:19:9: get_note: a get that finds another title: step 2 (get_note): the result differs from the example\'s output: /title: expected "Bread", got "Eggs"',
    ],
    "get_note: unknown id": [true, "specs/get_note.yaml:22:5: get_note: unknown id: rejected: no note nope"],
  };

  it("each example and sequence gets fresh state: the same outcomes twice", async () => {
    expect(byName(await runExamples(factory, examples, { registry, fixture }))).toEqual(expected);
    expect(byName(await runExamples(factory, examples, { registry, fixture }))).toEqual(expected);
  });

  it("calls the fixture once per example or sequence", async () => {
    let calls = 0;
    await runExamples(factory, examples, { registry, fixture: () => (calls++, fixture()) });
    expect(calls).toBe(examples.length);
  });

  it("without a fixture the examples share one server: the first note is no longer n1 after the sequences", async () => {
    const shared = factory({ state: fixture(), logger: { debug() {}, info() {}, warn() {}, error() {} } });
    const reordered = [...examples.slice(1), examples[0]];
    const outcomes = byName(await runExamples(shared, reordered, { registry }));
    expect(outcomes["create_note: first note"]).toEqual([false, expect.stringContaining('/id: expected "n1", got "n3"')]);
    await shared.close();
  });

  it("exampleTests: one test per example or sequence, each with its fresh state", async () => {
    const tests = exampleTests(factory, examples, { registry, fixture });
    expect(tests.map((t) => t.name)).toEqual(Object.keys(expected).sort((a, b) => Object.keys(expected).indexOf(a) - Object.keys(expected).indexOf(b)));
    await tests[1].run();
    await expect(tests[2].run()).rejects.toThrow(/step 2 \(get_note\)/);
  });

  it("a fixture needs a server factory", async () => {
    const server = factory({});
    await expect(runExamples(server, examples, { fixture })).rejects.toThrow(/`fixture` needs a server factory/);
    await server.close();
  });
});
