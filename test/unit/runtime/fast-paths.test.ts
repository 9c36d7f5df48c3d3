/**
 * The runtime's own shortcuts (stdio lines handed on as parsed, argument copies, the
 * request's own signal) change nothing a client or handler can see: what they accept, the
 * SDK's schemas accept unchanged, and everything else gets the SDK's own checks.
 */
import { specTypeSchemas } from "@modelcontextprotocol/server";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { callTool } from "../../../src/runtime/call-tool.js";
import { plainArguments } from "../../../src/runtime/plain-arguments.js";
import { isPlainMessage } from "../../../src/runtime/plain-message.js";
import { guardedStdioTransport } from "../../../src/runtime/stdio-guard.js";

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
    expect(
      chunks
        .join("")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l).id),
    ).toEqual([1, 2, 3]);
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
  const env = (signal: AbortSignal) => ({
    signal,
    signalEndsWithCall: true,
    progress: async () => {},
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });

  it("hands the request's own signal to the handler when there is no timeout, and links one when there is", async () => {
    const client = new AbortController();
    let seen: AbortSignal | undefined;
    const handler = (_input: never, context: { signal: AbortSignal }) => ((seen = context.signal), "ok");
    await callTool(entry, handler, {}, env(client.signal));
    expect(seen).toBe(client.signal);
    const timed = await callTool(entry, (_input: never, context) => ((seen = context.signal), new Promise(() => {})), {}, env(client.signal), {
      timeoutMs: 10,
    });
    expect(timed.isError).toBe(true);
    expect(seen).not.toBe(client.signal);
    expect(seen!.aborted).toBe(true);
    expect(client.signal.aborted).toBe(false);
  });
});
