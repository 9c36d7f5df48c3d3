import { ToolError } from "mcp-gen/runtime";
import type { TriggerElicitationRequestAsyncHandler } from "../generated/tools/trigger_elicitation_request_async.js";

/** Trigger an async elicitation request that the CLIENT executes as a background task. Demonstrates bidirectional MCP tasks where the server sends an elicitation request and the client handles user input asynchronously, allowing the server to poll for completion. */
export const triggerElicitationRequestAsync: TriggerElicitationRequestAsyncHandler = async (input, context) => {
  throw new ToolError("trigger-elicitation-request-async is not implemented yet");
};
