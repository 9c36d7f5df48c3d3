import { ToolError } from "mcp-gen/runtime";
import type { CalculateBmiHandler } from "../generated/tools/calculate_bmi.js";

/** Calculate BMI given weight in kg and height in centimeters. */
export const calculateBmi: CalculateBmiHandler = async (input, context) => {
  throw new ToolError("calculate_bmi is not implemented yet");
};
