/**
 * The demo's export_records (`execution.taskSupport: optional`) runs as a task when the
 * client asks (2025-11-25) or allows it (2026-07-28's tasks extension): the built demo server
 * in its own process, over Streamable HTTP, driven by the official SDK client in both eras.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/project.js";
import { startHttpServer, type ServerProcess } from "../../helpers/server-process.js";
import { call, connectTasks, ERAS, getTask, pollUntil, resultOf, startTask, type Conn } from "../../helpers/task-client.js";

const DEMO = path.join(REPO_ROOT, "build/demo/server.js");

let server: ServerProcess;
const clients: Conn[] = [];
beforeAll(async () => {
  server = await startHttpServer([DEMO, "--http"]);
});
afterAll(async () => {
  for (const conn of clients) await conn.client.close().catch(() => {});
  await server?.stop();
});

describe.each(ERAS)("export_records as a task, %s era", (era) => {
  let conn: Conn;
  beforeAll(async () => {
    conn = await connectTasks(server.url, era);
    clients.push(conn);
  });

  it("is listed as a task tool to 2025 clients", async () => {
    const tool = (await conn.client.listTools()).tools.find((t) => t.name === "export_records") as Record<string, unknown>;
    if (era === "legacy") expect(tool.execution).toEqual({ taskSupport: "optional" });
    else expect(tool).not.toHaveProperty("execution");
  });

  it("runs with progress as its status message; the result is fetched later", async () => {
    const task = await startTask(conn, "export_records", { table: "orders", rows: 2000, batchSize: 250 });
    expect(task.pollInterval ?? task.pollIntervalMs).toBe(1000);
    expect(task.ttl ?? task.ttlMs).toBe(era === "legacy" ? 60_000 : 600_000);
    const working = await pollUntil(conn, task.taskId as string, (t) => typeof t.statusMessage === "string" || t.status === "completed");
    if (working.status === "working") expect(working.statusMessage).toMatch(/^exported \d+ of 2000 rows$/);
    const result = await resultOf(conn, task.taskId as string);
    expect(result.structuredContent).toEqual({ table: "orders", rows: 2000, batches: 8, file: "exports/orders.csv" });
  });

  it("is cancelled through tasks/cancel", async () => {
    const task = await startTask(conn, "export_records", { table: "invoices", rows: 100_000, batchSize: 1 });
    const taskId = task.taskId as string;
    await pollUntil(conn, taskId, (t) => typeof t.statusMessage === "string");
    await call(conn, "tasks/cancel", { taskId });
    expect((await getTask(conn, taskId)).status).toBe("cancelled");
  });
});
