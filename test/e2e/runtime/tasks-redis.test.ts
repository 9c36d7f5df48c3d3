/**
 * Tasks shared by two server processes through a real Redis (Debian's redis-server, on a free
 * port, in a temporary directory of its own, stopped after): a task started through instance A
 * is polled, given input, cancelled and its result fetched through instance B, with the SDK
 * client in both protocol eras; a restarted instance answers for a finished task; Redis going
 * away mid-task gets a clear answer, and everything resumes once it is back.
 * The instances: test/fixtures/servers/tasks-instance.mjs (built runtime, `npm run build`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/project.js";
import { startHttpServer, type ServerProcess } from "../../helpers/server-process.js";
import { call, connectTasks, ERAS, getTask, pollUntil, protocolError, resultOf, startTask, text, type Conn, type Era } from "../../helpers/task-client.js";

const REDIS_SERVER = "/usr/bin/redis-server";
const INSTANCE = path.join(REPO_ROOT, "test/fixtures/servers/tasks-instance.mjs");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A redis-server that writes every change to its append-only file, so a restart keeps the tasks. */
class RedisProcess {
  private child: ChildProcess | undefined;
  constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = ["--port", String(this.port), "--bind", "127.0.0.1", "--dir", this.dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""];
    const child = spawn(REDIS_SERVER, args, { stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString("utf8");
        if (output.includes("Ready to accept connections")) resolve();
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
    });
  }

  stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }
}

let redis: RedisProcess;
let dir: string;
const processes: ServerProcess[] = [];
const clients: Conn[] = [];

async function instance(): Promise<ServerProcess> {
  const server = await startHttpServer([INSTANCE], { REDIS_URL: redis.url });
  processes.push(server);
  return server;
}

async function connect(server: ServerProcess, era: Era): Promise<Conn> {
  const conn = await connectTasks(server.url, era, "alice");
  clients.push(conn);
  return conn;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "mcp-gen-redis-"));
  redis = new RedisProcess(await freePort(), dir);
  await redis.start();
});

afterAll(async () => {
  for (const conn of clients) await conn.client.close().catch(() => {});
  for (const server of processes) await server.stop();
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.each(ERAS)("tasks on two instances sharing Redis, %s era", (era) => {
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    [a, b] = await Promise.all([instance(), instance()]);
  });

  it("started through A, polled and given input through B, its result fetched through B", async () => {
    const onA = await connect(a, era);
    const onB = await connect(b, era);
    const task = await startTask(onA, "ask");
    const taskId = task.taskId as string;
    const waiting = await pollUntil(onB, taskId, (t) => t.status === "input_required");
    if (era === "modern") {
      expect(Object.keys(waiting.inputRequests as object)).toEqual(["elicit-1"]);
      await call(onB, "tasks/update", { taskId, inputResponses: { "elicit-1": { action: "accept", content: { name: "Luca" } } } });
    }
    // 2025: B's tasks/result sends the question to B's client (which answers Luca), and the answer reaches A through Redis.
    expect(text(await resultOf(onB, taskId))).toBe("Hello, Luca!");
  });

  it("started through A, cancelled through B: A's handler is aborted", async () => {
    const onA = await connect(a, era);
    const onB = await connect(b, era);
    const task = await startTask(onA, "export", { rows: 100_000, tickMs: 20 });
    const taskId = task.taskId as string;
    await pollUntil(onB, taskId, (t) => typeof t.statusMessage === "string" && t.statusMessage.startsWith("exported"));
    await call(onB, "tasks/cancel", { taskId });
    await expect.poll(() => a.output(), { timeout: 10_000 }).toContain("export aborted: the task was cancelled");
    expect((await getTask(onA, taskId)).status).toBe("cancelled");
    expect((await protocolError(call(onA, "tasks/cancel", { taskId }))).message).toContain("already cancelled");
  });

  it("a restarted instance answers for a finished task", async () => {
    const onA = await connect(a, era);
    const task = await startTask(onA, "export", { rows: 2, tickMs: 5 });
    const taskId = task.taskId as string;
    expect(text(await resultOf(onA, taskId))).toBe("exported 2 rows");
    await b.stop();
    b = await instance();
    const onNewB = await connect(b, era);
    expect((await getTask(onNewB, taskId)).status).toBe("completed");
    expect(text(await resultOf(onNewB, taskId))).toBe("exported 2 rows");
  });
});

describe("Redis going away mid-task", () => {
  it("answers a clear -32603 while it is away, and the task finishes and is found once it is back", async () => {
    const server = await instance();
    const conn = await connect(server, "modern");
    const task = await startTask(conn, "export", { rows: 40, tickMs: 25 });
    const taskId = task.taskId as string;
    await pollUntil(conn, taskId, (t) => typeof t.statusMessage === "string");
    await redis.stop();
    const away = await protocolError(call(conn, "tasks/get", { taskId }));
    expect(away.code).toBe(-32603);
    expect(away.message).toBe("The task store is unavailable; try again later.");
    // A new task is refused as clearly, not left half-made.
    const before = conn.received.length;
    await conn.client
      .request({ method: "tools/call", params: { name: "export", arguments: {} } } as never, {
        "~standard": { version: 1, vendor: "t", validate: (value: unknown) => ({ value }) },
      })
      .catch(() => {});
    const refused = conn.received.slice(before).find((m) => m.error !== undefined);
    expect((refused?.error as { code: number; message: string }).message).toContain("task store is unavailable");
    await redis.start();
    // The handler finished while Redis was away (or after): its result is stored once Redis is back.
    const done = await pollUntilReachable(conn, taskId);
    expect(done.status).toBe("completed");
    expect(text(done.result)).toBe("exported 40 rows");
    expect(server.output()).toContain("the task store is unavailable");
  });
});

/** tasks/get until the task is completed, going on through the answers of a store that is still reconnecting. */
async function pollUntilReachable(conn: Conn, taskId: string): Promise<Record<string, unknown>> {
  for (;;) {
    const task = await getTask(conn, taskId).catch(() => undefined);
    if (task?.status === "completed") return task;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
