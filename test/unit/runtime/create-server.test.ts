/**
 * createToolServer in process: the SDK's own client talks to `toolServer.fetch` over
 * Streamable HTTP (no socket), in both protocol eras.
 */
import { Client, InMemoryTransport, ProtocolError, StreamableHTTPClientTransport, type StandardSchemaV1 } from "@modelcontextprotocol/client";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createToolServer, type ToolServer, type ToolServerOptions } from "../../../src/runtime/create-server.js";
import type { ToolContext, ToolDefinition, ToolEntry } from "../../../src/runtime/types.js";
import { createAjv } from "../../../src/spec/ajv.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

const ajv = createAjv("2020-12");

function entry(definition: ToolDefinition): ToolEntry {
  return {
    definition,
    validateInput: ajv.compile(definition.inputSchema),
    ...(definition.outputSchema ? { validateOutput: ajv.compile(definition.outputSchema) } : {}),
  };
}

const stringArg = (name: string) => ({
  type: "object" as const,
  properties: { [name]: { type: "string" } },
  required: [name],
  additionalProperties: false,
});

// Five tools, registered out of name order: tools/list sorts them.
const DEFINITIONS: ToolDefinition[] = [
  { name: "echo", description: "Echoes its text.", inputSchema: stringArg("text"), annotations: { readOnlyHint: true } },
  {
    name: "add",
    title: "Add",
    description: "Adds two numbers.",
    inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
    outputSchema: { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] },
  },
  { name: "slow", description: "Never answers.", inputSchema: { type: "object" } },
  { name: "count", description: "Reports progress.", inputSchema: { type: "object", properties: { steps: { type: "integer" } } } },
  { name: "wait", description: "Waits for cancellation.", inputSchema: { type: "object" } },
];
const registry = Object.fromEntries(DEFINITIONS.map((d) => [d.name, entry(d)]));
const SORTED_NAMES = ["add", "count", "echo", "slow", "wait"];

interface Probe {
  waitSignal?: AbortSignal;
  waitStarted?: () => void;
}

function handlers(probe: Probe) {
  return {
    echo: async (input: { text: string }) => input.text,
    add: async (input: { a: number; b: number }) => ({ sum: input.a + input.b }),
    slow: (_input: unknown, context: ToolContext) => {
      probe.waitSignal = context.signal;
      return new Promise(() => {});
    },
    count: async (input: { steps?: number }, context: ToolContext) => {
      const steps = input.steps ?? 3;
      for (let i = 1; i <= steps; i++) await context.progress(i, steps, `step ${i}`);
      return `counted ${steps}`;
    },
    wait: (_input: unknown, context: ToolContext) =>
      new Promise((_resolve, reject) => {
        probe.waitSignal = context.signal;
        context.signal.addEventListener("abort", () => reject(new Error("aborted")));
        probe.waitStarted?.();
      }),
  };
}

const ERAS = [
  { era: "legacy (2025, initialize)", negotiation: undefined },
  { era: "modern (2026-07-28, auto)", negotiation: { mode: "auto" as const } },
];

/** Accepts a result unchanged: one tools/list page as the server sent it (listTools() aggregates without a cursor). */
const AS_SENT: StandardSchemaV1<unknown, unknown> = {
  "~standard": { version: 1, vendor: "test", validate: (value) => ({ value }) },
};

async function listPage(client: Client, cursor?: string): Promise<{ tools: ToolDefinition[]; nextCursor?: string }> {
  const params = cursor === undefined ? {} : { cursor };
  return (await client.request({ method: "tools/list", params }, AS_SENT)) as { tools: ToolDefinition[]; nextCursor?: string };
}

const open: Array<{ client: Client; server: ToolServer }> = [];

async function connect(negotiation: { mode: "auto" } | undefined, options: ToolServerOptions = {}, probe: Probe = {}) {
  const logger = capturingLogger();
  const server = createToolServer({ info: { name: "runtime-test", version: "1.2.3" }, registry, handlers: handlers(probe), logger, ...options });
  const client = new Client({ name: "runtime-test-client", version: "1.0.0" }, negotiation ? { versionNegotiation: negotiation } : {});
  const transport = new StreamableHTTPClientTransport(new URL("http://test.local/mcp"), {
    fetch: (url, init) => server.fetch(new Request(url, init)),
  });
  await client.connect(transport);
  open.push({ client, server });
  return { client, server, logger, probe };
}

afterEach(async () => {
  for (const { client, server } of open.splice(0)) {
    await client.close();
    await server.close();
  }
});

async function protocolError(promise: Promise<unknown>): Promise<ProtocolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error("expected a JSON-RPC error, got a result");
}

describe.each(ERAS)("createToolServer, $era client", ({ negotiation }) => {
  it("negotiates the expected era", async () => {
    const { client } = await connect(negotiation);
    expect(client.getServerVersion()).toMatchObject({ name: "runtime-test", version: "1.2.3" });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
  });

  it("pages tools/list 2 at a time: every tool once, sorted by name, the last page without nextCursor", async () => {
    const { client } = await connect(negotiation, { pageSize: 2 });
    const pages: Array<{ tools: ToolDefinition[]; nextCursor?: string }> = [];
    let cursor: string | undefined;
    do {
      const page = await listPage(client, cursor);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== undefined && pages.length < 10);
    expect(pages.map((p) => p.tools.map((t) => t.name))).toEqual([["add", "count"], ["echo", "slow"], ["wait"]]);
    expect(pages.slice(0, 2).every((p) => typeof p.nextCursor === "string")).toBe(true);
    expect("nextCursor" in pages[2]).toBe(false);
    // Each definition goes out exactly as registered, key order included.
    const byName = new Map(DEFINITIONS.map((d) => [d.name, d]));
    for (const tool of pages.flatMap((p) => p.tools)) expect(JSON.stringify(tool)).toBe(JSON.stringify(byName.get(tool.name)));
  });

  it("the SDK client's own listTools() walks the pages too", async () => {
    const { client } = await connect(negotiation, { pageSize: 2 });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(SORTED_NAMES);
  });

  it("the aggregated listing carries each definition's fields", async () => {
    const { client } = await connect(negotiation, { pageSize: 2 });
    const { tools } = await client.listTools();
    const add = tools.find((t) => t.name === "add")!;
    expect(add).toMatchObject({ name: "add", title: "Add", description: "Adds two numbers.", outputSchema: DEFINITIONS[1].outputSchema });
    expect(tools.find((t) => t.name === "echo")!.annotations).toEqual({ readOnlyHint: true });
  });

  it.each(["garbage", "", "eyJvZmZzZXQiOjJ9"])("an invalid cursor (%j) -> JSON-RPC -32602", async (cursor) => {
    const { client } = await connect(negotiation, { pageSize: 2 });
    const error = await protocolError(client.listTools({ cursor }));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain("Invalid cursor");
  });

  it("a cursor from a server with other tools -> -32602", async () => {
    const other = createToolServer({
      info: { name: "o", version: "1" },
      registry: { echo: registry.echo, add: registry.add, x: entry({ name: "x", inputSchema: { type: "object" } }) },
      handlers: {},
      pageSize: 2,
      logger: capturingLogger(),
    });
    const otherClient = new Client({ name: "c", version: "1" });
    await otherClient.connect(
      new StreamableHTTPClientTransport(new URL("http://other.local/mcp"), { fetch: (url, init) => other.fetch(new Request(url, init)) }),
    );
    open.push({ client: otherClient, server: other });
    const foreign = (await listPage(otherClient)).nextCursor;
    expect(foreign).toBeTypeOf("string");
    const { client } = await connect(negotiation, { pageSize: 2 });
    expect((await protocolError(client.listTools({ cursor: foreign }))).code).toBe(-32602);
  });

  it("an unknown tool -> JSON-RPC -32602", async () => {
    const { client } = await connect(negotiation);
    const error = await protocolError(client.callTool({ name: "no_such_tool", arguments: {} }));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain("no_such_tool");
  });

  it("calls a tool: string result, structured result, invalid arguments", async () => {
    const { client } = await connect(negotiation);
    expect(await client.callTool({ name: "echo", arguments: { text: "hi" } })).toMatchObject({ content: [{ type: "text", text: "hi" }] });
    const add = await client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
    expect(add.structuredContent).toEqual({ sum: 5 });
    expect(add.content).toEqual([{ type: "text", text: '{"sum":5}' }]);
    const invalid = await client.callTool({ name: "echo", arguments: { text: 1, loud: true } });
    expect(invalid.isError).toBe(true);
    expect(invalid.content).toEqual([{ type: "text", text: 'Invalid arguments for tool "echo":\n/loud: is not allowed\n/text: must be string' }]);
  });

  it("toolTimeouts wins over timeoutMs, and the server keeps serving after a timeout", async () => {
    const { client, probe, logger } = await connect(negotiation, { timeoutMs: 60_000, toolTimeouts: { slow: 50 } });
    const result = await client.callTool({ name: "slow", arguments: {} });
    expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: 'Tool "slow" timed out after 50 ms.' }] });
    expect(probe.waitSignal?.aborted).toBe(true);
    expect(logger.calls.map((c) => [c.level, c.message])).toEqual([["warn", 'tool "slow" timed out']]);
    expect(await client.callTool({ name: "echo", arguments: { text: "still here" } })).toMatchObject({ content: [{ text: "still here" }] });
  });

  it("timeoutMs applies to tools without their own timeout", async () => {
    const { client } = await connect(negotiation, { timeoutMs: 40, toolTimeouts: { echo: 5_000 } });
    const result = await client.callTool({ name: "slow", arguments: {} });
    expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: 'Tool "slow" timed out after 40 ms.' }] });
  });

  it("maxArgumentBytes rejects large arguments with a clear tool error", async () => {
    const { client } = await connect(negotiation, { maxArgumentBytes: 64 });
    const text = "x".repeat(100);
    const result = await client.callTool({ name: "echo", arguments: { text } });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: `Arguments for tool "echo" are ${JSON.stringify({ text }).length} bytes; this server accepts at most 64.` }],
    });
  });

  it("sends notifications/progress when the client asks for progress", async () => {
    const { client } = await connect(negotiation);
    const seen: unknown[] = [];
    const result = await client.callTool({ name: "count", arguments: { steps: 3 } }, { onprogress: (p) => seen.push(p) });
    expect(result).toMatchObject({ content: [{ type: "text", text: "counted 3" }] });
    expect(seen).toEqual([
      { progress: 1, total: 3, message: "step 1" },
      { progress: 2, total: 3, message: "step 2" },
      { progress: 3, total: 3, message: "step 3" },
    ]);
  });

  it("progress without a progressToken is a no-op", async () => {
    const { client } = await connect(negotiation);
    expect(await client.callTool({ name: "count", arguments: { steps: 2 } })).toMatchObject({ content: [{ text: "counted 2" }] });
  });

  it("a client that cancels a call aborts the handler's signal, and the server keeps serving", async () => {
    const probe: Probe = {};
    const started = new Promise<void>((resolve) => (probe.waitStarted = resolve));
    // A 2025-era cancellation travels in its own POST: only a session takes it to the call.
    const { client } = await connect(negotiation, { legacySessions: true }, probe);
    const controller = new AbortController();
    const call = client.callTool({ name: "wait", arguments: {} }, { signal: controller.signal });
    await started;
    expect(probe.waitSignal?.aborted).toBe(false);
    controller.abort("user pressed stop");
    await expect(call).rejects.toThrow("user pressed stop");
    await expect.poll(() => probe.waitSignal?.aborted, { timeout: 5_000 }).toBe(true);
    expect(await client.callTool({ name: "echo", arguments: { text: "next" } })).toMatchObject({ content: [{ text: "next" }] });
  });
});

describe("cancellation on a connection", () => {
  // The SDK server wired to one connection (as on stdio), here an in-memory pair.
  it("2025 client on a connection: notifications/cancelled aborts context.signal", async () => {
    const probe: Probe = {};
    const started = new Promise<void>((resolve) => (probe.waitStarted = resolve));
    const server = createToolServer({ info: { name: "x", version: "1" }, registry, handlers: handlers(probe), logger: capturingLogger() });
    const sdkServer = server.createSdkServer();
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await sdkServer.connect(serverTransport);
    const client = new Client({ name: "c", version: "1" });
    await client.connect(clientTransport);
    try {
      const controller = new AbortController();
      const call = client.callTool({ name: "wait", arguments: {} }, { signal: controller.signal });
      await started;
      expect(probe.waitSignal?.aborted).toBe(false);
      controller.abort("user pressed stop");
      await expect(call).rejects.toThrow("user pressed stop");
      await expect.poll(() => probe.waitSignal?.aborted, { timeout: 5_000 }).toBe(true);
      expect(String(probe.waitSignal?.reason)).toContain("user pressed stop");
      expect(await client.callTool({ name: "echo", arguments: { text: "next" } })).toMatchObject({ content: [{ text: "next" }] });
    } finally {
      await client.close();
      await sdkServer.close();
    }
  });
});

describe("createToolServer options", () => {
  it("refuses a pageSize that is not a positive integer", () => {
    expect(() => createToolServer({ info: { name: "x", version: "1" }, registry, handlers: {}, pageSize: 0 })).toThrow(RangeError);
  });

  it("does not treat inherited properties of the handlers object as handlers", async () => {
    const logger = capturingLogger();
    const server = createToolServer({
      info: { name: "x", version: "1" },
      registry: { toString: entry({ name: "toString", inputSchema: { type: "object" } }) },
      handlers: {},
      logger,
    });
    const client = new Client({ name: "c", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL("http://test.local/mcp"), { fetch: (url, init) => server.fetch(new Request(url, init)) }));
    open.push({ client, server });
    const result = await client.callTool({ name: "toString", arguments: {} });
    expect(result.isError).toBe(true);
    expect(logger.calls.map((c) => c.message)).toEqual(['tool "toString" failed: no handler is registered for tool "toString"']);
  });
});

describe("serveHttp", () => {
  /** A raw request, so the Host and Origin headers are exactly what a browser attack would send. */
  function post(url: URL, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        url,
        { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  it("serves both eras on 127.0.0.1 at an ephemeral port, and only at its path", async () => {
    const server = createToolServer({ info: { name: "http-test", version: "1" }, registry, handlers: handlers({}), logger: capturingLogger() });
    const running = await server.serveHttp({ port: 0 });
    try {
      expect(running.url.hostname).toBe("127.0.0.1");
      expect(running.url.pathname).toBe("/mcp");
      expect(Number(running.url.port)).toBeGreaterThan(0);
      for (const negotiation of [undefined, { mode: "auto" as const }]) {
        const client = new Client({ name: "c", version: "1" }, negotiation ? { versionNegotiation: negotiation } : {});
        await client.connect(new StreamableHTTPClientTransport(running.url));
        expect(client.getNegotiatedProtocolVersion()).toBe(negotiation ? "2026-07-28" : "2025-11-25");
        expect(await client.callTool({ name: "echo", arguments: { text: "over http" } })).toMatchObject({ content: [{ text: "over http" }] });
        await client.close();
      }
      const elsewhere = new URL("/other", running.url);
      expect((await post(elsewhere, {})).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("a GET or DELETE that names revision 2026-07-28 gets 405 (it has no sessions); one without it is 2025-era, with sessions only if asked", async () => {
    const server = createToolServer({ info: { name: "http-test", version: "1" }, registry, handlers: handlers({}), logger: capturingLogger() });
    const withSessions = createToolServer({
      info: { name: "http-test", version: "1" },
      registry,
      handlers: handlers({}),
      logger: capturingLogger(),
      legacySessions: true,
    });
    try {
      for (const method of ["GET", "DELETE"]) {
        for (const entry of [server, withSessions]) {
          const modern = await entry.fetch(
            new Request("http://test.local/mcp", { method, headers: { accept: "text/event-stream", "mcp-protocol-version": "2026-07-28" } }),
          );
          expect(modern.status).toBe(405);
          expect(modern.headers.get("allow")).toBe("POST");
        }
        // Without sessions there is no stream or session to open or end.
        const stateless = await server.fetch(new Request("http://test.local/mcp", { method, headers: { accept: "text/event-stream" } }));
        expect(stateless.status).toBe(405);
        const legacy = await withSessions.fetch(new Request("http://test.local/mcp", { method, headers: { accept: "text/event-stream" } }));
        expect(legacy.status).toBe(400);
        expect(await legacy.text()).toContain("Mcp-Session-Id header is required");
      }
    } finally {
      await server.close();
      await withSessions.close();
    }
  });

  it("a 2025-era GET stream opens at once: its status and headers do not wait for the first event", async () => {
    const server = createToolServer({ info: { name: "http-test", version: "1" }, registry, handlers: handlers({}), logger: capturingLogger() });
    const running = await server.serveHttp({ port: 0 });
    const accept = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const send = (method: string, headers: Record<string, string>, body?: unknown) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const req = httpRequest(running.url, { method, headers }, resolve);
        req.on("error", reject);
        req.end(body === undefined ? undefined : JSON.stringify(body));
      });
    try {
      const init = {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
      };
      const initialized = await send("POST", accept, init);
      initialized.resume();
      const session = String(initialized.headers["mcp-session-id"]);
      // Nothing is ever sent on this stream; without the flush, the response would arrive
      // with the first keep-alive, 15 s later, and this would time out.
      let timer: NodeJS.Timeout | undefined;
      const stream = await Promise.race([
        send("GET", { accept: "text/event-stream", "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" }),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("the GET stream's headers did not arrive")), 5_000))),
      ]).finally(() => clearTimeout(timer));
      expect(stream.statusCode).toBe(200);
      expect(stream.headers["content-type"]).toContain("text/event-stream");
      stream.destroy();
    } finally {
      await server.close();
    }
  });

  it("rejects a foreign Host or Origin (DNS rebinding) and accepts localhost ones", async () => {
    const server = createToolServer({ info: { name: "http-test", version: "1" }, registry, handlers: handlers({}), logger: capturingLogger() });
    const running = await server.serveHttp({ port: 0 });
    try {
      const port = running.url.port;
      expect((await post(running.url, { host: "evil.example:" + port })).status).toBe(403);
      expect((await post(running.url, { host: `localhost:${port}`, origin: "https://evil.example" })).status).toBe(403);
      const ok = await post(running.url, { host: `localhost:${port}`, origin: `http://localhost:${port}` });
      expect(ok.status).toBe(200);
      expect(ok.body).toContain('"serverInfo":{"name":"http-test","version":"1"}');
    } finally {
      await server.close();
    }
  });

  describe("bound to 0.0.0.0 with allowedHosts: Origin is checked too (403 when present and not allowed)", () => {
    const host = "mcp.example.internal";
    let server: ToolServer;
    let url: URL;
    beforeAll(async () => {
      server = createToolServer({ info: { name: "http-test", version: "1" }, registry, handlers: handlers({}), logger: capturingLogger() });
      // Written loosely on purpose: it is matched as the origin a browser would send.
      const running = await server.serveHttp({ host: "0.0.0.0", port: 0, allowedHosts: [host], allowedOrigins: ["https://App.example.com/"] });
      url = new URL(`http://127.0.0.1:${running.url.port}/mcp`);
    });
    afterAll(() => server.close());

    it.each([
      ["no Origin (not a browser)", 200, undefined],
      ["a foreign Origin", 403, "http://evil.example"],
      ["an Origin listed in allowedOrigins", 200, "https://app.example.com"],
      ["a listed origin's host with another scheme", 403, "http://app.example.com"],
      ["a listed origin's host on another port", 403, "https://app.example.com:8443"],
      ["an Origin whose host name is in allowedHosts", 200, `http://${host}`],
      ["an Origin whose host name is in allowedHosts, with a port", 200, `https://${host}:8443`],
      ["the opaque origin browsers send from sandboxes", 403, "null"],
    ])("%s -> %i", async (_name, status, origin) => {
      const answer = await post(url, { host: `${host}:${url.port}`, ...(origin === undefined ? {} : { origin }) });
      expect(answer.status).toBe(status);
      if (status === 403)
        expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32000, message: expect.stringMatching(/^Invalid Origin/) } });
    });
  });

  it("accepts allowedOrigins on a loopback address besides localhost ones", async () => {
    const server = createToolServer({ info: { name: "http-test", version: "1" }, registry, handlers: handlers({}), logger: capturingLogger() });
    const running = await server.serveHttp({ port: 0, allowedOrigins: ["https://app.example.com"] });
    try {
      const host = `localhost:${running.url.port}`;
      expect((await post(running.url, { host, origin: "https://app.example.com" })).status).toBe(200);
      expect((await post(running.url, { host, origin: `http://localhost:${running.url.port}` })).status).toBe(200);
      expect((await post(running.url, { host, origin: "https://evil.example" })).status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it("refuses an allowedOrigins entry that is not an origin", async () => {
    const server = createToolServer({ info: { name: "x", version: "1" }, registry, handlers: {}, logger: capturingLogger() });
    await expect(server.serveHttp({ port: 0, allowedOrigins: ["app.example.com"] })).rejects.toThrow('allowedOrigins entry "app.example.com" is not an origin');
  });

  it("refuses to bind a non-loopback address without allowedHosts", async () => {
    const server = createToolServer({ info: { name: "x", version: "1" }, registry, handlers: {}, logger: capturingLogger() });
    await expect(server.serveHttp({ host: "0.0.0.0", port: 0 })).rejects.toThrow("needs allowedHosts");
  });
});
