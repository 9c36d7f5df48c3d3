/**
 * Hostile calls against the built demo server over stdio, through the SDK client's
 * low-level `request` (so malformed params go out as they are): at least 5,000 random
 * and adversarial tools/call requests, plus invalid tools/list cursors. Every answer
 * must be a valid JSON-RPC error or CallToolResult per the MCP schema, the process
 * must live on with bounded memory, and no handler may see input that fails its
 * schema (the fuzz server entry re-validates and reports on stderr).
 * Seeded: a fixed seed unless MCP_GEN_SEED gives one (or `random`); every failure prints it.
 */
import { Client, type StandardSchemaV1 } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkWire, type Connection } from "../../helpers/mcp.js";
import { REPO_ROOT, removeProject, tempProject } from "../../helpers/project.js";
import { rng, seedNote as replayNote, testSeed, type Rng } from "../../helpers/rng.js";

const SEED = testSeed(20261126);
const CALLS = Number(process.env.MCP_GEN_FUZZ_CALLS ?? 5_000);
const seedNote = replayNote(SEED);
const FUZZ_SERVER = path.join(REPO_ROOT, "test/fixtures/servers/fuzz-demo.mjs");
const PASS_THROUGH: StandardSchemaV1<unknown, unknown> = { "~standard": { version: 1, vendor: "test", validate: (value) => ({ value }) } };

type Definition = { name: string; inputSchema: { properties?: Record<string, Record<string, unknown>>; required?: string[] } };
let definitions: Definition[];
let client: Client;
let transport: StdioClientTransport;
let connection: Connection;
let stderr = "";
let filesRoot: string;

beforeAll(async () => {
  const registry = (await import(pathToFileURL(path.join(REPO_ROOT, "build/demo/generated/registry.js")).href)) as { toolDefinitions: Definition[] };
  definitions = registry.toolDefinitions;
  filesRoot = tempProject("fuzz-files");
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [FUZZ_SERVER],
    env: { ...(process.env as Record<string, string>), MCP_DEMO_FILES_ROOT: filesRoot },
    cwd: REPO_ROOT,
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  client = new Client({ name: "fuzz", version: "1.0.0" });
  await client.connect(transport);
  // The SDK client's stdio transport waits for `drain` once per send; the batches below put
  // 50 requests in flight at once, so the child's stdin legitimately has up to 50 waiters.
  (transport as unknown as { _process?: { stdin?: { setMaxListeners(n: number): void } } })._process?.stdin?.setMaxListeners(64);
  const received: Connection["received"] = [];
  const sentMethods = new Map<string | number, string>();
  const onmessage = transport.onmessage!;
  transport.onmessage = (message: unknown, extra?: unknown) => {
    received.push(message as Connection["received"][number]);
    (onmessage as (m: unknown, e?: unknown) => void)(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message: unknown, options?: unknown) => {
    const m = message as { id?: string | number; method?: string };
    if (m.id !== undefined && m.method) sentMethods.set(m.id, m.method);
    return (send as (m: unknown, o?: unknown) => Promise<void>)(message, options);
  };
  connection = { client, received, sentMethods, era: "legacy", elicited: [], stderr: () => stderr, close: () => client.close() };
});

afterAll(async () => {
  await client?.close();
  if (filesRoot) removeProject(filesRoot);
});

function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : 0;
}

/** A value of roughly the schema's shape, valid more often than not. */
function plausible(r: Rng, schema: Record<string, unknown> | undefined): unknown {
  if (!schema) return r.pick([1, "x", true, null]);
  if (Array.isArray(schema.enum)) return r.pick(schema.enum as unknown[]);
  switch (schema.type) {
    case "string":
      return r.pick(["New York", "a", "", "drafts/old-notes.txt", "documents", "*.txt", "x".repeat(r.int(200))]);
    case "number":
      return r.pick([0, 1.5, -3, 70, 1e308]);
    case "integer":
      return r.pick([0, 1, 5, -1, 100]);
    case "boolean":
      return r.chance(0.5);
    case "array":
      return [plausible(r, schema.items as Record<string, unknown>)];
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries((schema.properties as Record<string, Record<string, unknown>>) ?? {}))
        if (r.chance(0.8)) out[key] = plausible(r, sub);
      return out;
    }
    default:
      return r.pick(["text", 3, null]);
  }
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 200) ?? String(value);
  } catch {
    return "[unprintable]";
  }
}

function deep(r: Rng, depth: number): unknown {
  let value: unknown = r.pick([1, "leaf", null]);
  for (let i = 0; i < depth; i++) value = r.chance(0.5) ? [value] : { k: value };
  return value;
}

function hostileValue(r: Rng): unknown {
  return r.pick<() => unknown>([
    () => r.pick([null, true, 0, -1, 1e308, "", "x", [], {}]),
    () => "y".repeat(r.pick([1_000, 100_000, 1_100_000])),
    () => deep(r, r.pick([50, 500, 2_000])),
    () => JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}}'),
    () => Array.from({ length: r.int(1_000) }, (_, i) => i),
    () => "\u0000\u2028\ud800</script>${x}",
  ])();
}

/** tools/call params, from plausible to absurd. */
function callParams(r: Rng): unknown {
  const tool = r.pick(definitions);
  const roll = r.next();
  if (roll < 0.05) return hostileValue(r); // params not an object at all
  if (roll < 0.1) return { arguments: {} }; // no name
  if (roll < 0.15) return { name: r.pick(["nope", "", "__proto__", "constructor", "GET_WEATHER", 42, null, {}]), arguments: {} };
  const args = plausible(r, tool.inputSchema as Record<string, unknown>) as Record<string, unknown>;
  const mutation = r.int(8);
  if (mutation === 0) return { name: tool.name, arguments: hostileValue(r) }; // arguments not an object, or huge
  if (mutation === 1 && tool.inputSchema.required?.length) delete args[r.pick(tool.inputSchema.required)];
  if (mutation === 2) args[r.pick(["extra", "__proto__", "constructor", "toString"])] = hostileValue(r);
  if (mutation === 3) {
    const keys = Object.keys(args);
    if (keys.length > 0) args[r.pick(keys)] = hostileValue(r);
  }
  if (mutation === 4) return { name: tool.name };
  if (mutation === 5) return JSON.parse(`{"name": ${JSON.stringify(tool.name)}, "arguments": {"__proto__": {"admin": true}}}`);
  return { name: tool.name, arguments: args, ...(r.chance(0.1) ? { _meta: hostileValue(r) } : {}) };
}

describe(`fuzzing the demo server ${seedNote}`, () => {
  it(`answers ${CALLS} hostile tools/call requests and invalid cursors, and stays healthy`, async () => {
    const r = rng(SEED);
    const pid = transport.pid!;
    const rssBefore = rssKb(pid);
    let peakRss = rssBefore;
    let results = 0;
    let errors = 0;
    const unexpected: string[] = [];
    const started = Date.now();
    for (let sent = 0; sent < CALLS; ) {
      const batch = Array.from({ length: Math.min(50, CALLS - sent) }, () => callParams(r));
      sent += batch.length;
      const answers = await Promise.allSettled(
        batch.map((params) => client.request({ method: "tools/call", params: params as never }, PASS_THROUGH, { timeout: 20_000 })),
      );
      for (const [i, answer] of answers.entries()) {
        if (answer.status === "fulfilled") results++;
        else if (typeof (answer.reason as { code?: unknown }).code === "number" && (answer.reason as { code: number }).code !== -32001) errors++;
        else unexpected.push(`${String(answer.reason)} for ${show(batch[i])}`);
      }
      // Invalid cursors now and then.
      const cursor = r.pick(["", "x", "AAAA", "%%%", "a".repeat(10_000), Buffer.from("abcdefghijkl:5").toString("base64url")]);
      await client.request({ method: "tools/list", params: { cursor } }, PASS_THROUGH).then(
        () => unexpected.push(`cursor ${JSON.stringify(cursor.slice(0, 40))} accepted`),
        (error: { code?: number }) => void (error.code === -32602 || unexpected.push(`cursor answer ${String(error)}`)),
      );
      peakRss = Math.max(peakRss, rssKb(pid));
    }
    const elapsed = Date.now() - started;

    expect(unexpected, seedNote).toEqual([]);
    expect(results + errors, seedNote).toBe(CALLS);
    // Alive and still answering correctly.
    expect(transport.pid, seedNote).toBe(pid);
    const weather = await client.callTool({ name: "get_weather", arguments: { location: "New York" } });
    expect(weather.isError ?? false, seedNote).toBe(false);
    // Every message the server sent is valid per the MCP schema.
    const wire = checkWire(connection);
    expect(wire.problems.slice(0, 10), seedNote).toEqual([]);
    expect(wire.checked, seedNote).toBeGreaterThanOrEqual(CALLS);
    // No handler saw input that failed validation, and some did run.
    expect(
      stderr
        .split("\n")
        .filter((l) => l.startsWith("FUZZ-VIOLATION"))
        .slice(0, 10),
      seedNote,
    ).toEqual([]);
    expect(stderr.split("\n").filter((l) => l.startsWith("FUZZ-CALL")).length, seedNote).toBeGreaterThan(CALLS / 20);
    // Memory stays bounded: the server holds nothing per finished call.
    expect(peakRss - rssBefore, `${seedNote} RSS ${rssBefore} -> peak ${peakRss} kB`).toBeLessThan(300 * 1024);
    console.log(`fuzz: ${CALLS} calls in ${elapsed} ms, ${results} results, ${errors} JSON-RPC errors, RSS ${rssBefore} -> peak ${peakRss} kB ${seedNote}`);
  }, 120_000);
});
