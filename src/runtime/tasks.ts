/**
 * Tools that run as tasks, in both protocol eras: 2025-11-25's task-augmented `tools/call`
 * (`params.task`; `tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel`) and revision
 * 2026-07-28's `io.modelcontextprotocol/tasks` extension (the server turns a call into a task
 * when the client declared the extension on the request; `tasks/get`, `tasks/update`,
 * `tasks/cancel`). The SDK v2 parses the 2025 task vocabulary but runs none of it
 * (docs/sdk-notes.md), so the methods are registered here with `setRequestHandler`.
 *
 * A task's handler runs in the instance that received the call, with the same context as
 * any call: progress becomes the task's `statusMessage`, the task's cancellation aborts
 * `context.signal`, and `context.elicit` puts the task in `input_required` until the answer
 * comes (2026-07-28: `tasks/update`; 2025: the instance serving the client's `tasks/result`
 * sends it an `elicitation/create` and stores the answer). Everything goes through the
 * store, so any instance on the same store answers for the task.
 */
import { MissingRequiredClientCapabilityError, ProtocolError, ProtocolErrorCode, type AuthInfo, type ServerContext } from "@modelcontextprotocol/server";
import type { CallEnd, CallEnvironment } from "./call-tool.js";
import { elicitationParams, elicitationRefusal, readAnswer, type ElicitationCapability } from "./elicitation.js";
import { errorDetails } from "./logger.js";
import { InMemoryTaskStore, isTerminal, type TaskPatch, type TaskRecord, type TaskStore } from "./task-store.js";
import { ToolError } from "./tool-error.js";
import type { CallToolResult, ElicitationRequest, ToolContext, ToolEntry, ToolLogger } from "./types.js";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
export const RELATED_TASK = "io.modelcontextprotocol/related-task";
/** Default time a task is kept, from creation. */
export const DEFAULT_TASK_TTL_MS = 60 * 60 * 1000;
export const DEFAULT_POLL_INTERVAL_MS = 1000;
/** How often a result the store refused (its backend away) is offered again. */
const PERSIST_RETRY_MS = 500;
/** The longest delay setTimeout keeps (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Why a handler is aborted when its server closes. */
class ServerClosing extends Error {
  constructor() {
    super("the server is closing");
    this.name = "ServerClosing";
  }
}

export interface TaskOptions {
  /** Where tasks are kept. Default: in this process's memory (one instance). */
  store?: TaskStore;
  /** Default ttl of a task, in ms, for tools whose spec sets none. Default one hour. */
  ttlMs?: number;
  /** Default suggested polling interval, in ms. Default 1000. */
  pollIntervalMs?: number;
}

/** What `execution.taskSupport` says, as the runtime reads it. */
export type TaskSupport = "forbidden" | "optional" | "required";

export function taskSupportOf(entry: ToolEntry): TaskSupport {
  const support = (entry.definition.execution as { taskSupport?: unknown } | undefined)?.taskSupport;
  return support === "optional" || support === "required" ? support : "forbidden";
}

/** Who may see a task: its caller's auth identity, else its session, else anyone holding its id. */
export function taskOwner(ctx: ServerContext): string {
  const auth: AuthInfo | undefined = ctx.http?.authInfo;
  if (auth) return `client:${auth.clientId}`;
  const session = (ctx as { sessionId?: string }).sessionId;
  return session ? `session:${session}` : "anyone";
}

const notFound = (taskId: string) =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, `Failed to retrieve task: Task not found (${taskId}): it is unknown, expired, or not yours`);

const iso = (ms: number) => new Date(ms).toISOString();

/** A task as 2025-11-25's `Task` shows it. */
export function legacyTask(record: TaskRecord): Record<string, unknown> {
  return {
    taskId: record.taskId,
    status: record.status,
    ...(record.statusMessage === undefined ? {} : { statusMessage: record.statusMessage }),
    createdAt: iso(record.createdAt),
    lastUpdatedAt: iso(record.lastUpdatedAt),
    ttl: record.ttl,
    pollInterval: record.pollInterval,
  };
}

/** A task as the 2026-07-28 extension's `DetailedTask` shows it (with its result, error or questions). */
export function modernTask(record: TaskRecord): Record<string, unknown> {
  return {
    taskId: record.taskId,
    status: record.status,
    ...(record.statusMessage === undefined ? {} : { statusMessage: record.statusMessage }),
    createdAt: iso(record.createdAt),
    lastUpdatedAt: iso(record.lastUpdatedAt),
    ttlMs: record.ttl,
    pollIntervalMs: record.pollInterval,
    ...(record.status === "input_required" ? { inputRequests: record.inputRequests ?? {} } : {}),
    ...(record.status === "completed" && record.result ? { result: record.result } : {}),
    ...(record.status === "failed" && record.error ? { error: record.error } : {}),
  };
}

/** The state of one task-running call, from the request that created it. */
export interface TaskStart {
  entry: ToolEntry;
  owner: string;
  /** The ttl the 2025 caller asked for (`params.task.ttl`). */
  requestedTtl?: number;
  /** What the caller declared it can answer (elicitation), from its request or connection. */
  elicitation: ElicitationCapability;
  authInfo?: AuthInfo;
  requestId?: string | number;
  /** Runs the call with the environment given (call-tool.ts's runToolCall, bound to the tool). */
  run: (env: CallEnvironment) => Promise<CallEnd>;
  /** The call's environment without the parts a task replaces (signal, progress, elicit). */
  base: Omit<CallEnvironment, "signal" | "progress" | "elicit" | "rounds" | "signalEndsWithCall">;
}

export class TaskEngine {
  readonly store: TaskStore;
  private readonly ttlMs: number;
  private readonly pollIntervalMs: number;
  /** Handlers running in this process, by task id: stopped on close. */
  private readonly running = new Map<string, { controller: AbortController; ended: Promise<void> }>();
  private closing = false;

  constructor(
    options: TaskOptions,
    private readonly logger: ToolLogger,
  ) {
    this.store = options.store ?? new InMemoryTaskStore();
    this.ttlMs = options.ttlMs ?? DEFAULT_TASK_TTL_MS;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  }

  /**
   * Creates the task, starts its handler without waiting for it, and resolves to the stored
   * record once any instance can find it. A store that cannot be reached fails the call.
   */
  async start(start: TaskStart): Promise<TaskRecord> {
    const task = start.entry.task ?? {};
    const maxTtl = task.ttl ?? this.ttlMs;
    const ttl = start.requestedTtl !== undefined && start.requestedTtl > 0 ? Math.min(start.requestedTtl, maxTtl) : maxTtl;
    const now = Date.now();
    const record: TaskRecord = {
      taskId: globalThis.crypto.randomUUID(),
      owner: start.owner,
      tool: start.entry.definition.name,
      status: "working",
      createdAt: now,
      lastUpdatedAt: now,
      ttl,
      pollInterval: task.pollInterval ?? this.pollIntervalMs,
    };
    try {
      await this.store.create(record);
    } catch (error) {
      this.logger.error("the task store refused a new task", { tool: record.tool, details: errorDetails(error) });
      throw new ProtocolError(ProtocolErrorCode.InternalError, "The task store is unavailable; the task was not created. Try again later.");
    }
    const controller = new AbortController();
    const ended = this.execute(record, start, controller).finally(() => this.running.delete(record.taskId));
    this.running.set(record.taskId, { controller, ended });
    return record;
  }

  private async execute(record: TaskRecord, start: TaskStart, controller: AbortController): Promise<void> {
    const { taskId } = record;
    let asked = 0;
    // Answers and cancellation come through the store, from whichever instance received them.
    const waiters = new Set<(record: TaskRecord) => void>();
    const stopWatching = this.store.watch(taskId, (latest) => {
      if (latest instanceof Error) return;
      if (latest === undefined || latest.cancelRequested || latest.status === "cancelled") {
        controller.abort(new Error(latest === undefined ? "the task expired" : "the task was cancelled"));
        return;
      }
      for (const waiter of [...waiters]) waiter(latest);
    });
    // A ttl past what a timer can hold ends through the store instead (the watch sees the task gone).
    const expiry = record.ttl === null || record.ttl > MAX_TIMER_MS ? undefined : setTimeout(() => controller.abort(new Error("the task expired")), record.ttl);
    const progress: ToolContext["progress"] = async (done, total, message) => {
      const statusMessage = message ?? (total === undefined ? `${done} done` : `${done} of ${total}`);
      await this.store.update(taskId, { statusMessage }).catch((error: unknown) => {
        this.logger.warn("could not record a task's progress", { taskId, details: errorDetails(error) });
      });
    };
    const elicit = (async (request: ElicitationRequest) => {
      const refusal = elicitationRefusal(start.elicitation, request);
      if (refusal) throw new ToolError(refusal);
      const key = `elicit-${++asked}`;
      const params = elicitationParams(request);
      const answered = new Promise<unknown>((resolve, reject) => {
        const check = (latest: TaskRecord) => {
          if (latest.inputResponses && Object.hasOwn(latest.inputResponses, key)) {
            waiters.delete(check);
            resolve(latest.inputResponses[key]);
          }
        };
        waiters.add(check);
        controller.signal.addEventListener("abort", () => {
          waiters.delete(check);
          reject(controller.signal.reason);
        });
      });
      const waiting = await this.store.update(taskId, {
        status: "input_required",
        statusMessage: request.message,
        inputRequests: { [key]: { method: "elicitation/create", params } },
      });
      if (!waiting) throw new ToolError("The task is gone (expired or cancelled).");
      const raw = await answered;
      const latest = await this.store.get(taskId);
      const { [key]: _taken, ...rest } = latest?.inputResponses ?? {};
      await this.store.update(taskId, { status: "working", statusMessage: undefined, inputRequests: undefined, inputResponses: rest });
      return readAnswer(request, raw);
    }) as ToolContext["elicit"];

    let end: CallEnd;
    try {
      end = await start.run({ ...start.base, signal: controller.signal, progress, elicit });
    } catch (error) {
      end = { status: "internal-error", result: failure(this.logger, record.tool, error), wellFormed: true };
    } finally {
      stopWatching();
      if (expiry) clearTimeout(expiry);
    }
    // The instance stopping is the server's failure, not the caller's cancellation: a JSON-RPC error.
    const closing = "The server instance running this task shut down before it finished.";
    const patch: TaskPatch =
      controller.signal.reason instanceof ServerClosing
        ? { status: "failed", statusMessage: closing, error: { code: -32603, message: closing }, inputRequests: undefined }
        : end.status === "cancelled"
          ? { status: "cancelled", statusMessage: "The task was cancelled." }
          : { status: "completed", result: end.result as CallToolResult, statusMessage: undefined, inputRequests: undefined };
    await this.persist(taskId, patch, record);
  }

  /** Stores how the task ended, again and again while the store is away, until its ttl passes. */
  private async persist(taskId: string, patch: TaskPatch, record: TaskRecord): Promise<void> {
    const deadline = record.ttl === null ? Number.POSITIVE_INFINITY : record.createdAt + record.ttl;
    let warned = false;
    while (Date.now() < deadline) {
      try {
        await this.store.update(taskId, patch);
        if (warned) this.logger.info("the task store is back; a task's result is stored", { taskId });
        return;
      } catch (error) {
        // A closing server writes once: it cannot wait for the store to come back.
        if (this.closing) {
          this.logger.error("a task's end could not be stored: the task store is unavailable and the server is closing", {
            taskId,
            details: errorDetails(error),
          });
          return;
        }
        if (!warned)
          this.logger.warn("the task store is unavailable; the task's result will be stored when it is back", { taskId, details: errorDetails(error) });
        warned = true;
        await new Promise((resolve) => setTimeout(resolve, PERSIST_RETRY_MS));
      }
    }
    this.logger.error("a task's result was lost: the task store stayed unavailable until the task expired", { taskId });
  }

  /** The caller's task, or the -32602 "not found" every miss gets (another caller's task included). */
  async find(taskId: unknown, owner: string): Promise<TaskRecord> {
    if (typeof taskId !== "string") throw new ProtocolError(ProtocolErrorCode.InvalidParams, "taskId: expected a string");
    const record = await this.read(() => this.store.get(taskId));
    if (!record || (record.owner !== owner && record.owner !== "anyone")) throw notFound(taskId);
    return record;
  }

  /** `tasks/cancel`: the task is cancelled at once; the instance running it aborts its handler. */
  async cancel(taskId: unknown, owner: string): Promise<TaskRecord> {
    const record = await this.find(taskId, owner);
    if (isTerminal(record.status)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Cannot cancel task ${record.taskId}: it is already ${record.status}.`);
    }
    const cancelled = await this.read(() =>
      this.store.update(record.taskId, { status: "cancelled", statusMessage: "The task was cancelled.", cancelRequested: true, inputRequests: undefined }),
    );
    if (!cancelled) throw notFound(record.taskId);
    return cancelled;
  }

  /** `tasks/update` (2026-07-28), and the answers a 2025 `tasks/result` relays. */
  async answer(taskId: unknown, owner: string, responses: unknown): Promise<TaskRecord> {
    const record = await this.find(taskId, owner);
    if (typeof responses !== "object" || responses === null || Array.isArray(responses)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "inputResponses: expected an object");
    }
    // Only answers to questions outstanding now are kept (MCP: the others are ignored).
    const outstanding = Object.fromEntries(Object.entries(responses).filter(([key]) => record.inputRequests && Object.hasOwn(record.inputRequests, key)));
    if (Object.keys(outstanding).length === 0) return record;
    return (await this.read(() => this.store.addInput(record.taskId, outstanding))) ?? record;
  }

  /**
   * Resolves once the task is terminal (2025's blocking `tasks/result`), calling `onChange`
   * with each change seen; rejects when `signal` aborts (the client gave up) or the task goes.
   */
  waitForEnd(record: TaskRecord, signal: AbortSignal, onChange: (record: TaskRecord) => void): Promise<TaskRecord> {
    if (isTerminal(record.status)) return Promise.resolve(record);
    return new Promise<TaskRecord>((resolve, reject) => {
      let last = record;
      const finish = (outcome: () => void) => {
        stop();
        clearInterval(poll);
        signal.removeEventListener("abort", onAbort);
        outcome();
      };
      const see = (latest: TaskRecord | undefined | Error) => {
        if (latest instanceof Error) return;
        if (latest === undefined) return finish(() => reject(notFound(record.taskId)));
        if (latest.lastUpdatedAt !== last.lastUpdatedAt || latest.status !== last.status) onChange(latest);
        last = latest;
        if (isTerminal(latest.status)) finish(() => resolve(latest));
      };
      const onAbort = () => finish(() => reject(signal.reason));
      const stop = this.store.watch(record.taskId, see);
      // A store's watch may miss a change made before it started: look once more, and at each poll interval.
      const poll = setInterval(() => void this.store.get(record.taskId).then(see, () => {}), Math.max(record.pollInterval, 100));
      signal.addEventListener("abort", onAbort, { once: true });
      void this.store.get(record.taskId).then(see, () => {});
    });
  }

  /** A store read or write: an unreachable store is a clear -32603, not a hang or a stack trace. */
  async read<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      this.logger.warn("the task store is unavailable", { details: errorDetails(error) });
      throw new ProtocolError(ProtocolErrorCode.InternalError, "The task store is unavailable; try again later.");
    }
  }

  /** Stops the handlers running here (their tasks fail, so no client waits for them), then the store. */
  async close(): Promise<void> {
    this.closing = true;
    const running = [...this.running.values()];
    for (const { controller } of running) controller.abort(new ServerClosing());
    await Promise.allSettled(running.map(({ ended }) => ended));
    await this.store.close?.();
  }
}

/** Whether the request asked for a task (2025) or allows one (2026-07-28), for a tool that may run as one. */
export function taskRequested(support: TaskSupport, modern: boolean, params: { task?: unknown }, declaredExtensions: unknown): boolean {
  if (modern) {
    const declared = typeof declaredExtensions === "object" && declaredExtensions !== null && Object.hasOwn(declaredExtensions, TASKS_EXTENSION);
    if (support === "forbidden") return false;
    if (!declared && support === "required") {
      throw new MissingRequiredClientCapabilityError(
        { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } as never,
        "Missing required client capability: this tool runs only as a task (extension io.modelcontextprotocol/tasks)",
      );
    }
    return declared;
  }
  const asked = params.task !== undefined;
  if (asked && support === "forbidden") throw new ProtocolError(ProtocolErrorCode.MethodNotFound, "This tool does not support task-augmented calls.");
  if (!asked && support === "required") throw new ProtocolError(ProtocolErrorCode.MethodNotFound, "This tool must be called as a task (params.task).");
  return asked;
}

function failure(logger: ToolLogger, tool: string, error: unknown): CallToolResult {
  const reference = globalThis.crypto.randomUUID().slice(0, 8);
  logger.error(`task of tool "${tool}" failed`, { tool, reference, details: errorDetails(error) });
  return { content: [{ type: "text", text: `Tool "${tool}" failed with an internal error (reference ${reference}).` }], isError: true };
}
