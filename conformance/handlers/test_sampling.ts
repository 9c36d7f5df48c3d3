import { ToolError } from "mcp-gen/runtime";
import type { TestSamplingHandler } from "../generated/tools/test_sampling.js";

/**
 * The suite expects this tool to send `sampling/createMessage` to the client and report the answer. A
 * handler's ToolContext has no way to send requests to the client (and the stateless HTTP
 * transport could not route the client's reply back to this call), so the scenario is an
 * expected failure; see conformance/SCENARIOS.md.
 */
export const testSampling: TestSamplingHandler = async () => {
  throw new ToolError("test_sampling: mcp-gen tools cannot send sampling/createMessage to the client");
};
