import type { TestReconnectionHandler } from "../generated/tools/test_reconnection.js";
import { sleep } from "./lib/fixtures.js";

/**
 * Scenario `server-sse-polling` (SEP-1699). The suite's reference server closes the POST's SSE
 * stream mid-call so the client must resume with Last-Event-ID; that needs an event store and
 * `closeSSE` in the transport, which the runtime does not expose to handlers. This answers
 * normally after the same 100 ms, so the scenario records what the transport does without it.
 */
export const testReconnection: TestReconnectionHandler = async (_input, context) => {
  await sleep(100, context.signal);
  return "Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.";
};
