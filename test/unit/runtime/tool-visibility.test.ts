/**
 * Tool lists per caller: a `verifyToken` hook on the HTTP entries (`serveHttp` over a real
 * socket; `fetch`, stateless and with 2025 sessions), two bearer tokens (one with
 * files:write, one without), the SDK's own client in both eras. Each caller pages through
 * its own list, a hidden tool answers as an unknown one, a refused token gets 401 and the
 * challenge; without a hook every tool is listed.
 */
import { Client, ProtocolError, StreamableHTTPClientTransport, type StandardSchemaV1 } from "@modelcontextprotocol/client";
import { OAuthError, OAuthErrorCode, verifyBearerToken, type AuthInfo } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { createToolServer, type ToolServer, type ToolServerOptions } from "../../../src/runtime/create-server.js";
import type { ToolContext, ToolDefinition, ToolEntry } from "../../../src/runtime/types.js";
import { createAjv } from "../../../src/spec/ajv.js";

const ajv = createAjv("2020-12");

const tool = (name: string, scopes?: string[]): ToolEntry => {
  const definition: ToolDefinition = { name, description: `The ${name} tool.`, inputSchema: { type: "object" } };
  return { definition, validateInput: ajv.compile(definition.inputSchema), ...(scopes ? { auth: { scopes } } : {}) };
};

// Seven tools, pages of two: every caller's list takes several pages.
const registry: Record<string, ToolEntry> = {
  read_file: tool("read_file"),
  delete_file: tool("delete_file", ["files:write"]),
  list_files: tool("list_files"),
  move_file: tool("move_file", ["files:write"]),
  purge: tool("purge", ["files:write", "admin"]),
  stat_file: tool("stat_file"),
  write_file: tool("write_file", ["files:write"]),
};
const EVERY_TOOL = ["delete_file", "list_files", "move_file", "purge", "read_file", "stat_file", "write_file"];
const WRITER_TOOLS = ["delete_file", "list_files", "move_file", "read_file", "stat_file", "write_file"];
const READER_TOOLS = ["list_files", "read_file", "stat_file"];
const PAGE_SIZE = 2;

const handlers = Object.fromEntries(
  Object.keys(registry).map((name) => [
    name,
    (_input: unknown, context: ToolContext) => `${name} by ${(context.authInfo as AuthInfo | undefined)?.clientId ?? "nobody"}`,
  ]),
);

const TOKENS: Record<string, { clientId: string; scopes: string[] }> = {
  "writer-token": { clientId: "writer", scopes: ["files:read", "files:write"] },
  "reader-token": { clientId: "reader", scopes: ["files:read"] },
};
const RESOURCE_METADATA = "https://files.example.com/.well-known/oauth-protected-resource/mcp";

/** A token verifier as the SDK's bearer helpers take it: unknown tokens are OAuth `invalid_token`. */
const verifier = {
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const known = TOKENS[token];
    if (!known) throw new OAuthError(OAuthErrorCode.InvalidToken, "Unknown token");
    return { token, ...known, expiresAt: Math.floor(Date.now() / 1000) + 3600 };
  },
};

/** The hook as a user would write it with the SDK: its bearer parsing, expiry check and errors. */
const verifyToken: ToolServerOptions["verifyToken"] = (request) => verifyBearerToken(request.headers.get("authorization"), { verifier });

const ERAS = [
  { era: "2025-11-25", negotiation: undefined },
  { era: "2026-07-28", negotiation: { mode: "auto" as const } },
];

/** The HTTP entries the hook guards. */
type Entry = "serveHttp" | "fetch" | "fetch with legacySessions";
const ENTRIES: Entry[] = ["serveHttp", "fetch", "fetch with legacySessions"];
const CASES = ENTRIES.flatMap((entry) => ERAS.map((era) => ({ entry, ...era })));

type Wire = { status: number; wwwAuthenticate: string | null; messages: Array<{ id?: unknown; result?: Record<string, unknown>; error?: unknown }> };

const running: Array<{ server: ToolServer; clients: Client[] }> = [];

afterEach(async () => {
  for (const { server, clients } of running.splice(0)) {
    for (const client of clients) await client.close();
    await server.close();
  }
});

/** A server on `entry`: where its clients connect, and how their requests reach it. */
async function serve(options: ToolServerOptions & { registry?: Record<string, ToolEntry> }, on: Entry = "serveHttp") {
  const server = createToolServer({
    info: { name: "files", version: "1.0.0" },
    registry,
    handlers,
    pageSize: PAGE_SIZE,
    ...(on === "fetch with legacySessions" ? { legacySessions: true } : {}),
    ...options,
  });
  const entry = { server, clients: [] as Client[] };
  running.push(entry);
  if (on === "serveHttp") {
    const { url } = await server.serveHttp({ port: 0 });
    return { url, entry, send: (input: string | URL | Request, init?: RequestInit) => fetch(input, init) };
  }
  // Detached, as a Worker or Deno.serve holds it.
  const serverFetch = server.fetch;
  return {
    url: new URL("https://files.example.com/mcp"),
    entry,
    send: (input: string | URL | Request, init?: RequestInit) => serverFetch(new Request(input, init)),
  };
}

type Served = Awaited<ReturnType<typeof serve>>;

/**
 * The SDK's client with a bearer token, and every answer to its POSTs as sent (status, the
 * challenge header, the JSON-RPC messages), read before the client reads them.
 */
async function connect({ url, entry, send }: Served, negotiation: { mode: "auto" } | undefined, token?: string) {
  const wire: Wire[] = [];
  const transport = new StreamableHTTPClientTransport(url, {
    ...(token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {}),
    fetch: async (input, init) => {
      const response = await send(input, init);
      if (init?.method === "POST") {
        const text = await response.clone().text();
        const bodies = response.headers.get("content-type")?.includes("text/event-stream")
          ? text
              .split("\n")
              .filter((line) => line.startsWith("data: "))
              .map((line) => line.slice(6))
          : text.trim()
            ? [text]
            : [];
        wire.push({ status: response.status, wwwAuthenticate: response.headers.get("www-authenticate"), messages: bodies.map((body) => JSON.parse(body)) });
      }
      return response;
    },
  });
  const client = new Client({ name: "visibility-test", version: "1.0.0" }, negotiation ? { versionNegotiation: negotiation } : {});
  entry.clients.push(client);
  await client.connect(transport);
  return { client, wire };
}

/** Accepts a result unchanged: one tools/list page as the server sent it (listTools() gathers every page). */
const AS_SENT: StandardSchemaV1<unknown, unknown> = {
  "~standard": { version: 1, vendor: "test", validate: (value) => ({ value }) },
};

async function listPage(client: Client, cursor?: string): Promise<{ tools: ToolDefinition[]; nextCursor?: string }> {
  return (await client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, AS_SENT)) as {
    tools: ToolDefinition[];
    nextCursor?: string;
  };
}

/** Every page of the caller's tools/list, each page's names. */
async function pages(client: Client): Promise<string[][]> {
  const out: string[][] = [];
  let cursor: string | undefined;
  do {
    const result = await listPage(client, cursor);
    out.push(result.tools.map((t) => t.name));
    cursor = result.nextCursor;
  } while (cursor !== undefined && out.length < 100);
  return out;
}

const chunks = (names: string[]) =>
  names.reduce<string[][]>((all, name, i) => (i % PAGE_SIZE === 0 ? [...all, [name]] : (all[all.length - 1].push(name), all)), []);

/** The tools/list results the server sent on this connection. */
const listResults = (wire: Wire[]) =>
  wire
    .flatMap((w) => w.messages)
    .filter((m) => Array.isArray(m.result?.tools))
    .map((m) => m.result!);

async function callError(client: Client, name: string): Promise<{ code: number; message: string }> {
  try {
    await client.callTool({ name, arguments: {} });
  } catch (error) {
    if (error instanceof ProtocolError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`calling ${name} succeeded`);
}

describe.each(CASES)("verifyToken on $entry, $era client", ({ entry: on, era, negotiation }) => {
  it("each token sees its own list, page by page; 2026-07-28 answers say the list is private", async () => {
    const served = await serve({ verifyToken, resourceMetadataUrl: RESOURCE_METADATA }, on);
    const writer = await connect(served, negotiation, "writer-token");
    const reader = await connect(served, negotiation, "reader-token");
    expect(writer.client.getNegotiatedProtocolVersion()).toBe(era);

    expect(await pages(writer.client)).toEqual(chunks(WRITER_TOOLS));
    expect(await pages(reader.client)).toEqual(chunks(READER_TOOLS));
    // Deterministic per caller: the same pages again.
    expect(await pages(reader.client)).toEqual(chunks(READER_TOOLS));

    for (const { wire } of [writer, reader]) {
      const results = listResults(wire);
      expect(results.length).toBeGreaterThan(1);
      for (const result of results) {
        if (era === "2026-07-28") expect([result.cacheScope, result.ttlMs]).toEqual(["private", 0]);
        else expect(result).not.toHaveProperty("cacheScope");
      }
    }
  });

  it("a call to a tool the caller may not see answers exactly as an unknown tool does", async () => {
    const served = await serve({ verifyToken }, on);
    const reader = await connect(served, negotiation, "reader-token");
    const writer = await connect(served, negotiation, "writer-token");

    const hidden = await callError(reader.client, "delete_file");
    const unknown = await callError(reader.client, "no_such_file");
    expect(hidden).toEqual({ code: -32602, message: expect.stringContaining("Unknown tool: delete_file") });
    expect({ ...hidden, message: hidden.message.replace("delete_file", "X") }).toEqual({ ...unknown, message: unknown.message.replace("no_such_file", "X") });
    // On the wire too: the same error object but for the name.
    const errors = reader.wire
      .flatMap((w) => w.messages)
      .filter((m) => m.error !== undefined)
      .map((m) => JSON.stringify(m.error));
    expect(errors).toHaveLength(2);
    expect(errors[0].replace("delete_file", "X")).toBe(errors[1].replace("no_such_file", "X"));
    // A tool needing two scopes is hidden from a caller holding one of them.
    expect(await callError(writer.client, "purge")).toEqual({ code: -32602, message: expect.stringContaining("Unknown tool: purge") });

    // The caller allowed to see it calls it, and its handler knows who called.
    const called = await writer.client.callTool({ name: "delete_file", arguments: {} });
    expect(called.content).toEqual([{ type: "text", text: "delete_file by writer" }]);
    const read = await reader.client.callTool({ name: "read_file", arguments: {} });
    expect(read.content).toEqual([{ type: "text", text: "read_file by reader" }]);
  });

  it("a cursor from another caller's list is refused, not read against this one", async () => {
    const served = await serve({ verifyToken }, on);
    const writer = await connect(served, negotiation, "writer-token");
    const reader = await connect(served, negotiation, "reader-token");
    const first = await listPage(writer.client);
    expect(first.nextCursor).toBeDefined();
    await expect(listPage(reader.client, first.nextCursor)).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("Invalid cursor") });
  });

  it("a refused token gets 401 and the WWW-Authenticate challenge, with resource_metadata", async () => {
    const served = await serve({ verifyToken, resourceMetadataUrl: RESOURCE_METADATA }, on);
    const refused = await connect(served, negotiation, "stolen-token").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    // What the client got, as sent.
    const wire: Wire[] = [];
    const probe = new StreamableHTTPClientTransport(served.url, {
      requestInit: { headers: { Authorization: "Bearer stolen-token" } },
      fetch: async (input, init) => {
        const response = await served.send(input, init);
        wire.push({ status: response.status, wwwAuthenticate: response.headers.get("www-authenticate"), messages: [] });
        return response;
      },
    });
    const client = new Client({ name: "visibility-test", version: "1.0.0" }, negotiation ? { versionNegotiation: negotiation } : {});
    await expect(client.connect(probe)).rejects.toThrow();
    expect(wire.length).toBeGreaterThan(0);
    for (const answer of wire) {
      expect(answer).toEqual({
        status: 401,
        wwwAuthenticate: `Bearer error="invalid_token", error_description="Unknown token", resource_metadata="${RESOURCE_METADATA}"`,
        messages: [],
      });
    }
  });
});

describe("verifyToken's answers", () => {
  const initialize = (headers: Record<string, string> = {}) =>
    new Request("http://127.0.0.1/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
      }),
    });

  it("no token, or one the hook does not know: 401 invalid_token, saying which", async () => {
    const server = createToolServer({
      info: { name: "files", version: "1.0.0" },
      registry,
      handlers,
      verifyToken: (request) =>
        request.headers.get("authorization") === "Bearer writer-token" ? { token: "writer-token", ...TOKENS["writer-token"] } : undefined,
    });
    running.push({ server, clients: [] });
    const missing = await server.fetch(initialize());
    expect([missing.status, missing.headers.get("www-authenticate")]).toEqual([401, 'Bearer error="invalid_token", error_description="Missing access token"']);
    expect(await missing.json()).toEqual({ error: "invalid_token", error_description: "Missing access token" });
    const wrong = await server.fetch(initialize({ authorization: "Bearer reader-token" }));
    expect([wrong.status, wrong.headers.get("www-authenticate")]).toEqual([401, 'Bearer error="invalid_token", error_description="Invalid access token"']);
    const right = await server.fetch(initialize({ authorization: "Bearer writer-token" }));
    expect(right.status).toBe(200);
  });

  it("every method is asked for a token but a CORS preflight, which cannot carry one", async () => {
    const server = createToolServer({ info: { name: "files", version: "1.0.0" }, registry, handlers, verifyToken, legacySessions: true });
    running.push({ server, clients: [] });
    for (const method of ["GET", "DELETE"]) {
      const answer = await server.fetch(new Request("http://127.0.0.1/mcp", { method, headers: { accept: "text/event-stream", "mcp-session-id": "any" } }));
      expect([method, answer.status, answer.headers.get("www-authenticate")]).toEqual([
        method,
        401,
        'Bearer error="invalid_token", error_description="Missing Authorization header"',
      ]);
    }
    const preflight = await server.fetch(new Request("http://127.0.0.1/mcp", { method: "OPTIONS", headers: { "access-control-request-method": "POST" } }));
    expect(preflight.status).not.toBe(401);
  });

  it("an OAuthError the hook throws gets its own answer; any other failure is logged and answered 500", async () => {
    const logged: string[] = [];
    const logger = { debug() {}, info() {}, warn() {}, error: (message: string, data?: unknown) => void logged.push(`${message} ${JSON.stringify(data)}`) };
    const server = createToolServer({
      info: { name: "files", version: "1.0.0" },
      registry,
      handlers,
      logger,
      resourceMetadataUrl: RESOURCE_METADATA,
      verifyToken: (request) => {
        if (request.headers.get("authorization") === "Bearer narrow") throw new OAuthError(OAuthErrorCode.InsufficientScope, "Needs files:read");
        throw new Error("introspection endpoint down");
      },
    });
    running.push({ server, clients: [] });
    const narrow = await server.fetch(initialize({ authorization: "Bearer narrow" }));
    expect([narrow.status, narrow.headers.get("www-authenticate")]).toEqual([
      403,
      `Bearer error="insufficient_scope", error_description="Needs files:read", resource_metadata="${RESOURCE_METADATA}"`,
    ]);
    const broken = await server.fetch(initialize({ authorization: "Bearer any" }));
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ error: "server_error", error_description: "Internal Server Error" });
    expect(logged).toEqual(['verifyToken failed {"message":"introspection endpoint down"}']);
  });
});

describe.each(CASES)("no verifyToken hook on $entry, $era client", ({ entry: on, negotiation, era }) => {
  it("every tool is listed to everyone, and 2026-07-28 answers say the list is public", async () => {
    const served = await serve({}, on);
    const anyone = await connect(served, negotiation);
    const withToken = await connect(served, negotiation, "reader-token");
    for (const { client, wire } of [anyone, withToken]) {
      expect(await pages(client)).toEqual(chunks(EVERY_TOOL));
      expect((await client.callTool({ name: "purge", arguments: {} })).content).toEqual([{ type: "text", text: "purge by nobody" }]);
      expect(listResults(wire).length).toBeGreaterThan(1);
      for (const result of listResults(wire)) {
        if (era === "2026-07-28") expect([result.cacheScope, result.ttlMs]).toEqual(["public", 0]);
        else expect(result).not.toHaveProperty("cacheScope");
      }
    }
  });
});

describe("a registry without scoped tools", () => {
  it("answers public lists in 2026-07-28 even to a verified caller: the list does not depend on it", async () => {
    const served = await serve({ verifyToken, registry: { read_file: tool("read_file") } }, "fetch");
    const reader = await connect(served, { mode: "auto" }, "reader-token");
    expect(await pages(reader.client)).toEqual([["read_file"]]);
    expect(listResults(reader.wire).map((r) => r.cacheScope)).toEqual(["public"]);
  });
});
