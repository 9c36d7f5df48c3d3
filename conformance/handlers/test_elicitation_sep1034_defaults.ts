import { ToolError } from "mcp-gen/runtime";
import type { TestElicitationSep1034DefaultsHandler } from "../generated/tools/test_elicitation_sep1034_defaults.js";

/**
 * The suite expects this tool to send `elicitation/create` to the client and report the answer. A
 * handler's ToolContext has no way to send requests to the client (and the stateless HTTP
 * transport could not route the client's reply back to this call), so the scenario is an
 * expected failure; see conformance/SCENARIOS.md.
 */
export const testElicitationSep1034Defaults: TestElicitationSep1034DefaultsHandler = async () => {
  throw new ToolError("test_elicitation_sep1034_defaults: mcp-gen tools cannot send elicitation/create to the client");
};
