import type { TestToolWithProgressHandler } from "../generated/tools/test_tool_with_progress.js";
import { sleep } from "./lib/fixtures.js";

/**
 * Scenario `tools-call-with-progress`: progress 0, 50 and 100 of 100, about 50 ms apart (the
 * suite wants at least three non-decreasing notifications for its progressToken).
 */
export const testToolWithProgress: TestToolWithProgressHandler = async (_input, context) => {
  for (const done of [0, 50, 100]) {
    if (done > 0) await sleep(50, context.signal);
    await context.progress(done, 100, `Completed step ${done} of 100`);
  }
  return "Progress test completed: 3 notifications sent";
};
