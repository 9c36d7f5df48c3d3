/**
 * What an operator puts around every call: access control and audit hooks, a rate-limit
 * hook and a concurrency limit, through `createToolServer` options (what generated
 * `createServer(handlers, options)` passes on) and through `callTool` directly.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConcurrencyGate, type CallOutcome, type ToolCall } from "../../../src/runtime/call-policy.js";
import { callTool, type CallEnvironment } from "../../../src/runtime/call-tool.js";
import { ToolError } from "../../../src/runtime/tool-error.js";
import { createToolServer, type ToolServer, type ToolServerOptions } from "../../../src/runtime/create-server.js";
import type { CallToolResult, ToolDefinition, ToolEntry } from "../../../src/runtime/types.js";
import { createAjv } from "../../../src/spec/ajv.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

const ajv = createAjv("2020-12");
const entry = (definition: ToolDefinition): ToolEntry => ({ definition, validateInput: ajv.compile(definition.inputSchema) });
const pathArg = { type: "object" as const, properties: { path: { type: "string" } }, required: ["path"], additionalProperties: false };

const DEFINITIONS: ToolDefinition[] = [
  { name: "delete_file", description: "Deletes a file.", inputSchema: pathArg, annotations: { destructiveHint: true } },
  { name: "read_file", description: "Reads a file.", inputSchema: pathArg, annotations: { readOnlyHint: true } },
  { name: "hold", description: "Runs until released.", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
  { name: "explode", description: "Throws a ToolError.", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
];
const registry = Object.fromEntries(DEFINITIONS.map((d) => [d.name, entry(d)]));

interface Probe {
  deleted: string[];
  seen: unknown[];
  releases: Array<() => void>;
  /** Called each time a `hold` call starts holding. */
  onHold?: () => void;
}

function handlers(probe: Probe) {
  return {
    delete_file: async (input: { path: string }) => {
      probe.seen.push(input);
      probe.deleted.push(input.path);
      return `deleted ${input.path}`;
    },
    read_file: async (input: { path: string }) => {
      probe.seen.push(input);
      return `contents of ${input.path}`;
    },
    hold: () =>
      new Promise<string>((resolve) => {
        probe.releases.push(() => resolve("released"));
        probe.onHold?.();
      }),
    explode: () => {
      throw new ToolError("nothing to explode");
    },
  };
}

/** Access control from annotations: anything not declared read-only needs the admin scope. */
const adminOnlyForWrites = (call: ToolCall) => {
  if (call.annotations.readOnlyHint === true) return undefined;
  const scopes = (call.authInfo as { scopes?: string[] } | undefined)?.scopes ?? [];
  return scopes.includes("admin") ? undefined : { deny: `Tool "${call.name}" changes things; it needs the admin scope.` };
};

const open: Array<{ client: Client; server: ToolServer }> = [];
afterEach(async () => {
  for (const { client, server } of open.splice(0)) {
    await client.close();
    await server.close();
  }
});

async function connect(options: ToolServerOptions) {
  const probe: Probe = { deleted: [], seen: [], releases: [] };
  const logger = capturingLogger();
  const server = createToolServer({ info: { name: "policy-test", version: "1.0.0" }, registry, handlers: handlers(probe), logger, ...options });
  const client = new Client({ name: "policy-test-client", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://test.local/mcp"), { fetch: (url, init) => server.fetch(new Request(url, init)) }));
  open.push({ client, server });
  return { client, probe, logger };
}

const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

describe("beforeCall: access control", () => {
  it("denies a destructive tool to a caller without the admin scope; read-only tools still run", async () => {
    const { client, probe } = await connect({ beforeCall: adminOnlyForWrites });
    const denied = await client.callTool({ name: "delete_file", arguments: { path: "report.pdf" } });
    expect(denied).toEqual({
      content: [{ type: "text", text: 'Tool "delete_file" changes things; it needs the admin scope.' }],
      isError: true,
    });
    expect(probe.deleted).toEqual([]);
    const read = await client.callTool({ name: "read_file", arguments: { path: "report.pdf" } });
    expect(read).toEqual({ content: [{ type: "text", text: "contents of report.pdf" }] });
  });

  it("lets the same call through for a caller with the admin scope (auth info reaches the hook)", async () => {
    const { env } = environment({ authInfo: { scopes: ["admin"] } });
    let ran = false;
    const result = await callTool(registry.delete_file, () => ((ran = true), "deleted"), { path: "a" }, env, { beforeCall: adminOnlyForWrites });
    expect(result).toEqual({ content: [{ type: "text", text: "deleted" }] });
    expect(ran).toBe(true);
  });

  it("a ToolError thrown by the hook denies with its message; any other exception is a generic error, its details only logged", async () => {
    const { client: c1 } = await connect({
      beforeCall: () => {
        throw new ToolError("Outside business hours.");
      },
    });
    expect(await c1.callTool({ name: "read_file", arguments: { path: "x" } })).toEqual({
      content: [{ type: "text", text: "Outside business hours." }],
      isError: true,
    });
    const { client: c2, logger } = await connect({
      beforeCall: () => {
        throw new Error("db password hunter2 at /srv/secret/acl.ts:12");
      },
    });
    const failed = await c2.callTool({ name: "read_file", arguments: { path: "x" } });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toMatch(/^Tool "read_file" failed with an internal error \(reference [0-9a-f]{8}\)\.$/);
    expect(logger.text()).toContain("hunter2");
  });

  it("sees only arguments that passed validation: invalid ones are answered before the hook", async () => {
    const calls: unknown[] = [];
    const { client } = await connect({ beforeCall: (call) => void calls.push(call.arguments) });
    const result = await client.callTool({ name: "read_file", arguments: { path: 7, extra: true } });
    expect(textOf(result)).toBe('Invalid arguments for tool "read_file":\n/extra: is not allowed\n/path: must be string');
    expect(calls).toEqual([]);
  });
});

describe("afterCall: audit log", () => {
  it("receives every call with its tool, annotations, arguments and outcome", async () => {
    const audit: Array<{ call: ToolCall; outcome: CallOutcome }> = [];
    const { client } = await connect({
      beforeCall: adminOnlyForWrites,
      afterCall: (call, outcome) => void audit.push({ call, outcome }),
    });
    await client.callTool({ name: "read_file", arguments: { path: "a.txt" } });
    await client.callTool({ name: "read_file", arguments: {} });
    await client.callTool({ name: "delete_file", arguments: { path: "b.txt" } });
    await client.callTool({ name: "explode", arguments: {} });
    expect(
      audit.map(({ call, outcome }) => ({
        name: call.name,
        annotations: call.annotations,
        arguments: call.arguments,
        status: outcome.status,
        isError: outcome.result.isError ?? false,
      })),
    ).toEqual([
      { name: "read_file", annotations: { readOnlyHint: true }, arguments: { path: "a.txt" }, status: "ok", isError: false },
      { name: "read_file", annotations: { readOnlyHint: true }, arguments: {}, status: "invalid-arguments", isError: true },
      { name: "delete_file", annotations: { destructiveHint: true }, arguments: { path: "b.txt" }, status: "denied", isError: true },
      { name: "explode", annotations: { readOnlyHint: true }, arguments: {}, status: "tool-error", isError: true },
    ]);
    expect(textOf(audit[0].outcome.result)).toBe("contents of a.txt");
    for (const { outcome } of audit) expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("a failing audit hook changes nothing the client gets, and the operator is told", async () => {
    const { client, logger } = await connect({
      afterCall: async () => {
        throw new Error("audit store down");
      },
    });
    expect(await client.callTool({ name: "read_file", arguments: { path: "a" } })).toEqual({ content: [{ type: "text", text: "contents of a" }] });
    expect(logger.calls.map((c) => c.message)).toEqual(['afterCall hook failed for tool "read_file"']);
    expect(logger.text()).toContain("audit store down");
  });

  it("records internal errors, cancellations aside, with the generic text the client got", async () => {
    const outcomes: CallOutcome[] = [];
    const { env } = environment();
    const result = await callTool(
      registry.read_file,
      () => {
        throw new Error("secret");
      },
      { path: "a" },
      env,
      { afterCall: (_call, outcome) => void outcomes.push(outcome) },
    );
    expect(outcomes.map((o) => o.status)).toEqual(["internal-error"]);
    expect(outcomes[0].result).toBe(result);
    expect(textOf(result)).not.toContain("secret");
  });
});

describe("rateLimit", () => {
  it("refuses with retryAfterMs once the budget is spent, before validation, and the handler never runs", async () => {
    let budget = 2;
    const asked: ToolCall[] = [];
    const { client, probe } = await connect({
      rateLimit: (call) => {
        asked.push(call);
        return budget-- > 0 ? true : { retryAfterMs: 1500.2 };
      },
    });
    for (const path of ["a", "b"]) expect((await client.callTool({ name: "read_file", arguments: { path } })).isError ?? false).toBe(false);
    const limited = await client.callTool({ name: "read_file", arguments: { path: 3 } });
    expect(limited).toEqual({ content: [{ type: "text", text: 'Rate limit reached for tool "read_file"; retry after 1501 ms.' }], isError: true });
    expect(probe.seen).toEqual([{ path: "a" }, { path: "b" }]);
    // The hook saw the raw, not yet validated, arguments of the third call.
    expect(asked.map((c) => c.arguments)).toEqual([{ path: "a" }, { path: "b" }, { path: 3 }]);
  });

  it("false refuses without a retry time; a throwing hook is a generic internal error", async () => {
    const { client } = await connect({ rateLimit: async () => false });
    expect(textOf(await client.callTool({ name: "read_file", arguments: { path: "a" } }))).toBe('Rate limit reached for tool "read_file"; try again later.');
    const { client: c2, logger } = await connect({
      rateLimit: () => {
        throw new Error("redis at 10.0.0.7 refused");
      },
    });
    const failed = await c2.callTool({ name: "read_file", arguments: { path: "a" } });
    expect(textOf(failed)).toMatch(/internal error \(reference [0-9a-f]{8}\)/);
    expect(textOf(failed)).not.toContain("10.0.0.7");
    expect(logger.text()).toContain("10.0.0.7");
  });
});

describe("maxConcurrentCalls", () => {
  it("answers calls beyond the limit at once with a clear busy error, and frees the slot when a call ends", async () => {
    const { client, probe } = await connect({ maxConcurrentCalls: 2 });
    const bothHeld = new Promise<void>((resolve) => (probe.onHold = () => probe.releases.length === 2 && resolve()));
    const first = client.callTool({ name: "hold", arguments: {} });
    const second = client.callTool({ name: "hold", arguments: {} });
    await bothHeld;
    const third = await client.callTool({ name: "read_file", arguments: { path: "a" } });
    expect(third).toEqual({
      content: [{ type: "text", text: "Server busy: 2 tool calls are already running, the most this server allows at once; try again shortly." }],
      isError: true,
    });
    probe.releases[0]();
    expect(textOf(await first)).toBe("released");
    expect(await client.callTool({ name: "read_file", arguments: { path: "a" } })).toEqual({ content: [{ type: "text", text: "contents of a" }] });
    probe.releases[1]();
    expect(textOf(await second)).toBe("released");
  });

  it("is shared by every connection of one server, and released after timeouts and failures too", async () => {
    const gate = new ConcurrencyGate(1);
    const { env } = environment();
    const timedOut = await callTool(registry.hold, () => new Promise(() => {}), {}, env, { concurrency: gate, timeoutMs: 20 });
    expect(textOf(timedOut)).toBe('Tool "hold" timed out after 20 ms.');
    const failed = await callTool(
      registry.hold,
      () => {
        throw new Error("boom");
      },
      {},
      env,
      { concurrency: gate },
    );
    expect(failed.isError).toBe(true);
    expect(gate.active).toBe(0);
    const release = gate.tryEnter();
    expect(release).toBeTypeOf("function");
    expect(gate.tryEnter()).toBeUndefined();
    release!();
    release!();
    expect(gate.active).toBe(0);
  });

  it("rejects a limit that is not a positive integer when the server is created", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => createToolServer({ info: { name: "x", version: "1" }, registry, handlers: {}, maxConcurrentCalls: bad })).toThrow(RangeError);
    }
  });
});

describe("options keyed by tool name", () => {
  it("a tool named like an Object.prototype member gets no timeout from the prototype", async () => {
    const definition: ToolDefinition = { name: "constructor", inputSchema: { type: "object" } };
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const server = createToolServer({
      info: { name: "proto", version: "1" },
      registry: { constructor: entry(definition) } as Record<string, ToolEntry>,
      // Answers on a 30 ms timer: a bogus timeout (toolTimeouts["constructor"] is Object) would fire first.
      handlers: {
        constructor: () => {
          started();
          return new Promise((resolve) => setTimeout(() => resolve("built"), 30));
        },
      } as object,
      toolTimeouts: {},
      logger: capturingLogger(),
    });
    const client = new Client({ name: "c", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL("http://test.local/mcp"), { fetch: (url, init) => server.fetch(new Request(url, init)) }));
    open.push({ client, server });
    // A clock of the test's own: the timers fire in the order they are due, however busy the machine.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const call = client.callTool({ name: "constructor", arguments: {} });
      await handlerStarted;
      await vi.advanceTimersByTimeAsync(30);
      expect(await call).toEqual({ content: [{ type: "text", text: "built" }] });
    } finally {
      vi.useRealTimers();
    }
  });
});

function environment(overrides: Partial<CallEnvironment> = {}) {
  const env: CallEnvironment = { signal: new AbortController().signal, progress: async () => {}, logger: capturingLogger(), ...overrides };
  return { env };
}
