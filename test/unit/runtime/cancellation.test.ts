/**
 * A call the client cancels, or whose connection closes, ends at once, whatever its
 * handler does: the `maxConcurrentCalls` slot is released, `afterCall` hears `cancelled`,
 * and no response is sent for the cancelled request (MCP: the receiver should not answer
 * after a cancellation). The handlers here never settle and ignore their signal, the worst
 * case. Real SDK clients, over a connection (in memory, and a real stdio child process)
 * and over Streamable HTTP in both protocol eras.
 */
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { createToolServer, type ToolServer } from "../../../src/runtime/create-server.js";
import type { CompiledValidator, ToolEntry } from "../../../src/runtime/types.js";
import type { Era } from "../../helpers/mcp.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

const anyObject: CompiledValidator = Object.assign(() => true, { errors: null });
const entry = (name: string): ToolEntry => ({ definition: { name, inputSchema: { type: "object" } }, validateInput: anyObject });
const registry = { echo: entry("echo"), hang: entry("hang") };

type Message = { id?: string | number; method?: string; params?: { name?: string }; result?: unknown; error?: unknown };

/** A server with one slot whose `afterCall` records `[tool, status]`; `hang` never settles and ignores its signal. */
function hangServer() {
  const outcomes: Array<[string, string]> = [];
  let hangs = 0;
  const server = createToolServer({
    info: { name: "cancellation-test", version: "1.0.0" },
    registry,
    handlers: {
      hang: () => {
        hangs++;
        return new Promise(() => {});
      },
      echo: (input: { text?: string }) => input.text ?? "",
    },
    logger: capturingLogger(),
    // 2025-era clients keep a session through fetch, as on serveHttp: their cancellations reach the call.
    legacySessions: true,
    maxConcurrentCalls: 1,
    afterCall: (call, outcome) => void outcomes.push([call.name, outcome.status]),
  });
  return { server, outcomes, hangs: () => hangs };
}

const closing: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** The SDK server wired to one connection, as on stdio: an in-memory pair whose messages are recorded. */
async function overConnection(server: ToolServer) {
  const sdkServer = server.createSdkServer();
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const sent: Message[] = [];
  const requested: Message[] = [];
  const serverSend = serverTransport.send.bind(serverTransport);
  serverTransport.send = (message, options) => (sent.push(message as Message), serverSend(message, options));
  const clientSend = clientTransport.send.bind(clientTransport);
  clientTransport.send = (message, options) => (requested.push(message as Message), clientSend(message, options));
  await sdkServer.connect(serverTransport);
  const client = new Client({ name: "cancellation-test-client", version: "1.0.0" });
  await client.connect(clientTransport);
  closing.push(
    () => client.close(),
    () => sdkServer.close(),
  );
  /** The ids of the `tools/call` requests for `tool` the client sent. */
  const idsOf = (tool: string) => requested.filter((m) => m.method === "tools/call" && m.params?.name === tool).map((m) => m.id);
  /** The ids the server answered (a result or an error). */
  const answered = () => sent.filter((m) => m.id !== undefined && (m.result !== undefined || m.error !== undefined)).map((m) => m.id);
  return { client, idsOf, answered };
}

/** A client of `server`: through its in-process `fetch`, or at `url` over the network. */
async function overHttp(server: ToolServer, era: Era, url?: URL) {
  const client = new Client({ name: "cancellation-test-client", version: "1.0.0" }, era === "modern" ? { versionNegotiation: { mode: "auto" } } : {});
  const transport = url
    ? new StreamableHTTPClientTransport(url)
    : new StreamableHTTPClientTransport(new URL("http://test.local/mcp"), { fetch: (input, init) => server.fetch(new Request(input, init)) });
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe(era);
  closing.push(() => client.close());
  return { client, transport };
}

/**
 * Calls hang and cancels it once its handler runs. Over HTTP a cancellation travels apart
 * from its request (its own POST, or the request's stream closing), so a client timeout
 * could overtake a request that has not reached the handler yet; waiting rules that out.
 */
async function cancelOnceRunning(client: Client, hangs: () => number): Promise<void> {
  const before = hangs();
  const controller = new AbortController();
  const call = client.callTool({ name: "hang", arguments: {} }, { signal: controller.signal });
  call.catch(() => undefined);
  await expect.poll(hangs).toBe(before + 1);
  controller.abort("user pressed stop");
  await expect(call).rejects.toThrow("user pressed stop");
}

describe("a cancelled call whose handler never settles", () => {
  it("on a connection: ends at once as cancelled, frees its slot, and is not answered", async () => {
    const { server, outcomes } = hangServer();
    closing.push(() => server.close());
    const { client, idsOf, answered } = await overConnection(server);
    // The client gives up after 300 ms and sends notifications/cancelled.
    await expect(client.callTool({ name: "hang", arguments: {} }, { timeout: 300 })).rejects.toThrow(/timed out/i);
    await expect.poll(() => outcomes).toEqual([["hang", "cancelled"]]);
    expect(await client.callTool({ name: "echo", arguments: { text: "next" } })).toMatchObject({ content: [{ type: "text", text: "next" }] });
    expect(outcomes).toEqual([
      ["hang", "cancelled"],
      ["echo", "ok"],
    ]);
    expect(idsOf("hang")).toHaveLength(1);
    expect(answered()).not.toContain(idsOf("hang")[0]);
    expect(answered()).toContain(idsOf("echo")[0]);
  });

  it("on a connection that closes: the call ends as cancelled and its slot is free for other connections", async () => {
    const { server, outcomes, hangs } = hangServer();
    closing.push(() => server.close());
    const first = await overConnection(server);
    const call = first.client.callTool({ name: "hang", arguments: {} });
    call.catch(() => undefined);
    await expect.poll(hangs).toBe(1);
    await first.client.close();
    await expect(call).rejects.toThrow(/closed/i);
    await expect.poll(() => outcomes).toEqual([["hang", "cancelled"]]);
    const second = await overConnection(server);
    expect(await second.client.callTool({ name: "echo", arguments: { text: "free" } })).toMatchObject({ content: [{ type: "text", text: "free" }] });
  });

  it.each<Era>(["legacy", "modern"])("over HTTP, %s era: ends at once as cancelled and frees its slot", async (era) => {
    const { server, outcomes, hangs } = hangServer();
    closing.push(() => server.close());
    // A real HTTP server: in 2026-07-28 a cancellation is the request's connection closing,
    // which an in-process fetch does not do once its response has been handed over.
    const running = await server.serveHttp({ port: 0 });
    closing.push(() => running.close());
    const { client } = await overHttp(server, era, running.url);
    // 2025 era: notifications/cancelled in the session; 2026-07-28: the request's connection is closed.
    await cancelOnceRunning(client, hangs);
    await expect.poll(() => outcomes).toEqual([["hang", "cancelled"]]);
    expect(await client.callTool({ name: "echo", arguments: { text: "next" } })).toMatchObject({ content: [{ type: "text", text: "next" }] });
  });

  it("over HTTP, legacy era: the event stream that would carry the answer ends, with no answer on it", async () => {
    const { server, outcomes, hangs } = hangServer();
    closing.push(() => server.close());
    // Reads, beside the client, the response stream of the POST that calls hang.
    const stream = { text: "", ended: false };
    const client = new Client({ name: "cancellation-test-client", version: "1.0.0" });
    const fetchAndWatch = async (url: string | URL, init?: RequestInit) => {
      const response = await server.fetch(new Request(url, init));
      if (typeof init?.body !== "string" || !init.body.includes('"hang"') || !response.body) return response;
      const [forClient, watched] = response.body.tee();
      void (async () => {
        const decoder = new TextDecoder();
        for await (const chunk of watched) stream.text += decoder.decode(chunk);
        stream.ended = true;
      })();
      return new Response(forClient, response);
    };
    await client.connect(new StreamableHTTPClientTransport(new URL("http://test.local/mcp"), { fetch: fetchAndWatch }));
    closing.push(() => client.close());
    await cancelOnceRunning(client, hangs);
    await expect.poll(() => outcomes).toEqual([["hang", "cancelled"]]);
    await expect.poll(() => stream.ended).toBe(true);
    expect(stream.text).not.toContain('"result"');
    expect(stream.text).not.toContain('"error"');
  });

  it("over HTTP, legacy era: a session that ends (DELETE) ends its running call as cancelled", async () => {
    const { server, outcomes, hangs } = hangServer();
    closing.push(() => server.close());
    const { client, transport } = await overHttp(server, "legacy");
    const call = client.callTool({ name: "hang", arguments: {} });
    call.catch(() => undefined);
    await expect.poll(hangs).toBe(1);
    await transport.terminateSession();
    await expect.poll(() => outcomes).toEqual([["hang", "cancelled"]]);
    const { client: other } = await overHttp(server, "legacy");
    expect(await other.callTool({ name: "echo", arguments: { text: "free" } })).toMatchObject({ content: [{ type: "text", text: "free" }] });
  });
});
