import { ToolError } from "mcp-gen/runtime";
import type { TestElicitationSep1330EnumsHandler } from "../generated/tools/test_elicitation_sep1330_enums.js";

/**
 * The suite expects this tool to send `elicitation/create` to the client and report the answer. A
 * handler's ToolContext has no way to send requests to the client (and the stateless HTTP
 * transport could not route the client's reply back to this call), so the scenario is an
 * expected failure; see conformance/SCENARIOS.md.
 */
export const testElicitationSep1330Enums: TestElicitationSep1330EnumsHandler = async () => {
  throw new ToolError("test_elicitation_sep1330_enums: mcp-gen tools cannot send elicitation/create to the client");
};
