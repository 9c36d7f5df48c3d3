import { ToolError } from "mcp-gen/runtime";
import type { ToggleSubscriberUpdatesHandler } from "../generated/tools/toggle_subscriber_updates.js";

/** Toggles simulated resource subscription updates on or off. */
export const toggleSubscriberUpdates: ToggleSubscriberUpdatesHandler = async (input, context) => {
  throw new ToolError("toggle-subscriber-updates is not implemented yet");
};
