/**
 * What reaches handlers and clients when input or handlers are hostile: arguments are
 * plain JSON data (nothing inherited), lines that are JSON but not JSON-RPC get an
 * answer instead of silence, and nothing a handler throws — secrets, paths, stacks,
 * odd values — reaches the client.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { callTool, type CallEnvironment } from "../../src/runtime/call-tool.js";
import { guardedStdioTransport } from "../../src/runtime/stdio-guard.js";
import type { CallToolResult, ToolEntry } from "../../src/runtime/types.js";
import { createAjv } from "../../src/spec/ajv.js";
import { capturingLogger } from "./capturing-logger.js";

const ajv = createAjv("2020-12");
const schema = { type: "object" as const, properties: { units: { enum: ["metric"] }, city: { type: "string" } } };
const tool: ToolEntry = { definition: { name: "weather", inputSchema: schema }, validateInput: ajv.compile(schema) };
const environment = (): CallEnvironment & { logger: ReturnType<typeof capturingLogger> } => ({
  signal: new AbortController().signal,
  progress: async () => {},
  logger: capturingLogger(),
});
const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

describe("arguments are plain data", () => {
  it("properties inherited through a prototype (a parsed `__proto__` key) never reach the handler", async () => {
    const args = Object.create({ units: "kelvin", isAdmin: true }) as Record<string, unknown>;
    args.city = "Oslo";
    let seen: Record<string, unknown> | undefined;
    const result = await callTool(tool, (input: never) => ((seen = input), "ok"), args, environment());
    expect(result).toEqual({ content: [{ type: "text", text: "ok" }] });
    expect(seen).toEqual({ city: "Oslo" });
    expect(Object.getPrototypeOf(seen)).toBe(Object.prototype);
    expect(seen!.isAdmin).toBeUndefined();
  });

  it("an own `__proto__` key is validated like any other property", async () => {
    const strict: ToolEntry = {
      definition: { name: "strict", inputSchema: { ...schema, additionalProperties: false } },
      validateInput: ajv.compile({ ...schema, additionalProperties: false }),
    };
    const result = await callTool(strict, () => "ran", JSON.parse('{"city": "Oslo", "__proto__": {"isAdmin": true}}'), environment());
    expect(textOf(result)).toBe('Invalid arguments for tool "strict":\n/__proto__: is not allowed');
  });

  it("arguments that cannot be JSON are refused before validation", async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    for (const args of [{ n: 10n }, { deep }]) {
      const result = await callTool(tool, () => "ran", args, environment());
      expect(result).toEqual({ content: [{ type: "text", text: 'Arguments for tool "weather" are not JSON.' }], isError: true });
    }
  });
});

describe("stdio: JSON that is not a JSON-RPC message", () => {
  it("a request whose params or _meta are not objects gets -32600 with its id; other lines pass through unchanged", async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = guardedStdioTransport(stdin, stdout);
    const forwarded: unknown[] = [];
    const errors: Error[] = [];
    transport.onmessage = (message) => void forwarded.push(message);
    transport.onerror = (error) => void errors.push(error);
    await transport.start();
    let written = "";
    stdout.on("data", (chunk: Buffer) => (written += chunk.toString("utf8")));
    const ok = { jsonrpc: "2.0", id: 3, method: "tools/list", params: {} };
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}\n');
    stdin.write('{"jsonrpc":"2.0","id":"two","method":"tools/call","params":{"name":"a","_meta":5}}\r\n');
    stdin.write(`${JSON.stringify(ok).slice(0, 10)}`);
    stdin.write(`${JSON.stringify(ok).slice(10)}\nnot json at all\n[1,2]\n`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written.trim().split("\n").map((line) => JSON.parse(line))).toEqual([
      { jsonrpc: "2.0", id: 1, error: { code: -32600, message: "Invalid Request: not a valid JSON-RPC request (params and _meta must be objects)" } },
      { jsonrpc: "2.0", id: "two", error: { code: -32600, message: "Invalid Request: not a valid JSON-RPC request (params and _meta must be objects)" } },
    ]);
    expect(forwarded).toEqual([ok]);
    // `[1,2]` has no id to answer: the SDK reports it to the server's log, as before.
    expect(errors.length).toBe(1);
    await transport.close();
  });
});

const SECRET = "hunter2-SECRET";
const PATH = "/srv/app/secret/config.yaml";

describe("error sanitization: nothing a handler throws reaches the client", () => {
  const stackOf = new Error(`${SECRET} at ${PATH}`);
  const circular: Record<string, unknown> = { secret: SECRET };
  circular.self = circular;
  const throwingMessage = Object.create(Error.prototype, {
    message: {
      get() {
        throw new Error(SECRET);
      },
    },
  });
  it.each([
    ["an Error with a secret and a path", () => stackOf],
    ["an Error whose cause holds the secret", () => new Error("wrapped", { cause: new Error(SECRET) })],
    ["an AggregateError", () => new AggregateError([new Error(SECRET)], `failed reading ${PATH}`)],
    ["a string", () => `${SECRET} ${PATH}`],
    ["a plain object", () => ({ password: SECRET, path: PATH })],
    ["a circular object", () => circular],
    ["an error whose message getter throws", () => throwingMessage],
    ["null", () => null],
    ["a TypeError from bad code", () => (null as unknown as { x: string }).x],
  ])("%s", async (_name, makeError) => {
    const env = environment();
    const result = await callTool(
      tool,
      () => {
        throw makeError();
      },
      { city: "Oslo" },
      env,
    );
    const text = textOf(result);
    expect(result.isError).toBe(true);
    expect(text).toMatch(/^Tool "weather" failed with an internal error \(reference [0-9a-f]{8}\)\.$/);
    expect(JSON.stringify(result)).not.toMatch(/hunter2|\/srv\/|at .*:\d+:\d+|TypeError|AggregateError|wrapped|password|null/);
    // The operator can find the reference in the log.
    const reference = /reference ([0-9a-f]{8})/.exec(text)![1];
    expect(env.logger.text()).toContain(reference);
  });

  it("output that breaks the outputSchema is reported to the operator, not echoed to the client", async () => {
    const withOutput: ToolEntry = { ...tool, definition: { ...tool.definition, outputSchema: { type: "object" } }, validateOutput: ajv.compile({ type: "object", properties: { n: { type: "number" } } }) };
    const env = environment();
    const result = await callTool(withOutput, () => ({ n: SECRET }), { city: "Oslo" }, env);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(env.logger.text()).toContain("outputSchema");
  });
});
