/**
 * The thread `TokenCounts` (src/spec/token-count.ts) starts: it loads the tokenizer at once
 * (the slow part), then counts each batch of entries it is sent, as `toolTokens` does in the
 * main thread (the same module), posts the counts on the port and bumps the shared counter,
 * which the main thread waits on.
 */
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { countTokens, toolTokens, type ToolTokens } from "./token-count.js";

serve(workerData as { port: MessagePort; signal: SharedArrayBuffer });

function serve({ port, signal }: { port: MessagePort; signal: SharedArrayBuffer }): void {
  const counter = new Int32Array(signal);
  try {
    countTokens("");
  } catch {
    // Counting fails below too: the main thread counts whatever is missing itself.
  }
  parentPort?.on("message", (entries: Array<{ key: string; json: string }>) => {
    const counts: Array<{ key: string; tokens: ToolTokens }> = [];
    try {
      for (const { key, json } of entries) counts.push({ key, tokens: toolTokens(JSON.parse(json) as object) });
    } catch {
      // As above.
    }
    port.postMessage(counts);
    Atomics.add(counter, 0, 1);
    Atomics.notify(counter, 0);
  });
}
