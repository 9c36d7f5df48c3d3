/**
 * Handlers that misbehave, and requests the SDK's schemas refuse: what the client gets is
 * decided by the runtime (DESIGN §4), never a JSON-RPC error blaming the client or a zod
 * dump. Raw JSON-RPC over an in-memory pair, so every message the server sends is seen,
 * including any that arrive after the answer.
 */
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { createToolServer } from "../../../src/runtime/create-server.js";
import type { ToolContext, ToolDefinition, ToolEntry } from "../../../src/runtime/types.js";
import { createAjv } from "../../../src/spec/ajv.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

const ajv = createAjv("2020-12");
const anything = { type: "object" as const };

function entry(definition: ToolDefinition): ToolEntry {
  return {
    definition,
    validateInput: ajv.compile(definition.inputSchema),
    ...(definition.outputSchema ? { validateOutput: ajv.compile(definition.outputSchema) } : {}),
  };
}

const registry = Object.fromEntries(
  [
    { name: "bad_is_error", description: "Returns isError as a string.", inputSchema: anything },
    { name: "bad_structured", description: "Returns structuredContent as an array.", inputSchema: anything },
    { name: "good_blocks", description: "Returns its own content blocks.", inputSchema: anything },
    {
      name: "not_a_number",
      description: "Returns NaN where a number is promised.",
      inputSchema: anything,
      outputSchema: { type: "object", properties: { x: { type: "number" } }, required: ["x"] },
    },
    {
      name: "dated",
      description: "Returns a Date where a string is promised: its JSON is one.",
      inputSchema: anything,
      outputSchema: { type: "object", properties: { when: { type: "string" } }, required: ["when"], additionalProperties: false },
    },
    {
      name: "cyclic",
      description: "Returns an object that refers to itself.",
      inputSchema: anything,
      outputSchema: { type: "object" },
    },
    { name: "chatty", description: "Keeps reporting after its time is up.", inputSchema: anything },
  ].map((d: ToolDefinition) => [d.name, entry(d)]),
);

const stopChatting: Array<() => void> = [];
/** How often the chatty handler has tried to report, and who waits for a later try. */
let chattyTries = 0;
let chattyWaiters: Array<{ at: number; resolve: () => void }> = [];
const chattyTriesMore = (more: number) => new Promise<void>((resolve) => chattyWaiters.push({ at: chattyTries + more, resolve }));

const handlers = {
  bad_is_error: async () => ({ content: [{ type: "text", text: "hi" }], isError: "yes" }),
  bad_structured: async () => ({ content: [{ type: "text", text: "hi" }], structuredContent: [1, 2] }),
  good_blocks: async () => ({ content: [{ type: "text", text: "hi", annotations: { priority: 0.5 } }] }),
  not_a_number: async () => ({ x: Number.NaN }),
  dated: async () => ({ when: new Date(0) }),
  cyclic: async () => {
    const output: Record<string, unknown> = {};
    output.self = output;
    return output;
  },
  // Ignores its signal: progress and log messages every 5 ms until the test ends.
  chatty: (_input: unknown, context: ToolContext) =>
    new Promise(() => {
      let step = 0;
      const timer = setInterval(() => {
        step += 1;
        void context.progress(step);
        context.clientLog.info(`step ${step}`);
        chattyTries += 1;
        for (const waiter of chattyWaiters.filter((w) => w.at <= chattyTries)) waiter.resolve();
        chattyWaiters = chattyWaiters.filter((w) => w.at > chattyTries);
      }, 5);
      stopChatting.push(() => clearInterval(timer));
    }),
};

afterEach(() => {
  for (const stop of stopChatting.splice(0)) stop();
});

/** A raw client on a connection: sends requests, keeps every message the server sent, in order. */
async function connect(options: { toolTimeouts?: Record<string, number>; afterCall?: (name: string, status: string) => void } = {}) {
  const logger = capturingLogger();
  const server = createToolServer({
    info: { name: "faults", version: "1" },
    registry,
    handlers: handlers as never,
    logger,
    toolTimeouts: options.toolTimeouts,
    afterCall: options.afterCall ? (call, end) => options.afterCall!(call.name, end.status) : undefined,
  });
  const sdkServer = server.createSdkServer();
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const received: JSONRPCMessage[] = [];
  const waiting = new Map<unknown, (m: JSONRPCMessage) => void>();
  client.onmessage = (message) => {
    received.push(message);
    waiting.get((message as { id?: unknown }).id)?.(message);
  };
  await sdkServer.connect(serverSide);
  await client.start();
  let id = 0;
  const request = (method: string, params: object) =>
    new Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string } }>((resolve) => {
      const withId = { jsonrpc: "2.0" as const, id: ++id, method, params };
      waiting.set(withId.id, resolve as never);
      void client.send(withId);
    });
  await request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } });
  await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await request("logging/setLevel", { level: "debug" });
  return { request, received, logger, close: () => sdkServer.close() };
}

/** An ordinary request, and an unusual one (related-task `_meta`): the same answers. */
const ROADS = [
  ["an ordinary request", {}],
  ["a request with related-task metadata", { _meta: { "io.modelcontextprotocol/related-task": { taskId: "t1" } } }],
] as const;

describe.each(ROADS)("a handler's malformed result, on %s", (_road, extra) => {
  it.each(["bad_is_error", "bad_structured"])("%s -> isError with a reference; the SDK's reason goes to the log only", async (name) => {
    const statuses: string[] = [];
    const { request, logger, close } = await connect({ afterCall: (_name, status) => statuses.push(status) });
    try {
      const answer = await request("tools/call", { name, arguments: {}, ...extra });
      expect(answer.error).toBeUndefined();
      const text = (answer.result?.content as Array<{ text: string }>)[0].text;
      expect(answer.result).toEqual({ content: [{ type: "text", text }], isError: true });
      const reference = /^Tool "\w+" failed with an internal error \(reference (\w{8})\)\.$/.exec(text)?.[1];
      expect(reference).toBeDefined();
      expect(logger.calls).toHaveLength(1);
      expect(logger.calls[0]).toMatchObject({
        level: "error",
        message: `tool "${name}" failed: handler returned a result that is not a valid CallToolResult`,
        data: { reference },
      });
      expect(logger.text()).toContain(name === "bad_is_error" ? "isError" : "structuredContent");
      // The audit hook hears what the client got.
      expect(statuses).toEqual(["internal-error"]);
    } finally {
      await close();
    }
  });

  it("a valid result the handler built goes out as the SDK checked it", async () => {
    const { request, logger, close } = await connect();
    try {
      const answer = await request("tools/call", { name: "good_blocks", arguments: {}, ...extra });
      expect(answer.result).toEqual({ content: [{ type: "text", text: "hi", annotations: { priority: 0.5 } }] });
      expect(logger.calls).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("structured output is checked as the client will read it: after JSON", () => {
  it("NaN, which JSON sends as null, fails the outputSchema: isError, not a result the client rejects", async () => {
    const { request, logger, close } = await connect();
    try {
      const answer = await request("tools/call", { name: "not_a_number", arguments: {} });
      expect(answer.result).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining("internal error") }] });
      expect(answer.result).not.toHaveProperty("structuredContent");
      expect(logger.calls[0].message).toBe(`tool "not_a_number" failed: handler output does not match the tool's outputSchema`);
      expect(logger.text()).toContain("/x: must be number");
    } finally {
      await close();
    }
  });

  it("an output JSON cannot write (a cycle) -> isError, and the reason in the log", async () => {
    const { request, logger, close } = await connect();
    try {
      const answer = await request("tools/call", { name: "cyclic", arguments: {} });
      expect(answer.result).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining("internal error") }] });
      expect(logger.calls[0].message).toBe(`tool "cyclic" failed: handler output cannot be sent as JSON`);
      expect(logger.text()).toContain("circular");
    } finally {
      await close();
    }
  });

  it("a Date, whose JSON is a string, passes a string schema and goes out as that string", async () => {
    const { request, close } = await connect();
    try {
      const answer = await request("tools/call", { name: "dated", arguments: {} });
      expect(answer.result).toEqual({
        content: [{ type: "text", text: '{"when":"1970-01-01T00:00:00.000Z"}' }],
        structuredContent: { when: "1970-01-01T00:00:00.000Z" },
      });
    } finally {
      await close();
    }
  });
});

describe("progress and client log messages end with the call", () => {
  it("a handler that outlives its timeout sends nothing after the answer", async () => {
    const { request, received, close } = await connect({ toolTimeouts: { chatty: 60 } });
    try {
      const answer = await request("tools/call", { name: "chatty", arguments: {}, _meta: { progressToken: "p" } });
      expect(answer.result).toMatchObject({ isError: true, content: [{ text: 'Tool "chatty" timed out after 60 ms.' }] });
      const answered = received.length;
      const sentBefore = received.filter((m) => "method" in m && (m.method === "notifications/progress" || m.method === "notifications/message"));
      // It did report while it ran, and it keeps trying afterwards.
      expect(sentBefore.length).toBeGreaterThan(0);
      // Three more tries after the answer: had one of them gone out, it would be here.
      await chattyTriesMore(3);
      expect(received.slice(answered)).toEqual([]);
    } finally {
      await close();
    }
  });
});

/**
 * Params the SDK's own schemas refuse before any runtime handler runs: the runtime answers
 * on the SDK's public road, so the SDK's answer is sent (today -32603 with zod's issues;
 * docs/sdk-notes.md), and the server keeps serving.
 */
describe("params the SDK refuses itself: its error, naming the field, and the server keeps serving", () => {
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    ...[5, null, { page: 2 }].map((cursor): [string, string, Record<string, unknown>, string] => [
      `a tools/list cursor of ${JSON.stringify(cursor)}`,
      "tools/list",
      { cursor },
      "cursor",
    ]),
    ...["loud", 3, undefined].map((level): [string, string, Record<string, unknown>, string] => [
      `a log level of ${JSON.stringify(level)}`,
      "logging/setLevel",
      { level },
      "level",
    ]),
  ];
  it.each(cases)("%s", async (_what, method, params, field) => {
    const { request, close } = await connect();
    try {
      const { error } = await request(method, params);
      expect([-32602, -32603]).toContain(error?.code);
      expect(error?.message).toContain(`"${field}"`);
      expect((await request("tools/list", {})).result).toBeDefined();
    } finally {
      await close();
    }
  });
});
