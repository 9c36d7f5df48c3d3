/**
 * The real corpus end to end: every tool of test/corpus goes through
 * import → generate → tsc --strict, the generated registry lists each tool
 * deep-equal (key order included) to what the real server listed, and the generated
 * server, started as a real process, sends exactly those tools through tools/list.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Client, type JSONRPCMessage, type StandardSchemaV1 } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, type GenerateResult } from "../../src/build/generate.js";
import { importToolList } from "../../src/commands/import/import-tool-list.js";
import { CORPUS_DIR, tempProject, typeCheck, writeFiles } from "../helpers/project.js";

interface CorpusTool {
  name: string;
  [key: string]: unknown;
}

const corpusFiles = readdirSync(CORPUS_DIR)
  .filter((f) => f.endsWith(".json") && !f.startsWith("mcp-schema-"))
  .sort();

function load(file: string): CorpusTool[] {
  return JSON.parse(readFileSync(path.join(CORPUS_DIR, file), "utf8")) as CorpusTool[];
}

function duplicateNames(tools: CorpusTool[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const t of tools) (seen.has(t.name) ? dups : seen).add(t.name);
  return [...dups].sort();
}

const runs = new Map<string, { dir: string; result: GenerateResult }>();
/** Set once the projects (with their serve.ts) are compiled to JS, for the round trip. */
let compiled: string[] | undefined;

/** What each corpus project runs: its generated server, every handler answering "fixed result". */
const SERVE_TS = `import { createServer } from "./generated/server.js";
import type { ToolHandlers } from "./generated/handlers.js";
import { toolDefinitions } from "./generated/registry.js";

const handlers = Object.fromEntries(toolDefinitions.map((tool) => [tool.name, async () => "fixed result"])) as unknown as ToolHandlers;
await createServer(handlers, { pageSize: 7 }).serveStdio();
`;

beforeAll(async () => {
  for (const file of corpusFiles) {
    const dir = tempProject(`corpus-${file.replace(/\.json$/, "")}`, {
      "package.json": JSON.stringify({ name: file.replace(/\.json$/, ""), version: "1.0.0", type: "module" }),
    });
    const imported = importToolList(load(file), { source: file });
    expect(imported.diagnostics).toEqual([]);
    writeFiles(dir, Object.fromEntries(imported.files.map((f) => [`specs/${f.path}`, f.contents])));
    runs.set(file, { dir, result: await generate({ cwd: dir }) });
  }
}, 600_000);

describe("corpus", () => {
  it("covers all 372 real tools", () => {
    expect(corpusFiles.reduce((n, f) => n + load(f).length, 0)).toBe(372);
  });

  it.each(corpusFiles)("%s generates without errors (or fails only on duplicate names)", (file) => {
    const { result } = runs.get(file)!;
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    const dups = duplicateNames(load(file));
    if (dups.length === 0) {
      expect(errors).toEqual([]);
      expect(result.exitCode).toBe(0);
      expect(result.model?.tools.length).toBe(load(file).length);
    } else {
      expect(result.exitCode).toBe(1);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((d) => d.code === "MG013")).toBe(true);
      expect([...new Set(errors.map((d) => d.message.match(/`([^`]+)`/)?.[1]))].sort()).toEqual(dups);
      expect(result.written).toEqual([]);
    }
  });

  it("the generated code and handler stubs pass tsc --strict, and each registry lists its tools deep-equal", async () => {
    const ok = corpusFiles.filter((f) => runs.get(f)!.result.exitCode === 0);
    expect(ok.length).toBe(corpusFiles.length - 2);
    const root = path.dirname(runs.get(ok[0])!.dir);
    const include = ok.flatMap((f) => {
      const rel = path.basename(runs.get(f)!.dir);
      return [`${rel}/generated/**/*.ts`, `${rel}/handlers/**/*.ts`, `${rel}/serve.ts`];
    });
    for (const file of ok) writeFiles(runs.get(file)!.dir, { "serve.ts": SERVE_TS });
    // Emit next to the sources so the registries can be imported below.
    const tsc = typeCheck(root, include, { noEmit: false });
    expect(tsc.output).toBe("");
    expect(tsc.status).toBe(0);

    for (const file of ok) {
      const { dir } = runs.get(file)!;
      const registry = (await import(pathToFileURL(path.join(dir, "generated", "registry.js")).href)) as {
        toolDefinitions: CorpusTool[];
      };
      const byName = new Map(registry.toolDefinitions.map((t) => [t.name, t]));
      const source = load(file);
      expect(registry.toolDefinitions.length).toBe(source.length);
      for (const tool of source) {
        // JSON text comparison: deep equality including key order.
        expect(JSON.stringify(byName.get(tool.name))).toBe(JSON.stringify(tool));
      }
    }
    compiled = ok;
  }, 600_000);

  describe.each([
    { era: "2025 (initialize)", negotiation: undefined },
    { era: "2026-07-28 (auto)", negotiation: { mode: "auto" as const } },
  ])("the generated server as a process, $era client", ({ negotiation }) => {
    it("lists every file's tools exactly as the source (pages of 7), and calls one", async () => {
      expect(compiled, "the tsc test above compiles the projects").toBeDefined();
      const failures: string[] = [];
      await inBatches(compiled!, 4, async (file) => {
        try {
          await roundTrip(file, negotiation);
        } catch (error) {
          failures.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
      expect(failures).toEqual([]);
    }, 120_000);
  });
});

/** Accepts a result unchanged; the comparison below reads the raw JSON-RPC messages anyway. */
const AS_SENT: StandardSchemaV1<unknown, unknown> = {
  "~standard": { version: 1, vendor: "mcp-gen-test", validate: (value) => ({ value }) },
};

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

interface RawPage {
  tools: CorpusTool[];
  nextCursor?: string;
}

async function roundTrip(file: string, negotiation: { mode: "auto" } | undefined): Promise<void> {
  const { dir } = runs.get(file)!;
  const transport = new StdioClientTransport({ command: process.execPath, args: ["serve.js"], cwd: dir, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "corpus-round-trip", version: "1.0.0" }, negotiation ? { versionNegotiation: negotiation } : {});
  try {
    await client.connect(transport);
    expect(client.getNegotiatedProtocolVersion()).toBe(negotiation ? "2026-07-28" : "2025-11-25");
    // The SDK client parses results with its own schemas (dropping unknown keys,
    // reordering others), so the comparison reads the messages as they came off the wire.
    const raw: JSONRPCMessage[] = [];
    const deliver = transport.onmessage!;
    transport.onmessage = (message) => {
      raw.push(message);
      deliver(message);
    };
    const listed: CorpusTool[] = [];
    const pageSizes: number[] = [];
    let cursor: string | undefined;
    do {
      raw.length = 0;
      await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, AS_SENT);
      const responses = raw.filter((m) => "result" in m);
      expect(responses).toHaveLength(1);
      const page = (responses[0] as unknown as { result: RawPage }).result;
      listed.push(...page.tools);
      pageSizes.push(page.tools.length);
      cursor = page.nextCursor;
      expect(pageSizes.length).toBeLessThan(100);
    } while (cursor !== undefined);

    const source = load(file).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // Revision 2026-07-28 deleted `execution` from Tool; the SDK server drops it for
    // clients of that era. Everything else goes out unchanged.
    const expected = negotiation ? source.map(({ execution: _execution, ...rest }) => rest) : source;
    expect(pageSizes.slice(0, -1).every((n) => n === 7)).toBe(true);
    expect(pageSizes.at(-1)).toBeGreaterThan(0);
    expect(listed.map((t) => t.name)).toEqual(expected.map((t) => t.name));
    // JSON text comparison: deep equality including key order, as sent on the wire.
    for (const [i, tool] of expected.entries()) expectSameJson(tool.name, listed[i], tool);

    await callOneTool(client, listed);
  } catch (error) {
    if (stderr) (error as Error).message += `\nserver stderr:\n${stderr.slice(-2000)}`;
    throw error;
  } finally {
    await client.close();
  }
}

/** Fails with the first difference in view: whole-list diffs of big tools get truncated. */
function expectSameJson(name: string, actual: unknown, expected: unknown): void {
  const a = JSON.stringify(actual);
  const b = JSON.stringify(expected);
  if (a === b) return;
  let at = 0;
  while (a[at] === b[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 80), at + 80);
  throw new Error(`tool ${name} differs at character ${at}:\n  sent:     …${around(a)}…\n  expected: …${around(b)}…`);
}

/**
 * Calls tools in name order with minimal arguments until the server accepts the
 * arguments of one (its own validators decide; vitest cannot run them in-process, its
 * CommonJS interop breaks ajv's runtime helpers). A tool without outputSchema must
 * answer the fixed result; in a file whose tools all have outputSchema, "fixed result"
 * is not a valid output and the call must fail as an internal error, with no details.
 */
async function callOneTool(client: Client, tools: CorpusTool[]): Promise<void> {
  const hasOutput = (tool: CorpusTool) => tool.outputSchema !== undefined;
  const plain = tools.filter((tool) => !hasOutput(tool));
  const candidates = plain.length > 0 ? plain : tools;
  const tried: string[] = [];
  for (const tool of candidates.slice(0, 12)) {
    const args = minimalValue(tool.inputSchema);
    if (typeof args !== "object" || args === null) continue;
    const result = await client.callTool({ name: tool.name, arguments: args as Record<string, unknown> });
    const text = (result.content as Array<{ type: string; text?: string }>)[0]?.text ?? "";
    if (result.isError && text.startsWith(`Invalid arguments for tool "${tool.name}":`)) {
      tried.push(`${tool.name}(${JSON.stringify(args)}): ${text}`);
      continue;
    }
    if (hasOutput(tool)) {
      expect(result.isError).toBe(true);
      expect(text).toMatch(new RegExp(`^Tool "${tool.name}" failed with an internal error \\(reference [0-9a-f]{8}\\)\\.$`));
    } else {
      expect(result.isError, `${tool.name}(${JSON.stringify(args)})`).toBeFalsy();
      expect(result.content).toEqual([{ type: "text", text: "fixed result" }]);
    }
    return;
  }
  throw new Error(`no tool accepted minimal arguments:\n${tried.join("\n")}`);
}

const FORMAT_SAMPLES: Record<string, string> = {
  uri: "https://example.com/",
  "uri-reference": "https://example.com/",
  url: "https://example.com/",
  email: "someone@example.com",
  "date-time": "2025-01-01T00:00:00Z",
  date: "2025-01-01",
  time: "00:00:00Z",
  uuid: "00000000-0000-4000-8000-000000000000",
  ipv4: "127.0.0.1",
  hostname: "example.com",
};

/** The smallest plausible value for a schema: required properties only, first choices. */
function minimalValue(schema: unknown, depth = 0): unknown {
  if (typeof schema !== "object" || schema === null || depth > 8) return undefined;
  const s = schema as Record<string, unknown>;
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if ("default" in s) return s.default;
  for (const key of ["anyOf", "oneOf"]) if (Array.isArray(s[key])) return minimalValue((s[key] as unknown[])[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  switch (type ?? (s.properties ? "object" : undefined)) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const name of (s.required as string[] | undefined) ?? []) out[name] = minimalValue(properties[name] ?? {}, depth + 1) ?? "x";
      return out;
    }
    case "array":
      return Array.from({ length: typeof s.minItems === "number" ? s.minItems : 0 }, () => minimalValue(s.items, depth + 1));
    case "string":
      return typeof s.format === "string" && FORMAT_SAMPLES[s.format] ? FORMAT_SAMPLES[s.format] : "x".repeat(Math.max(1, Number(s.minLength ?? 1)));
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + 1 : 1;
    case "boolean":
      return false;
    case "null":
      return null;
    default:
      return undefined;
  }
}
