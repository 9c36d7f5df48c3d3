/**
 * A 2025 or 2026-07-28 SDK client of a server whose tools run as tasks. The SDK v2 client
 * refuses a task as the answer to `tools/call` in both eras (it decodes `tools/call` results
 * itself, docs/sdk-notes.md), so `startTask` reads that one answer on the wire, as the
 * client's transport received it; every other method goes through `client.request`. Every
 * task answer is checked against the revision's schema (2025-11-25's from the corpus; the
 * 2026-07-28 extension's shapes member by member, as its schema is not vendored).
 */
import { Client, ProtocolError, StreamableHTTPClientTransport, type StandardSchemaV1 } from "@modelcontextprotocol/client";
import { expect } from "vitest";
import { schemaProblems } from "./mcp.js";

export const TASKS = "io.modelcontextprotocol/tasks";
const AS_SENT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  "~standard": { version: 1, vendor: "test", validate: (value) => ({ value: value as Record<string, unknown> }) },
};

export type Era = "legacy" | "modern";
export const ERAS: Era[] = ["legacy", "modern"];

export interface Conn {
  client: Client;
  received: Array<Record<string, unknown>>;
  era: Era;
}

/** `target`: the server's URL, or its fetch handler (in process). `token`: the bearer token, who the caller is. */
export async function connectTasks(target: URL | ((request: Request) => Promise<Response>), era: Era, token = "alice", declare = true): Promise<Conn> {
  const client = new Client(
    { name: "tasks-test-client", version: "1.0.0" },
    {
      capabilities: { elicitation: { form: {} }, ...(era === "modern" && declare ? { extensions: { [TASKS]: {} } } : {}) },
      ...(era === "modern" ? { versionNegotiation: { mode: "auto" as const } } : {}),
    },
  );
  client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { name: "Luca" } }));
  const transport =
    target instanceof URL
      ? new StreamableHTTPClientTransport(target, { requestInit: { headers: { authorization: `Bearer ${token}` } } })
      : new StreamableHTTPClientTransport(new URL("http://tasks.test/mcp"), {
          fetch: (url, init) => target(new Request(url, init)),
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
  return { client, received, era };
}

/** Calls a tool as a task and returns the task the server answered with (as on the wire). */
export async function startTask(conn: Conn, name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
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

export const call = (conn: Conn, method: string, params: Record<string, unknown>) => conn.client.request({ method, params } as never, AS_SENT);

/** The extension's Task shape (its schema is not vendored: checked member by member). */
export function expectModernTask(task: Record<string, unknown>) {
  expect(typeof task.taskId).toBe("string");
  expect(["working", "input_required", "completed", "failed", "cancelled"]).toContain(task.status);
  expect(Date.parse(task.createdAt as string)).not.toBeNaN();
  expect(Date.parse(task.lastUpdatedAt as string)).not.toBeNaN();
  expect(task.ttlMs === null || Number.isInteger(task.ttlMs)).toBe(true);
  expect(task).not.toHaveProperty("ttl");
}

export async function getTask(conn: Conn, taskId: string): Promise<Record<string, unknown>> {
  const task = await call(conn, "tasks/get", { taskId });
  if (conn.era === "legacy") expect(schemaProblems("2025-11-25", "GetTaskResult", task)).toEqual([]);
  else expectModernTask(task);
  return task;
}

/** Polls tasks/get until `done` holds (each poll waits for the server's answer; bounded by the test's timeout). */
export async function pollUntil(conn: Conn, taskId: string, done: (task: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (;;) {
    const task = await getTask(conn, taskId);
    if (done(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function protocolError(promise: Promise<unknown>): Promise<ProtocolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error("expected a protocol error");
}

export const text = (result: unknown) => ((result as { content: Array<{ text: string }> }).content ?? []).map((c) => c.text).join("\n");

/** The tool's result: inline in a completed 2026 task, from tasks/result in 2025. */
export async function resultOf(conn: Conn, taskId: string): Promise<Record<string, unknown>> {
  if (conn.era === "legacy") {
    const result = await call(conn, "tasks/result", { taskId });
    expect(schemaProblems("2025-11-25", "CallToolResult", result)).toEqual([]);
    expect((result._meta as Record<string, unknown>)["io.modelcontextprotocol/related-task"]).toEqual({ taskId });
    return result;
  }
  const task = await pollUntil(conn, taskId, (t) => t.status === "completed");
  return task.result as Record<string, unknown>;
}
