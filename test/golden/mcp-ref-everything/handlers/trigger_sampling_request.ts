import { ToolError } from "mcp-gen/runtime";
import type { TriggerSamplingRequestHandler } from "../generated/tools/trigger_sampling_request.js";

/** Trigger a Request from the Server for LLM Sampling */
export const triggerSamplingRequest: TriggerSamplingRequestHandler = async (input, context) => {
  throw new ToolError("trigger-sampling-request is not implemented yet");
};
