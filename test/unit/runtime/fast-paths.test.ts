/**
 * The runtime's shortcuts past the SDK's zod checks (tools/call requests and results,
 * stdio lines, argument copies) change nothing a client or handler can see: what they
 * accept, the SDK's schemas accept unchanged, and everything else takes the SDK's road.
 */
import { InMemoryTransport, Server, specTypeSchemas, type JSONRPCMessage, type ServerContext } from "@modelcontextprotocol/server";
import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { callTool, type CallEnd } from "../../../src/runtime/call-tool.js";
import { plainArguments } from "../../../src/runtime/plain-arguments.js";
import { isPlainMessage, isPlainRequest } from "../../../src/runtime/plain-message.js";
import { guardedStdioTransport } from "../../../src/runtime/stdio-guard.js";
import { isPlainToolsCall, ToolsServer, type ToolsCallParams } from "../../../src/runtime/tools-server.js";

const parsedJson = (text: string) => JSON.parse(text) as unknown;
const withSymbol = { [Symbol("s")]: 1, a: 1 };

describe("isPlainToolsCall: only params the SDK's schema accepts unchanged", () => {
  const accepted: unknown[] = [
    { name: "a" },
    { name: "a", arguments: {} },
    { name: "a", arguments: { x: [1, { y: null }], "": "empty key" } },
    { name: "", arguments: parsedJson('{"constructor": {"prototype": 1}}') },
    { name: "a", _meta: { progressToken: "t" } },
    { name: "a", _meta: { progressToken: 7, other: { any: "thing" } } },
    { name: "a", unknownKey: 1 },
  ];
  const refused: unknown[] = [
    null,
    "x",
    [],
    {},
    { name: 5 },
    { name: "a", arguments: [] },
    { name: "a", arguments: "x" },
    { name: "a", arguments: null },
    { name: "a", arguments: parsedJson('{"__proto__": {"isAdmin": true}}') },
    { name: "a", arguments: withSymbol },
    { name: "a", arguments: new Map() },
    { name: "a", _meta: 5 },
    { name: "a", _meta: [] },
    { name: "a", _meta: { progressToken: 1.5 } },
    { name: "a", _meta: { progressToken: null } },
    { name: "a", _meta: { "io.modelcontextprotocol/related-task": { taskId: "t" } } },
    { name: "a", task: { ttl: 5 } },
    { name: "a", requestState: "s" },
  ];

  it.each(accepted.map((p) => [JSON.stringify(p), p]))("accepts %s, which the SDK accepts unchanged", (_text, params) => {
    expect(isPlainToolsCall(params)).toBe(true);
    const outcome = specTypeSchemas.CallToolRequestParams["~standard"].validate(params) as { value?: unknown; issues?: unknown };
    expect(outcome.issues).toBeUndefined();
    const { unknownKey: _stripped, ...known } = params as Record<string, unknown>;
    expect(outcome.value).toEqual(known);
  });

  it.each(refused.map((p) => [String(JSON.stringify(p)), p]))("leaves %s to the SDK", (_text, params) => {
    expect(isPlainToolsCall(params)).toBe(false);
  });
});

describe("isPlainMessage: only lines the SDK's JSON-RPC schema accepts unchanged", () => {
  const accepted = [
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","arguments":{"x":1}}}',
    '{"jsonrpc":"2.0","id":"x","method":"tools/list"}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","id":0,"method":"m","params":{"_meta":{"progressToken":"p","k":[1]}}}',
  ];
  const refused = [
    '{"jsonrpc":"2.0","id":1,"result":{}}',
    '{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"}}',
    '{"jsonrpc":"1.0","id":1,"method":"m"}',
    '{"jsonrpc":"2.0","id":1.5,"method":"m"}',
    '{"jsonrpc":"2.0","id":null,"method":"m"}',
    '{"jsonrpc":"2.0","id":1,"method":"m","params":"x"}',
    '{"jsonrpc":"2.0","id":1,"method":"m","params":[]}',
    '{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":5}}',
    '{"jsonrpc":"2.0","id":1,"method":"m","params":{"__proto__":{"a":1}}}',
    '{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":{"__proto__":{"a":1}}}}',
    '{"jsonrpc":"2.0","id":1,"method":"m","extra":true}',
    '{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t"}}}}',
    "[1,2]",
  ];

  it.each(accepted)("accepts %s, which the SDK accepts unchanged", (line) => {
    const value = JSON.parse(line);
    expect(isPlainMessage(value)).toBe(true);
    const outcome = specTypeSchemas.JSONRPCMessage["~standard"].validate(value) as { value?: unknown; issues?: unknown };
    expect(outcome.issues).toBeUndefined();
    expect(outcome.value).toEqual(value);
  });

  it.each(refused)("leaves %s to the SDK", (line) => {
    expect(isPlainMessage(JSON.parse(line))).toBe(false);
  });

  it("calls a plain message with an id a request, which the SDK's request schema accepts", () => {
    for (const line of accepted) {
      const value = JSON.parse(line);
      expect(isPlainRequest(value)).toBe(Object.hasOwn(value, "id"));
      if (isPlainRequest(value)) expect(specTypeSchemas.JSONRPCRequest["~standard"].validate(value)).toEqual({ value });
    }
    for (const line of refused) expect(isPlainRequest(JSON.parse(line))).toBe(false);
  });
});

describe("plainArguments", () => {
  it("uses plain JSON data as it is, and copies anything else through JSON", () => {
    const plain = { a: [1, "x", { b: null, c: true }] };
    expect(plainArguments(plain, 1024)).toEqual({ value: plain });
    expect((plainArguments(plain, 1024) as { value: unknown }).value).toBe(plain);
    const inherited = Object.assign(Object.create({ isAdmin: true }) as object, { city: "Oslo" });
    const copied = (plainArguments(inherited, undefined) as { value: Record<string, unknown> }).value;
    expect(copied).toEqual({ city: "Oslo" });
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    // A hole, a Date, undefined and NaN are not plain JSON: the copy is what JSON makes of them.
    expect(plainArguments({ list: [1, , 3], when: new Date(0), gone: undefined, n: NaN }, undefined)).toEqual({
      value: { list: [1, null, 3], when: "1970-01-01T00:00:00.000Z", n: null },
    });
  });

  it("measures the exact UTF-8 size when the bound is over the limit", () => {
    const args = { text: "é".repeat(10) };
    const size = Buffer.byteLength(JSON.stringify(args));
    expect(plainArguments(args, size)).toEqual({ value: args });
    expect(plainArguments(args, size - 1)).toEqual({ tooLarge: size });
  });

  it("refuses what is not JSON, however it is built", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(plainArguments({ n: 1n }, undefined)).toEqual({ notJson: true });
    expect(plainArguments(cyclic, undefined)).toEqual({ notJson: true });
  });

  it("walks a bounded number of values: shared subtrees cannot make it explode", () => {
    // 2^18 leaves, though only 19 distinct arrays: JSON.stringify measures what the walk gives up on.
    let shared: unknown = 1;
    for (let i = 0; i < 18; i++) shared = [shared, shared];
    const size = JSON.stringify(shared).length;
    expect(plainArguments(shared, 1024)).toEqual({ tooLarge: size });
    expect((plainArguments(shared, undefined) as { value: unknown }).value).toEqual(shared);
  });
});

describe("ToolsServer: ordinary tools/call requests skip the SDK's parses, with the same answers", () => {
  const info = { name: "t", version: "1" };
  const options = { capabilities: { tools: {} } };
  /** What the fake tool answers, by tool name; `wellFormed` says whether the runtime vouches for it. */
  const answers: Record<string, CallEnd> = {
    ok: { status: "ok", result: { content: [{ type: "text", text: "fine" }] }, wellFormed: true },
    blocks: { status: "ok", result: { content: [{ type: "text", text: "from the handler", annotations: { priority: 0.5 } }] }, wellFormed: false },
    broken: { status: "ok", result: { content: [{ type: "text", text: "x", annotations: { priority: "high" as never } }] }, wellFormed: false },
  };
  const seen: Array<{ road: string; args: unknown }> = [];
  const toolsCall = (road: string) => async (params: ToolsCallParams, _ctx: ServerContext) => {
    seen.push({ road, args: params.arguments });
    return answers[params.name] ?? answers.ok;
  };

  async function connect(server: Server): Promise<(message: object) => Promise<JSONRPCMessage>> {
    const [client, serverSide] = InMemoryTransport.createLinkedPair();
    const waiting = new Map<unknown, (m: JSONRPCMessage) => void>();
    client.onmessage = (message) => waiting.get((message as { id?: unknown }).id)?.(message);
    await server.connect(serverSide);
    await client.start();
    let id = 0;
    const request = (message: object) =>
      new Promise<JSONRPCMessage>((resolve) => {
        const withId = { jsonrpc: "2.0", id: ++id, ...message };
        waiting.set(withId.id, resolve);
        void client.send(withId as JSONRPCMessage);
      });
    await request({ method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } } });
    await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return request;
  }

  const requests: Array<[string, object]> = [
    ["an ordinary call", { name: "ok", arguments: { a: [1, 2] } }],
    ["a call with a progress token", { name: "ok", arguments: {}, _meta: { progressToken: "p" } }],
    ["a call without arguments", { name: "ok" }],
    ["a handler's own content blocks", { name: "blocks", arguments: {} }],
    ["a handler's malformed content", { name: "broken", arguments: {} }],
    ["arguments with an own __proto__ key", { name: "ok", arguments: JSON.parse('{"a": 1, "__proto__": {"admin": true}}') }],
    ["arguments that are not an object", { name: "ok", arguments: [1] }],
    ["no name", { arguments: {} }],
    ["a task to augment", { name: "ok", task: { ttl: 5 } }],
  ];

  it.each(requests)("%s", async (_what, params) => {
    const fast = new ToolsServer(info, options, toolsCall("fast"));
    fast.setRequestHandler("tools/call", async (request, ctx) => (await toolsCall("sdk")(request.params, ctx)).result as never);
    const reference = new Server(info, options);
    reference.setRequestHandler("tools/call", async (request, ctx) => (await toolsCall("reference")(request.params, ctx)).result as never);
    const viaFast = await (await connect(fast))({ method: "tools/call", params });
    const viaReference = await (await connect(reference))({ method: "tools/call", params });
    expect(viaFast).toEqual(viaReference);
    const calls = seen.splice(0);
    // The handler saw the same arguments on both roads, and ordinary requests took the short one.
    expect(calls.filter((c) => c.road !== "reference").map((c) => c.args)).toEqual(calls.filter((c) => c.road === "reference").map((c) => c.args));
    expect(calls.some((c) => c.road === "fast")).toBe(isPlainToolsCall(params));
  });

  it("sends a plain request straight to the SDK's request dispatch, and everything else through the SDK's router", async () => {
    // The SDK's router asks "a result response?" first, with this schema, of every message.
    const resultCheck = vi.spyOn(specTypeSchemas.JSONRPCResultResponse as unknown as { safeParse: (v: unknown) => unknown }, "safeParse");
    try {
      const fast = new ToolsServer(info, options, toolsCall("fast"));
      fast.setRequestHandler("tools/call", async (request, ctx) => (await toolsCall("sdk")(request.params, ctx)).result as never);
      const reference = new Server(info, options);
      reference.setRequestHandler("tools/call", async (request, ctx) => (await toolsCall("reference")(request.params, ctx)).result as never);
      const viaFast = await connect(fast);
      const viaReference = await connect(reference);
      const cases: Array<[object, boolean]> = [
        [{ method: "tools/call", params: { name: "ok", arguments: { a: 1 } } }, true],
        [{ method: "tools/list" }, true],
        [{ method: "ping", params: { _meta: { progressToken: 3 } } }, true],
        [{ method: "no/such/method" }, true],
        [{ method: "tools/call", params: { name: "ok", _meta: { "io.modelcontextprotocol/related-task": { taskId: "t" } } } }, false],
        [{ method: "tools/call", params: JSON.parse('{"name": "ok", "__proto__": {"a": 1}}') as object }, false],
      ];
      for (const [message, plain] of cases) {
        resultCheck.mockClear();
        const answer = await viaFast(message);
        expect(resultCheck.mock.calls.length === 0).toBe(plain);
        resultCheck.mockClear();
        expect(answer).toEqual(await viaReference(message));
        expect(resultCheck).toHaveBeenCalled();
      }
      seen.splice(0);
    } finally {
      resultCheck.mockRestore();
    }
  });
});

describe("the stdio transport", () => {
  it("cuts lines from bytes (a character split across chunks survives) and answers a burst in one write", async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = guardedStdioTransport(stdin, stdout);
    const received: unknown[] = [];
    transport.onmessage = (message) => void received.push(message);
    await transport.start();
    const line = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"café ☕"}}\n');
    const cut = line.indexOf(Buffer.from("☕")) + 1;
    stdin.write(line.subarray(0, cut));
    stdin.write(line.subarray(cut));
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([{ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "café ☕" } }]);

    const chunks: string[] = [];
    stdout.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
    await Promise.all([1, 2, 3].map((id) => transport.send({ jsonrpc: "2.0", id, result: {} })));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks.join("").split("\n").filter(Boolean).map((l) => JSON.parse(l).id)).toEqual([1, 2, 3]);
    await transport.close();
  });

  it("under backpressure, many sends share one wait for drain (no listener per send), and all settle", async () => {
    const stdin = new PassThrough();
    // A tiny buffer: every write after the first reports a full pipe until it is read.
    const stdout = new PassThrough({ highWaterMark: 16 });
    const transport = guardedStdioTransport(stdin, stdout);
    await transport.start();
    const sends = Array.from({ length: 30 }, (_, i) => transport.send({ jsonrpc: "2.0", id: i, result: { padding: "x".repeat(64) } }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stdout.listenerCount("drain")).toBe(1);
    const lines: string[] = [];
    stdout.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
    await Promise.all(sends);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => JSON.parse(l).id)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(stdout.listenerCount("drain")).toBe(0);
    await transport.close();
  });
});

describe("callTool with the SDK's per-request signal", () => {
  const schema = { type: "object" as const };
  const entry = { definition: { name: "t", inputSchema: schema }, validateInput: () => true };
  const env = (signal: AbortSignal) => ({ signal, signalEndsWithCall: true, progress: async () => {}, logger: { debug() {}, info() {}, warn() {}, error() {} } });

  it("hands the request's own signal to the handler when there is no timeout, and links one when there is", async () => {
    const client = new AbortController();
    let seen: AbortSignal | undefined;
    const handler = (_input: never, context: { signal: AbortSignal }) => ((seen = context.signal), "ok");
    await callTool(entry, handler, {}, env(client.signal));
    expect(seen).toBe(client.signal);
    const timed = await callTool(entry, (_input: never, context) => ((seen = context.signal), new Promise(() => {})), {}, env(client.signal), { timeoutMs: 10 });
    expect(timed.isError).toBe(true);
    expect(seen).not.toBe(client.signal);
    expect(seen!.aborted).toBe(true);
    expect(client.signal.aborted).toBe(false);
  });
});
