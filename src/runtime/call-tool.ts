/**
 * The semantics of one `tools/call`, independent of transport: argument limits and
 * validation, the handler with its context, timeouts, results and errors. What reaches
 * the client is decided here, and only here.
 */
import { randomUUID } from "node:crypto";
import type { AfterCallHook, BeforeCallHook, CallStatus, ConcurrencyGate, RateLimitDecision, RateLimitHook, ToolCall } from "./call-policy.js";
import { errorDetails, silentLogger } from "./logger.js";
import { normalizeReturn, structuredResult, textResult } from "./results.js";
import { ToolError } from "./tool-error.js";
import type { CallToolResult, ToolContext, ToolEntry, ToolLogger } from "./types.js";
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

export interface CallEnvironment {
  /** Aborted when the client cancels or the connection closes. */
  signal: AbortSignal;
  progress: ToolContext["progress"];
  requestId?: string | number;
  authInfo?: unknown;
  /** The server's log: the handler's `context.log`, and where failure details go. */
  logger: ToolLogger;
  /** Log messages sent to the client; without one, `context.clientLog` drops them. */
  clientLog?: ToolLogger;
  /** Requests to the client; without them, the context's methods reject with a ToolError. */
  elicit?: ToolContext["elicit"];
  sample?: ToolContext["sample"];
}

const unavailable = (what: string) => () => Promise.reject(new ToolError(`${what} is not available on this connection.`));

class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = "TimeoutError";
  }
}

export async function callTool(
  entry: ToolEntry,
  handler: AnyToolHandler | undefined,
  rawArguments: unknown,
  env: CallEnvironment,
  limits: CallLimits = {},
): Promise<CallToolResult> {
  const started = performance.now();
  const call: ToolCall = {
    name: entry.definition.name,
    annotations: entry.definition.annotations ?? {},
    arguments: rawArguments === undefined ? {} : rawArguments,
    authInfo: env.authInfo,
    requestId: env.requestId,
  };
  const [status, result] = await runCall(entry, handler, call, env, limits);
  if (limits.afterCall) {
    try {
      await limits.afterCall(call, { status, result, durationMs: performance.now() - started });
    } catch (error) {
      // An audit hook failing must not change what the client gets; the operator must hear of it.
      env.logger.error(`afterCall hook failed for tool "${call.name}"`, { tool: call.name, details: errorDetails(error) });
    }
  }
  return result;
}

type Ended = [CallStatus, CallToolResult];

async function runCall(entry: ToolEntry, handler: AnyToolHandler | undefined, call: ToolCall, env: CallEnvironment, limits: CallLimits): Promise<Ended> {
  const name = call.name;
  const json = toJson(call.arguments);
  if (json === undefined) return ["invalid-arguments", textResult(`Arguments for tool "${name}" are not JSON.`, true)];
  if (limits.maxArgumentBytes !== undefined) {
    const size = Buffer.byteLength(json, "utf8");
    if (size > limits.maxArgumentBytes) {
      return ["too-large", textResult(`Arguments for tool "${name}" are ${size} bytes; this server accepts at most ${limits.maxArgumentBytes}.`, true)];
    }
  }
  // Plain data from here on: parsers upstream may have turned a `"__proto__"` key into an
  // object's prototype, whose properties a handler would read without any validator seeing
  // them as the arguments' own. A JSON round trip keeps exactly the own, enumerable data.
  const args: unknown = JSON.parse(json);
  call.arguments = args;
  if (limits.rateLimit) {
    let decision: RateLimitDecision;
    try {
      decision = await limits.rateLimit(call);
    } catch (error) {
      return ["internal-error", internalFailure(env.logger, name, "the rateLimit hook threw", error)];
    }
    if (decision !== true) {
      const retry = typeof decision === "object" && decision !== null && Number.isFinite(decision.retryAfterMs) ? Math.max(0, Math.ceil(decision.retryAfterMs)) : undefined;
      const text = `Rate limit reached for tool "${name}"${retry === undefined ? "; try again later." : `; retry after ${retry} ms.`}`;
      return ["rate-limited", textResult(text, true)];
    }
  }
  let valid: boolean;
  try {
    valid = entry.validateInput(args);
  } catch (error) {
    return ["internal-error", internalFailure(env.logger, name, "the input validator threw", error)];
  }
  if (!valid) {
    const violations = describeViolations(entry.validateInput.errors);
    return ["invalid-arguments", textResult(`Invalid arguments for tool "${name}":\n${violations.join("\n")}`, true)];
  }
  if (limits.beforeCall) {
    try {
      const decision = await limits.beforeCall(call);
      if (decision && typeof decision === "object" && typeof decision.deny === "string") return ["denied", textResult(decision.deny, true)];
    } catch (error) {
      if (error instanceof ToolError) return ["denied", textResult(error.message, true)];
      return ["internal-error", internalFailure(env.logger, name, "the beforeCall hook threw", error)];
    }
  }
  if (typeof handler !== "function") {
    return ["internal-error", internalFailure(env.logger, name, `no handler is registered for tool "${name}"`)];
  }
  const release = limits.concurrency ? limits.concurrency.tryEnter() : () => undefined;
  if (!release) {
    const max = limits.concurrency!.max;
    return ["busy", textResult(`Server busy: ${max} tool call${max === 1 ? " is" : "s are"} already running, the most this server allows at once; try again shortly.`, true)];
  }
  try {
    return await runHandler(entry, handler, call, env, limits);
  } finally {
    release();
  }
}

async function runHandler(entry: ToolEntry, handler: AnyToolHandler, call: ToolCall, env: CallEnvironment, limits: CallLimits): Promise<Ended> {
  const name = call.name;
  const controller = new AbortController();
  const abortFromClient = () => controller.abort(env.signal.reason);
  if (env.signal.aborted) abortFromClient();
  else env.signal.addEventListener("abort", abortFromClient, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const context: ToolContext = {
    signal: controller.signal,
    progress: env.progress,
    log: env.logger,
    clientLog: env.clientLog ?? silentLogger,
    elicit: env.elicit ?? unavailable("Elicitation"),
    sample: env.sample ?? unavailable("Sampling"),
    authInfo: env.authInfo,
    requestId: env.requestId,
  };

  let output: unknown;
  try {
    const running = Promise.resolve().then(() => handler(call.arguments as never, context));
    if (limits.timeoutMs !== undefined) {
      const ms = limits.timeoutMs;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = new TimeoutError(ms);
          controller.abort(error);
          reject(error);
        }, ms);
      });
      // A handler that ignores its signal keeps running; its late result is dropped.
      running.catch(() => undefined);
      output = await Promise.race([running, timeout]);
    } else {
      output = await running;
    }
  } catch (error) {
    if (error instanceof TimeoutError) {
      env.logger.warn(`tool "${name}" timed out`, { tool: name, timeoutMs: error.ms, requestId: env.requestId });
      return ["timeout", textResult(`Tool "${name}" timed out after ${error.ms} ms.`, true)];
    }
    if (error instanceof ToolError) return ["tool-error", textResult(error.message, true)];
    if (env.signal.aborted) {
      // The client cancelled: the SDK sends no response, and a handler giving up is normal.
      env.logger.debug(`tool "${name}" stopped after the client cancelled`, { tool: name, requestId: env.requestId });
      return ["cancelled", textResult(`Tool "${name}" was cancelled.`, true)];
    }
    return ["internal-error", internalFailure(env.logger, name, "handler threw", error)];
  } finally {
    if (timer) clearTimeout(timer);
    env.signal.removeEventListener("abort", abortFromClient);
  }

  if (entry.validateOutput) {
    let validOutput: boolean;
    try {
      validOutput = entry.validateOutput(output);
    } catch (error) {
      return ["internal-error", internalFailure(env.logger, name, "the output validator threw", error)];
    }
    if (!validOutput) {
      return [
        "internal-error",
        internalFailure(env.logger, name, "handler output does not match the tool's outputSchema", {
          violations: describeViolations(entry.validateOutput.errors),
        }),
      ];
    }
    return ["ok", structuredResult(output)];
  }
  const result = normalizeReturn(output as never);
  if (!result) {
    return [
      "internal-error",
      internalFailure(env.logger, name, "handler returned a value that is not a string, content blocks or a CallToolResult", {
        returned: typeof output,
      }),
    ];
  }
  return [result.isError === true ? "tool-error" : "ok", result];
}

/** The arguments as JSON text; `undefined` when they cannot be JSON (too deep, BigInt, a function...). */
function toJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * A failure that is the server's fault: details go to the server's log under a
 * reference the operator can search for; the client sees only the reference.
 */
function internalFailure(logger: ToolLogger, name: string, what: string, details?: unknown): CallToolResult {
  const reference = randomUUID().slice(0, 8);
  logger.error(`tool "${name}" failed: ${what}`, {
    tool: name,
    reference,
    ...(details === undefined ? {} : { details: details instanceof Error || typeof details !== "object" ? errorDetails(details) : details }),
  });
  return textResult(`Tool "${name}" failed with an internal error (reference ${reference}).`, true);
}
