/**
 * The demo server as clients meet it: the built server in its own process, driven by
 * the official SDK client over stdio and Streamable HTTP, in both protocol eras. Every
 * result is also checked, as sent on the wire, against the MCP schema of the revision
 * the connection negotiated.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkWire, connect, listAllTools, type Connection, type Era, type Target } from "../../helpers/mcp.js";
import { REPO_ROOT, removeProject, tempProject } from "../../helpers/project.js";
import { startHttpServer, type ServerProcess } from "../../helpers/server-process.js";

interface CatalogTool {
  name: string;
  definition: { name: string; outputSchema?: unknown };
  examples: Array<{ title?: string; input: Record<string, unknown>; output?: unknown; error?: boolean }>;
}
const catalog = JSON.parse(readFileSync(path.join(REPO_ROOT, "generated/docs/catalog.json"), "utf8")) as { tools: CatalogTool[] };
const DEMO = path.join(REPO_ROOT, "build/demo/server.js");
const FAULTS = path.join(REPO_ROOT, "test/fixtures/servers/demo-faults.mjs");

type Validators = Record<string, ((data: unknown) => boolean) & { errors?: unknown }>;
let generated: { toolDefinitions: Array<{ name: string; execution?: unknown }> };
let validators: Validators;

/** A sandbox folder for search_files/delete_file with what the spec examples touch. */
function filesRoot(): string {
  const dir = tempProject("demo-files");
  mkdirSync(path.join(dir, "drafts"), { recursive: true });
  mkdirSync(path.join(dir, "documents"), { recursive: true });
  writeFileSync(path.join(dir, "drafts/old-notes.txt"), "old\n");
  writeFileSync(path.join(dir, "documents/report.pdf"), "%PDF\n");
  writeFileSync(path.join(dir, "documents/notes.txt"), "notes\n");
  return dir;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

beforeAll(async () => {
  generated = await import(pathToFileURL(path.join(REPO_ROOT, "build/demo/generated/registry.js")).href);
  validators = (await import(pathToFileURL(path.join(REPO_ROOT, "build/demo/generated/validators.js")).href)) as Validators;
});

/** A connection, and the server's log (stderr of the stdio child or the HTTP process). */
async function open(kind: "stdio" | "http", era: Era, script: string, env: Record<string, string>): Promise<[Connection, () => string]> {
  let target: Target;
  let server: ServerProcess | undefined;
  if (kind === "stdio") {
    target = { kind: "stdio", command: process.execPath, args: [script], env };
  } else {
    server = await startHttpServer([script, "--http"], env);
    cleanups.push(() => server!.stop());
    target = { kind: "http", url: server.url };
  }
  const connection = await connect(target, era);
  cleanups.push(() => connection.close());
  return [connection, server ? server.output : connection.stderr];
}

const text = (result: { content?: unknown }) =>
  ((result.content ?? []) as Array<{ type: string; text?: string }>).map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join("\n");

describe.each([
  ["stdio", "legacy"],
  ["stdio", "modern"],
  ["http", "legacy"],
  ["http", "modern"],
] as const)("demo server over %s, %s era", (kind, era) => {
  let c: Connection;
  let serverLog: () => string;
  let root: string;

  beforeAll(async () => {
    root = filesRoot();
    cleanups.push(() => removeProject(root));
    [c, serverLog] = await open(kind, era, DEMO, { MCP_DEMO_FILES_ROOT: root });
  });

  it("lists every demo tool exactly as generated", async () => {
    const tools = await listAllTools(c.client);
    expect(tools.map((t) => t.name)).toEqual(generated.toolDefinitions.map((t) => t.name));
    // The raw tools/list result, not the client's normalised copy.
    const raw = c.received.find((m) => (m.result as { tools?: unknown })?.tools !== undefined)?.result as { tools: unknown[] };
    // Revision 2026-07-28 has no per-tool `execution` (tasks are its extension's, declared by the server): the SDK leaves it out.
    const expected = era === "modern" ? generated.toolDefinitions.map(({ execution: _execution, ...tool }) => tool) : generated.toolDefinitions;
    expect(JSON.stringify(raw.tools)).toBe(JSON.stringify(expected));
  });

  it("runs every spec example: accepted inputs succeed, `error: true` inputs are rejected", async () => {
    let runs = 0;
    for (const tool of catalog.tools) {
      for (const example of tool.examples) {
        const result = await c.client.callTool({ name: tool.name, arguments: example.input });
        runs++;
        if (example.error) {
          expect(result.isError, `${tool.name}: ${example.title}`).toBe(true);
          expect(text(result)).toMatch(/^Invalid arguments for tool/);
          continue;
        }
        expect(result.isError ?? false, `${tool.name}: ${example.title}: ${text(result)}`).toBe(false);
        if (tool.definition.outputSchema) {
          const validate = validators[`validate${pascal(tool.name)}Output`];
          expect(validate(result.structuredContent), `${tool.name} output`).toBe(true);
          expect(JSON.parse(text(result))).toEqual(result.structuredContent);
        }
      }
    }
    expect(runs).toBeGreaterThanOrEqual(catalog.tools.length);
  });

  it("answers invalid arguments with every violation and its path", async () => {
    const result = await c.client.callTool({ name: "get_weather", arguments: { units: "kelvin", extra: true } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'Invalid arguments for tool "get_weather":\n/location: is required\n/extra: is not allowed\n/units: must be one of metric, imperial',
    );
  });

  it("rejects an unknown tool with JSON-RPC -32602", async () => {
    await expect(c.client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  it("passes a handler's ToolError to the model", async () => {
    const result = await c.client.callTool({ name: "get_weather", arguments: { location: "Atlantis" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/Atlantis/);
  });

  it("keeps file tools inside their root", async () => {
    for (const bad of ["../outside.txt", "/etc/passwd", "drafts/../../x"]) {
      const result = await c.client.callTool({ name: "delete_file", arguments: { path: bad } });
      expect(result.isError, bad).toBe(true);
    }
    const found = await c.client.callTool({ name: "search_files", arguments: { path: "documents", pattern: "*.pdf" } });
    expect(text(found)).toContain("report.pdf");
    expect(text(found)).not.toContain("notes.txt");
  });

  it("reports progress when the client asks for it", async () => {
    const updates: Array<{ progress: number; total?: number }> = [];
    const before = c.received.length;
    const result = await c.client.callTool(
      { name: "launch_confetti", arguments: { color: "gold", location: "main office" } },
      { onprogress: (p) => updates.push(p) },
    );
    expect(result.isError ?? false).toBe(false);
    expect(updates.length).toBeGreaterThan(0);
    // On the wire: every step, counting up to the total, before the result. (The SDK
    // client may settle the call before it hands the last update to onprogress.)
    const sent = c.received
      .slice(before)
      .filter((m) => m.method === "notifications/progress")
      .map((m) => (m.params as { progress: number; total: number }).progress);
    expect(sent).toEqual([0, 1, 2, 3]);
  });

  it("sends no progress when the client did not ask", async () => {
    const before = c.received.length;
    await c.client.callTool({ name: "launch_confetti", arguments: { color: "blue", location: "hall" } });
    expect(c.received.slice(before).filter((m) => m.method === "notifications/progress")).toEqual([]);
  });

  it("cancels a call when the client aborts it, and keeps serving", async () => {
    const controller = new AbortController();
    // The first progress update says the handler is counting down: the user stops it then.
    const call = c.client.callTool(
      { name: "launch_confetti", arguments: { color: "red", location: "lab" } },
      { signal: controller.signal, onprogress: () => controller.abort("the user pressed stop") },
    );
    await expect(call).rejects.toThrow();
    const after = await c.client.callTool({ name: "calculate_sum", arguments: { a: 2, b: 3 } });
    expect(text(after)).toBe("5");
    // The handler saw its signal abort: its own log line, in the server's log. (Over
    // HTTP that needs the 2025-era session, or the 2026 request stream closing.)
    await expect.poll(() => serverLog(), { timeout: 3000 }).toContain("launch_confetti cancelled");
  });

  it("sent only messages that validate against the negotiated revision's schema", () => {
    const { checked, problems } = checkWire(c);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(15);
  });
});

describe.each([
  ["stdio", "legacy"],
  ["http", "modern"],
] as const)("misbehaving handlers over %s, %s era", (kind, era) => {
  let c: Connection;
  let serverLog: () => string;
  beforeAll(async () => {
    [c, serverLog] = await open(kind, era, FAULTS, {});
  });

  it("turns output that breaks the outputSchema into isError, without details", async () => {
    const result = await c.client.callTool({ name: "calculate_bmi", arguments: { weight_kg: 70, height_cm: 175 } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Tool "calculate_bmi" failed with an internal error \(reference [0-9a-f]{8}\)\.$/);
    expect(result.structuredContent).toBeUndefined();
  });

  it("never lets an exception's message, paths or stack reach the client", async () => {
    const result = await c.client.callTool({ name: "web_search", arguments: { query: "x" } });
    expect(result.isError).toBe(true);
    expect(text(result)).not.toMatch(/hunter2|\/srv|secret|config\.yaml|at /);
    // ...while the server's own log keeps the details for its operators.
    await expect.poll(() => serverLog(), { timeout: 3000 }).toContain("hunter2");
  });

  it("survives a thrown value that is not an Error", async () => {
    const result = await c.client.callTool({ name: "set_user_role", arguments: { userId: "u-123", role: "editor" } });
    expect(result.isError).toBe(true);
    expect(text(result)).not.toContain("not an Error");
  });

  it("times out a handler that never finishes and keeps serving", async () => {
    const result = await c.client.callTool({ name: "create_record", arguments: { table: "t", data: {} } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Tool "create_record" timed out after 300 ms.');
    expect(text(await c.client.callTool({ name: "calculate_sum", arguments: { a: 1, b: 1 } }))).toBe("2");
  });

  it("refuses oversized arguments with a clear message", async () => {
    const result = await c.client.callTool({ name: "send_notification", arguments: { userId: "u-123", message: "x".repeat(100_000) } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Arguments for tool "send_notification" are \d+ bytes; this server accepts at most 65536\.$/);
  });

  it("sent only schema-valid messages", () => {
    expect(checkWire(c).problems).toEqual([]);
  });
});

function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");
}
