/**
 * Tools as tasks, in process: the SDK's own client talks to `toolServer.fetch` (with sessions,
 * so a 2025 client's `tasks/result` can carry the task's questions) in both protocol eras.
 * The SDK v2 client refuses a task as the answer to `tools/call` in both eras (it decodes
 * `tools/call` results itself, docs/sdk-notes.md), so the test reads that one answer on the
 * wire, as the client's transport received it; every other method goes through `client.request`.
 * Every task answer is checked against the revision's schema (2025-11-25's from the corpus;
 * the 2026-07-28 extension's shapes by hand, as its schema is not vendored).
 */
import { Client, ProtocolError, StreamableHTTPClientTransport, type StandardSchemaV1 } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { createToolServer, type ToolServer } from "../../../src/runtime/create-server.js";
import type { ToolContext, ToolDefinition, ToolEntry } from "../../../src/runtime/types.js";
import { createAjv } from "../../../src/spec/ajv.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";
import { schemaProblems } from "../../helpers/mcp.js";

const ajv = createAjv("2020-12");
const TASKS = "io.modelcontextprotocol/tasks";
const AS_SENT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  "~standard": { version: 1, vendor: "test", validate: (value) => ({ value: value as Record<string, unknown> }) },
};

function entry(definition: ToolDefinition, task?: ToolEntry["task"]): ToolEntry {
  return { definition, validateInput: ajv.compile(definition.inputSchema), ...(task ? { task } : {}) };
}

const object = { type: "object" as const };
const REGISTRY: Record<string, ToolEntry> = {
  export: entry(
    {
      name: "export",
      description: "A long export.",
      inputSchema: { type: "object", properties: { rows: { type: "integer" } } },
      execution: { taskSupport: "optional" },
    },
    { pollInterval: 50 },
  ),
  ask: entry({ name: "ask", description: "Asks a name.", inputSchema: object, execution: { taskSupport: "required" } }, { pollInterval: 50 }),
  boom: entry({ name: "boom", description: "Throws.", inputSchema: object, execution: { taskSupport: "optional" } }),
  brief: entry({ name: "brief", description: "Kept briefly.", inputSchema: object, execution: { taskSupport: "optional" } }, { ttl: 300, pollInterval: 20 }),
  plain: entry({ name: "plain", description: "Not a task.", inputSchema: object }),
};

interface Probe {
  /** Resolves the running export. */
  release?: () => void;
  signal?: AbortSignal;
}

function handlers(probe: Probe) {
  return {
    export: async (input: { rows?: number }, context: ToolContext) => {
      probe.signal = context.signal;
      const rows = input.rows ?? 3;
      await context.progress(1, rows, `exported 1 of ${rows} rows`);
      await new Promise<void>((resolve, reject) => {
        probe.release = resolve;
        context.signal.addEventListener("abort", () => reject(context.signal.reason));
      });
      return `exported ${rows} rows`;
    },
    ask: async (_input: unknown, context: ToolContext) => {
      const answer = await context.elicit({
        message: "Your name?",
        requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      });
      return answer.action === "accept" ? `Hello, ${answer.content.name}!` : `no name (${answer.action})`;
    },
    boom: async () => {
      throw new Error("kaboom");
    },
    brief: async () => "done",
    plain: async () => "plain",
  };
}

type Era = "legacy" | "modern";
const ERAS: Era[] = ["legacy", "modern"];

interface Conn {
  client: Client;
  received: Array<Record<string, unknown>>;
  era: Era;
}

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

function serve(probe: Probe = {}) {
  const logger = capturingLogger();
  const server = createToolServer({
    info: { name: "tasks-test", version: "1.0.0" },
    registry: REGISTRY,
    handlers: handlers(probe),
    logger,
    legacySessions: true,
    verifyToken: (request) => {
      const token = request.headers.get("authorization")?.replace(/^Bearer /, "");
      return token ? { token, clientId: token, scopes: [] } : undefined;
    },
  });
  open.push(server);
  return { server, logger, probe };
}

async function connect(server: ToolServer, era: Era, token = "alice", declare = true): Promise<Conn> {
  const client = new Client(
    { name: "tasks-test-client", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {} }, ...(era === "modern" && declare ? { extensions: { [TASKS]: {} } } : {}) },
      ...(era === "modern" ? { versionNegotiation: { mode: "auto" as const } } : {}),
    },
  );
  client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { name: "Luca" } }));
  const transport = new StreamableHTTPClientTransport(new URL("http://tasks.test/mcp"), {
    fetch: (url, init) => server.fetch(new Request(url, init)),
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe(era);
  const received: Array<Record<string, unknown>> = [];
  const onmessage = transport.onmessage;
  transport.onmessage = (message: unknown, extra?: unknown) => {
    received.push(message as Record<string, unknown>);
    (onmessage as (m: unknown, e?: unknown) => void)?.(message, extra);
  };
  open.push(client);
  return { client, received, era };
}

/** Calls a tool as a task and returns the task the server answered with (as on the wire). */
async function startTask(conn: Conn, name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const before = conn.received.length;
  const params = conn.era === "legacy" ? { name, arguments: args, task: { ttl: 60_000 } } : { name, arguments: args };
  // The SDK v2 client refuses the task answer after receiving it (see the header).
  await conn.client.request({ method: "tools/call", params } as never, AS_SENT).catch(() => undefined);
  const response = conn.received.slice(before).find((m) => m.id !== undefined && (m.result !== undefined || m.error !== undefined));
  if (!response?.result) throw new Error(`no task: ${JSON.stringify(response)}`);
  const result = response.result as Record<string, unknown>;
  if (conn.era === "legacy") {
    expect(schemaProblems("2025-11-25", "CreateTaskResult", result)).toEqual([]);
    return result.task as Record<string, unknown>;
  }
  expect(result.resultType).toBe("task");
  expectModernTask(result);
  return result;
}

const call = (conn: Conn, method: string, params: Record<string, unknown>) => conn.client.request({ method, params } as never, AS_SENT);

/** The extension's Task shape (its schema is not vendored: checked member by member). */
function expectModernTask(task: Record<string, unknown>) {
  expect(typeof task.taskId).toBe("string");
  expect(["working", "input_required", "completed", "failed", "cancelled"]).toContain(task.status);
  expect(Date.parse(task.createdAt as string)).not.toBeNaN();
  expect(Date.parse(task.lastUpdatedAt as string)).not.toBeNaN();
  expect(task.ttlMs === null || Number.isInteger(task.ttlMs)).toBe(true);
  expect(task).not.toHaveProperty("ttl");
}

async function getTask(conn: Conn, taskId: string): Promise<Record<string, unknown>> {
  const task = await call(conn, "tasks/get", { taskId });
  if (conn.era === "legacy") expect(schemaProblems("2025-11-25", "GetTaskResult", task)).toEqual([]);
  else expectModernTask(task);
  return task;
}

/** Polls tasks/get until `done` holds (each poll waits for the server's answer; bounded by the test's timeout). */
async function pollUntil(conn: Conn, taskId: string, done: (task: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (;;) {
    const task = await getTask(conn, taskId);
    if (done(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function protocolError(promise: Promise<unknown>): Promise<ProtocolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error("expected a protocol error");
}

const text = (result: unknown) => ((result as { content: Array<{ text: string }> }).content ?? []).map((c) => c.text).join("\n");

/** The tool's result: inline in a completed 2026 task, from tasks/result in 2025. */
async function resultOf(conn: Conn, taskId: string): Promise<Record<string, unknown>> {
  if (conn.era === "legacy") {
    const result = await call(conn, "tasks/result", { taskId });
    expect(schemaProblems("2025-11-25", "CallToolResult", result)).toEqual([]);
    expect((result._meta as Record<string, unknown>)["io.modelcontextprotocol/related-task"]).toEqual({ taskId });
    return result;
  }
  const task = await pollUntil(conn, taskId, (t) => t.status === "completed");
  return task.result as Record<string, unknown>;
}

describe.each(ERAS)("tasks, %s era", (era) => {
  it("advertises task support as the revision does", async () => {
    const { server } = serve();
    const conn = await connect(server, era);
    const caps = conn.client.getServerCapabilities() as Record<string, unknown>;
    const tools = (await conn.client.listTools()).tools as Array<Record<string, unknown>>;
    const exportTool = tools.find((t) => t.name === "export")!;
    if (era === "legacy") {
      expect(caps.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
      expect(exportTool.execution).toEqual({ taskSupport: "optional" });
    } else {
      expect((caps.extensions as Record<string, unknown>)[TASKS]).toEqual({});
      // The extension has no per-tool declaration: the server decides per call.
      expect(exportTool).not.toHaveProperty("execution");
    }
  });

  it("runs a task: polled, progress as its status message, the result fetched later", async () => {
    const { server, probe } = serve();
    const conn = await connect(server, era);
    const task = await startTask(conn, "export", { rows: 4 });
    expect(task.status).toBe("working");
    const working = await pollUntil(conn, task.taskId as string, (t) => t.statusMessage === "exported 1 of 4 rows");
    expect(working.status).toBe("working");
    probe.release!();
    expect(text(await resultOf(conn, task.taskId as string))).toBe("exported 4 rows");
    if (era === "legacy") {
      const listed = await call(conn, "tasks/list", {});
      expect(schemaProblems("2025-11-25", "ListTasksResult", listed)).toEqual([]);
      expect((listed.tasks as Array<{ taskId: string; status: string }>).map((t) => [t.taskId, t.status])).toEqual([[task.taskId, "completed"]]);
    }
  });

  it("asks for input: the task waits in input_required and resumes with the answer", async () => {
    const { server } = serve();
    const conn = await connect(server, era);
    const task = await startTask(conn, "ask");
    const taskId = task.taskId as string;
    const waiting = await pollUntil(conn, taskId, (t) => t.status === "input_required");
    if (era === "modern") {
      expect(waiting.inputRequests).toEqual({
        "elicit-1": {
          method: "elicitation/create",
          params: { mode: "form", message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
        },
      });
      // An answer to a question never asked is ignored.
      await call(conn, "tasks/update", { taskId, inputResponses: { "elicit-9": { action: "accept", content: { name: "Nobody" } } } });
      expect((await getTask(conn, taskId)).status).toBe("input_required");
      const ack = await call(conn, "tasks/update", { taskId, inputResponses: { "elicit-1": { action: "accept", content: { name: "Luca" } } } });
      expect(ack).toEqual(expect.not.objectContaining({ taskId }));
    }
    // 2025: tasks/result sends the question to the client, which answers Luca.
    expect(text(await resultOf(conn, taskId))).toBe("Hello, Luca!");
  });

  it("cancels: the handler's signal aborts, the task is cancelled, a second cancel is refused", async () => {
    const { server, probe } = serve();
    const conn = await connect(server, era);
    const task = await startTask(conn, "export");
    const taskId = task.taskId as string;
    await pollUntil(conn, taskId, (t) => t.statusMessage !== undefined);
    const answer = await call(conn, "tasks/cancel", { taskId });
    if (era === "legacy") {
      expect(schemaProblems("2025-11-25", "CancelTaskResult", answer)).toEqual([]);
      expect(answer.status).toBe("cancelled");
    }
    await expect.poll(() => probe.signal?.aborted).toBe(true);
    expect((await getTask(conn, taskId)).status).toBe("cancelled");
    const again = await protocolError(call(conn, "tasks/cancel", { taskId }));
    expect(again.code).toBe(-32602);
    expect(again.message).toContain("already cancelled");
    if (era === "legacy") expect((await protocolError(call(conn, "tasks/result", { taskId }))).message).toContain("was cancelled");
  });

  it("a handler that throws: the task completes with an isError result naming a log reference", async () => {
    const { server, logger } = serve();
    const conn = await connect(server, era);
    const task = await startTask(conn, "boom");
    const result = await resultOf(conn, task.taskId as string);
    expect(result.isError).toBe(true);
    const reference = /reference ([0-9a-f]{8})/.exec(text(result))![1];
    expect(logger.text()).toContain(reference);
    expect(logger.text()).toContain("kaboom");
    expect(text(result)).not.toContain("kaboom");
  });

  it("unknown, expired and another caller's task ids get the same -32602", async () => {
    const { server } = serve();
    const conn = await connect(server, era);
    const unknown = await protocolError(call(conn, "tasks/get", { taskId: "no-such-task" }));
    expect(unknown.code).toBe(-32602);
    expect(unknown.message).toContain("Task not found");
    const task = await startTask(conn, "export");
    const bob = await connect(server, era, "bob");
    expect((await protocolError(call(bob, "tasks/get", { taskId: task.taskId as string }))).code).toBe(-32602);
    expect((await protocolError(call(bob, "tasks/cancel", { taskId: task.taskId as string }))).code).toBe(-32602);
    if (era === "legacy") expect((await call(bob, "tasks/list", {})).tasks).toEqual([]);
    // Kept 300 ms: once past it, the task is gone.
    const brief = await startTask(conn, "brief");
    expect(brief.ttl ?? brief.ttlMs).toBe(300);
    for (;;) {
      const outcome = await call(conn, "tasks/get", { taskId: brief.taskId as string }).catch((error: unknown) => error);
      if (outcome instanceof ProtocolError) {
        expect(outcome.code).toBe(-32602);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("a tool that requires a task, called without one, is refused as the revision says", async () => {
    const { server } = serve();
    const conn = await connect(server, era, "alice", false);
    const refused = await protocolError(conn.client.callTool({ name: "ask", arguments: {} }));
    expect(refused.code).toBe(era === "legacy" ? -32601 : -32021);
    // An optional one runs as an ordinary call.
    expect(text(await conn.client.callTool({ name: "brief", arguments: {} }))).toBe("done");
    if (era === "legacy") {
      const forbidden = await protocolError(call(conn, "tools/call", { name: "plain", arguments: {}, task: {} }));
      expect(forbidden.code).toBe(-32601);
    } else {
      expect((await protocolError(call(conn, "tasks/get", { taskId: "x" }))).code).toBe(-32021);
    }
  });
});
