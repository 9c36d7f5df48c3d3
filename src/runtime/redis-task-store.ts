/**
 * `mcp-gen/runtime/redis`: a TaskStore on Redis (through ioredis), so that every instance of a
 * server behind a load balancer, and an instance after a restart, answers for the same tasks.
 * Node only (ioredis speaks TCP): a Worker keeps tasks in a Durable Object or KV namespace
 * behind the same TaskStore interface instead (docs/guide/tasks.md).
 *
 * A task is one Redis hash (`<prefix>task:<id>`), each member JSON-encoded, answers to its
 * questions in members of their own (`in:<key>`), expiring with the task (PEXPIREAT at its
 * ttl). The changes that must not race (nothing changes a finished task; answers are added,
 * not replaced) are Lua scripts, so two instances never overwrite each other. Each owner's
 * tasks are listed from a sorted set by creation time. Watching polls the hash: the instance
 * running a handler sees a cancellation or an answer within one `watchIntervalMs`, and keeps
 * watching through an outage, so it picks up what changed once Redis is back.
 *
 * ioredis is configured to fail a command, rather than queue it without end, while Redis is
 * away (`maxRetriesPerRequest`, `commandTimeout`): the runtime answers such a request with a
 * clear -32603 "task store unavailable", and ioredis reconnects on its own.
 */
import { Redis, type RedisOptions } from "ioredis";
import type { TaskPatch, TaskRecord, TaskStore } from "./task-store.js";

export interface RedisTaskStoreOptions {
  /** A Redis URL (`redis://host:port/db`), or ioredis options. Ignored when `client` is given. */
  url?: string;
  redis?: RedisOptions;
  /** An ioredis client of your own (the store does not close it). */
  client?: Redis;
  /** Prefix of every key. Default `mcp-gen:`. */
  prefix?: string;
  /** How often a watched task is read again, in ms. Default 200. */
  watchIntervalMs?: number;
}

/** Members that are not JSON-encoded record fields. */
const INPUT = "in:";
const TERMINAL_JSON = ['"completed"', '"failed"', '"cancelled"'];

/** ARGV: lastUpdatedAt (JSON), replaceInputs ("1": drop every `in:` member first), then field, value pairs; an empty value removes the field. */
const UPDATE = `
local key = KEYS[1]
local status = redis.call('HGET', key, 'status')
if not status then return nil end
if status == '${TERMINAL_JSON[0]}' or status == '${TERMINAL_JSON[1]}' or status == '${TERMINAL_JSON[2]}' then return redis.call('HGETALL', key) end
if ARGV[2] == '1' then
  for _, member in ipairs(redis.call('HKEYS', key)) do
    if string.sub(member, 1, ${INPUT.length}) == '${INPUT}' then redis.call('HDEL', key, member) end
  end
end
for i = 3, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', key, ARGV[i]) else redis.call('HSET', key, ARGV[i], ARGV[i + 1]) end
end
redis.call('HSET', key, 'lastUpdatedAt', ARGV[1])
return redis.call('HGETALL', key)
`;

export class RedisTaskStore implements TaskStore {
  private readonly redis: Redis;
  private readonly ownClient: boolean;
  private readonly prefix: string;
  private readonly watchIntervalMs: number;

  constructor(options: RedisTaskStoreOptions = {}) {
    this.prefix = options.prefix ?? "mcp-gen:";
    this.watchIntervalMs = options.watchIntervalMs ?? 200;
    this.ownClient = options.client === undefined;
    const failFast: RedisOptions = {
      // A request while Redis is away fails after one reconnection attempt instead of waiting for it.
      maxRetriesPerRequest: 1,
      commandTimeout: 2000,
      connectTimeout: 2000,
      retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
    };
    this.redis =
      options.client ?? (options.url === undefined ? new Redis({ ...failFast, ...options.redis }) : new Redis(options.url, { ...failFast, ...options.redis }));
    // ioredis reports each failed reconnection as an error event; without a listener Node would throw.
    if (this.ownClient) this.redis.on("error", () => {});
  }

  private key(taskId: string): string {
    return `${this.prefix}task:${taskId}`;
  }

  private ownerKey(owner: string): string {
    return `${this.prefix}owner:${owner}`;
  }

  async create(record: TaskRecord): Promise<void> {
    const key = this.key(record.taskId);
    const members: string[] = [];
    for (const [field, value] of Object.entries(record)) if (value !== undefined) members.push(field, JSON.stringify(value));
    const multi = this.redis.multi().hset(key, ...members);
    if (record.ttl !== null) multi.pexpireat(key, record.createdAt + record.ttl);
    multi.zadd(this.ownerKey(record.owner), record.createdAt, record.taskId);
    const replies = await multi.exec();
    const failed = replies?.find(([error]) => error);
    if (!replies || failed) throw failed?.[0] ?? new Error("Redis refused the transaction");
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    return decode(await this.redis.hgetall(this.key(taskId)));
  }

  async update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined> {
    const args: string[] = [JSON.stringify(Date.now()), patch.inputResponses === undefined ? "0" : "1"];
    for (const [field, value] of Object.entries(patch)) {
      if (field === "inputResponses") {
        for (const [key, answer] of Object.entries(value as Record<string, unknown>)) args.push(INPUT + key, JSON.stringify(answer));
      } else {
        args.push(field, value === undefined ? "" : JSON.stringify(value));
      }
    }
    // `inputResponses: undefined` in a patch removes them all, as applyPatch does.
    if (Object.hasOwn(patch, "inputResponses") && patch.inputResponses === undefined) args[1] = "1";
    const reply = (await this.redis.eval(UPDATE, 1, this.key(taskId), ...args)) as string[] | null;
    return reply ? decode(pairs(reply)) : undefined;
  }

  async addInput(taskId: string, responses: Record<string, unknown>): Promise<TaskRecord | undefined> {
    const args: string[] = [JSON.stringify(Date.now()), "0"];
    for (const [key, answer] of Object.entries(responses)) args.push(INPUT + key, JSON.stringify(answer));
    const reply = (await this.redis.eval(UPDATE, 1, this.key(taskId), ...args)) as string[] | null;
    return reply ? decode(pairs(reply)) : undefined;
  }

  async list(owner: string, cursor: string | undefined, limit: number): Promise<{ tasks: TaskRecord[]; nextCursor?: string }> {
    const start = cursor === undefined ? 0 : Number(cursor);
    const ids = await this.redis.zrevrange(this.ownerKey(owner), start, start + limit);
    const pipeline = this.redis.pipeline();
    for (const id of ids.slice(0, limit)) pipeline.hgetall(this.key(id));
    const replies = (await pipeline.exec()) ?? [];
    const tasks: TaskRecord[] = [];
    const gone: string[] = [];
    replies.forEach(([error, hash], index) => {
      const record = error ? undefined : decode(hash as Record<string, string>);
      if (record) tasks.push(record);
      else gone.push(ids[index]);
    });
    // Expired tasks leave their id in the owner's index: dropped as they are met.
    if (gone.length > 0) await this.redis.zrem(this.ownerKey(owner), ...gone);
    return ids.length > limit ? { tasks, nextCursor: String(start + limit - gone.length) } : { tasks };
  }

  watch(taskId: string, onChange: (record: TaskRecord | undefined | Error) => void): () => void {
    let last = "";
    let stopped = false;
    let failing = false;
    const read = async () => {
      try {
        const record = await this.get(taskId);
        const seen = record === undefined ? "gone" : `${record.lastUpdatedAt}:${record.status}:${record.cancelRequested ?? ""}`;
        failing = false;
        if (seen !== last && !stopped) {
          last = seen;
          onChange(record);
        }
      } catch (error) {
        if (!failing && !stopped) onChange(error instanceof Error ? error : new Error(String(error)));
        failing = true;
        // Once Redis is back, the first read reports the record again.
        last = "";
      }
    };
    const timer = setInterval(() => void read(), this.watchIntervalMs);
    void read();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }

  async close(): Promise<void> {
    if (this.ownClient) this.redis.disconnect();
  }
}

/** HGETALL's flat reply, as an object. */
function pairs(reply: string[]): Record<string, string> {
  const hash: Record<string, string> = {};
  for (let i = 0; i < reply.length; i += 2) hash[reply[i]] = reply[i + 1];
  return hash;
}

function decode(hash: Record<string, string>): TaskRecord | undefined {
  if (!hash || hash.taskId === undefined) return undefined;
  const record: Record<string, unknown> = {};
  const inputs: Record<string, unknown> = {};
  for (const [member, json] of Object.entries(hash)) {
    if (member.startsWith(INPUT)) inputs[member.slice(INPUT.length)] = JSON.parse(json);
    else record[member] = JSON.parse(json);
  }
  if (Object.keys(inputs).length > 0) record.inputResponses = inputs;
  return record as unknown as TaskRecord;
}
