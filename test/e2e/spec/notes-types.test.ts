/**
 * The notes server of issue 26 end to end: a `$ref`'d Note shared by two tools, defaults
 * (top level and nested), an outputSchema that is a `$ref` to Note. The generated code and
 * handlers that rely on the defaults without `??` pass tsc --strict; the official SDK
 * client, over stdio (2025 and 2026-07-28) and over HTTP, shows that the defaults reach
 * the handler and that the Note output comes unwrapped, as the object it is.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, type GenerateResult } from "../../../src/build/generate.js";
import { removeProject, tempProject, typeCheck } from "../../helpers/project.js";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "notes", version: "1.0.0", type: "module" }),
  "mcp-gen.config.yaml": "specs: [specs/**/*.yaml]\nserver: { name: notes, version: 1.0.0 }\n",
  "specs/schemas/note.yaml": `title: Note
description: A note in the store
type: object
properties:
  id: { type: string, description: The note's id }
  text: { type: string, description: What the note says }
  tags: { type: array, items: { type: string }, description: Labels }
  replies: { type: array, items: { $ref: "#" }, description: Notes written in reply }
required: [id, text]
`,
  "specs/get_note.yaml": `name: get_note
description: Get a note by its id, with its replies.
inputSchema:
  type: object
  properties:
    id: { type: string, description: The note's id }
    depth: { type: integer, minimum: 0, default: 1, description: How many levels of replies to include }
  required: [id]
  additionalProperties: false
outputSchema: { $ref: ./schemas/note.yaml }
annotations: { readOnlyHint: true, openWorldHint: false }
examples:
  - title: A note with its replies
    input: { id: n-1 }
`,
  "specs/list_notes.yaml": `name: list_notes
description: List the notes in the store, newest first.
inputSchema:
  type: object
  properties:
    limit: { type: integer, minimum: 1, default: 20, description: How many notes to return }
    filter:
      type: object
      description: Which notes to list
      properties:
        tag: { type: string, description: Only notes with this tag }
        archived: { type: boolean, default: false, description: Include archived notes }
      additionalProperties: false
  additionalProperties: false
outputSchema:
  type: object
  properties:
    notes: { type: array, items: { $ref: ./schemas/note.yaml }, description: The notes }
  required: [notes]
annotations: { readOnlyHint: true, openWorldHint: false }
examples:
  - title: The latest notes
    input: {}
`,
  // Handlers that use the defaulted arguments as the plain values they are: no `??`.
  "handlers/get_note.ts": `import type { GetNoteHandler } from "../generated/tools/get_note.js";
import type { Note } from "../generated/schemas.js";

export const getNote: GetNoteHandler = async (input) => {
  const depth: number = input.depth;
  const reply: Note = { id: \`\${input.id}-r\`, text: "a reply" };
  return { id: input.id, text: \`depth \${depth}\`, replies: depth > 0 ? [reply] : [] };
};
`,
  "handlers/list_notes.ts": `import type { ListNotesHandler } from "../generated/tools/list_notes.js";
import type { Note } from "../generated/schemas.js";

export const listNotes: ListNotesHandler = async (input) => {
  const limit: number = input.limit;
  const archived: boolean | "no filter" = input.filter === undefined ? "no filter" : input.filter.archived;
  const note: Note = { id: "n-1", text: \`limit \${limit}, archived \${archived}\`, tags: [] };
  return { notes: [note] };
};
`,
  // A caller's arguments may leave the defaults out; the handler's input may not.
  "caller.ts": `import type { ListNotesArguments, ListNotesInput } from "./generated/tools/list_notes.js";
const sent: ListNotesArguments = {};
// @ts-expect-error limit is filled in before the handler runs, so the handler's input has it
const got: ListNotesInput = {};
export { sent, got };
`,
  "examples.ts": `import { runExamples } from "mcp-gen/runtime";
import { examples } from "./generated/examples.js";
import { registry } from "./generated/registry.js";
import { createServer } from "./generated/server.js";
import { handlers } from "./handlers/index.js";

const outcomes = await runExamples(createServer(handlers), examples, { registry });
console.log(JSON.stringify(outcomes.map(({ name, pass, message, result }) => ({ name, pass, message, structured: result?.structuredContent }))));
`,
  "serve.ts": `import { createServer } from "./generated/server.js";
import { handlers } from "./handlers/index.js";

const server = createServer(handlers);
if (process.argv.includes("--http")) {
  const { url } = await server.serveHttp({ port: 0 });
  console.error(\`listening on \${url.href}\`);
} else {
  await server.serveStdio();
}
`,
};

let dir: string;
let result: GenerateResult;

beforeAll(async () => {
  dir = tempProject("notes-types", FILES);
  result = await generate({ cwd: dir });
}, 120_000);
afterAll(() => removeProject(dir));

const read = (file: string) => readFileSync(path.join(dir, file), "utf8");

describe("a notes server with a shared Note and defaults", () => {
  it("generates one Note type that both tools import, and both caller's and handler's types", () => {
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.exitCode).toBe(0);
    const schemas = read("generated/schemas.ts");
    expect(schemas).toContain("export interface Note {");
    expect(schemas).toContain("replies?: Note[]");
    for (const tool of ["get_note", "list_notes"]) {
      const module = read(`generated/tools/${tool}.ts`);
      expect(module).toContain('import type { Note } from "../schemas.js";');
      expect(module).not.toMatch(/export interface Note\b/);
    }
    expect(read("generated/tools/get_note.ts")).toContain("export type GetNoteOutput = Note");
    const list = read("generated/tools/list_notes.ts");
    expect(list).toMatch(/export interface ListNotesInput \{[^}]*\n {2}limit: number\n/);
    expect(list).toMatch(/export interface ListNotesArguments \{[^}]*\n {2}limit\?: number\n/);
    // The docs show each default.
    expect(read("generated/docs/list_notes.md")).toContain("| `limit` | `integer` | no | `20` |");
    expect(read("generated/docs/list_notes.md")).toContain("| `filter.archived` | `boolean` | no | `false` |");
  });

  it("passes tsc --strict, handlers relying on the defaults included", () => {
    const tsc = typeCheck(dir, ["generated/**/*.ts", "handlers/**/*.ts", "caller.ts", "serve.ts", "examples.ts"], { noEmit: false });
    expect(tsc.output).toBe("");
    expect(tsc.status).toBe(0);
  }, 120_000);

  describe.each([
    { era: "2025", negotiation: undefined },
    { era: "2026-07-28", negotiation: { mode: "auto" as const } },
  ])("over stdio, a $era client", ({ negotiation }) => {
    it("gets the defaults filled in and the Note unwrapped", async () => {
      const transport = new StdioClientTransport({ command: process.execPath, args: ["serve.js"], cwd: dir, stderr: "pipe" });
      const client = new Client({ name: "notes-test", version: "1.0.0" }, negotiation ? { versionNegotiation: negotiation } : {});
      await client.connect(transport);
      try {
        await expectDefaultsAndNote(client);
      } finally {
        await client.close();
      }
    }, 60_000);
  });

  it("runs its examples with the defaults filled in (runExamples, as the generated tests do)", () => {
    const run = spawnSync(process.execPath, ["examples.js"], { cwd: dir, encoding: "utf8" });
    expect(run.stderr).toBe("");
    const outcomes = JSON.parse(run.stdout) as Array<{ name: string; pass: boolean; structured: unknown }>;
    expect(outcomes.map(({ name, pass, structured }) => ({ name, pass, structured }))).toEqual([
      { name: "get_note: A note with its replies", pass: true, structured: { id: "n-1", text: "depth 1", replies: [{ id: "n-1-r", text: "a reply" }] } },
      { name: "list_notes: The latest notes", pass: true, structured: { notes: [{ id: "n-1", text: "limit 20, archived no filter", tags: [] }] } },
    ]);
  }, 60_000);

  it("over HTTP, gets the defaults filled in and the Note unwrapped", async () => {
    const child = spawn(process.execPath, ["serve.js", "--http"], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stderr = "";
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString("utf8");
          const match = /listening on (\S+)/.exec(stderr);
          if (match) resolve(match[1]);
        });
        child.on("exit", (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
      });
      const client = new Client({ name: "notes-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        await expectDefaultsAndNote(client);
      } finally {
        await client.close();
      }
    } finally {
      child.kill();
    }
  }, 60_000);
});

async function expectDefaultsAndNote(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  const getNote = tools.find((tool) => tool.name === "get_note")!;
  // The Note itself is the outputSchema's root: an object, listed as it is to every client.
  expect(getNote.outputSchema).toMatchObject({ type: "object", properties: { id: { type: "string" } }, required: ["id", "text"] });

  const listed = await client.callTool({ name: "list_notes", arguments: {} });
  expect(listed.isError).toBeFalsy();
  expect(listed.structuredContent).toEqual({ notes: [{ id: "n-1", text: "limit 20, archived no filter", tags: [] }] });
  const filtered = await client.callTool({ name: "list_notes", arguments: { limit: 3, filter: { tag: "x" } } });
  expect(filtered.structuredContent).toEqual({ notes: [{ id: "n-1", text: "limit 3, archived false", tags: [] }] });

  const note = await client.callTool({ name: "get_note", arguments: { id: "n-7" } });
  expect(note.isError).toBeFalsy();
  // Not `{ result: { ... } }`: the Note is an object, so no client gets it wrapped.
  expect(note.structuredContent).toEqual({ id: "n-7", text: "depth 1", replies: [{ id: "n-7-r", text: "a reply" }] });
}
