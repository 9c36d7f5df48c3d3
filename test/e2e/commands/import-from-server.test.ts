/** `listToolsFromServer` against real MCP servers in real processes, over stdio and HTTP. */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listToolsFromServer, type ServerSource } from "../../../src/commands/tool-source/from-server.js";
import { MAX_PAGES } from "../../../src/commands/tool-source/limits.js";
import { createToolServer } from "../../../src/runtime/create-server.js";
import { importToolList } from "../../../src/commands/import/import-tool-list.js";
import { findToolList } from "../../../src/commands/tool-source/tool-list.js";
import { parseYaml } from "../../../src/yaml/load.js";
import { CORPUS_DIR, REPO_ROOT } from "../../helpers/project.js";
import { EXTRA_FIELDS_TOOLS, startHttpToolsServer, stdioServerCommand, TOOLS_SERVER, type HttpToolsServer } from "../../helpers/tools-server.js";

const EVERYTHING = path.join(CORPUS_DIR, "mcp-ref-everything.json");
const TMP = path.join(REPO_ROOT, ".tmp", "from-server");

function toolsOf(file: string): unknown[] {
  const found = findToolList(JSON.parse(readFileSync(file, "utf8")));
  if ("error" in found) throw new Error(found.error);
  return found.tools;
}

/** Key order matters, so equality is equality of serialisations. */
function expectSameJson(actual: unknown, expected: unknown): void {
  expect(JSON.stringify(actual, null, 1)).toBe(JSON.stringify(expected, null, 1));
}

/** What `mcp-gen import` writes for these tools, parsed back by the spec loader. */
function importedSpecsParsedBack(tools: unknown[]): unknown[] {
  const imported = importToolList(tools);
  expect(imported.diagnostics).toEqual([]);
  return imported.files.map((file) => {
    const loaded = parseYaml(file.path, file.path, file.contents);
    expect(loaded.diagnostics).toEqual([]);
    return loaded.yaml?.value;
  });
}

const corpusToolFiles = readdirSync(CORPUS_DIR)
  .filter((f) => f.endsWith(".json") && !f.startsWith("mcp-schema-"))
  .sort();

/**
 * What the SDK's server sends: revision 2026-07-28 deleted `execution` (tasks), so a
 * connection that negotiates it (`auto` against this server) never sees that field.
 */
function sentInEra(tools: unknown[], protocol: "legacy" | "auto"): unknown[] {
  if (protocol === "legacy") return tools;
  return tools.map((tool) => {
    const { execution: _deleted, ...rest } = tool as Record<string, unknown>;
    return rest;
  });
}

/** The tools as they cross the wire, read without any SDK client: JSON-RPC typed by hand. */
async function toolsSentByHand(toolsFile: string): Promise<unknown[]> {
  const child = spawn(process.execPath, [TOOLS_SERVER, toolsFile, "--page-size", "100000"], { stdio: ["pipe", "pipe", "inherit"] });
  const send = (message: object) => child.stdin.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
  const lines = createInterface({ input: child.stdout });
  send({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "by-hand", version: "1" } } });
  try {
    for await (const line of lines) {
      const message = JSON.parse(line) as { id?: number; result?: { tools?: unknown[] } };
      if (message.id === 1) {
        send({ method: "notifications/initialized" });
        send({ id: 2, method: "tools/list" });
      } else if (message.id === 2) {
        return message.result!.tools!;
      }
    }
    throw new Error("the server closed stdout before answering tools/list");
  } finally {
    child.kill();
  }
}

describe("listToolsFromServer over stdio", () => {
  it("pages through tools/list and imports every tool exactly as the server sent it", async () => {
    const source = toolsOf(EVERYTHING);
    expect(source).toHaveLength(19);
    const result = await listToolsFromServer({ command: stdioServerCommand(EVERYTHING, ["--page-size", "5"]) });
    expect(result.diagnostics).toEqual([]);
    expectSameJson(result.tools, source);
    expectSameJson(importedSpecsParsedBack(result.tools!), source);
  });

  it.each(corpusToolFiles)("%s: the import is exactly what the server sent, in pages of 7", async (file) => {
    const toolsFile = path.join(CORPUS_DIR, file);
    const onTheWire = await toolsSentByHand(toolsFile);
    const result = await listToolsFromServer({ command: stdioServerCommand(toolsFile, ["--page-size", "7"]) });
    // Each tool whose own outputSchema root is not an object was listed wrapped, and import says so.
    const wrapped = (toolsOf(toolsFile) as Array<{ name: string; outputSchema?: { type?: unknown } }>).filter(
      (tool) => tool.outputSchema !== undefined && tool.outputSchema.type !== "object",
    );
    expect(result.diagnostics.map((d) => [d.code, d.severity, /^tool "([^"]+)"/.exec(d.message)?.[1]])).toEqual(
      wrapped.map((tool) => ["MG071", "warning", tool.name]),
    );
    expectSameJson(result.tools, onTheWire);
    // The SDK's server rewrites a non-object outputSchema as { type: object, properties: { result } }
    // for a 2025-era client; only the 2026 examples have one.
    if (file !== "mcp-spec-examples-2026-07-28.json") expectSameJson(onTheWire, toolsOf(toolsFile));
  });

  it.each(["legacy", "auto"] as const)("keeps fields the SDK client drops or reorders (%s negotiation)", async (protocol) => {
    const result = await listToolsFromServer({ command: stdioServerCommand(EXTRA_FIELDS_TOOLS, ["--page-size", "2"]) }, { protocol });
    expect(result.diagnostics).toEqual([]);
    const expected = sentInEra(toolsOf(EXTRA_FIELDS_TOOLS), protocol);
    expectSameJson(result.tools, expected);
    expectSameJson(importedSpecsParsedBack(result.tools!), expected);
  });

  it("resolves the command in the given working directory", async () => {
    const command = `"${process.execPath}" tools-server.mjs "${EVERYTHING}"`;
    const result = await listToolsFromServer({ command }, { cwd: path.dirname(TOOLS_SERVER) });
    expect(result.diagnostics).toEqual([]);
    expect(result.tools).toHaveLength(19);
  });
});

describe("listToolsFromServer over Streamable HTTP", () => {
  const servers: HttpToolsServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });
  async function serve(file: string, flags: string[] = []): Promise<string> {
    const server = await startHttpToolsServer(file, flags);
    servers.push(server);
    return server.url;
  }

  it("pages through tools/list and imports every tool exactly as the server sent it", async () => {
    const url = await serve(EVERYTHING, ["--page-size", "4"]);
    const result = await listToolsFromServer({ url });
    expect(result.diagnostics).toEqual([]);
    const source = toolsOf(EVERYTHING);
    expectSameJson(result.tools, source);
    expectSameJson(importedSpecsParsedBack(result.tools!), source);
  });

  it.each(["legacy", "auto"] as const)("keeps fields the SDK client drops or reorders (%s negotiation)", async (protocol) => {
    const url = await serve(EXTRA_FIELDS_TOOLS, ["--page-size", "1"]);
    const result = await listToolsFromServer({ url }, { protocol });
    expect(result.diagnostics).toEqual([]);
    expectSameJson(result.tools, sentInEra(toolsOf(EXTRA_FIELDS_TOOLS), protocol));
  });

  it("ends its HTTP session when done, so a server with maxSessions keeps its other clients", async () => {
    const inputSchema = { type: "object" as const };
    const server = createToolServer({
      info: { name: "sessions", version: "1" },
      registry: { ping: { definition: { name: "ping", inputSchema }, validateInput: Object.assign(() => true, { errors: null }) } },
      handlers: { ping: async () => "pong" },
      maxSessions: 2,
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const running = await server.serveHttp({ port: 0 });
    const other = new Client({ name: "other", version: "1" });
    try {
      await other.connect(new StreamableHTTPClientTransport(running.url));
      // Each import opens a session; without a DELETE each would stay, and the third would evict `other`'s.
      for (let i = 0; i < 3; i++) expect((await listToolsFromServer({ url: running.url.href })).diagnostics).toEqual([]);
      expect((await other.listTools()).tools.map((tool) => tool.name)).toEqual(["ping"]);
    } finally {
      await other.close();
      await server.close();
    }
  });

  it("warns where a 2025-era listing wrapped a non-object outputSchema; --protocol auto gets it as written", async () => {
    const names = { type: "array", items: { type: "string" } };
    const server = createToolServer({
      info: { name: "roots", version: "1" },
      registry: {
        names: {
          definition: { name: "names", inputSchema: { type: "object" }, outputSchema: names },
          validateInput: Object.assign(() => true, { errors: null }),
        },
      },
      handlers: { names: async () => [] },
      logger: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const running = await server.serveHttp({ port: 0 });
    try {
      const legacy = await listToolsFromServer({ url: running.url.href });
      expect(legacy.tools).toEqual([
        { name: "names", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { result: names }, required: ["result"] } },
      ]);
      expect(legacy.diagnostics).toMatchObject([
        {
          code: "MG071",
          severity: "warning",
          message: expect.stringContaining('tool "names": its outputSchema is `{ type: object, properties: { result: ... }, required: [result] }`'),
          hint: expect.stringContaining("--protocol auto"),
        },
      ]);
      const modern = await listToolsFromServer({ url: running.url.href }, { protocol: "auto" });
      expect(modern).toEqual({ tools: [{ name: "names", inputSchema: { type: "object" }, outputSchema: names }], diagnostics: [] });
    } finally {
      await server.close();
    }
  });

  it("reports a repeated cursor instead of looping forever", async () => {
    const url = await serve(EVERYTHING, ["--mode", "repeat-cursor"]);
    const result = await listToolsFromServer({ url });
    expect(result.tools).toBeUndefined();
    expect(result.diagnostics).toEqual([
      { code: "MG071", severity: "error", message: `${url} sent the cursor "again" again at tools/list (page 2); stopped, it would never end` },
    ]);
  });

  it("reports a JSON-RPC error from tools/list", async () => {
    const url = await serve(EVERYTHING, ["--mode", "error"]);
    const result = await listToolsFromServer({ url });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      code: "MG071",
      message: `${url} answered tools/list (page 1) with JSON-RPC error -32603: the tool catalog is unavailable`,
    });
  });
});

describe("the SDK client's own listTools (why import does not use it)", () => {
  it("drops vendor keys and reorders fields, so import asks with a pass-through result schema", async () => {
    const client = new Client({ name: "test", version: "1" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [TOOLS_SERVER, EXTRA_FIELDS_TOOLS] }));
    try {
      const viaSdk = (await client.listTools()).tools[0] as Record<string, unknown>;
      expect(viaSdk["x-vendor-flag"]).toBeUndefined();
      expect(viaSdk.annotations).not.toHaveProperty("x-vendor-cost");
      expect(viaSdk.execution).not.toHaveProperty("x-queue");
      expect(Object.keys(viaSdk)[0]).toBe("name"); // the server sent `description` first
    } finally {
      await client.close();
    }
  });
});

/** A port nothing listens on: bound once by us, then released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

describe("listToolsFromServer failures are diagnostics", () => {
  let notFound: HttpServer;
  let notFoundUrl: string;
  beforeAll(async () => {
    mkdirSync(TMP, { recursive: true });
    notFound = createServer((_req, res) => {
      res.writeHead(404, { "content-type": "text/plain" }).end("no MCP here");
    });
    await new Promise<void>((resolve) => notFound.listen(0, "127.0.0.1", resolve));
    notFoundUrl = `http://127.0.0.1:${(notFound.address() as AddressInfo).port}/nothing`;
  });
  afterAll(() => new Promise<void>((resolve) => notFound.close(() => resolve())));

  const stdio = (mode: string, extra: string[] = []): ServerSource => ({
    command: stdioServerCommand(EVERYTHING, ["--mode", mode, ...extra]),
  });

  it("a command that does not exist", async () => {
    const result = await listToolsFromServer({ command: "no-such-mcp-server-7f3a --stdio" });
    expect(result).toEqual({
      diagnostics: [{ code: "MG070", severity: "error", message: "cannot start the server: command not found: no-such-mcp-server-7f3a" }],
    });
  });

  it("a command line that does not parse", async () => {
    const result = await listToolsFromServer({ command: `node "server.js` });
    expect(result.diagnostics).toEqual([
      { code: "MG070", severity: "error", message: 'cannot parse the server command `node "server.js`: unterminated double quote' },
    ]);
  });

  it("a server that exits before the handshake, with its stderr in the hint", async () => {
    const source = stdio("exit-at-start");
    const result = await listToolsFromServer(source);
    expect(result.tools).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0].code).toBe("MG070");
    expect(result.diagnostics[0].message).toBe(`the server \`${(source as { command: string }).command}\` exited before it answered the handshake`);
    expect(result.diagnostics[0].hint).toContain("tools-server: giving up before starting");
  });

  it("a server that crashes on tools/list", async () => {
    const result = await listToolsFromServer(stdio("crash"));
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: "MG071", severity: "error" });
    expect(result.diagnostics[0].message).toMatch(/ exited before it answered tools\/list \(page 1\)$/);
    expect(result.diagnostics[0].hint).toContain("tools-server: crashing on tools/list");
  });

  it("a server that repeats its cursor (stdio)", async () => {
    const result = await listToolsFromServer(stdio("repeat-cursor"));
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0].code).toBe("MG071");
    expect(result.diagnostics[0].message).toMatch(/sent the cursor "again" again at tools\/list \(page 2\); stopped/);
  });

  it(`a server whose cursors never end: stops after ${MAX_PAGES} pages`, async () => {
    const result = await listToolsFromServer(stdio("endless"));
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0].code).toBe("MG071");
    expect(result.diagnostics[0].message).toMatch(/ sent more than 1000 pages of tools\/list; stopped$/);
  });

  it("a server that answers tools/list with something that is not a tool list", async () => {
    const result = await listToolsFromServer(stdio("invalid"));
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: "MG071" });
    expect(result.diagnostics[0].message).toMatch(/ sent an invalid tools\/list \(page 1\) result: the result has no `tools` array$/);
  });

  it("a server that never answers: timeout, and the server process is shut down", async () => {
    const pidFile = path.join(TMP, `hang-${process.pid}.pid`);
    const result = await listToolsFromServer(stdio("hang", ["--pid-file", pidFile]), { timeoutMs: 1500 });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      code: "MG071",
      hint: "a slow server needs a longer --timeout <ms>",
    });
    expect(result.diagnostics[0].message).toMatch(/ did not finish tools\/list \(page 1\) within 1500 ms$/);
    expect(processIsGone(Number(readFileSync(pidFile, "utf8")))).toBe(true);
  });

  it("a successful import also shuts the server down", async () => {
    const pidFile = path.join(TMP, `ok-${process.pid}.pid`);
    const result = await listToolsFromServer({ command: stdioServerCommand(EVERYTHING, ["--pid-file", pidFile]) });
    expect(result.diagnostics).toEqual([]);
    expect(processIsGone(Number(readFileSync(pidFile, "utf8")))).toBe(true);
  });

  it("a URL nothing listens on", async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const result = await listToolsFromServer({ url });
    expect(result).toEqual({
      diagnostics: [{ code: "MG070", severity: "error", message: `cannot connect to ${url} (ECONNREFUSED)`, hint: "is the server running?" }],
    });
  });

  it("a URL that is not an MCP endpoint", async () => {
    const result = await listToolsFromServer({ url: notFoundUrl });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: "MG070", hint: "is this the server's MCP endpoint (often /mcp)?" });
    expect(result.diagnostics[0].message).toMatch(new RegExp(`^${notFoundUrl} answered HTTP 404`));
  });

  it.each([
    ["not a url", "not a valid URL: not a url"],
    ["ftp://127.0.0.1/mcp", "not an http or https URL: ftp://127.0.0.1/mcp"],
  ])("an invalid URL: %s", async (url, message) => {
    expect(await listToolsFromServer({ url })).toEqual({ diagnostics: [{ code: "MG070", severity: "error", message }] });
  });
});
