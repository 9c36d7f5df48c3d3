import type { TestToolWithLoggingHandler } from "../generated/tools/test_tool_with_logging.js";
import { sleep } from "./lib/fixtures.js";

/**
 * Scenario `tools-call-with-logging`: three info-level log messages about 50 ms apart. The
 * suite counts `notifications/message` it receives during the call (at least 3), so this
 * sends its messages to the client through `context.clientLog` (MCP log notifications).
 */
export const testToolWithLogging: TestToolWithLoggingHandler = async (_input, context) => {
  context.clientLog.info("Tool execution started");
  await sleep(50, context.signal);
  context.clientLog.info("Tool processing data");
  await sleep(50, context.signal);
  context.clientLog.info("Tool execution completed");
  return "Tool with logging executed successfully";
};
