/**
 * The semantics of one `tools/call`, independent of transport: argument limits and
 * validation, the handler with its context, timeouts, results and errors. What reaches
 * the client is decided here, and only here.
 *
 * One file on purpose: every way a call can end (arguments rejected, no handler, the
 * handler's error, a timeout, a cancellation, a question to the user, a result its schema
 * refuses) is decided side by side here, so a reader can check in one place that nothing
 * else reaches the client.
 */
import type { AfterCallHook, BeforeCallHook, CallStatus, ConcurrencyGate, RateLimitDecision, RateLimitHook, ToolCall } from "./call-policy.js";
import { errorDetails, silentLogger } from "./logger.js";
import { plainArguments } from "./plain-arguments.js";
import { normalizeReturn, structuredResult, textResult } from "./results.js";
import { ToolError } from "./tool-error.js";
import type { ElicitationRounds } from "./elicitation.js";
import type { CallToolResult, ElicitationRequest, InputRequiredResult, ToolContext, ToolEntry, ToolLogger, ToolState } from "./types.js";
import { describeViolations } from "./validation-message.js";

/** A handler as the runtime sees it: the generated types are erased here. */
export type AnyToolHandler = (input: never, context: ToolContext) => unknown;

export interface CallLimits {
  /** Abort the handler and answer `isError` after this long. */
  timeoutMs?: number;
  /** Reject arguments whose JSON is larger than this. */
  maxArgumentBytes?: number;
  /** Shared by every call of one server: at most `max` handlers run at once. */
  concurrency?: ConcurrencyGate;
  rateLimit?: RateLimitHook;
  beforeCall?: BeforeCallHook;
  afterCall?: AfterCallHook;
}

// Frozen: a server given no state shares this one object, which no handler may fill in.
const NO_STATE: ToolState = Object.freeze({});

export interface CallEnvironment {
  /** Aborted when the client cancels or the connection closes. */
  signal: AbortSignal;
  /**
   * `signal` belongs to this call alone and ends with it (the SDK's per-request signal):
   * without a timeout the handler then gets it as it is, which spares a linked
   * AbortController per call. Otherwise the handler gets its own signal, linked to this
   * one only while the call runs.
   */
  signalEndsWithCall?: boolean;
  progress: ToolContext["progress"];
  /** The server's `state`, for `context.state`; `{}` when absent. */
  state?: ToolState;
  requestId?: string | number;
  authInfo?: unknown;
  /** The server's log: the handler's `context.log`, and where failure details go. */
  logger: ToolLogger;
  /** Log messages sent to the client; without one, `context.clientLog` drops them. */
  clientLog?: ToolLogger;
  /** Requests to the client; without them, the context's methods reject with a ToolError. */
  elicit?: ToolContext["elicit"];
  /**
   * Revision 2026-07-28: `context.elicit` answers from the retried request, and ends the call
   * with `input_required` at the first question without one (elicitation.ts). Wins over `elicit`.
   */
  rounds?: ElicitationRounds;
  sample?: ToolContext["sample"];
  /**
   * The transport's own check of a result the handler built (content blocks, a whole
   * CallToolResult): resolves to what would be sent, rejects when it is not a valid
   * CallToolResult. Without it such a result is passed on unchecked (`wellFormed: false`).
   */
  checkResult?: (result: CallToolResult) => Promise<CallToolResult>;
  /**
   * The transport's rewrite of a successful result for the connection's protocol era, given
   * the outputSchema `tools/list` advertised: asked only for a tool whose outputSchema root
   * is not `type: object`. A 2025-era client is listed such a schema wrapped as
   * `{ type: object, properties: { result: ... } }` (MCP 2025 allowed only object roots),
   * and must get the structured content wrapped the same way.
   */
  projectResult?: (result: CallToolResult, outputSchema: Readonly<Record<string, unknown>>) => CallToolResult;
}

const unavailable = (what: string) => () => Promise.reject(new ToolError(`${what} is not available on this connection.`));
const unavailableElicit = unavailable("Elicitation");
const unavailableSample = unavailable("Sampling");

class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = "TimeoutError";
  }
}

/** What a call's outcome settles to when the call ends before its handler does. */
const STOPPED: unique symbol = Symbol("stopped");
/** What it settles to when the handler asked a question the client has not answered yet (2026-07-28). */
const ASKING: unique symbol = Symbol("asking");

/**
 * What a 2026-07-28 `context.elicit` throws into the handler when the call ends to ask the
 * user: the handler is run again, from the start, with the answer. Catching it changes nothing.
 */
class AskingTheUser extends Error {
  constructor() {
    super("context.elicit: this call ends here to ask the user (MCP input_required); the client calls the tool again with the answer");
    this.name = "AskingTheUser";
  }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function";

function timedOutCall(env: CallEnvironment, name: string, ms: number): CallEnd {
  env.logger.warn(`tool "${name}" timed out`, { tool: name, timeoutMs: ms, requestId: env.requestId });
  return ended("timeout", textResult(`Tool "${name}" timed out after ${ms} ms.`, true));
}

/**
 * The client cancelled the call or its connection closed. The SDK sends nothing for a
 * cancelled request (MCP: the receiver should not answer it); this result is what afterCall sees.
 */
function cancelled(env: CallEnvironment, name: string): CallEnd {
  env.logger.debug(`tool "${name}" was cancelled by the client (or its connection closed)`, { tool: name, requestId: env.requestId });
  return ended("cancelled", textResult(`Tool "${name}" was cancelled.`, true));
}

export async function callTool(
  entry: ToolEntry,
  handler: AnyToolHandler | undefined,
  rawArguments: unknown,
  env: CallEnvironment,
  limits: CallLimits = {},
): Promise<CallToolResult | InputRequiredResult> {
  return (await runToolCall(entry, handler, rawArguments, env, limits)).result;
}

/** How one call ended, as `runToolCall` reports it. */
export interface CallEnd {
  status: CallStatus;
  /** An `input_required` result only with status "input-required". */
  result: CallToolResult | InputRequiredResult;
  /**
   * The runtime built `result` itself (a text, an error, validated structured output), so its
   * shape is known to be a valid CallToolResult. `false` when it is what the handler returned
   * (content blocks, a whole CallToolResult): the transport layer must still check it.
   */
  wellFormed: boolean;
}

/** `callTool`, also telling whether the result still needs the SDK's result check. */
export async function runToolCall(
  entry: ToolEntry,
  handler: AnyToolHandler | undefined,
  rawArguments: unknown,
  env: CallEnvironment,
  limits: CallLimits,
): Promise<CallEnd> {
  const started = limits.afterCall ? performance.now() : 0;
  const call: ToolCall = {
    name: entry.definition.name,
    annotations: entry.definition.annotations ?? {},
    arguments: rawArguments === undefined ? {} : rawArguments,
    authInfo: env.authInfo,
    requestId: env.requestId,
  };
  const end = await runCall(entry, handler, call, env, limits);
  if (limits.afterCall) {
    try {
      await limits.afterCall(call, { status: end.status, result: end.result, durationMs: performance.now() - started });
    } catch (error) {
      // An audit hook failing must not change what the client gets; the operator must hear of it.
      env.logger.error(`afterCall hook failed for tool "${call.name}"`, { tool: call.name, details: errorDetails(error) });
    }
  }
  return end;
}

/** An answer the runtime wrote itself. */
function ended(status: CallStatus, result: CallToolResult): CallEnd & { result: CallToolResult };
function ended(status: CallStatus, result: InputRequiredResult): CallEnd;
function ended(status: CallStatus, result: CallToolResult | InputRequiredResult): CallEnd {
  return { status, result, wellFormed: true };
}

async function runCall(entry: ToolEntry, handler: AnyToolHandler | undefined, call: ToolCall, env: CallEnvironment, limits: CallLimits): Promise<CallEnd> {
  const name = call.name;
  const plain = plainArguments(call.arguments, limits.maxArgumentBytes);
  if ("notJson" in plain) return ended("invalid-arguments", textResult(`Arguments for tool "${name}" are not JSON.`, true));
  if ("tooLarge" in plain) {
    return ended(
      "too-large",
      textResult(`Arguments for tool "${name}" are ${plain.tooLarge} bytes; this server accepts at most ${limits.maxArgumentBytes}.`, true),
    );
  }
  const args = plain.value;
  call.arguments = args;
  if (limits.rateLimit) {
    let decision: RateLimitDecision;
    try {
      decision = await limits.rateLimit(call);
    } catch (error) {
      return ended("internal-error", internalFailure(env.logger, name, "the rateLimit hook threw", error));
    }
    if (decision !== true) {
      const retry =
        typeof decision === "object" && decision !== null && Number.isFinite(decision.retryAfterMs) ? Math.max(0, Math.ceil(decision.retryAfterMs)) : undefined;
      const text = `Rate limit reached for tool "${name}"${retry === undefined ? "; try again later." : `; retry after ${retry} ms.`}`;
      return ended("rate-limited", textResult(text, true));
    }
  }
  let valid: boolean;
  try {
    valid = entry.validateInput(args);
  } catch (error) {
    return ended("internal-error", internalFailure(env.logger, name, "the input validator threw", error));
  }
  if (!valid) {
    const violations = describeViolations(entry.validateInput.errors);
    return ended("invalid-arguments", textResult(`Invalid arguments for tool "${name}":\n${violations.join("\n")}`, true));
  }
  if (limits.beforeCall) {
    try {
      const decision = await limits.beforeCall(call);
      if (decision && typeof decision === "object" && typeof decision.deny === "string") return ended("denied", textResult(decision.deny, true));
    } catch (error) {
      if (error instanceof ToolError) return ended("denied", textResult(error.message, true));
      return ended("internal-error", internalFailure(env.logger, name, "the beforeCall hook threw", error));
    }
  }
  if (typeof handler !== "function") {
    return ended("internal-error", internalFailure(env.logger, name, `no handler is registered for tool "${name}"`));
  }
  // Cancelled while a hook ran (or before): the handler never starts.
  if (env.signal.aborted) return cancelled(env, name);
  if (!limits.concurrency) return runHandler(entry, handler, call, env, limits);
  const release = limits.concurrency.tryEnter();
  if (!release) {
    const max = limits.concurrency.max;
    return ended(
      "busy",
      textResult(`Server busy: ${max} tool call${max === 1 ? " is" : "s are"} already running, the most this server allows at once; try again shortly.`, true),
    );
  }
  try {
    return await runHandler(entry, handler, call, env, limits);
  } finally {
    release();
  }
}

async function runHandler(entry: ToolEntry, handler: AnyToolHandler, call: ToolCall, env: CallEnvironment, limits: CallLimits): Promise<CallEnd> {
  const name = call.name;
  const timeoutMs = limits.timeoutMs;
  // The handler's own signal, linked to the client's, unless the client's already is the call's own.
  const controller = timeoutMs !== undefined || !env.signalEndsWithCall ? new AbortController() : undefined;
  // The call ends when its handler settles, or before: when the client cancels or the
  // connection closes (the client's signal), or at the timeout. A handler that ignores its
  // signal then keeps running, but what it does later is dropped, and it holds up nothing:
  // not the concurrency slot, not afterCall, not the SDK's record of the request.
  let timedOut = false;
  // What the call waits for: the handler's outcome, or STOPPED when the call ends first.
  let settle!: (value: unknown) => void;
  let fail!: (error: unknown) => void;
  const outcome = new Promise<unknown>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const stop = () => settle(STOPPED);
  const onClientAbort = () => {
    // The call's end first, so it wins over whatever the handler does when its signal aborts.
    stop();
    controller?.abort(env.signal.reason);
  };
  let listening = false;
  const listen = () => {
    if (env.signal.aborted) return onClientAbort();
    listening = true;
    env.signal.addEventListener("abort", onClientAbort, { once: true });
  };
  // A handler's own signal follows the client's from the start. Otherwise the client's
  // signal is listened to only once the handler has run for a few microtasks: most have
  // settled by then, and a listener on an AbortSignal costs about a fifth of a whole call.
  if (controller) listen();
  let done = false;
  const listenIfRunning = () => {
    if (!done && !listening) listen();
  };
  // Progress and client log messages end with the call: MCP forbids progress after the answer.
  let live = true;
  const isLive = () => live;
  const context: ToolContext = {
    signal: controller ? controller.signal : env.signal,
    progress: (...report) => (live ? env.progress(...report) : Promise.resolve()),
    log: env.logger,
    clientLog: env.clientLog ? whileLive(env.clientLog, isLive) : silentLogger,
    elicit: env.rounds ? askRound(env.rounds, () => live && settle(ASKING)) : (env.elicit ?? unavailableElicit),
    sample: env.sample ?? unavailableSample,
    state: env.state ?? NO_STATE,
    authInfo: env.authInfo,
    requestId: env.requestId,
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  let output: unknown;
  try {
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        timedOut = true;
        stop();
        controller!.abort(new TimeoutError(timeoutMs));
      }, timeoutMs);
    }
    const returned = handler(call.arguments as never, context);
    if (isThenable(returned)) {
      const running = Promise.resolve(returned);
      // The first of the handler and the call's end settles the outcome; a later result or failure is dropped.
      running.then(settle, fail);
      if (!listening) void Promise.resolve().then(undefined).then(undefined).then(listenIfRunning);
      output = await outcome;
    } else {
      output = returned;
    }
  } catch (error) {
    if (timedOut) return timedOutCall(env, name, timeoutMs!);
    // The client cancelled: the SDK sends no response, and a handler giving up is normal.
    if (env.signal.aborted) return cancelled(env, name);
    if (error instanceof ToolError) return ended("tool-error", textResult(error.message, true));
    return ended("internal-error", internalFailure(env.logger, name, "handler threw", error));
  } finally {
    done = true;
    live = false;
    if (timer) clearTimeout(timer);
    if (listening) env.signal.removeEventListener("abort", onClientAbort);
  }
  if (output === STOPPED) return timedOut ? timedOutCall(env, name, timeoutMs!) : cancelled(env, name);
  if (output === ASKING) {
    if (env.signal.aborted) return cancelled(env, name);
    try {
      // Built here; the SDK's multi-round-trip seam checks it again (era, capabilities).
      return ended("input-required", await env.rounds!.inputRequired());
    } catch (error) {
      return ended("internal-error", internalFailure(env.logger, name, "could not sign the requestState", error));
    }
  }
  // Cancelled before the call listened (its first microtasks), and the handler answered on
  // its signal: the SDK sends nothing for the request either way.
  if (env.signal.aborted) return cancelled(env, name);

  const end = resultOf(entry, output, env.logger, name);
  const outputSchema = entry.definition.outputSchema;
  if (env.projectResult && outputSchema !== undefined && outputSchema.type !== "object" && end.status === "ok") {
    end.result = env.projectResult(end.result, outputSchema);
  }
  if (end.wellFormed || !env.checkResult) return end;
  try {
    return { status: end.status, result: await env.checkResult(end.result), wellFormed: true };
  } catch (error) {
    return ended("internal-error", internalFailure(env.logger, name, "handler returned a result that is not a valid CallToolResult", error));
  }
}

/**
 * `context.elicit` on revision 2026-07-28: an answer the retried request carries, or the
 * end of the call (`ask` settles its outcome) to ask the client for it.
 */
function askRound(rounds: ElicitationRounds, ask: () => void): ToolContext["elicit"] {
  return (async (request: ElicitationRequest) => {
    const step = await rounds.ask(request);
    if (step) return step.answer;
    ask();
    throw new AskingTheUser();
  }) as ToolContext["elicit"];
}

/** A call that ended with a tool result (not `input_required`). */
type CompleteEnd = CallEnd & { result: CallToolResult };

/** What the handler returned, as the result to send. */
function resultOf(entry: ToolEntry, output: unknown, logger: ToolLogger, name: string): CompleteEnd {
  if (entry.validateOutput) {
    // What is checked is what the client will read: the output after a JSON round trip.
    let result: CallToolResult | undefined;
    try {
      result = structuredResult(output);
    } catch (error) {
      return ended("internal-error", internalFailure(logger, name, "handler output cannot be sent as JSON", error));
    }
    let validOutput: boolean;
    try {
      validOutput = entry.validateOutput(result?.structuredContent);
    } catch (error) {
      return ended("internal-error", internalFailure(logger, name, "the output validator threw", error));
    }
    if (!validOutput || !result) {
      return ended(
        "internal-error",
        internalFailure(logger, name, "handler output does not match the tool's outputSchema", {
          violations: describeViolations(entry.validateOutput.errors),
        }),
      );
    }
    // An outputSchema whose root is not an object lets other values through; the SDK judges those.
    return { status: "ok", result, wellFormed: isPlainRecord(result.structuredContent) };
  }
  if (typeof output === "string") return ended("ok", textResult(output));
  const result = normalizeReturn(output as never);
  if (!result) {
    return ended(
      "internal-error",
      internalFailure(logger, name, "handler returned a value that is not a string, content blocks or a CallToolResult", {
        returned: typeof output,
      }),
    );
  }
  return { status: result.isError === true ? "tool-error" : "ok", result, wellFormed: output === undefined };
}

/** A logger that goes quiet once `live()` is false. */
function whileLive(logger: ToolLogger, live: () => boolean): ToolLogger {
  return {
    debug: (message, data) => {
      if (live()) logger.debug(message, data);
    },
    info: (message, data) => {
      if (live()) logger.info(message, data);
    },
    warn: (message, data) => {
      if (live()) logger.warn(message, data);
    },
    error: (message, data) => {
      if (live()) logger.error(message, data);
    },
  };
}

/** What the SDK's `structuredContent` check accepts unchanged: a plain object with string keys, none of them `__proto__`. */
function isPlainRecord(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return !Object.hasOwn(value, "__proto__") && Object.getOwnPropertySymbols(value).length === 0;
}

/**
 * A failure that is the server's fault: details go to the server's log under a
 * reference the operator can search for; the client sees only the reference.
 */
function internalFailure(logger: ToolLogger, name: string, what: string, details?: unknown): CallToolResult {
  // The global Web Crypto: node:crypto itself is only loaded when something fails.
  const reference = globalThis.crypto.randomUUID().slice(0, 8);
  logger.error(`tool "${name}" failed: ${what}`, {
    tool: name,
    reference,
    ...(details === undefined ? {} : { details: details instanceof Error || typeof details !== "object" ? errorDetails(details) : details }),
  });
  return textResult(`Tool "${name}" failed with an internal error (reference ${reference}).`, true);
}
