/**
 * Where tasks live (MCP tasks: 2025-11-25's `tasks/*` methods and revision 2026-07-28's
 * `io.modelcontextprotocol/tasks` extension). The runtime keeps nothing about a task in the
 * process that is not also in its store, so any instance sharing the store answers for it:
 * polling, input and cancellation reach the instance running the handler through the store
 * (`watch`), and a restarted instance still answers for a finished task.
 *
 * Records are plain JSON, so a store can keep them anywhere: `InMemoryTaskStore` (the
 * default, one process), `RedisTaskStore` (`mcp-gen/runtime/redis`, several instances), or
 * one written for another host (a Worker's Durable Object or KV namespace) behind this interface.
 */
import type { CallToolResult } from "./types.js";

export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/** A request the task waits on, as both revisions carry it (`inputRequests` of 2026-07-28; 2025 sends it as a request). */
export interface TaskInputRequest {
  method: "elicitation/create";
  params: Record<string, unknown>;
}

export interface TaskRecord {
  taskId: string;
  /** Who started it (auth identity or session); only they see it. */
  owner: string;
  tool: string;
  status: TaskStatus;
  statusMessage?: string;
  /** Unix milliseconds. */
  createdAt: number;
  lastUpdatedAt: number;
  /** Milliseconds from creation the task is kept; null: kept until deleted. */
  ttl: number | null;
  /** Suggested polling interval, milliseconds. */
  pollInterval: number;
  /** The tool's result, once completed (a tool error is a completed task with `isError`). */
  result?: CallToolResult;
  /** The JSON-RPC error, once failed. */
  error?: { code: number; message: string; data?: unknown };
  /** Outstanding questions, by key (unique over the task's life). */
  inputRequests?: Record<string, TaskInputRequest>;
  /** Answers the client sent, by key, not yet taken by the handler. */
  inputResponses?: Record<string, unknown>;
  /** The client asked to cancel; the running instance aborts the handler. */
  cancelRequested?: boolean;
}

export const TERMINAL_STATUSES: readonly TaskStatus[] = ["completed", "failed", "cancelled"];
export const isTerminal = (status: TaskStatus): boolean => TERMINAL_STATUSES.includes(status);

/** A change of a task: what `update` merges into the record. `undefined` members remove the field. */
export type TaskPatch = Partial<Omit<TaskRecord, "taskId" | "owner" | "tool" | "createdAt">>;

export interface TaskStore {
  /** Stores a new task. Resolves once a `get` on any instance would find it (MCP asks that before answering). */
  create(record: TaskRecord): Promise<void>;
  /** The task, or undefined when unknown or past its ttl. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Applies `patch` unless the task is already terminal (a finished task never changes), and
   * returns the record as it is now (undefined when unknown or expired). `lastUpdatedAt` is set here.
   */
  update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined>;
  /** Adds answers to `inputResponses` (kept until taken), unless the task is terminal. */
  addInput(taskId: string, responses: Record<string, unknown>): Promise<TaskRecord | undefined>;
  /** The owner's tasks, newest first, `limit` at most, after `cursor` (an opaque string this store gave). */
  list(owner: string, cursor: string | undefined, limit: number): Promise<{ tasks: TaskRecord[]; nextCursor?: string }>;
  /**
   * Calls `onChange` with the record whenever it may have changed (a store that cannot tell
   * may call it with an unchanged one; one that loses its backend calls it with an Error, and
   * again once back). Returns the function that stops watching.
   */
  watch(taskId: string, onChange: (record: TaskRecord | undefined | Error) => void): () => void;
  /** Frees what the store holds (connections, timers). */
  close?(): Promise<void>;
}

/** A copy that shares nothing with the stored record. */
const copy = (record: TaskRecord): TaskRecord => structuredClone(record);

/** Applies a patch as `update` describes (a field set to undefined is removed). */
export function applyPatch(record: TaskRecord, patch: TaskPatch, now: number): TaskRecord {
  const next = { ...record } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  next.lastUpdatedAt = now;
  return next as unknown as TaskRecord;
}

/** The default store: a Map in this process, each task dropped at its ttl. Nothing to install. */
export class InMemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly watchers = new Map<string, Set<(record: TaskRecord | undefined) => void>>();
  private lastSweep = 0;

  async create(record: TaskRecord): Promise<void> {
    this.sweep();
    this.tasks.set(record.taskId, copy(record));
    this.changed(record.taskId);
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const record = this.live(taskId);
    return record && copy(record);
  }

  async update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined> {
    const record = this.live(taskId);
    if (!record) return undefined;
    if (isTerminal(record.status)) return copy(record);
    const next = applyPatch(record, patch, Date.now());
    this.tasks.set(taskId, next);
    this.changed(taskId);
    return copy(next);
  }

  async addInput(taskId: string, responses: Record<string, unknown>): Promise<TaskRecord | undefined> {
    const record = this.live(taskId);
    if (!record) return undefined;
    if (isTerminal(record.status)) return copy(record);
    return this.update(taskId, { inputResponses: { ...record.inputResponses, ...structuredClone(responses) } });
  }

  async list(owner: string, cursor: string | undefined, limit: number): Promise<{ tasks: TaskRecord[]; nextCursor?: string }> {
    const mine = [...this.tasks.keys()]
      .map((id) => this.live(id))
      .filter((record): record is TaskRecord => record !== undefined && record.owner === owner)
      .sort((a, b) => b.createdAt - a.createdAt || (a.taskId < b.taskId ? -1 : 1));
    const start = cursor === undefined ? 0 : Number(cursor);
    const page = mine.slice(start, start + limit).map(copy);
    return start + limit < mine.length ? { tasks: page, nextCursor: String(start + limit) } : { tasks: page };
  }

  watch(taskId: string, onChange: (record: TaskRecord | undefined | Error) => void): () => void {
    let set = this.watchers.get(taskId);
    if (!set) this.watchers.set(taskId, (set = new Set()));
    const listener = (record: TaskRecord | undefined) => onChange(record);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.watchers.delete(taskId);
    };
  }

  async close(): Promise<void> {
    this.tasks.clear();
    this.watchers.clear();
  }

  /** Drops expired tasks nobody asked for again, at most once a second, so memory does not grow with them. */
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < 1000) return;
    this.lastSweep = now;
    for (const taskId of [...this.tasks.keys()]) this.live(taskId);
  }

  /** The record unless past its ttl (then dropped). */
  private live(taskId: string): TaskRecord | undefined {
    const record = this.tasks.get(taskId);
    if (record && record.ttl !== null && Date.now() >= record.createdAt + record.ttl) {
      this.tasks.delete(taskId);
      return undefined;
    }
    return record;
  }

  private changed(taskId: string): void {
    const set = this.watchers.get(taskId);
    if (!set) return;
    const record = this.tasks.get(taskId);
    // Listeners run after the store's own bookkeeping, each with its own copy.
    queueMicrotask(() => {
      for (const listener of [...set]) listener(record && copy(record));
    });
  }
}
