/**
 * `createToolServer`, what a generated `createServer` returns: the registry, the precompiled
 * validators and the author's handlers bound to the official SDK (v2), in both protocol eras
 * (2025 `initialize` clients and 2026-07-28 clients), served through `fetch` (any runtime),
 * or over stdio or Node's HTTP (`serveStdio`, `serveHttp`, whose Node-only parts load there).
 *
 * One file on purpose: `createToolServer` is one closure over the registry, the handlers
 * and the options, shared by every request handler it gives the SDK; the helpers below
 * serve only it. What one call does lives apart, in call-tool.ts.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CLIENT_CAPABILITIES_META_KEY, ProtocolError, ProtocolErrorCode, type AuthInfo, type Server, type ServerContext } from "@modelcontextprotocol/server";
import { ConcurrencyGate, type AfterCallHook, type BeforeCallHook, type RateLimitHook } from "./call-policy.js";
import { runToolCall, type AnyToolHandler, type CallEnd, type CallEnvironment, type CallLimits } from "./call-tool.js";
import { clientRequests, isModernEra } from "./client-requests.js";
import { ElicitationRounds, type ElicitationCapability } from "./elicitation.js";
import { createSessionEntry, createStatelessEntry, type HttpEntry } from "./http-fetch.js";
import { originSet, requestGuard } from "./request-guard.js";
import { stderrLogger } from "./logger.js";
import { RequestStateSigner, type RequestStateOptions } from "./request-state.js";
import { declaredExtensions, registerTaskMethods } from "./task-methods.js";
import { TaskEngine, legacyTask, modernTask, taskOwner, taskRequested, taskSupportOf, type TaskOptions } from "./tasks.js";
import { sdkServerFor, type ResultCheck, type ResultProjection, type ToolsCallParams } from "./sdk-server.js";
import { ToolVisibility } from "./tool-visibility.js";
import type { ToolContext, ToolDefinition, ToolEntry, ToolLogger } from "./types.js";
import { behindGate, type VerifyToken } from "./verify-token.js";

export interface ToolServerOptions {
  /** Tools per `tools/list` page. Default 100. */
  pageSize?: number;
  /** Per-call time limit for every tool, in milliseconds. Default: none. */
  timeoutMs?: number;
  /** Per-tool time limits, by tool name; they win over `timeoutMs`. */
  toolTimeouts?: Readonly<Record<string, number>>;
  /** Largest accepted `arguments`, as JSON bytes. Default 1 MiB. */
  maxArgumentBytes?: number;
  /** Where the server logs (failure details, timeouts). Default: JSON lines on stderr. */
  logger?: ToolLogger;
  /** Instructions sent to clients at connection time. */
  instructions?: string;
  /** Open 2025-era HTTP sessions at most (the least recently used is closed). Default 1000. */
  maxSessions?: number;
  /**
   * How `fetch` serves 2025-era clients. Default `false`: each of their requests alone, as the
   * SDK does without server memory (Workers, serverless functions); such a client gets no
   * session, so a cancellation cannot reach its call and the server cannot send it requests
   * (`context.elicit`, `context.sample` refuse). `true`: with in-memory sessions, as
   * `serveHttp()` always does, for one long-lived process (Deno, Bun, a Node framework).
   * 2026-07-28 clients are served per request either way: that revision has no sessions.
   */
  legacySessions?: boolean;
  /**
   * Host names `fetch` accepts in the `Host` header (port-agnostic), and in the `Origin` of
   * browser requests. Default: any Host, and see `allowedOrigins`.
   */
  allowedHosts?: string[];
  /**
   * Browser origins `fetch` accepts besides those `allowedHosts` names, each as a browser sends
   * it: `https://app.example.com`. A request without an `Origin` (not from a browser) passes.
   * Without `allowedHosts`, a request whose Host is a loopback name (localhost, 127.0.0.1,
   * [::1]) must come from a loopback origin or one listed here, so a page on another site
   * cannot drive a server on the user's machine; a request to any other Host is restricted
   * only when this is set (then its Origin must be the Host's own, or listed here).
   */
  allowedOrigins?: string[];
  /**
   * Tool calls running at once, across every connection of this server. A call beyond the
   * limit is not queued: it is answered at once with `isError` ("Server busy ..."), so a
   * burst can neither pile up memory nor hold clients until their own timeouts. Default: no limit.
   */
  maxConcurrentCalls?: number;
  /**
   * Asked before each call of a known tool (before validation, so refusing is cheap):
   * `true` runs it; `false` or `{ retryAfterMs }` answers `isError` "Rate limit reached ...".
   */
  rateLimit?: RateLimitHook;
  /**
   * Runs after the arguments passed validation and before the handler, with the tool's
   * name, annotations, arguments and auth info: for access control. Return `{ deny: message }`
   * or throw a `ToolError` to refuse the call with that message (`isError`).
   */
  beforeCall?: BeforeCallHook;
  /** Runs after every call of a known tool with how it ended and what was sent: for audit logs. Its failures are logged, never sent. */
  afterCall?: AfterCallHook;
  /**
   * How `context.elicit` signs the `requestState` of revision 2026-07-28's multi-round-trip
   * calls (HMAC-SHA-256): `key` (at least 32 bytes; the same on every instance that may
   * receive a client's retry) and `ttlSeconds` (default 600). Without a key, each server
   * object draws a random one and logs a warning the first time it asks: that works while
   * one process serves every round, but a retry reaching another instance (a second Worker
   * isolate, a load-balanced replica, a restarted process) is refused as "not signed by
   * this server".
   */
  requestState?: RequestStateOptions;
  /**
   * Who is calling, on the HTTP entries (`fetch`, `serveHttp`): the `AuthInfo` of the
   * request's bearer token, or `undefined` to refuse it with 401 and a `WWW-Authenticate`
   * challenge (throw the SDK's `OAuthError` for another answer). Its scopes decide which
   * tools the caller sees and may call (a spec's `auth.scopes`), and handlers and hooks get
   * it as `authInfo`. Without it, and on stdio, there is no caller identity: every tool is
   * listed to everyone.
   */
  verifyToken?: VerifyToken;
  /**
   * The URL of this server's OAuth Protected Resource Metadata document (RFC 9728), named in
   * the 401 challenge as `resource_metadata` so clients can find the authorization server.
   */
  resourceMetadataUrl?: string;
  /**
   * Tools whose spec says `execution.taskSupport: optional | required` run as MCP tasks when
   * the client asks (2025-11-25) or allows it (2026-07-28's tasks extension). Where tasks are
   * kept (`store`: in this process by default; `RedisTaskStore` from `mcp-gen/runtime/redis`
   * when several instances serve one client), their default ttl and poll interval.
   */
  tasks?: TaskOptions;
}

export interface ToolServerConfig<Handlers> extends ToolServerOptions {
  info: { name: string; version: string };
  /** Tool name → definition and validators (generated `registry`). */
  registry: { readonly [name: string]: ToolEntry };
  handlers: Handlers;
}

export interface HttpOptions {
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /** Port; 0 picks a free one. Default 3000. */
  port?: number;
  /** Endpoint path. Default `/mcp`. */
  path?: string;
  /**
   * Host names accepted in the `Host` header, and in the `Origin` header of browser requests
   * (both port-agnostic). Default: localhost names when bound to a loopback address; required
   * when binding anything else (DNS-rebinding protection).
   */
  allowedHosts?: string[];
  /**
   * More browser origins to accept, each as a browser sends it: `https://app.example.com`.
   * A request with any other `Origin` is refused (403); one without (not from a browser) passes.
   */
  allowedOrigins?: string[];
}

export interface RunningServer {
  close(): Promise<void>;
}

export interface HttpRunningServer extends RunningServer {
  url: URL;
}

export interface ToolServer {
  /** Serve this process's stdin/stdout. */
  serveStdio(): Promise<RunningServer>;
  /** Serve Streamable HTTP. */
  serveHttp(options?: HttpOptions): Promise<HttpRunningServer>;
  /**
   * Streamable HTTP as a web-standard handler (bound: pass it around as it is), for Workers
   * (`export default { fetch: server.fetch }`), Deno (`Deno.serve(server.fetch)`), Bun
   * (`Bun.serve({ fetch: server.fetch })`) and any framework that hands over a `Request`.
   * Applies the `allowedHosts` and `allowedOrigins` options; loads nothing Node-only.
   */
  fetch(request: Request): Promise<Response>;
  /**
   * A fresh low-level SDK server for one connection (to wire a custom transport). With the
   * caller's `authInfo`, 2026-07-28 `tools/list` answers say whether they are `private` to it.
   */
  createSdkServer(context?: { authInfo?: AuthInfo }): Server;
  /** Stops everything this object started. */
  close(): Promise<void>;
}

export const DEFAULT_PAGE_SIZE = 100;
export const DEFAULT_MAX_ARGUMENT_BYTES = 1024 * 1024;

export function createToolServer<Handlers extends object>(config: ToolServerConfig<Handlers>): ToolServer {
  const logger = config.logger ?? stderrLogger();
  const entries = new Map<string, ToolEntry>();
  for (const name of Object.keys(config.registry)) entries.set(name, config.registry[name]);
  // tools/list order is the registry's definition order (sorted by name at generate time).
  const definitions: ToolDefinition[] = [...entries.values()].map((e) => e.definition);
  definitions.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const visibility = new ToolVisibility(entries, definitions, config.pageSize ?? DEFAULT_PAGE_SIZE);
  const handlerFor = (name: string): AnyToolHandler | undefined =>
    Object.hasOwn(config.handlers, name) ? (config.handlers as Record<string, AnyToolHandler>)[name] : undefined;
  // One limits object for every call, and one more per tool with its own timeout.
  const limits: CallLimits = {
    timeoutMs: config.timeoutMs,
    maxArgumentBytes: config.maxArgumentBytes ?? DEFAULT_MAX_ARGUMENT_BYTES,
    concurrency: config.maxConcurrentCalls === undefined ? undefined : new ConcurrencyGate(config.maxConcurrentCalls),
    rateLimit: config.rateLimit,
    beforeCall: config.beforeCall,
    afterCall: config.afterCall,
  };
  const signer = new RequestStateSigner(config.requestState);
  const toolLimits = new Map(Object.entries(config.toolTimeouts ?? {}).map(([name, timeoutMs]) => [name, { ...limits, timeoutMs }]));
  // A task's time limit is its ttl, not a call's timeout.
  const taskLimits: CallLimits = { ...limits, timeoutMs: undefined };
  const anyTaskTool = [...entries.values()].some((entry) => taskSupportOf(entry) !== "forbidden");
  const tasks = anyTaskTool || config.tasks ? new TaskEngine(config.tasks ?? {}, logger) : undefined;

  /** Starts the call as a task and answers with the task (CreateTaskResult of the connection's era). */
  const startTask = async (
    server: Server,
    servedAlone: boolean,
    entry: ToolEntry,
    params: ToolsCallParams,
    ctx: ServerContext,
    checkResult: ResultCheck,
    projectResult: ResultProjection,
  ): Promise<CallEnd> => {
    const modern = isModernEra(server);
    const {
      signal: _signal,
      progress: _progress,
      elicit: _elicit,
      sample,
      signalEndsWithCall: _ends,
      clientLog: _clientLog,
      ...base
    } = callEnvironment(server, servedAlone, ctx, logger, checkResult, projectResult);
    const declared = modern
      ? (ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY as keyof typeof ctx.mcpReq.envelope] as { elicitation?: ElicitationCapability } | undefined)
          ?.elicitation
      : (server.getClientCapabilities()?.elicitation as ElicitationCapability);
    const requestedTtl = (params as { task?: { ttl?: unknown } }).task?.ttl;
    const record = await tasks!.start({
      entry,
      owner: taskOwner(ctx),
      requestedTtl: typeof requestedTtl === "number" ? requestedTtl : undefined,
      elicitation: declared,
      authInfo: ctx.http?.authInfo,
      requestId: ctx.mcpReq.id,
      base: { ...base, sample },
      run: (env) => runToolCall(entry, handlerFor(entry.definition.name), params.arguments, env, taskLimits),
    });
    // 2025: the SDK checks every tools/call result for `content`, a CreateTaskResult's included
    // (docs/sdk-notes.md); an empty one is allowed beside `task` and clients read `task`.
    const result = modern ? { resultType: "task", ...modernTask(record) } : { task: legacyTask(record), content: [] };
    return { status: "ok", result: result as never, wellFormed: true };
  };

  const callTool = (
    server: Server,
    servedAlone: boolean,
    params: ToolsCallParams,
    ctx: ServerContext,
    checkResult: ResultCheck,
    projectResult: ResultProjection,
  ): Promise<CallEnd> => {
    const name = params.name;
    const entry = entries.get(name);
    // A tool the caller may not see is one it cannot tell from a tool that does not exist.
    if (!entry || !visibility.allows(name, ctx.http?.authInfo)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    if (tasks) {
      const support = taskSupportOf(entry);
      if (support !== "forbidden" || (params as { task?: unknown }).task !== undefined) {
        const modern = isModernEra(server);
        if (taskRequested(support, modern, params as { task?: unknown }, modern ? declaredExtensions(ctx) : undefined)) {
          return startTask(server, servedAlone, entry, params, ctx, checkResult, projectResult);
        }
      }
    }
    const env = callEnvironment(server, servedAlone, ctx, logger, checkResult, projectResult);
    const run = () => runToolCall(entry, handlerFor(name), params.arguments, env, toolLimits.get(name) ?? limits);
    if (!isModernEra(server)) return run();
    // Only a retry (it carries a requestState to verify) waits before its handler starts.
    const rounds = elicitationRounds(signer, name, params.arguments, ctx, logger);
    if (rounds instanceof Promise) {
      return rounds.then((verified) => {
        env.rounds = verified;
        return run();
      });
    }
    env.rounds = rounds;
    return run();
  };

  /** `servedAlone`: this server answers one HTTP request of a 2025-era client, without a session. */
  const buildSdkServer = (servedAlone: boolean, authInfo: AuthInfo | undefined): Server => {
    const server = sdkServerFor({
      info: config.info,
      options: {
        // logging: handlers may send log messages to the client (context.clientLog).
        // tasks: 2025-11-25's declaration; extensions: 2026-07-28's (each era's SDK codec sends its own).
        capabilities: tasks ? { tools: {}, logging: {}, ...TASK_CAPABILITIES } : { tools: {}, logging: {} },
        ...(config.instructions ? { instructions: config.instructions } : {}),
        // 2026-07-28 only (2025-era answers never carry it). Over HTTP the SDK builds one
        // server per request, with that request's auth info.
        cacheHints: { "tools/list": { cacheScope: visibility.cacheScope(authInfo) } },
      },
      listTools: (cursor, ctx) => visibility.listFor(ctx.http?.authInfo).page(cursor),
      // The connection's server answers what the client declared (context.elicit, context.sample).
      callTool: (server, params, ctx, checkResult, projectResult) => callTool(server, servedAlone, params, ctx, checkResult, projectResult),
    });
    if (tasks) registerTaskMethods(server, tasks, servedAlone, logger);
    return server;
  };
  const createSdkServer = (context?: { authInfo?: AuthInfo }) => buildSdkServer(false, context?.authInfo);

  // Transport errors (unparseable lines, malformed requests) carry long validation dumps;
  // one line of them is enough for the log.
  const onerror = (error: Error) => logger.warn("transport error", { message: error.message.replace(/\s+/g, " ").slice(0, 300) });

  // Each built on first use: a stdio server needs neither.
  let sessions: HttpEntry | undefined;
  const sessionEntry = () => (sessions ??= createSessionEntry(createSdkServer, { onerror, maxSessions: config.maxSessions }));
  let stateless: HttpEntry | undefined;
  const statelessEntry = () => (stateless ??= createStatelessEntry((era, authInfo) => buildSdkServer(era === "legacy", authInfo), { onerror }));
  const gate = config.verifyToken ? { verifyToken: config.verifyToken, resourceMetadataUrl: config.resourceMetadataUrl, logger } : undefined;
  // Host and Origin first: a request they refuse never reaches the token hook.
  const serveFetch = behindGate(gate, (request, authInfo) => (config.legacySessions ? sessionEntry() : statelessEntry()).fetch(request, authInfo));
  const guard = requestGuard(config);
  const running = new Set<RunningServer>();

  return {
    createSdkServer,
    fetch: async (request) => guard(request) ?? serveFetch(request),

    async serveStdio() {
      // Loaded here: nothing Node-only loads with the runtime, so it runs on Workers, Deno and Bun.
      const [{ serveStdio: sdkServeStdio }, { guardedStdioTransport }] = await Promise.all([
        import("@modelcontextprotocol/server/stdio"),
        import("./stdio-guard.js"),
      ]);
      const handle = sdkServeStdio(createSdkServer, { onerror, transport: guardedStdioTransport() });
      const stop: RunningServer = {
        close: async () => {
          running.delete(stop);
          await handle.close();
        },
      };
      running.add(stop);
      return stop;
    },

    async serveHttp(options = {}) {
      const host = options.host ?? "127.0.0.1";
      const path = options.path ?? "/mcp";
      const loopback = isLoopback(host);
      if (!loopback && !options.allowedHosts?.length) {
        throw new Error(`serveHttp: binding ${host} needs allowedHosts (the Host names clients use), to stop DNS rebinding`);
      }
      const allowedOrigins = originSet(options.allowedOrigins);
      // Loaded here: a stdio server (the common case) starts without the HTTP stack.
      const [
        { createServer: createHttpServer },
        { hostHeaderValidation, localhostHostValidation, localhostOriginValidation, originValidation, toNodeHandler },
      ] = await Promise.all([
        importNodeOnly<typeof import("node:http")>("node:http"),
        importNodeOnly<typeof import("@modelcontextprotocol/node")>("@modelcontextprotocol/node"),
      ]);
      const validateHost = options.allowedHosts?.length ? hostHeaderValidation(options.allowedHosts) : localhostHostValidation();
      // Host alone does not stop a page from another site, open in a browser that reaches this
      // server by its real name, from sending it requests: the Origin says where the page is from.
      const validateOriginHost = loopback ? localhostOriginValidation() : originValidation(options.allowedHosts!);
      const validateOrigin = (req: IncomingMessage, res: ServerResponse) => allowedOrigins.has(req.headers.origin ?? "") || validateOriginHost(req, res);
      const nodeHandler = toNodeHandler({ fetch: behindGate(gate, (request, authInfo) => sessionEntry().fetch(request, authInfo)) });
      const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
        const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
        if (pathname !== path) {
          res.writeHead(404, { "content-type": "text/plain" }).end(`Not found; the MCP endpoint is ${path}\n`);
          return;
        }
        if (!validateHost(req, res)) return;
        if (!validateOrigin(req, res)) return;
        if (req.method === "GET") flushHeadersWhenWritten(res);
        nodeHandler(req, res).catch((error: unknown) => {
          logger.error("HTTP handler failed", { message: error instanceof Error ? error.message : String(error) });
          if (!res.headersSent) res.writeHead(500).end();
        });
      });
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.port ?? 3000, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
      const stop: HttpRunningServer = {
        url: new URL(`http://${urlHost}:${address.port}${path}`),
        close: async () => {
          running.delete(stop);
          server.closeAllConnections();
          await new Promise<void>((resolve) => server.close(() => resolve()));
        },
      };
      running.add(stop);
      return stop;
    },

    async close() {
      await Promise.all([...running].map((r) => r.close()));
      await Promise.all([sessions?.close(), stateless?.close()]);
      await tasks?.close();
    },
  };
}

/**
 * What one SDK request gives a call: its signal (the request's own, aborted on
 * cancellation or when the connection closes), progress only with a token, and the
 * client-facing helpers.
 */
function callEnvironment(
  server: Server,
  servedAlone: boolean,
  ctx: ServerContext,
  logger: ToolLogger,
  checkResult: ResultCheck,
  projectResult: ResultProjection,
): CallEnvironment {
  const request = ctx.mcpReq;
  const progressToken = request._meta?.progressToken;
  return {
    signal: request.signal,
    signalEndsWithCall: true,
    requestId: request.id,
    authInfo: ctx.http?.authInfo,
    logger,
    checkResult,
    projectResult,
    clientLog: clientLogger(ctx, logger),
    ...clientRequests(server, ctx, servedAlone),
    progress:
      progressToken === undefined
        ? noProgress
        : async (progress, total, message) => {
            await request.notify({
              method: "notifications/progress",
              params: {
                progressToken,
                progress,
                ...(total === undefined ? {} : { total }),
                ...(message === undefined ? {} : { message }),
              },
            });
          },
  };
}

/**
 * `context.elicit` on a 2026-07-28 request: the client's capabilities come with each
 * request, and a retry's `requestState` is verified before the handler runs.
 */
function elicitationRounds(
  signer: RequestStateSigner,
  tool: string,
  args: unknown,
  ctx: ServerContext,
  logger: ToolLogger,
): ElicitationRounds | Promise<ElicitationRounds> {
  const request = ctx.mcpReq;
  const declared = request.envelope?.[CLIENT_CAPABILITIES_META_KEY as keyof typeof request.envelope] as { elicitation?: ElicitationCapability } | undefined;
  const binding = { tool, arguments: args, principal: ctx.http?.authInfo?.clientId };
  const state = request.requestState();
  if (state === undefined) return ElicitationRounds.fresh(signer, binding, declared?.elicitation, logger);
  return ElicitationRounds.resume(signer, binding, declared?.elicitation, state, request.inputResponses, logger);
}

const TASK_CAPABILITIES = {
  tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
  extensions: { "io.modelcontextprotocol/tasks": {} },
};

/** Without a progress token the client asked for no progress: reports go nowhere. */
const noProgress: ToolContext["progress"] = async () => {};

/**
 * `context.clientLog`: MCP logging notifications, filtered by the level the client chose
 * (the SDK applies it). Sending is fire-and-forget: a log line must never fail a call.
 */
function clientLogger(ctx: ServerContext, serverLog: ToolLogger): ToolLogger {
  const send = (level: "debug" | "info" | "warning" | "error", message: string, data: unknown) => {
    ctx.mcpReq.log(level, data === undefined ? message : { message, data }).catch((error: unknown) => {
      serverLog.debug("could not send a log message to the client", { message: error instanceof Error ? error.message : String(error) });
    });
  };
  return {
    debug: (message, data) => send("debug", message, data),
    info: (message, data) => send("info", message, data),
    warn: (message, data) => send("warning", message, data),
    error: (message, data) => send("error", message, data),
  };
}

/**
 * A GET opens a server-sent event stream that may stay quiet for a long time. Node holds
 * the status line and headers until the first body byte, so a client waiting for the
 * stream to open would wait for the first event or keep-alive (15 s): send them at once.
 */
function flushHeadersWhenWritten(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    const written = writeHead.apply(this, args as never);
    this.flushHeaders();
    return written;
  } as ServerResponse["writeHead"];
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * `import(specifier)` through a variable, which bundlers leave alone: a literal one would
 * pull Node's HTTP stack, and its static `node:` imports, into a Worker bundle of the
 * server, where workerd refuses to load them although only `serveHttp()` needs them.
 */
function importNodeOnly<T>(specifier: string): Promise<T> {
  return import(specifier) as Promise<T>;
}
