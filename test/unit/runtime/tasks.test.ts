/**
 * Tools as tasks, in process: the SDK's own client talks to `toolServer.fetch` (with sessions,
 * so a 2025 client's `tasks/result` can carry the task's questions) in both protocol eras.
 * The client and its checks of every task answer: test/helpers/task-client.ts.
 */
import { ProtocolError } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { createToolServer, type ToolServer } from "../../../src/runtime/create-server.js";
import { InMemoryTaskStore, type TaskStore } from "../../../src/runtime/task-store.js";
import type { ToolContext, ToolDefinition, ToolEntry } from "../../../src/runtime/types.js";
import { createAjv } from "../../../src/spec/ajv.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";
import { schemaProblems } from "../../helpers/mcp.js";
import { call, connectTasks, ERAS, getTask, pollUntil, protocolError, resultOf, startTask, TASKS, text, type Era } from "../../helpers/task-client.js";

const ajv = createAjv("2020-12");

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

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

function serve(probe: Probe = {}, store?: TaskStore) {
  const logger = capturingLogger();
  const server = createToolServer({
    info: { name: "tasks-test", version: "1.0.0" },
    registry: REGISTRY,
    handlers: handlers(probe),
    logger,
    ...(store ? { tasks: { store } } : {}),
    legacySessions: true,
    verifyToken: (request) => {
      const token = request.headers.get("authorization")?.replace(/^Bearer /, "");
      return token ? { token, clientId: token, scopes: [] } : undefined;
    },
  });
  open.push(server);
  return { server, logger, probe };
}

async function connect(server: ToolServer, era: Era, token = "alice", declare = true) {
  const conn = await connectTasks(server.fetch, era, token, declare);
  open.push(conn.client);
  return conn;
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

describe("a server that closes while its tasks run", () => {
  /** A store that outlives the server, to see what the server left in it. */
  class KeptStore extends InMemoryTaskStore {
    override async close(): Promise<void> {}
  }

  it("aborts their handlers and leaves them failed (-32603), so no client waits for them", async () => {
    const store = new KeptStore();
    const { server, probe } = serve({}, store);
    const conn = await connect(server, "modern");
    const task = await startTask(conn, "export");
    const taskId = task.taskId as string;
    await pollUntil(conn, taskId, (t) => t.statusMessage !== undefined);
    await conn.client.close();
    await server.close();
    expect(probe.signal?.aborted).toBe(true);
    const left = await store.get(taskId);
    expect(left?.status).toBe("failed");
    expect(left?.error).toEqual({ code: -32603, message: "The server instance running this task shut down before it finished." });
  });
});

describe("who sees a task without access tokens (2025 era)", () => {
  function anonymous(legacySessions: boolean) {
    const server = createToolServer({
      info: { name: "tasks-test", version: "1.0.0" },
      registry: REGISTRY,
      handlers: handlers({}),
      logger: capturingLogger(),
      legacySessions,
    });
    open.push(server);
    return server;
  }

  it("with sessions: the session that started it, and no other", async () => {
    const server = anonymous(true);
    const first = await connect(server, "legacy");
    const second = await connect(server, "legacy");
    const task = await startTask(first, "brief");
    expect((await getTask(first, task.taskId as string)).taskId).toBe(task.taskId);
    expect((await protocolError(call(second, "tasks/get", { taskId: task.taskId as string }))).code).toBe(-32602);
    expect((await call(second, "tasks/list", {})).tasks).toEqual([]);
    expect(((await call(first, "tasks/list", {})).tasks as Array<{ taskId: string }>).map((t) => t.taskId)).toEqual([task.taskId]);
  });

  it("each request on its own (no session, no token): tasks/list lists nothing, since callers cannot be told apart", async () => {
    const server = anonymous(false);
    const first = await connect(server, "legacy");
    const second = await connect(server, "legacy");
    await startTask(first, "brief");
    expect((await call(second, "tasks/list", {})).tasks).toEqual([]);
    expect((await call(first, "tasks/list", {})).tasks).toEqual([]);
  });
});
