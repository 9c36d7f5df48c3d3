/**
 * `context.elicit` and `context.sample` with real SDK clients: they reach a 2025-era client
 * that declared the capability, and otherwise fail, before anything is sent, with a
 * ToolError saying what is missing (the client's capability, or a protocol revision that
 * has no requests from server to client).
 */
import { Client, InMemoryTransport, StreamableHTTPClientTransport, type ClientCapabilities } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { createToolServer, type ToolServer } from "../../../src/runtime/create-server.js";
import type { CallToolResult, CompiledValidator, ToolContext, ToolEntry } from "../../../src/runtime/types.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

const anyObject: CompiledValidator = Object.assign(() => true, { errors: null });
const entry = (name: string): ToolEntry => ({ definition: { name, inputSchema: { type: "object" } }, validateInput: anyObject });

const handlers = {
  ask: async (_input: unknown, context: ToolContext) => {
    const answer = await context.elicit({ message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } });
    return `${answer.action}: ${JSON.stringify(answer.content)}`;
  },
  think: async (_input: unknown, context: ToolContext) => {
    const answer = await context.sample({ messages: [{ role: "user", content: { type: "text", text: "Hi?" } }], maxTokens: 20 });
    return `${answer.model}: ${JSON.stringify(answer.content)}`;
  },
};

/** `legacySessions`: a 2025-era client over fetch keeps a session, as on serveHttp, so its answers reach the call. */
function toolServer(legacySessions = true): ToolServer {
  return createToolServer({
    info: { name: "client-requests-test", version: "1.0.0" },
    registry: { ask: entry("ask"), think: entry("think") },
    handlers,
    logger: capturingLogger(),
    legacySessions,
  });
}

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** A client that answers elicitation and sampling requests for whatever it declares. */
function clientWith(capabilities: ClientCapabilities, modern = false): Client {
  const client = new Client(
    { name: "client-requests-test-client", version: "1.0.0" },
    { capabilities, ...(modern ? { versionNegotiation: { mode: "auto" as const } } : {}) },
  );
  if (capabilities.elicitation) client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { name: "Ada" } }));
  if (capabilities.sampling)
    client.setRequestHandler("sampling/createMessage", async () => ({ role: "assistant", content: { type: "text", text: "Hello." }, model: "test-model" }));
  return client;
}

/** A 2025-era client on one connection (as on stdio), with the methods of the requests the server sent it. */
async function overConnection(capabilities: ClientCapabilities) {
  const server = toolServer();
  const sdkServer = server.createSdkServer();
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const requested: string[] = [];
  const send = serverTransport.send.bind(serverTransport);
  serverTransport.send = (message, options) => {
    const { method, id } = message as { method?: string; id?: unknown };
    if (method !== undefined && id !== undefined) requested.push(method);
    return send(message, options);
  };
  await sdkServer.connect(serverTransport);
  const client = clientWith(capabilities);
  await client.connect(clientTransport);
  closing.push(
    () => client.close(),
    () => sdkServer.close(),
  );
  return { client, requested };
}

async function overHttp(capabilities: ClientCapabilities, modern: boolean, legacySessions = true) {
  const server = toolServer(legacySessions);
  const client = clientWith(capabilities, modern);
  await client.connect(new StreamableHTTPClientTransport(new URL("http://test.local/mcp"), { fetch: (url, init) => server.fetch(new Request(url, init)) }));
  closing.push(
    () => server.close(),
    () => client.close(),
  );
  expect(client.getProtocolEra()).toBe(modern ? "modern" : "legacy");
  return { client };
}

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

describe("2025-era client that declared the capability", () => {
  it("context.elicit and context.sample reach it and return its answers", async () => {
    const { client, requested } = await overConnection({ elicitation: {}, sampling: {} });
    expect(textOf(await client.callTool({ name: "ask", arguments: {} }))).toBe('accept: {"name":"Ada"}');
    expect(textOf(await client.callTool({ name: "think", arguments: {} }))).toBe('test-model: {"type":"text","text":"Hello."}');
    expect(requested).toEqual(["elicitation/create", "sampling/createMessage"]);
  });

  it("over HTTP (a 2025 session) too", async () => {
    const { client } = await overHttp({ elicitation: {}, sampling: {} }, false);
    expect(textOf(await client.callTool({ name: "ask", arguments: {} }))).toBe('accept: {"name":"Ada"}');
    expect(textOf(await client.callTool({ name: "think", arguments: {} }))).toBe('test-model: {"type":"text","text":"Hello."}');
  });
});

describe("2025-era client served without a session (fetch's default): a clear ToolError, nothing sent", () => {
  it("context.elicit and context.sample say the answer could not reach the call, and where they work", async () => {
    const { client } = await overHttp({ elicitation: {}, sampling: {} }, false, false);
    for (const [tool, method] of [
      ["ask", "elicit"],
      ["think", "sample"],
    ]) {
      const result = await client.callTool({ name: tool, arguments: {} });
      expect(result).toMatchObject({ isError: true });
      expect(textOf(result)).toBe(
        `context.${method} is not available to this client: it speaks a 2025 revision of MCP and this server answers each of its HTTP requests ` +
          "on its own, without a session, so the client's answer could not reach this call. It works over stdio, serveHttp(), or fetch with the legacySessions option.",
      );
    }
  });
});

describe("2025-era client without the capability: a clear ToolError, nothing sent", () => {
  it("context.sample to a client that did not declare sampling", async () => {
    const { client, requested } = await overConnection({ elicitation: {} });
    const result = await client.callTool({ name: "think", arguments: {} });
    expect(result).toMatchObject({ isError: true });
    expect(textOf(result)).toBe("This client did not declare the sampling capability; context.sample needs a client that supports sampling.");
    expect(requested).toEqual([]);
  });

  it("context.elicit to a client that did not declare elicitation", async () => {
    const { client, requested } = await overConnection({ sampling: {} });
    const result = await client.callTool({ name: "ask", arguments: {} });
    expect(result).toMatchObject({ isError: true });
    expect(textOf(result)).toBe("This client did not declare the elicitation capability; context.elicit needs a client that supports elicitation.");
    expect(requested).toEqual([]);
  });

  it("context.elicit (form) to a client that declared URL elicitation only", async () => {
    const { client, requested } = await overConnection({ elicitation: { url: {} } });
    const result = await client.callTool({ name: "ask", arguments: {} });
    expect(textOf(result)).toBe('This client declared elicitation without form mode; context.elicit with mode "form" needs a client that supports it.');
    expect(requested).toEqual([]);
  });
});

describe("2026-07-28 client", () => {
  it("context.sample: a plain explanation, not the SDK's advice to return inputRequired()", async () => {
    const { client } = await overHttp({ elicitation: {}, sampling: {} }, true);
    const result = await client.callTool({ name: "think", arguments: {} });
    expect(result).toMatchObject({ isError: true });
    expect(textOf(result)).toBe(
      "context.sample is not available to this client: it speaks MCP revision 2026-07-28, in which a server cannot send requests to the client " +
        "during a tool call (and sampling is deprecated). context.sample works with clients on a 2025 revision that declare the sampling capability.",
    );
    expect(textOf(result)).not.toContain("inputRequired");
  });

  it("context.elicit asks with a multi-round-trip result, which the SDK client answers and retries (test/unit/runtime/elicitation.test.ts)", async () => {
    const { client } = await overHttp({ elicitation: {}, sampling: {} }, true);
    expect(textOf(await client.callTool({ name: "ask", arguments: {} }))).toBe('accept: {"name":"Ada"}');
  });
});
