/** A ToolContext for calling handlers directly, recording what they report. */
import { ToolError, type ToolContext } from "mcp-gen/runtime";

export interface FakeContext extends ToolContext {
  progressCalls: { done: number; total?: number; message?: string }[];
  /** Lines from both `log` and `clientLog`, in order; `client` tells them apart. */
  logLines: { level: string; message: string; data?: unknown; client: boolean }[];
  abort(): void;
}

export function fakeContext(options: { onProgress?: (done: number) => void } = {}): FakeContext {
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
    // No demo handler asks the client for anything; a call would fail the test loudly.
    elicit: () => Promise.reject(new ToolError("elicitation is not available in this test")),
    sample: () => Promise.reject(new ToolError("sampling is not available in this test")),
    requestId: 1,
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
