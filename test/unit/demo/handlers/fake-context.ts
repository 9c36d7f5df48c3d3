/** A ToolContext for calling handlers directly, recording what they report. */
import { ToolError, type ToolContext } from "mcp-gen/runtime";

/** The user's answer to every `context.elicit`, and what they were asked. */
export type FakeAnswer = { action: "accept"; content?: Record<string, unknown> } | { action: "decline" | "cancel" };

export interface FakeContext extends ToolContext {
  /** The messages `context.elicit` was called with. */
  asked: string[];
  progressCalls: { done: number; total?: number; message?: string }[];
  /** Lines from both `log` and `clientLog`, in order; `client` tells them apart. */
  logLines: { level: string; message: string; data?: unknown; client: boolean }[];
  abort(): void;
}

/** The answer of a user who accepts a form as presented: each field at its default (what the examples runner answers). */
export const ACCEPT_DEFAULTS = "accept-defaults";

export function fakeContext(options: { onProgress?: (done: number) => void; answer?: FakeAnswer | typeof ACCEPT_DEFAULTS } = {}): FakeContext {
  const asked: string[] = [];
  const controller = new AbortController();
  const progressCalls: FakeContext["progressCalls"] = [];
  const logLines: FakeContext["logLines"] = [];
  const logger = (client: boolean) => {
    const at = (level: string) => (message: string, data?: unknown) => {
      logLines.push({ level, message, data, client });
    };
    return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  };
  return {
    signal: controller.signal,
    async progress(done, total, message) {
      progressCalls.push({ done, total, message });
      options.onProgress?.(done);
    },
    log: logger(false),
    clientLog: logger(true),
    // Without an answer, a handler that asks fails the test loudly.
    elicit: ((request: { message: string; requestedSchema?: { properties?: Record<string, { default?: unknown }> } }) => {
      asked.push(request.message);
      if (options.answer === ACCEPT_DEFAULTS) {
        const fields = Object.entries(request.requestedSchema?.properties ?? {}).filter(([, field]) => field.default !== undefined);
        return Promise.resolve({ action: "accept", content: Object.fromEntries(fields.map(([name, field]) => [name, field.default])) });
      }
      return options.answer ? Promise.resolve(options.answer) : Promise.reject(new ToolError("elicitation is not available in this test"));
    }) as ToolContext["elicit"],
    sample: () => Promise.reject(new ToolError("sampling is not available in this test")),
    requestId: 1,
    asked,
    progressCalls,
    logLines,
    abort: () => controller.abort(),
  };
}

/** What a handler call rejected with (undefined when it resolved). */
export async function caught(call: unknown): Promise<unknown> {
  return Promise.resolve(call).then(
    () => undefined,
    (error: unknown) => error,
  );
}
