import { ToolError } from "mcp-gen/runtime";
import type { TestElicitationHandler } from "../generated/tools/test_elicitation.js";

/**
 * The suite expects this tool to send `elicitation/create` to the client and report the answer. A
 * handler's ToolContext has no way to send requests to the client (and the stateless HTTP
 * transport could not route the client's reply back to this call), so the scenario is an
 * expected failure; see conformance/SCENARIOS.md.
 */
export const testElicitation: TestElicitationHandler = async () => {
  throw new ToolError("test_elicitation: mcp-gen tools cannot send elicitation/create to the client");
};
