/**
 * The SDK's low-level `Server`, with a shorter road for ordinary `tools/call` requests.
 *
 * For every `tools/call` the SDK parses the request with zod twice (once where the handler
 * is registered, once in `Server`'s tools/call wrapper) and the result once more; that is
 * most of what a call costs, though the runtime validates the arguments itself with the
 * tool's precompiled validator. A request of the usual shape (checked here by hand, and
 * only ever a subset of what the SDK's schema accepts) skips those parses; a result the
 * runtime built itself needs no check. Anything else (unusual params, a `requestState`)
 * takes the SDK's own road, unchanged, so every protocol error the client sees is still the
 * SDK's. A result the handler built itself (content blocks, a whole CallToolResult) goes
 * through the SDK's result check on either road, before the call ends: one it refuses
 * becomes the runtime's internal failure (call-tool.ts), not a JSON-RPC error.
 *
 * Two requests whose params the SDK refuses with -32603 and a zod dump (a cursor that is
 * not a string, an unknown log level) are answered -32602 in one sentence instead.
 *
 * Before any of that, the SDK sorts each inbound message with three zod checks in turn (a
 * result? an error? a request?); for a request the first two fail, and a failed zod check
 * builds an error object. A request of the plain shape goes straight to where those checks
 * would send it.
 */
import { ProtocolError, ProtocolErrorCode, Server, type JSONRPCRequest, type Result, type ServerContext, type Transport } from "@modelcontextprotocol/server";
import type { CallEnd } from "./call-tool.js";
import type { CallToolResult } from "./types.js";
import { isPlainRequest } from "./plain-message.js";

/** The params of a `tools/call` request that passed the SDK's checks (or ours). */
export interface ToolsCallParams {
  name: string;
  arguments?: Record<string, unknown>;
}

/**
 * The SDK's check of a tools/call result, with the request it answers: resolves to what
 * would be sent, rejects (with the SDK's reason) when the result is not a valid one.
 */
export type ResultCheck = (result: CallToolResult) => Promise<CallToolResult>;

/**
 * The SDK's rewrite of a result for the connection's protocol era, given the outputSchema
 * that `tools/list` advertised (see `CallEnvironment.projectResult`).
 */
export type ResultProjection = (result: CallToolResult, outputSchema: Readonly<Record<string, unknown>>) => CallToolResult;

/** Runs one call; a result the handler built itself is given to `checkResult`, a successful one to `projectResult`. */
export type ToolsCall = (params: ToolsCallParams, ctx: ServerContext, checkResult: ResultCheck, projectResult: ResultProjection) => Promise<CallEnd>;

type RequestHandler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

export class ToolsServer extends Server {
  /** The SDK's tools/call wrapper around a handler that answers with `computed`: its result check alone. */
  private resultCheck: RequestHandler | undefined;
  private readonly computed = new Map<JSONRPCRequest, Result>();

  constructor(
    info: ConstructorParameters<typeof Server>[0],
    options: ConstructorParameters<typeof Server>[1],
    private readonly toolsCall: ToolsCall,
  ) {
    super(info, options);
    // The SDK's road (unusual requests): the SDK checks the request before and the result after.
    this.setRequestHandler("tools/call", async (request, ctx) => {
      // The request as the SDK parsed it: the result check asks only for its method and params.
      const parsed = request as unknown as JSONRPCRequest;
      const end = await toolsCall(request.params, ctx, (result) => this.checkResult(parsed, ctx, result), this.projectResult);
      return end.result as never;
    });
  }

  override async connect(transport: Transport): Promise<void> {
    const before = transport.onmessage;
    const connecting = super.connect(transport);
    // The SDK installs its message router synchronously, before it awaits the transport's start.
    const sdkRoad = transport.onmessage;
    // `_onrequest` is where the SDK's router sends a request; it is private, so this looks
    // before it leans on it, and keeps the SDK's router whole if it is ever gone.
    const dispatch = (this as unknown as { _onrequest?: unknown })._onrequest;
    if (sdkRoad !== undefined && sdkRoad !== before && typeof dispatch === "function") {
      transport.onmessage = (message, extra) => {
        if (!isPlainRequest(message)) return sdkRoad(message, extra);
        before?.(message, extra);
        dispatch.call(this, message, extra);
      };
    }
    await connecting;
  }

  protected override _wrapHandler(method: string, handler: RequestHandler): RequestHandler {
    const sdkRoad = super._wrapHandler(method, handler);
    const refusal = Object.hasOwn(PARAMS_CHECKS, method) ? PARAMS_CHECKS[method] : undefined;
    if (refusal) {
      return (request, ctx) => {
        const reason = refusal(request.params);
        return reason === undefined ? sdkRoad(request, ctx) : Promise.reject(new ProtocolError(ProtocolErrorCode.InvalidParams, reason));
      };
    }
    // The base constructor registers its own handlers before `toolsCall` is set.
    if (method !== "tools/call" || this.toolsCall === undefined) return sdkRoad;
    const toolsCall = this.toolsCall;
    return async (request, ctx) => {
      if (!isPlainToolsCall(request.params) || hasRequestState(ctx)) return sdkRoad(request, ctx);
      const end = await toolsCall(request.params, ctx, (result) => this.checkResult(request, ctx, result), this.projectResult);
      return (end.wellFormed ? end.result : await this.checkResult(request, ctx, end.result)) as unknown as Result;
    };
  }

  private readonly projectResult: ResultProjection = (result, outputSchema) =>
    this.projectCallToolResult(result as never, outputSchema) as unknown as CallToolResult;

  private async checkResult(request: JSONRPCRequest, ctx: ServerContext, result: CallToolResult): Promise<CallToolResult> {
    this.resultCheck ??= super._wrapHandler("tools/call", async (answered) => this.computed.get(answered)!);
    this.computed.set(request, result as unknown as Result);
    try {
      return (await this.resultCheck(request, ctx)) as unknown as CallToolResult;
    } finally {
      this.computed.delete(request);
    }
  }
}

/**
 * Params the SDK's schemas refuse with an internal error (-32603) and a zod dump, though
 * MCP calls them invalid params (-32602) with one concise sentence: each check returns
 * that sentence, or undefined to let the SDK go on.
 */
const PARAMS_CHECKS: Record<string, (params: unknown) => string | undefined> = {
  "tools/list": (params) => {
    const cursor = paramOf(params, "cursor");
    return cursor === undefined || typeof cursor === "string" ? undefined : "Invalid cursor";
  },
  "logging/setLevel": (params) => {
    const level = paramOf(params, "level");
    return typeof level === "string" && LOG_LEVELS.has(level) ? undefined : `Invalid log level: expected one of ${[...LOG_LEVELS].join(", ")}`;
  },
};

const LOG_LEVELS = new Set(["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]);

function paramOf(params: unknown, key: string): unknown {
  return typeof params === "object" && params !== null ? (params as Record<string, unknown>)[key] : undefined;
}

/**
 * A `tools/call` params object the SDK's schemas (both eras) accept and copy unchanged:
 * a plain object with a string `name`, `arguments` absent or a plain object of string keys
 * (none of them `__proto__`, which the SDK would strip), and `_meta` absent or a plain
 * object whose progress token is a string or an integer. Task augmentation, related-task
 * metadata and multi-round-trip fields are left to the SDK.
 */
export function isPlainToolsCall(params: unknown): params is ToolsCallParams {
  if (!isPlainObject(params)) return false;
  const { name, arguments: args, _meta: meta, task, inputResponses, requestState } = params as Record<string, unknown>;
  if (typeof name !== "string" || task !== undefined || inputResponses !== undefined || requestState !== undefined) return false;
  if (args !== undefined && (!isPlainObject(args) || Object.hasOwn(args, "__proto__") || Object.getOwnPropertySymbols(args).length > 0)) return false;
  if (meta !== undefined) {
    if (!isPlainObject(meta)) return false;
    const token = (meta as Record<string, unknown>).progressToken;
    if (token !== undefined && typeof token !== "string" && !Number.isSafeInteger(token)) return false;
    if ((meta as Record<string, unknown>)["io.modelcontextprotocol/related-task"] !== undefined) return false;
  }
  return true;
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A 2026-07-28 retry carries a `requestState` the SDK verifies before the handler runs. */
function hasRequestState(ctx: ServerContext): boolean {
  const read = (ctx.mcpReq as { requestState?: () => unknown }).requestState;
  return typeof read === "function" && read.call(ctx.mcpReq) !== undefined;
}
