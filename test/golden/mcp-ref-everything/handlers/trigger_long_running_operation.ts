import { ToolError } from "mcp-gen/runtime";
import type { TriggerLongRunningOperationHandler } from "../generated/tools/trigger_long_running_operation.js";

/** Demonstrates a long running operation with progress updates. */
export const triggerLongRunningOperation: TriggerLongRunningOperationHandler = async (input, context) => {
  throw new ToolError("trigger-long-running-operation is not implemented yet");
};
