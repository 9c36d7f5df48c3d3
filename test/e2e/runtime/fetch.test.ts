/**
 * `server.fetch`, the web-standard entry, on the demo's generated server: driven with
 * in-process `Request` objects, and by the SDK client in both eras through a real HTTP
 * server that hands each request to `fetch` (as a Node framework, Deno or Bun would). Bad
 * input gets the answer the MCP specification names, and the server keeps serving.
 */
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolServer, ToolServerOptions } from "../../../src/runtime/index.js";
import { checkWire, connect, listAllTools, type Era } from "../../helpers/mcp.js";
import { REPO_ROOT } from "../../helpers/project.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

type CreateServer = (handlers: Record<string, (input: never) => unknown>, options?: ToolServerOptions) => ToolServer;
let createServer: CreateServer;

const handlers = {
  calculate_bmi: ({ weight_kg, height_cm }: { weight_kg: number; height_cm: number }) => {
    const bmi = Math.round((weight_kg / (height_cm / 100) ** 2) * 100) / 100;
    return { bmi, category: bmi < 18.5 ? "Underweight" : bmi < 25 ? "Normal" : bmi < 30 ? "Overweight" : "Obese" };
  },
  send_notification: ({ message }: { message: string }) => `sent: ${message}`,
};

/** The demo's generated server, as built by the test setup (tsconfig.demo.json). */
function demoServer(options: ToolServerOptions = {}): ToolServer {
  return createServer(handlers as never, { pageSize: 4, logger: capturingLogger(), ...options });
}

beforeAll(async () => {
  ({ createServer } = (await import(pathToFileURL(path.join(REPO_ROOT, "build/demo/generated/server.js")).href)) as { createServer: CreateServer });
});

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "fetch-test", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const JSON_HEADERS = { accept: "application/json, text/event-stream", "content-type": "application/json" };

/** A 2026-07-28 request as the SDK client sends it: the envelope in `_meta` and its headers. */
function modernRequest(method: string, params: Record<string, unknown>, headers: Record<string, string> = {}, url = "http://localhost/mcp"): Request {
  return new Request(url, {
    method: "POST",
    headers: {
      ...JSON_HEADERS,
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(typeof params.name === "string" ? { "mcp-name": params.name } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: META } }),
  });
}

async function answer(response: Response): Promise<{ status: number; body: { result?: Record<string, unknown>; error?: { code: number; message: string } } }> {
  return { status: response.status, body: (await response.json()) as never };
}

/** The server still answers an ordinary call correctly. */
async function expectServing(server: ToolServer): Promise<void> {
  const { status, body } = await answer(
    await server.fetch(modernRequest("tools/call", { name: "calculate_bmi", arguments: { weight_kg: 70, height_cm: 175 } })),
  );
  expect(status).toBe(200);
  expect(body.result?.structuredContent).toEqual({ bmi: 22.86, category: "Normal" });
}

describe("fetch with in-process Request objects (2026-07-28)", () => {
  it("is bound: it works detached, as `export default { fetch: server.fetch }` uses it", async () => {
    const { fetch } = demoServer();
    const { status, body } = await answer(await fetch(modernRequest("tools/list", {})));
    expect(status).toBe(200);
    expect((body.result?.tools as unknown[]).length).toBe(4);
  });

  it("lists every page, calls a tool (structuredContent), and answers invalid arguments and unknown tools", async () => {
    const server = demoServer();
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const { body } = await answer(await server.fetch(modernRequest("tools/list", cursor === undefined ? {} : { cursor })));
      names.push(...(body.result!.tools as Array<{ name: string }>).map((tool) => tool.name));
      cursor = body.result!.nextCursor as string | undefined;
    } while (cursor !== undefined);
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(12);

    await expectServing(server);

    const invalid = await answer(await server.fetch(modernRequest("tools/call", { name: "calculate_bmi", arguments: { weight_kg: -1 } })));
    expect(invalid.body.result).toMatchObject({ isError: true });
    expect((invalid.body.result!.content as Array<{ text: string }>)[0].text).toBe(
      'Invalid arguments for tool "calculate_bmi":\n/height_cm: is required\n/weight_kg: must be > 0',
    );

    const unknown = await answer(await server.fetch(modernRequest("tools/call", { name: "no_such_tool", arguments: {} })));
    expect(unknown.body.error).toEqual({ code: -32602, message: "Unknown tool: no_such_tool" });
    await server.close();
  });
});

describe("fetch on bad input: the answer the specification names, and the server keeps serving", () => {
  const server = () => demoServer();
  const cases: Array<[string, () => Request, number, number | undefined]> = [
    [
      "a body that is not JSON",
      () => new Request("http://localhost/mcp", { method: "POST", headers: { ...JSON_HEADERS, "mcp-protocol-version": "2026-07-28" }, body: "{not json" }),
      400,
      -32700,
    ],
    ["a 2025-era body that is not JSON", () => new Request("http://localhost/mcp", { method: "POST", headers: JSON_HEADERS, body: "[1," }), 400, -32700],
    [
      "a body over the size limit (4 MiB)",
      () => modernRequest("tools/call", { name: "send_notification", arguments: { userId: "u-1", message: "x".repeat(5 * 1024 * 1024) } }),
      413,
      -32000,
    ],
    [
      "a body that is not application/json",
      () =>
        new Request("http://localhost/mcp", {
          method: "POST",
          headers: { ...JSON_HEADERS, "content-type": "text/plain", "mcp-protocol-version": "2026-07-28" },
          body: "{}",
        }),
      415,
      -32000,
    ],
    ["PUT", () => new Request("http://localhost/mcp", { method: "PUT", headers: JSON_HEADERS, body: "{}" }), 405, -32000],
    [
      "GET (2026-07-28 has no standalone stream)",
      () => new Request("http://localhost/mcp", { method: "GET", headers: { accept: "text/event-stream", "mcp-protocol-version": "2026-07-28" } }),
      405,
      -32000,
    ],
    [
      "GET (a 2025-era stream needs a session)",
      () => new Request("http://localhost/mcp", { method: "GET", headers: { accept: "text/event-stream" } }),
      405,
      -32000,
    ],
    ["DELETE (no session to end)", () => new Request("http://localhost/mcp", { method: "DELETE" }), 405, -32000],
    [
      "a 2026-07-28 body without the MCP-Protocol-Version header",
      () => {
        const request = modernRequest("tools/list", {});
        const headers = new Headers(request.headers);
        headers.delete("mcp-protocol-version");
        return new Request(request, { headers });
      },
      400,
      -32020,
    ],
    ["a header that disagrees with the body's revision", () => modernRequest("tools/list", {}, { "mcp-protocol-version": "2025-11-25" }), 400, -32020],
    [
      "a revision this server does not speak, in header and body",
      () =>
        new Request("http://localhost/mcp", {
          method: "POST",
          headers: { ...JSON_HEADERS, "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/list" },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 7,
            method: "tools/list",
            params: { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } },
          }),
        }),
      400,
      -32022,
    ],
    [
      "a 2025-era request naming an unknown revision in its header",
      () =>
        new Request("http://localhost/mcp", {
          method: "POST",
          headers: { ...JSON_HEADERS, "mcp-protocol-version": "1999-01-01" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
        }),
      400,
      -32000,
    ],
  ];

  it.each(cases)("%s", async (_name, request, status, code) => {
    const s = server();
    const response = await s.fetch(request());
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error?: { code: number } };
    expect(body.error?.code).toBe(code);
    if (status === 405) expect(response.headers.get("allow")).toBe("POST");
    await expectServing(s);
    await s.close();
  });

  it("the -32022 answer names the revisions this server speaks", async () => {
    const s = server();
    const request = cases.find(([name]) => name.startsWith("a revision this server"))![1]();
    const { body } = await answer(await s.fetch(request));
    expect(body.error).toMatchObject({ code: -32022, data: { supported: ["2026-07-28"], requested: "2099-01-01" } });
    await s.close();
  });
});

describe("fetch's Host and Origin checks", () => {
  const list = (headers: Record<string, string>, url?: string) => modernRequest("tools/list", {}, headers, url);

  it("by default, a loopback Host accepts loopback origins and requests without one, and refuses other origins (403)", async () => {
    const server = demoServer();
    for (const url of ["http://localhost:8787/mcp", "http://127.0.0.1/mcp", "http://[::1]:3000/mcp"]) {
      expect((await server.fetch(list({}, url))).status).toBe(200);
      for (const origin of ["http://localhost:5173", "http://127.0.0.1:8080", "http://[::1]", "http://127.1.2.3:3000"]) {
        expect((await server.fetch(list({ origin }, url))).status).toBe(200);
      }
      const refused = await answer(await server.fetch(list({ origin: "https://evil.example" }, url)));
      expect(refused).toEqual({ status: 403, body: { jsonrpc: "2.0", error: { code: -32000, message: "Invalid Origin: evil.example" }, id: null } });
    }
    // The Host header, as a runtime passes it on, wins over the URL.
    expect((await server.fetch(list({ host: "127.0.0.1:3000", origin: "https://evil.example" }, "https://mcp.example.com/mcp"))).status).toBe(403);
    await expectServing(server);
  });

  it("by default, a public Host (a deployed Worker) is not restricted", async () => {
    const server = demoServer();
    expect((await server.fetch(list({ origin: "https://app.example.org" }, "https://mcp.example.com/mcp"))).status).toBe(200);
  });

  it("allowedHosts: other Hosts get 403, and origins must be on those hosts or in allowedOrigins", async () => {
    const server = demoServer({ allowedHosts: ["mcp.example.com"], allowedOrigins: ["https://app.example.org"] });
    const at = "https://mcp.example.com/mcp";
    expect((await server.fetch(list({}, at))).status).toBe(200);
    expect((await server.fetch(list({ origin: "https://mcp.example.com" }, at))).status).toBe(200);
    expect((await server.fetch(list({ origin: "https://app.example.org" }, at))).status).toBe(200);
    expect(await answer(await server.fetch(list({ origin: "https://evil.example" }, at)))).toMatchObject({
      status: 403,
      body: { error: { message: "Invalid Origin: evil.example" } },
    });
    // DNS rebinding: a name the attacker controls, pointed at this server.
    expect(await answer(await server.fetch(list({}, "http://rebound.evil.example/mcp")))).toMatchObject({
      status: 403,
      body: { error: { message: "Invalid Host: rebound.evil.example" } },
    });
    expect(await answer(await server.fetch(list({}, "http://localhost/mcp")))).toMatchObject({ status: 403 });
  });

  it("allowedOrigins alone: a public Host accepts its own origin and the listed ones", async () => {
    const server = demoServer({ allowedOrigins: ["https://app.example.org"] });
    const at = "https://mcp.example.com/mcp";
    expect((await server.fetch(list({ origin: "https://mcp.example.com" }, at))).status).toBe(200);
    expect((await server.fetch(list({ origin: "https://app.example.org" }, at))).status).toBe(200);
    expect((await server.fetch(list({ origin: "https://evil.example" }, at))).status).toBe(403);
    expect(() => demoServer({ allowedOrigins: ["app.example.org"] })).toThrow(
      'allowedOrigins entry "app.example.org" is not an origin such as "https://app.example.com"',
    );
  });
});

describe.each<Era>(["modern", "legacy"])("the SDK client (%s era) through a real HTTP server that calls fetch", (era) => {
  let server: ToolServer;
  let http: HttpServer;
  let url: URL;

  beforeAll(async () => {
    server = demoServer();
    // Detached, as a framework gets it.
    const handler = toNodeHandler({ fetch: server.fetch });
    http = createHttpServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  });

  afterAll(async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await server.close();
  });

  it("lists every page, calls, and answers invalid arguments and unknown tools; every message valid for its revision", async () => {
    const connection = await connect({ kind: "http", url }, era);
    try {
      const { client } = connection;
      const tools = await listAllTools(client);
      expect(tools.map((tool) => tool.name)).toHaveLength(12);

      const bmi = await client.callTool({ name: "calculate_bmi", arguments: { weight_kg: 70, height_cm: 175 } });
      expect(bmi.structuredContent).toEqual({ bmi: 22.86, category: "Normal" });
      expect(bmi.content).toEqual([{ type: "text", text: '{"bmi":22.86,"category":"Normal"}' }]);

      const invalid = await client.callTool({ name: "send_notification", arguments: { userId: "u-1", message: "x".repeat(2001) } });
      expect(invalid).toMatchObject({
        isError: true,
        content: [{ type: "text", text: 'Invalid arguments for tool "send_notification":\n/message: must NOT have more than 2000 characters' }],
      });

      await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining("Unknown tool: no_such_tool"),
      });

      expect(await client.callTool({ name: "send_notification", arguments: { userId: "u-1", message: "still here" } })).toMatchObject({
        content: [{ type: "text", text: "sent: still here" }],
      });
      const wire = checkWire(connection);
      expect(wire.problems).toEqual([]);
      expect(wire.checked).toBeGreaterThan(5);
    } finally {
      await connection.close();
    }
  });
});
