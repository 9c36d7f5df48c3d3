/**
 * The `tasks/*` methods on one SDK server, answered for the connection's era with the shapes
 * of the MCP schemas: 2025-11-25 (`tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel`,
 * `notifications/tasks/status` while a `tasks/result` waits) and the 2026-07-28 extension
 * `io.modelcontextprotocol/tasks` (`tasks/get`, `tasks/update`, `tasks/cancel`). Registered
 * through the SDK's `setRequestHandler` with a params schema of our own: the SDK v2 types the
 * task methods out of its typed surface (docs/sdk-notes.md).
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
  type StandardSchemaV1,
} from "@modelcontextprotocol/server";
import { isModernEra } from "./client-requests.js";
import { errorDetails } from "./logger.js";
import type { TaskRecord } from "./task-store.js";
import { legacyTask, modernTask, RELATED_TASK, TASKS_EXTENSION, taskOwner, type TaskEngine } from "./tasks.js";
import type { ToolLogger } from "./types.js";

type Params = Record<string, unknown>;

/** Any params object: each method reads and checks the members it needs. */
const objectParams: StandardSchemaV1<unknown, Params> = {
  "~standard": {
    version: 1,
    vendor: "mcp-gen",
    validate: (value) =>
      value === undefined
        ? { value: {} }
        : typeof value === "object" && value !== null && !Array.isArray(value)
          ? { value: value as Params }
          : { issues: [{ message: "params: expected an object" }] },
  },
};

/** Tasks listed per `tasks/list` page. */
const LIST_PAGE = 100;

/** The extension's declaration in a 2026-07-28 request's capabilities. */
export function declaredExtensions(ctx: ServerContext): unknown {
  const envelope = ctx.mcpReq.envelope as Record<string, { extensions?: unknown } | undefined> | undefined;
  return envelope?.[CLIENT_CAPABILITIES_META_KEY]?.extensions;
}

const requireExtension = (ctx: ServerContext) => {
  const declared = declaredExtensions(ctx);
  if (typeof declared === "object" && declared !== null && Object.hasOwn(declared, TASKS_EXTENSION)) return;
  throw new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } as never,
    "Missing required client capability: the task methods need the io.modelcontextprotocol/tasks extension",
  );
};

const notOnThisRevision = (method: string, server: Server) =>
  new ProtocolError(ProtocolErrorCode.MethodNotFound, `Method not found: ${method} is not part of protocol revision ${server.getNegotiatedProtocolVersion()}`);

/** `servedAlone`: a 2025-era HTTP request without a session, to which no request can be sent back. */
export function registerTaskMethods(server: Server, engine: TaskEngine, servedAlone: boolean, logger: ToolLogger): void {
  server.setRequestHandler("tasks/get" as never, { params: objectParams }, async (params: Params, ctx: ServerContext) => {
    if (!isModernEra(server)) return legacyTask(await engine.find(params.taskId, taskOwner(ctx))) as never;
    requireExtension(ctx);
    return { resultType: "complete", ...modernTask(await engine.find(params.taskId, taskOwner(ctx))) } as never;
  });

  server.setRequestHandler("tasks/cancel" as never, { params: objectParams }, async (params: Params, ctx: ServerContext) => {
    if (!isModernEra(server)) return legacyTask(await engine.cancel(params.taskId, taskOwner(ctx))) as never;
    requireExtension(ctx);
    await engine.cancel(params.taskId, taskOwner(ctx));
    return { resultType: "complete" } as never;
  });

  server.setRequestHandler("tasks/update" as never, { params: objectParams }, async (params: Params, ctx: ServerContext) => {
    if (!isModernEra(server)) throw notOnThisRevision("tasks/update", server);
    requireExtension(ctx);
    // The SDK lifts a 2026-07-28 request's `inputResponses` out of its params.
    await engine.answer(params.taskId, taskOwner(ctx), ctx.mcpReq.inputResponses ?? params.inputResponses);
    return { resultType: "complete" } as never;
  });

  server.setRequestHandler("tasks/list" as never, { params: objectParams }, async (params: Params, ctx: ServerContext) => {
    if (isModernEra(server)) throw notOnThisRevision("tasks/list", server);
    const cursor = params.cursor;
    if (cursor !== undefined && (typeof cursor !== "string" || !/^\d+$/.test(cursor)))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor");
    const owner = taskOwner(ctx);
    // Without a token or a session, requests served one by one cannot be told apart: list no one's tasks.
    if (owner === "anyone" && servedAlone) return { tasks: [] } as never;
    const page = await engine.read(() => engine.store.list(owner, cursor as string | undefined, LIST_PAGE));
    return { tasks: page.tasks.map(legacyTask), ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }) } as never;
  });

  server.setRequestHandler("tasks/result" as never, { params: objectParams }, async (params: Params, ctx: ServerContext) => {
    if (isModernEra(server)) throw notOnThisRevision("tasks/result", server);
    const owner = taskOwner(ctx);
    const record = await engine.find(params.taskId, owner);
    const related = { [RELATED_TASK]: { taskId: record.taskId } };
    // The 2025 way to give a task input: its questions go to the client on this request's
    // stream, as requests of their own, and the answers go to the store.
    const canAsk = !servedAlone && server.getClientCapabilities()?.elicitation !== undefined;
    const relayed = new Set<string>();
    const relay = (latest: TaskRecord) => {
      if (!canAsk || latest.status !== "input_required") return;
      for (const [key, request] of Object.entries(latest.inputRequests ?? {})) {
        if (relayed.has(key)) continue;
        relayed.add(key);
        ctx.mcpReq
          .elicitInput({ ...request.params, _meta: related } as never)
          .then((answer) => engine.answer(latest.taskId, owner, { [key]: answer }))
          .catch((error: unknown) => logger.warn("could not relay a task's question to the client", { taskId: latest.taskId, details: errorDetails(error) }));
      }
    };
    const onChange = (latest: TaskRecord) => {
      relay(latest);
      ctx.mcpReq.notify({ method: "notifications/tasks/status", params: { ...legacyTask(latest), _meta: related } } as never).catch(() => {});
    };
    relay(record);
    const ended = await engine.waitForEnd(record, ctx.mcpReq.signal, onChange);
    if (ended.status === "completed" && ended.result) return { ...ended.result, _meta: { ...ended.result._meta, ...related } } as never;
    if (ended.status === "failed" && ended.error) throw new ProtocolError(ended.error.code, ended.error.message, ended.error.data);
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${ended.taskId} was cancelled; it has no result.`);
  });
}
