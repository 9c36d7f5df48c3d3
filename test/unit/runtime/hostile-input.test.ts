/**
 * What reaches handlers and clients when input or handlers are hostile: arguments are
 * plain JSON data (nothing inherited), stdio lines that are not JSON-RPC get an error
 * response instead of silence, and nothing a handler throws — secrets, paths, stacks, odd
 * values — reaches the client.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { callTool, type CallEnvironment } from "../../../src/runtime/call-tool.js";
import { guardedStdioTransport } from "../../../src/runtime/stdio-guard.js";
import type { CallToolResult, ToolEntry } from "../../../src/runtime/types.js";
import { createAjv } from "../../../src/spec/ajv.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

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

/** What a guarded stdio transport writes, passes on and logs for the given stdin chunks. */
async function overStdio(...chunks: string[]): Promise<{ answers: unknown[]; forwarded: unknown[]; errors: Error[] }> {
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
  for (const chunk of chunks) stdin.write(chunk);
  // The streams pass data on in process.nextTick and promise jobs, all run before the
  // event loop's check phase: by then every answer has been written.
  await new Promise((resolve) => setImmediate(resolve));
  await transport.close();
  return {
    answers: written
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown),
    forwarded,
    errors,
  };
}

const invalid = (message: string, id?: string | number) => ({
  jsonrpc: "2.0",
  ...(id === undefined ? {} : { id }),
  error: { code: -32600, message: `Invalid Request: ${message}` },
});

describe("stdio: lines that are not a JSON-RPC message", () => {
  // MCP forbids a null id: errors about a line whose id cannot be read carry none.
  it.each<[string, unknown]>([
    ["{not json", { jsonrpc: "2.0", error: { code: -32700, message: "Parse error: the line is not valid JSON" } }],
    ["not json at all", { jsonrpc: "2.0", error: { code: -32700, message: "Parse error: the line is not valid JSON" } }],
    ["[1,2]", invalid("batches are not supported; send one JSON-RPC message per line")],
    ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', invalid("batches are not supported; send one JSON-RPC message per line")],
    ["5", invalid("a JSON-RPC message must be a JSON object")],
    ['"x"', invalid("a JSON-RPC message must be a JSON object")],
    ["null", invalid("a JSON-RPC message must be a JSON object")],
    ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}', invalid("params must be an object", 1)],
    ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[]}', invalid("params must be an object", 1)],
    ['{"jsonrpc":"2.0","id":"two","method":"tools/call","params":{"name":"a","_meta":5}}', invalid("params._meta must be an object", "two")],
    ['{"jsonrpc":"2.0","id":"m4","method":5}', invalid("method must be a string", "m4")],
    ['{"jsonrpc":"2.0","id":"m5"}', invalid("method is missing", "m5")],
    ['{"id":6,"method":"ping"}', invalid('jsonrpc must be "2.0"', 6)],
    ['{"jsonrpc":"2.0","id":7,"method":"ping","result":{}}', invalid("a request has only the members jsonrpc, id, method and params", 7)],
    ['{"jsonrpc":"2.0","id":8,"method":"x","params":{"_meta":{"progressToken":true}}}', invalid("not a valid JSON-RPC request", 8)],
    ['{"jsonrpc":"2.0","id":null,"method":"ping"}', invalid("id must be a string or a safe integer")],
    ['{"jsonrpc":"2.0","id":1.5,"method":"ping"}', invalid("id must be a string or a safe integer")],
  ])("%s -> one error response", async (line, answer) => {
    const { answers, forwarded } = await overStdio(`${line}\n`);
    expect(answers).toEqual([answer]);
    expect(forwarded).toEqual([]);
  });

  it.each([
    ["an empty line", "", 0],
    ["a line of whitespace", " \t ", 0],
    ["a notification with bad params (JSON-RPC never answers a notification)", '{"jsonrpc":"2.0","method":"notifications/x","params":5}', 1],
    // Its id is the server's: an error with it could be taken for the answer to the client's own request 7.
    ["a malformed response", '{"jsonrpc":"2.0","id":7,"result":5}', 1],
  ])("%s -> no answer", async (_name, line, logged) => {
    const { answers, forwarded, errors } = await overStdio(`${line}\r\n`);
    expect(answers).toEqual([]);
    expect(forwarded).toEqual([]);
    expect(errors.length).toBe(logged);
  });

  it("a client's valid responses (to elicitation, sampling) reach the server and are not answered", async () => {
    const responses = [
      { jsonrpc: "2.0", id: 7, result: {} },
      { jsonrpc: "2.0", id: "s1", error: { code: -1, message: "declined" } },
    ];
    const { answers, forwarded, errors } = await overStdio(...responses.map((r) => `${JSON.stringify(r)}\n`));
    expect(answers).toEqual([]);
    expect(forwarded).toEqual(responses);
    expect(errors).toEqual([]);
  });

  it("the stream goes on after an answered line, and a message split across chunks arrives whole", async () => {
    const ok = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} });
    const { answers, forwarded } = await overStdio("{not json\n[1]\n", ok.slice(0, 10), `${ok.slice(10)}\n`);
    expect(answers.length).toBe(2);
    expect(forwarded).toEqual([JSON.parse(ok)]);
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
    const withOutput: ToolEntry = {
      ...tool,
      definition: { ...tool.definition, outputSchema: { type: "object" } },
      validateOutput: ajv.compile({ type: "object", properties: { n: { type: "number" } } }),
    };
    const env = environment();
    const result = await callTool(withOutput, () => ({ n: SECRET }), { city: "Oslo" }, env);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(env.logger.text()).toContain("outputSchema");
  });
});
