import { ToolError } from "mcp-gen/runtime";
import type { TriggerElicitationRequestHandler } from "../generated/tools/trigger_elicitation_request.js";

/** Trigger a Request from the Server for User Elicitation */
export const triggerElicitationRequest: TriggerElicitationRequestHandler = async (input, context) => {
  throw new ToolError("trigger-elicitation-request is not implemented yet");
};
