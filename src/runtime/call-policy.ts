/**
 * What a server operator can put around every `tools/call`: a rate limit, a concurrency
 * limit, and hooks before and after the handler for access control and audit logs (the
 * MCP specification asks servers to authorize and log tool use). None of these trust a
 * tool's annotations: they are the tool author's hints, and a hook decides what they mean.
 */
import type { CallToolResult, InputRequiredResult, ToolAnnotations } from "./types.js";

/** One call as hooks see it. */
export interface ToolCall {
  /** The tool's name, as in `tools/list`. */
  name: string;
  /** The tool's annotations as its spec declares them (`{}` when none): hints, not guarantees. */
  annotations: Readonly<ToolAnnotations>;
  /**
   * The arguments. For `rateLimit` they are as the client sent them (not yet validated);
   * for `beforeCall` and `afterCall` they passed the tool's input schema, unless the
   * outcome says they did not.
   */
  arguments: unknown;
  /** The caller's authentication, when the transport provides it (HTTP with auth). */
  authInfo?: unknown;
  /** The JSON-RPC id of the request. */
  requestId?: string | number;
}

/** `true` lets the call run; `false` or `{ retryAfterMs }` refuses it. */
export type RateLimitDecision = boolean | { retryAfterMs: number };
export type RateLimitHook = (call: ToolCall) => RateLimitDecision | Promise<RateLimitDecision>;

/**
 * Nothing lets the call run; `{ deny: message }` refuses it with that message, as does
 * throwing a `ToolError`. Any other exception fails the call with a generic error.
 */
export type BeforeCallDecision = void | undefined | { deny: string };
export type BeforeCallHook = (call: ToolCall) => BeforeCallDecision | Promise<BeforeCallDecision>;

/** How a call ended; every call of a known tool ends in exactly one of these. */
export type CallStatus =
  | "ok" // the handler's result was sent
  | "tool-error" // the handler threw a ToolError
  | "too-large" // arguments over maxArgumentBytes
  | "rate-limited" // the rateLimit hook refused
  | "invalid-arguments" // arguments failed the input schema; the handler never ran
  | "denied" // beforeCall refused
  | "busy" // maxConcurrentCalls calls were already running
  | "timeout"
  | "cancelled" // the client cancelled, or the connection closed: nothing is sent
  | "input-required" // revision 2026-07-28: context.elicit asked the user; the client calls again with the answer
  | "internal-error"; // the handler (or a hook) failed unexpectedly, or returned something invalid

export interface CallOutcome {
  status: CallStatus;
  /** What the client was sent; for `cancelled`, what the call would have answered (nothing is sent). */
  result: CallToolResult | InputRequiredResult;
  /** From the start of the call to its answer. */
  durationMs: number;
}

export type AfterCallHook = (call: ToolCall, outcome: CallOutcome) => void | Promise<void>;

/** Counts running calls across every connection of one server. */
export class ConcurrencyGate {
  private running = 0;

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`maxConcurrentCalls must be a positive integer, got ${max}`);
  }

  get active(): number {
    return this.running;
  }

  /** A release function, or `undefined` when the limit is reached (the caller answers "busy"). */
  tryEnter(): (() => void) | undefined {
    if (this.running >= this.max) return undefined;
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
    };
  }
}
