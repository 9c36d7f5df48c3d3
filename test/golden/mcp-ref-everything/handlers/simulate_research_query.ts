import { ToolError } from "mcp-gen/runtime";
import type { SimulateResearchQueryHandler } from "../generated/tools/simulate_research_query.js";

/** Simulates a deep research operation that gathers, analyzes, and synthesizes information. Demonstrates MCP task-based operations with progress through multiple stages. If 'ambiguous' is true and client supports elicitation, sends an elicitation request for clarification. */
export const simulateResearchQuery: SimulateResearchQueryHandler = async (input, context) => {
  throw new ToolError("simulate-research-query is not implemented yet");
};
