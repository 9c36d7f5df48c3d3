import { ToolError } from "mcp-gen/runtime";
import { describe, expect, it } from "vitest";
import { validateGetWeatherOutput } from "../../../../generated/validators.js";
import { getWeather } from "../../../../handlers/get_weather.js";
import { caught, fakeContext } from "./fake-context.js";

describe("get_weather", () => {
  it.each([
    { location: "New York", units: "metric", want: { temperature: 22.5, conditions: "Partly cloudy", humidity: 65 } },
    { location: "New York", units: "metric", want: { temperature: 22.5, conditions: "Partly cloudy", humidity: 65 } },
    { location: "New York", units: "imperial", want: { temperature: 72.5, conditions: "Partly cloudy", humidity: 65 } },
    { location: "  new   YORK ", units: "metric", want: { temperature: 22.5, conditions: "Partly cloudy", humidity: 65 } },
    { location: "NYC", units: "metric", want: { temperature: 22.5, conditions: "Partly cloudy", humidity: 65 } },
    { location: "Paris, France", units: "metric", want: { temperature: 16, conditions: "Clear", humidity: 58 } },
    { location: "reykjavík", units: "imperial", want: { temperature: 40.1, conditions: "Windy with showers", humidity: 88 } },
    { location: "London", units: "imperial", want: { temperature: 54.5, conditions: "Light rain", humidity: 81 } },
  ] as const)("$location ($units)", async ({ location, units, want }) => {
    const output = await getWeather({ location, units }, fakeContext());
    expect(output).toEqual(want);
    expect(validateGetWeatherOutput(output)).toBe(true);
  });

  it("names the known cities when it has no data", async () => {
    const call = getWeather({ location: "Atlantis", units: "metric" }, fakeContext());
    await expect(call).rejects.toBeInstanceOf(ToolError);
    await expect(call).rejects.toThrow(
      'no weather data for "Atlantis"; known cities: Berlin, Cairo, London, Mumbai, New York, Paris, Reykjavik, San Francisco, Sydney, Tokyo',
    );
  });

  it("does not echo a huge location back in full", async () => {
    const error = await caught(getWeather({ location: "x".repeat(10_000), units: "metric" }, fakeContext()));
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message.length).toBeLessThan(300);
  });
});
