import { ToolError } from "mcp-gen/runtime";
import type { TestErrorHandlingHandler } from "../generated/tools/test_error_handling.js";

/**
 * Scenario `tools-call-error`: `isError: true` with the message as the first text block. A
 * ToolError (not a plain Error) so the exact sentence reaches the client instead of the
 * runtime's generic message.
 */
export const testErrorHandling: TestErrorHandlingHandler = async () => {
  throw new ToolError("This tool intentionally returns an error for testing");
};
