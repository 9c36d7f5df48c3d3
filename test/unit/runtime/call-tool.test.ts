/** One tools/call, transport aside: validation, limits, handler context, results, errors. */
import { describe, expect, it } from "vitest";
import { ConcurrencyGate } from "../../../src/runtime/call-policy.js";
import { callTool, type AnyToolHandler, type CallEnvironment } from "../../../src/runtime/call-tool.js";
import { ToolError } from "../../../src/runtime/tool-error.js";
import type { CallToolResult, CompiledValidator, ToolContext, ToolEntry } from "../../../src/runtime/types.js";
import { createAjv } from "../../../src/spec/ajv.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

const ajv = createAjv("2020-12");
const compile = (schema: object): CompiledValidator => ajv.compile(schema);

const weatherInput = {
  type: "object",
  properties: {
    city: { type: "string", minLength: 1 },
    units: { enum: ["metric", "imperial"] },
    days: { type: "integer", minimum: 1, maximum: 7 },
  },
  required: ["city"],
  additionalProperties: false,
};
const weatherOutput = {
  type: "object",
  properties: { temperature: { type: "number" }, conditions: { type: "string" } },
  required: ["temperature", "conditions"],
  additionalProperties: false,
};

const plainTool: ToolEntry = {
  definition: { name: "get_weather", inputSchema: weatherInput as ToolEntry["definition"]["inputSchema"] },
  validateInput: compile(weatherInput),
};
const structuredTool: ToolEntry = {
  definition: { name: "get_forecast", inputSchema: weatherInput as ToolEntry["definition"]["inputSchema"], outputSchema: weatherOutput },
  validateInput: compile(weatherInput),
  validateOutput: compile(weatherOutput),
};
const noArgsTool: ToolEntry = {
  definition: { name: "ping", inputSchema: { type: "object" } },
  validateInput: compile({ type: "object", additionalProperties: false }),
};

function environment(overrides: Partial<CallEnvironment> = {}) {
  const logger = capturingLogger();
  const controller = new AbortController();
  const progressCalls: unknown[][] = [];
  const env: CallEnvironment = {
    signal: controller.signal,
    progress: async (...args) => {
      progressCalls.push(args);
    },
    requestId: 41,
    authInfo: { token: "t", clientId: "c" },
    logger,
    ...overrides,
  };
  return { env, logger, controller, progressCalls };
}

const handlerOf = (fn: (input: never, context: ToolContext) => unknown): AnyToolHandler => fn;

/** `promise`, or a failure if it has not settled within a second. */
function endsSoon<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("the call did not end within 1 s")), 1_000)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

describe("callTool: arguments", () => {
  it("invalid arguments -> isError listing every violation with its path; the handler is not called", async () => {
    const { env, logger } = environment();
    let called = false;
    const result = await callTool(
      plainTool,
      handlerOf(() => {
        called = true;
        return "ran";
      }),
      { units: "kelvin", days: 9, country: "NO" },
      env,
    );
    expect(result).toEqual({
      content: [
        {
          type: "text",
          text: [
            'Invalid arguments for tool "get_weather":',
            "/city: is required",
            "/country: is not allowed",
            "/units: must be one of metric, imperial",
            "/days: must be <= 7",
          ].join("\n"),
        },
      ],
      isError: true,
    });
    expect(called).toBe(false);
    expect(logger.calls).toEqual([]);
  });

  it("undefined arguments are treated as {}", async () => {
    const { env } = environment();
    let received: unknown;
    const ok = await callTool(
      noArgsTool,
      handlerOf((input) => {
        received = input;
        return "pong";
      }),
      undefined,
      env,
    );
    expect(ok).toEqual({ content: [{ type: "text", text: "pong" }] });
    expect(received).toEqual({});
    const missing = await callTool(
      plainTool,
      handlerOf(() => "never"),
      undefined,
      env,
    );
    expect(missing).toEqual({ content: [{ type: "text", text: 'Invalid arguments for tool "get_weather":\n/city: is required' }], isError: true });
  });

  it("arguments larger than maxArgumentBytes -> a clear isError before validation or the handler", async () => {
    const { env } = environment();
    let called = false;
    const args = { city: "x".repeat(200) };
    const size = Buffer.byteLength(JSON.stringify(args));
    const result = await callTool(
      plainTool,
      handlerOf(() => {
        called = true;
        return "ran";
      }),
      args,
      env,
      { maxArgumentBytes: 100 },
    );
    expect(result).toEqual({
      content: [{ type: "text", text: `Arguments for tool "get_weather" are ${size} bytes; this server accepts at most 100.` }],
      isError: true,
    });
    expect(called).toBe(false);
  });

  it("maxArgumentBytes counts UTF-8 bytes, and arguments at the limit pass", async () => {
    const { env } = environment();
    const args = { city: "Zürich" };
    const size = Buffer.byteLength(JSON.stringify(args), "utf8");
    expect(size).toBe(JSON.stringify(args).length + 1);
    const atLimit = await callTool(
      plainTool,
      handlerOf(() => "ok"),
      args,
      env,
      { maxArgumentBytes: size },
    );
    expect(atLimit).toEqual({ content: [{ type: "text", text: "ok" }] });
    const over = await callTool(
      plainTool,
      handlerOf(() => "ok"),
      args,
      env,
      { maxArgumentBytes: size - 1 },
    );
    expect(over.isError).toBe(true);
    expect(textOf(over)).toBe(`Arguments for tool "get_weather" are ${size} bytes; this server accepts at most ${size - 1}.`);
  });
});

describe("callTool: the handler's context", () => {
  it("gets typed input and signal, progress, log, authInfo and requestId", async () => {
    const { env, logger, progressCalls } = environment({ requestId: "req-7" });
    let context: ToolContext | undefined;
    let input: unknown;
    const result = await callTool(
      plainTool,
      handlerOf(async (i, c) => {
        input = i;
        context = c;
        await c.progress(1, 2, "half");
        await c.progress(2);
        c.log.info("inside", { n: 1 });
        return "done";
      }),
      { city: "Oslo", units: "metric" },
      env,
    );
    expect(result).toEqual({ content: [{ type: "text", text: "done" }] });
    expect(input).toEqual({ city: "Oslo", units: "metric" });
    expect(progressCalls).toEqual([[1, 2, "half"], [2]]);
    expect(context!.requestId).toBe("req-7");
    expect(context!.authInfo).toEqual({ token: "t", clientId: "c" });
    expect(context!.signal.aborted).toBe(false);
    expect(logger.calls).toEqual([{ level: "info", message: "inside", data: { n: 1 } }]);
  });

  it("aborting the client's signal (cancellation) aborts the handler's signal", async () => {
    const { env, controller } = environment();
    let seen: AbortSignal | undefined;
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const running = callTool(
      plainTool,
      handlerOf(
        (_input, context) =>
          new Promise((_resolve, reject) => {
            seen = context.signal;
            markStarted();
            context.signal.addEventListener("abort", () => reject(context.signal.reason));
          }),
      ),
      { city: "Oslo" },
      env,
    );
    await started;
    expect(seen!.aborted).toBe(false);
    controller.abort(new Error("client cancelled"));
    const result = await running;
    expect(seen!.aborted).toBe(true);
    expect((seen!.reason as Error).message).toBe("client cancelled");
    expect(result.isError).toBe(true);
  });

  it("a call cancelled before its handler starts (say, during an async hook) never runs it", async () => {
    const { env, controller } = environment();
    const statuses: string[] = [];
    let ran = false;
    const result = await callTool(
      plainTool,
      handlerOf(() => ((ran = true), "late")),
      { city: "Oslo" },
      env,
      { beforeCall: () => void controller.abort("user pressed stop"), afterCall: (_c, outcome) => void statuses.push(outcome.status) },
    );
    expect(ran).toBe(false);
    expect(statuses).toEqual(["cancelled"]);
    expect(result).toEqual({ content: [{ type: "text", text: 'Tool "get_weather" was cancelled.' }], isError: true });
  });

  it.each([
    ["a linked signal", {}],
    ["the request's own signal", { signalEndsWithCall: true }],
  ])("with %s, a cancelled call ends at once though its handler never settles and ignores its signal", async (_what, overrides) => {
    const { env, controller, logger } = environment(overrides);
    const gate = new ConcurrencyGate(1);
    const statuses: string[] = [];
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const running = callTool(
      plainTool,
      handlerOf(() => (markStarted(), new Promise(() => {}))),
      { city: "Oslo" },
      env,
      { concurrency: gate, afterCall: (_c, outcome) => void statuses.push(outcome.status) },
    );
    await started;
    expect(gate.active).toBe(1);
    controller.abort("user pressed stop");
    expect(await endsSoon(running)).toEqual({ content: [{ type: "text", text: 'Tool "get_weather" was cancelled.' }], isError: true });
    expect(statuses).toEqual(["cancelled"]);
    expect(gate.active).toBe(0);
    expect(logger.calls.map((c) => c.level)).toEqual(["debug"]);
  });

  it("a handler that returns a value once it sees the cancellation still ends the call as cancelled (nothing is sent)", async () => {
    const { env, controller } = environment({ signalEndsWithCall: true });
    const statuses: string[] = [];
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const running = callTool(
      plainTool,
      handlerOf((_i, c) => new Promise((resolve) => (c.signal.addEventListener("abort", () => resolve("partial")), markStarted()))),
      { city: "Oslo" },
      env,
      { afterCall: (_c, outcome) => void statuses.push(outcome.status) },
    );
    await started;
    controller.abort();
    await running;
    expect(statuses).toEqual(["cancelled"]);
  });

  it("a handler that never resolves times out: isError, its signal aborted, a warning logged", async () => {
    const { env, logger } = environment();
    let seen: AbortSignal | undefined;
    const result = await callTool(
      plainTool,
      handlerOf((_i, c) => {
        seen = c.signal;
        return new Promise(() => {});
      }),
      { city: "Oslo" },
      env,
      { timeoutMs: 50 },
    );
    expect(result).toEqual({ content: [{ type: "text", text: 'Tool "get_weather" timed out after 50 ms.' }], isError: true });
    expect(seen!.aborted).toBe(true);
    expect(logger.calls).toEqual([{ level: "warn", message: 'tool "get_weather" timed out', data: { tool: "get_weather", timeoutMs: 50, requestId: 41 } }]);
  });

  it.each<[string, (input: never, context: ToolContext) => unknown]>([
    ["rejects with its own error on abort", (_i, c) => new Promise((_r, reject) => c.signal.addEventListener("abort", () => reject(new Error("aborted"))))],
    ["rejects with signal.reason", (_i, c) => new Promise((_r, reject) => c.signal.addEventListener("abort", () => reject(c.signal.reason)))],
    ["resolves with a partial result on abort", (_i, c) => new Promise((resolve) => c.signal.addEventListener("abort", () => resolve("partial")))],
    [
      "awaits abortable work",
      async (_i, c) => {
        await new Promise((_r, reject) => c.signal.addEventListener("abort", () => reject(new Error("aborted"))));
        return "never";
      },
    ],
  ])("a handler that %s still answers 'timed out'", async (_what, handler) => {
    const { env } = environment();
    const result = await callTool(plainTool, handlerOf(handler), { city: "Oslo" }, env, { timeoutMs: 20 });
    expect(result).toEqual({ content: [{ type: "text", text: 'Tool "get_weather" timed out after 20 ms.' }], isError: true });
  });

  it("a handler that fails after its timeout changes nothing: the timeout warning only, no crash", async () => {
    const { env, logger } = environment();
    let failLate!: (error: Error) => void;
    const result = await callTool(
      plainTool,
      handlerOf(() => new Promise((_resolve, reject) => (failLate = reject))),
      { city: "Oslo" },
      env,
      { timeoutMs: 10 },
    );
    expect(result.isError).toBe(true);
    // The call has ended; now the handler fails, and whatever the runtime does about it
    // happens in the promise jobs that run before the next turn of the event loop.
    failLate(new Error("too late"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(logger.calls.map((c) => c.level)).toEqual(["warn"]);
  });

  it("a handler that answers within its timeout is not affected by it", async () => {
    const { env } = environment();
    let seen: AbortSignal | undefined;
    const result = await callTool(
      plainTool,
      handlerOf(async (_i, c) => {
        seen = c.signal;
        await new Promise((resolve) => setImmediate(resolve));
        return "quick";
      }),
      { city: "Oslo" },
      env,
      { timeoutMs: 5_000 },
    );
    expect(result).toEqual({ content: [{ type: "text", text: "quick" }] });
    expect(seen!.aborted).toBe(false);
  });

  it("removes its abort listener from the client's signal once the call is over", async () => {
    const { env, controller } = environment();
    let seen: AbortSignal | undefined;
    await callTool(
      plainTool,
      handlerOf((_i, c) => {
        seen = c.signal;
        return "done";
      }),
      { city: "Oslo" },
      env,
    );
    controller.abort();
    expect(seen!.aborted).toBe(false);
  });
});

describe("callTool: errors reach the client only as intended", () => {
  it("a missing handler -> generic isError, and the server log says which", async () => {
    const { env, logger } = environment();
    const result = await callTool(plainTool, undefined, { city: "Oslo" }, env);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Tool "get_weather" failed with an internal error \(reference [0-9a-f]{8}\)\.$/);
    expect(logger.calls).toHaveLength(1);
    expect(logger.calls[0].level).toBe("error");
    expect(logger.calls[0].message).toBe('tool "get_weather" failed: no handler is registered for tool "get_weather"');
    expect(textOf(result)).toContain((logger.calls[0].data as { reference: string }).reference);
  });

  it("ToolError -> isError with exactly its message, nothing logged as an error", async () => {
    const { env, logger } = environment();
    const result = await callTool(
      plainTool,
      handlerOf(() => {
        throw new ToolError("No weather data for Atlantis.");
      }),
      { city: "Atlantis" },
      env,
    );
    expect(result).toEqual({ content: [{ type: "text", text: "No weather data for Atlantis." }], isError: true });
    expect(logger.calls).toEqual([]);
  });

  it("an async ToolError (rejected promise) is the same", async () => {
    const { env } = environment();
    const result = await callTool(
      plainTool,
      handlerOf(async () => {
        await Promise.resolve();
        throw new ToolError("try later");
      }),
      { city: "Oslo" },
      env,
    );
    expect(result).toEqual({ content: [{ type: "text", text: "try later" }], isError: true });
  });

  it("an Error with a secret, a path and a stack -> generic text; the details only in the log", async () => {
    const secret = "sk-live-5f3a9c1e0b7d";
    const { env, logger } = environment();
    const result = await callTool(
      plainTool,
      handlerOf(() => {
        const error = new Error(`connect to postgres://admin:${secret}@db failed reading /home/deploy/app/config/secrets.json`);
        throw error;
      }),
      { city: "Oslo" },
      env,
    );
    const clientText = JSON.stringify(result);
    expect(result.isError).toBe(true);
    expect(result.content).toHaveLength(1);
    expect(clientText).not.toContain(secret);
    expect(clientText).not.toContain("/home/");
    expect(clientText).not.toContain("postgres");
    expect(clientText).not.toMatch(/\bat /);
    expect(clientText).not.toContain(".ts:");
    expect(textOf(result)).toMatch(/^Tool "get_weather" failed with an internal error \(reference [0-9a-f]{8}\)\.$/);

    expect(logger.calls).toHaveLength(1);
    const [entry] = logger.calls;
    expect(entry.level).toBe("error");
    expect(entry.message).toBe('tool "get_weather" failed: handler threw');
    const details = (entry.data as { details: { name: string; message: string; stack: string } }).details;
    expect(details.name).toBe("Error");
    expect(details.message).toContain(secret);
    expect(details.message).toContain("/home/deploy/app/config/secrets.json");
    expect(details.stack).toMatch(/\n\s+at /);
    expect(textOf(result)).toContain((entry.data as { reference: string }).reference);
  });

  it("two failures get different references", async () => {
    const { env } = environment();
    const boom = handlerOf(() => {
      throw new Error("boom");
    });
    const a = textOf(await callTool(plainTool, boom, { city: "a" }, env));
    const b = textOf(await callTool(plainTool, boom, { city: "b" }, env));
    expect(a).not.toBe(b);
  });

  const symbolKey = Symbol("secret");
  it.each<[string, () => unknown, string]>([
    ["a string", () => "sk-secret-string at /home/me/x.ts:1", "sk-secret-string"],
    ["a number", () => 4242, "4242"],
    ["null", () => null, "null"],
    ["undefined", () => undefined, "undefined"],
    ["a plain object", () => ({ password: "hunter2-secret", path: "/home/me" }), "hunter2-secret"],
    ["an object holding a Symbol", () => ({ [symbolKey]: "hidden", kind: Symbol("kind-secret"), note: "symbol-note-secret" }), "symbol-note-secret"],
    ["a Symbol", () => Symbol("bare-symbol-secret"), "bare-symbol-secret"],
    ["a BigInt", () => 123456789012345678901234567890n, "123456789012345678901234567890"],
    [
      "an object whose toJSON throws",
      () => ({
        toJSON: () => {
          throw new Error("nope");
        },
        secret: "tojson-secret",
      }),
      "",
    ],
    [
      "a circular object",
      () => {
        const o: Record<string, unknown> = { secret: "circular-secret" };
        o.self = o;
        return o;
      },
      "circular-secret",
    ],
  ])("throwing %s -> generic isError, never a crash, never the value", async (_what, make, marker) => {
    const { env, logger } = environment();
    const thrown = make();
    const result = await callTool(
      plainTool,
      handlerOf(() => {
        throw thrown;
      }),
      { city: "Oslo" },
      env,
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Tool "get_weather" failed with an internal error \(reference [0-9a-f]{8}\)\.$/);
    if (marker) expect(JSON.stringify(result)).not.toContain(marker);
    expect(logger.calls.map((c) => [c.level, c.message])).toEqual([["error", 'tool "get_weather" failed: handler threw']]);
    if (marker && !/^(null|undefined)$/.test(marker)) expect(logger.text()).toContain(marker);
  });

  it.each<[string, unknown]>([
    ["a number", 42],
    ["an object without content", { answer: 42 }],
    ["an array with a non-block", [{ type: "text", text: "a" }, 7]],
  ])("a handler returning %s (not a ToolReturn) -> generic isError and a log line", async (_what, value) => {
    const { env, logger } = environment();
    const result = await callTool(
      plainTool,
      handlerOf(() => value),
      { city: "Oslo" },
      env,
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/internal error/);
    expect(logger.calls.map((c) => c.message)).toEqual([
      'tool "get_weather" failed: handler returned a value that is not a string, content blocks or a CallToolResult',
    ]);
  });
});

describe("callTool: results", () => {
  it.each<[string, unknown, CallToolResult]>([
    ["a string", "sunny", { content: [{ type: "text", text: "sunny" }] }],
    ["a block", { type: "image", data: "AAAA", mimeType: "image/png" }, { content: [{ type: "image", data: "AAAA", mimeType: "image/png" }] }],
    ["nothing", undefined, { content: [] }],
    ["a CallToolResult", { content: [{ type: "text", text: "handled" }], isError: true }, { content: [{ type: "text", text: "handled" }], isError: true }],
  ])("a tool without outputSchema returning %s", async (_what, value, expected) => {
    const { env } = environment();
    expect(
      await callTool(
        plainTool,
        handlerOf(async () => value),
        { city: "Oslo" },
        env,
      ),
    ).toEqual(expected);
  });

  it("a tool with outputSchema: valid output -> structuredContent and its JSON as text", async () => {
    const { env, logger } = environment();
    const output = { temperature: 21.5, conditions: "sunny" };
    const result = await callTool(
      structuredTool,
      handlerOf(async () => output),
      { city: "Oslo" },
      env,
    );
    expect(result).toEqual({ content: [{ type: "text", text: JSON.stringify(output) }], structuredContent: output });
    expect(textOf(result)).toBe('{"temperature":21.5,"conditions":"sunny"}');
    expect(result.isError).toBeUndefined();
    expect(logger.calls).toEqual([]);
  });

  it("a tool with outputSchema: invalid output -> generic isError, the violations in the server log", async () => {
    const { env, logger } = environment();
    const result = await callTool(
      structuredTool,
      handlerOf(async () => ({ temperature: "warm", wind: 3 })),
      { city: "Oslo" },
      env,
    );
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(/^Tool "get_forecast" failed with an internal error \(reference [0-9a-f]{8}\)\.$/);
    expect(logger.calls).toHaveLength(1);
    expect(logger.calls[0].level).toBe("error");
    expect(logger.calls[0].message).toBe(`tool "get_forecast" failed: handler output does not match the tool's outputSchema`);
    expect((logger.calls[0].data as { details: unknown }).details).toEqual({
      violations: ["/conditions: is required", "/wind: is not allowed", "/temperature: must be number"],
    });
  });

  it("a tool with outputSchema: input is still validated first", async () => {
    const { env } = environment();
    const result = await callTool(
      structuredTool,
      handlerOf(async () => ({ temperature: 1, conditions: "x" })),
      { city: "" },
      env,
    );
    expect(result).toEqual({
      content: [{ type: "text", text: 'Invalid arguments for tool "get_forecast":\n/city: must NOT have fewer than 1 characters' }],
      isError: true,
    });
  });
});

describe("callTool: the server's own faults and quiet cancellations", () => {
  const throwing = Object.assign(
    (() => {
      throw new Error("regex engine exploded at /srv/app");
    }) as unknown as CompiledValidator,
    { errors: null },
  );

  it("a validator that throws is an internal failure, not a protocol error", async () => {
    const { env, logger } = environment();
    const result = await callTool(
      { ...noArgsTool, validateInput: throwing },
      handlerOf(() => "ran"),
      {},
      env,
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/failed with an internal error \(reference [0-9a-f]{8}\)/);
    expect(textOf(result)).not.toContain("/srv/app");
    expect(logger.text()).toContain("the input validator threw");
  });

  it("an output validator that throws is an internal failure too", async () => {
    const { env, logger } = environment();
    const result = await callTool(
      { ...structuredTool, validateOutput: throwing },
      handlerOf(() => ({ temperature: 1, conditions: "x" })),
      { city: "Oslo" },
      env,
    );
    expect(result.isError).toBe(true);
    expect(logger.text()).toContain("the output validator threw");
  });

  it("a handler that gives up because the client cancelled is logged at debug, not as an error", async () => {
    const { env, logger, controller } = environment();
    let listening!: () => void;
    const handlerListens = new Promise<void>((resolve) => (listening = resolve));
    const running = callTool(
      noArgsTool,
      handlerOf(
        (_input, context) =>
          new Promise((_, reject) => {
            context.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
            listening();
          }),
      ),
      {},
      env,
    );
    // Once the handler is running and listening, the client cancels.
    await handlerListens;
    controller.abort("user pressed stop");
    const result = await running;
    expect(result.isError).toBe(true);
    expect(logger.calls.filter((c) => c.level === "error")).toEqual([]);
    expect(logger.calls.some((c) => c.level === "debug" && c.message.includes("cancelled"))).toBe(true);
  });
});
