import { ToolError } from "mcp-gen/runtime";
import { describe, expect, it } from "vitest";
import { validateCalculateBmiOutput } from "../../../../generated/validators.js";
import { calculateBmi } from "../../../../handlers/calculate_bmi.js";
import { calculateSum } from "../../../../handlers/calculate_sum.js";
import { fakeContext } from "./fake-context.js";

describe("calculate_sum", () => {
  it.each([
    { a: 2, b: 3, want: "5" },
    { a: -7.5, b: 2.25, want: "-5.25" },
    { a: 0.1, b: 0.2, want: "0.3" },
    { a: -0, b: 0, want: "0" },
    { a: 1e21, b: 1, want: "1e+21" },
  ])("$a + $b = $want", async ({ a, b, want }) => {
    expect(await calculateSum({ a, b }, fakeContext())).toBe(want);
  });

  it("refuses a sum that overflows to Infinity", async () => {
    const call = calculateSum({ a: Number.MAX_VALUE, b: Number.MAX_VALUE }, fakeContext());
    await expect(call).rejects.toBeInstanceOf(ToolError);
    await expect(call).rejects.toThrow(/too large to represent/);
  });
});

describe("calculate_bmi", () => {
  it.each([
    { weight_kg: 70, height_cm: 175, bmi: 22.86, category: "Normal" },
    { weight_kg: 50, height_cm: 175, bmi: 16.33, category: "Underweight" },
    { weight_kg: 56.66, height_cm: 175, bmi: 18.5, category: "Normal" },
    { weight_kg: 76.56, height_cm: 175, bmi: 25, category: "Overweight" },
    { weight_kg: 91.87, height_cm: 175, bmi: 30, category: "Obese" },
    { weight_kg: 120, height_cm: 160, bmi: 46.88, category: "Obese" },
  ])("$weight_kg kg, $height_cm cm → $bmi $category", async ({ weight_kg, height_cm, bmi, category }) => {
    const output = await calculateBmi({ weight_kg, height_cm }, fakeContext());
    expect(output).toEqual({ bmi, category });
    expect(validateCalculateBmiOutput(output)).toBe(true);
  });

  it("rounds before choosing the category, so the number shown and the category agree", async () => {
    // 18.4999… rounds to 18.5, which is Normal.
    const output = await calculateBmi({ weight_kg: 56.655, height_cm: 175 }, fakeContext());
    expect(output).toEqual({ bmi: 18.5, category: "Normal" });
  });

  it.each([
    { weight_kg: 70, height_cm: 0 },
    { weight_kg: -1, height_cm: 175 },
  ])("rejects non-positive measurements $weight_kg / $height_cm", async (input) => {
    await expect(calculateBmi(input, fakeContext())).rejects.toThrow(new ToolError("weight and height must be greater than 0"));
  });

  it("rejects measurements giving an infinite BMI", async () => {
    await expect(calculateBmi({ weight_kg: Number.MAX_VALUE, height_cm: 1e-5 }, fakeContext())).rejects.toThrow(/no finite BMI/);
  });
});
