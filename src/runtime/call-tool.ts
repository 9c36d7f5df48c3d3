/**
 * The semantics of one `tools/call`, independent of transport: argument limits and
 * validation, the handler with its context, timeouts, results and errors. What reaches
 * the client is decided here, and only here.
 */
import { randomUUID } from "node:crypto";
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
  const name = entry.definition.name;
  const args = rawArguments === undefined ? {} : rawArguments;

  if (limits.maxArgumentBytes !== undefined) {
    const size = Buffer.byteLength(JSON.stringify(args) ?? "", "utf8");
    if (size > limits.maxArgumentBytes) {
      return textResult(`Arguments for tool "${name}" are ${size} bytes; this server accepts at most ${limits.maxArgumentBytes}.`, true);
    }
  }
  let valid: boolean;
  try {
    valid = entry.validateInput(args);
  } catch (error) {
    return internalFailure(env.logger, name, "the input validator threw", error);
  }
  if (!valid) {
    const violations = describeViolations(entry.validateInput.errors);
    return textResult(`Invalid arguments for tool "${name}":\n${violations.join("\n")}`, true);
  }
  if (typeof handler !== "function") {
    return internalFailure(env.logger, name, `no handler is registered for tool "${name}"`);
  }

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
    const running = Promise.resolve().then(() => handler(args as never, context));
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
      return textResult(`Tool "${name}" timed out after ${error.ms} ms.`, true);
    }
    if (error instanceof ToolError) return textResult(error.message, true);
    if (env.signal.aborted) {
      // The client cancelled: the SDK sends no response, and a handler giving up is normal.
      env.logger.debug(`tool "${name}" stopped after the client cancelled`, { tool: name, requestId: env.requestId });
      return textResult(`Tool "${name}" was cancelled.`, true);
    }
    return internalFailure(env.logger, name, "handler threw", error);
  } finally {
    if (timer) clearTimeout(timer);
    env.signal.removeEventListener("abort", abortFromClient);
  }

  if (entry.validateOutput) {
    let validOutput: boolean;
    try {
      validOutput = entry.validateOutput(output);
    } catch (error) {
      return internalFailure(env.logger, name, "the output validator threw", error);
    }
    if (!validOutput) {
      return internalFailure(env.logger, name, "handler output does not match the tool's outputSchema", {
        violations: describeViolations(entry.validateOutput.errors),
      });
    }
    return structuredResult(output);
  }
  const result = normalizeReturn(output as never);
  if (!result) {
    return internalFailure(env.logger, name, "handler returned a value that is not a string, content blocks or a CallToolResult", {
      returned: typeof output,
    });
  }
  return result;
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
