import { ToolError } from "mcp-gen/runtime";
import type { CalculateBmiHandler, CalculateBmiOutput } from "../generated/tools/calculate_bmi.js";

/** Calculate BMI given weight in kg and height in centimeters. */
export const calculateBmi: CalculateBmiHandler = async (input, context) => {
  // The input schema already demands both > 0; this guards direct callers.
  if (!(input.weight_kg > 0 && input.height_cm > 0)) throw new ToolError("weight and height must be greater than 0");
  // kg / m² written with centimetres: dividing by 100 first would make 160 cm an inexact 1.6.
  const bmi = Math.round(((input.weight_kg * 10_000) / (input.height_cm * input.height_cm)) * 100) / 100;
  if (!Number.isFinite(bmi)) throw new ToolError("these measurements give no finite BMI");
  context.log.debug("calculate_bmi", { bmi });
  return { bmi, category: bmiCategory(bmi) };
};

/** WHO adult categories, applied to the rounded value the caller sees. */
function bmiCategory(bmi: number): CalculateBmiOutput["category"] {
  if (bmi < 18.5) return "Underweight";
  if (bmi < 25) return "Normal";
  if (bmi < 30) return "Overweight";
  return "Obese";
}
