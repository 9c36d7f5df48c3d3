/**
 * The notes server of issue 26: a JSON file store reached through `context.state`, a
 * create → get sequence whose get takes the id the create returned, and the examples test
 * of the `init` scaffold's shape with a `fixture` that gives every example a fresh store.
 * Compiled with the real tsc and run twice with node's test runner: the same outcome both
 * times, and the project's real data file untouched.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { REPO_ROOT, removeProject, runCli, tempProject } from "../../helpers/project.js";

const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

const REAL_DATA = '{"n1":{"id":"n1","title":"My real note"}}\n';

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "notes", version: "1.0.0", type: "module" }),
  "schemas/note.yaml": "type: object\nproperties:\n  id: { type: string }\n  title: { type: string }\nrequired: [id, title]\nadditionalProperties: false\n",
  "specs/create_note.yaml": `name: create_note
description: Creates a note.
inputSchema:
  type: object
  properties: { title: { type: string, minLength: 1 } }
  required: [title]
outputSchema: { $ref: ../schemas/note.yaml }
examples:
  - title: the first note of a fresh store
    input: { title: Groceries }
    output: { id: n1, title: Groceries }
    match: exact
`,
  "specs/get_note.yaml": `name: get_note
description: Gets a note by its id.
inputSchema:
  type: object
  properties: { id: { type: string } }
  required: [id]
outputSchema: { $ref: ../schemas/note.yaml }
examples:
  - title: create a note, then get it by its id
    steps:
      - tool: create_note
        input: { title: Groceries }
        as: created
      - input: { id: { $from: created.id } }
        output: { id: { $from: created.id }, title: Groceries }
        match: exact
  - title: an id that does not exist
    input: { id: n404 }
    error: true
`,
  "state.ts": `import { mkdirSync, mkdtempSync } from "node:fs";
import path from "node:path";
import type { ToolState } from "mcp-gen/runtime";

declare module "mcp-gen/runtime" {
  interface ToolState {
    /** The JSON file the notes live in. */
    notesFile: string;
  }
}

/** The real store. */
export function realState(): ToolState {
  return { notesFile: path.resolve("data/notes.json") };
}

/** A store of its own in a new folder: what every example starts from. */
export function freshState(): ToolState {
  const root = path.resolve(".examples");
  mkdirSync(root, { recursive: true });
  return { notesFile: path.join(mkdtempSync(path.join(root, "store-")), "notes.json") };
}
`,
  "handlers/lib/store.ts": `import { existsSync, readFileSync, writeFileSync } from "node:fs";

export type Notes = Record<string, { id: string; title: string }>;
export const readNotes = (file: string): Notes => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Notes) : {});
export const writeNotes = (file: string, notes: Notes): void => writeFileSync(file, JSON.stringify(notes) + "\\n");
`,
  "handlers/create_note.ts": `import type { CreateNoteHandler } from "../generated/tools/create_note.js";
import { readNotes, writeNotes } from "./lib/store.js";

export const createNote: CreateNoteHandler = async (input, context) => {
  const notes = readNotes(context.state.notesFile);
  const note = { id: \`n\${Object.keys(notes).length + 1}\`, title: input.title };
  writeNotes(context.state.notesFile, { ...notes, [note.id]: note });
  return note;
};
`,
  "handlers/get_note.ts": `import { ToolError } from "mcp-gen/runtime";
import type { GetNoteHandler } from "../generated/tools/get_note.js";
import { readNotes } from "./lib/store.js";

export const getNote: GetNoteHandler = async (input, context) => {
  const note = readNotes(context.state.notesFile)[input.id];
  if (!note) throw new ToolError(\`no note has the id \${input.id}\`);
  return note;
};
`,
  "test/examples.test.ts": `import { test } from "node:test";
import { exampleTests } from "mcp-gen/runtime";
import { examples } from "../generated/examples.js";
import { registry } from "../generated/registry.js";
import { createServer } from "../generated/server.js";
import { handlers } from "../handlers/index.js";
import { freshState } from "../state.js";

for (const example of exampleTests((options) => createServer(handlers, options), examples, { registry, fixture: freshState })) {
  test(example.name, example.run);
}
`,
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      skipLibCheck: true,
      types: ["node"],
      allowJs: true,
      rootDir: ".",
      outDir: "build",
    },
    include: ["state.ts", "generated", "handlers", "test"],
  }),
  "data/notes.json": REAL_DATA,
};

it("a create → get sequence runs twice with the same outcome against fresh stores; the real data file is untouched", () => {
  const dir = tempProject("notes", FILES);
  dirs.push(dir);
  const generated = runCli(["generate"], dir);
  expect(generated.status, generated.stdout + generated.stderr).toBe(0);
  expect(generated.stderr).not.toMatch(/warning|error/);
  const built = spawnSync(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: dir, encoding: "utf8" });
  expect(built.status, `${built.stdout}${built.stderr}`).toBe(0);
  const runTests = () => {
    const r = spawnSync(process.execPath, ["--test", "--test-reporter=spec", "build/test/examples.test.js"], { cwd: dir, encoding: "utf8" });
    return {
      status: r.status,
      lines: r.stdout
        .split("\n")
        .filter((line) => /^\s*[✔✖]/.test(line))
        .map((line) => line.replace(/\s*\([\d.]+m?s\)$/, "").trim()),
    };
  };
  const first = runTests();
  expect(first.status, first.lines.join("\n")).toBe(0);
  expect(first.lines).toEqual([
    "✔ create_note: the first note of a fresh store",
    "✔ get_note: create a note, then get it by its id",
    "✔ get_note: an id that does not exist",
  ]);
  expect(runTests()).toEqual(first);
  expect(readFileSync(path.join(dir, "data/notes.json"), "utf8")).toBe(REAL_DATA);
}, 180_000);
