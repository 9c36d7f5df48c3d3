import { ToolError } from "mcp-gen/runtime";
import type { ToggleSimulatedLoggingHandler } from "../generated/tools/toggle_simulated_logging.js";

/** Toggles simulated, random-leveled logging on or off. */
export const toggleSimulatedLogging: ToggleSimulatedLoggingHandler = async (input, context) => {
  throw new ToolError("toggle-simulated-logging is not implemented yet");
};
