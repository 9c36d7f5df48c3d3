import { ToolError } from "mcp-gen/runtime";
import type { CalculateSumHandler } from "../generated/tools/calculate_sum.js";

/** Add two numbers together. */
export const calculateSum: CalculateSumHandler = async (input, context) => {
  const sum = input.a + input.b;
  if (!Number.isFinite(sum)) throw new ToolError(`${input.a} + ${input.b} is too large to represent`);
  context.log.debug("calculate_sum", { a: input.a, b: input.b, sum });
  // 15 significant digits hide binary rounding noise: 0.1 + 0.2 answers "0.3".
  return String(Number(sum.toPrecision(15)));
};
