import { ToolError } from "mcp-gen/runtime";
import type { TriggerSamplingRequestAsyncHandler } from "../generated/tools/trigger_sampling_request_async.js";

/** Trigger an async sampling request that the CLIENT executes as a background task. Demonstrates bidirectional MCP tasks where the server sends a request and the client executes it asynchronously, allowing the server to poll for progress and results. */
export const triggerSamplingRequestAsync: TriggerSamplingRequestAsyncHandler = async (input, context) => {
  throw new ToolError("trigger-sampling-request-async is not implemented yet");
};
