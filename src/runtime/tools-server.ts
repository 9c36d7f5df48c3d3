/**
 * The SDK's low-level `Server`, with a shorter road for ordinary `tools/call` requests.
 *
 * For every `tools/call` the SDK parses the request with zod twice (once where the handler
 * is registered, once in `Server`'s tools/call wrapper) and the result once more; that is
 * most of what a call costs, though the runtime validates the arguments itself with the
 * tool's precompiled validator. A request of the usual shape (checked here by hand, and
 * only ever a subset of what the SDK's schema accepts) skips those parses; a result the
 * runtime built itself needs no check. Anything else (unusual params, a `requestState`, a
 * result the handler returned verbatim) takes the SDK's own road, unchanged, so every
 * error the client sees is still the SDK's.
 *
 * Before any of that, the SDK sorts each inbound message with three zod checks in turn (a
 * result? an error? a request?); for a request the first two fail, and a failed zod check
 * builds an error object. A request of the plain shape goes straight to where those checks
 * would send it.
 */
import { Server, type JSONRPCRequest, type Result, type ServerContext, type Transport } from "@modelcontextprotocol/server";
import type { CallEnd } from "./call-tool.js";
import { isPlainRequest } from "./plain-message.js";

/** The params of a `tools/call` request that passed the SDK's checks (or ours). */
export interface ToolsCallParams {
  name: string;
  arguments?: Record<string, unknown>;
}

export type ToolsCall = (params: ToolsCallParams, ctx: ServerContext) => Promise<CallEnd>;

type RequestHandler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

export class ToolsServer extends Server {
  constructor(
    info: ConstructorParameters<typeof Server>[0],
    options: ConstructorParameters<typeof Server>[1],
    private readonly toolsCall: ToolsCall,
  ) {
    super(info, options);
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
    // The base constructor registers its own handlers before `toolsCall` is set.
    if (method !== "tools/call" || this.toolsCall === undefined) return sdkRoad;
    const toolsCall = this.toolsCall;
    // The SDK's result check alone: its tools/call wrapper around a handler that answers
    // with the result already computed for that request.
    const computed = new Map<JSONRPCRequest, Result>();
    const checkResult = super._wrapHandler(method, async (request) => computed.get(request)!);
    return async (request, ctx) => {
      if (!isPlainToolsCall(request.params) || hasRequestState(ctx)) return sdkRoad(request, ctx);
      const end = await toolsCall(request.params, ctx);
      if (end.wellFormed) return end.result as unknown as Result;
      computed.set(request, end.result as unknown as Result);
      try {
        return await checkResult(request, ctx);
      } finally {
        computed.delete(request);
      }
    };
  }
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
