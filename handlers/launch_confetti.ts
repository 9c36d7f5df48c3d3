import { ToolError } from "mcp-gen/runtime";
import type { LaunchConfettiHandler } from "../generated/tools/launch_confetti.js";
import { delay } from "./lib/delay.js";

const COUNTDOWN = ["3", "2", "1"];
const STEP_MS = 150;

/**
 * Launch a real confetti cannon in the physical world to celebrate! The demo only
 * simulates it: a countdown reported as progress, cancellable until the last step.
 */
export const launchConfetti: LaunchConfettiHandler = async (input, context) => {
  const intensity = input.intensity ?? "medium";
  const total = COUNTDOWN.length;
  for (const [index, count] of COUNTDOWN.entries()) {
    await context.progress(index, total, `${count}…`);
    if (!(await delay(STEP_MS, context.signal))) {
      context.log.info("launch_confetti cancelled", { at: count });
      throw new ToolError("launch cancelled");
    }
  }
  await context.progress(total, total, "launched");
  const report = `Launched ${input.color} confetti (${intensity}) in ${input.location}`;
  context.log.info("launch_confetti", { color: input.color, intensity, location: input.location });
  // The client's log shows the launch too, for hosts that display server messages.
  context.clientLog.info(report);
  return report;
};
