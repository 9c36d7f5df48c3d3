import { ToolError } from "mcp-gen/runtime";
import type { LaunchConfettiHandler } from "../generated/tools/launch_confetti.js";

/** Launch a real confetti cannon in the physical world to celebrate! (Warning: may make a mess) */
export const launchConfetti: LaunchConfettiHandler = async (input, context) => {
  throw new ToolError("launch_confetti is not implemented yet");
};
