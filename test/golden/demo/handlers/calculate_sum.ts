import { ToolError } from "mcp-gen/runtime";
import type { CalculateSumHandler } from "../generated/tools/calculate_sum.js";

/** Add two numbers together. */
export const calculateSum: CalculateSumHandler = async (input, context) => {
  throw new ToolError("calculate_sum is not implemented yet");
};
