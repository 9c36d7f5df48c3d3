import { ToolError } from "mcp-gen/runtime";
import type { GetSumHandler } from "../generated/tools/get_sum.js";

/** Returns the sum of two numbers */
export const getSum: GetSumHandler = async (input, context) => {
  throw new ToolError("get-sum is not implemented yet");
};
