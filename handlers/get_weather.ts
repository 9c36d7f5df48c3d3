import { ToolError } from "mcp-gen/runtime";
import type { GetWeatherHandler } from "../generated/tools/get_weather.js";
import { WEATHER_READINGS, type WeatherReading } from "./data/weather.js";
import { quote } from "./lib/quote.js";

/** Get current weather for a location. */
export const getWeather: GetWeatherHandler = async (input, context) => {
  const reading = findReading(input.location);
  if (reading === undefined) {
    const known = WEATHER_READINGS.map((r) => r.city).join(", ");
    throw new ToolError(`no weather data for ${quote(input.location)}; known cities: ${known}`);
  }
  // `units` has a default in the spec: the validator has filled it in when the caller left it out.
  const units = input.units;
  context.log.debug("get_weather", { city: reading.city, units });
  return {
    temperature: units === "imperial" ? celsiusToFahrenheit(reading.temperatureC) : reading.temperatureC,
    conditions: reading.conditions,
    humidity: reading.humidity,
  };
};

/** Case- and spacing-insensitive; "Paris, France" and "paris" both find Paris. */
function findReading(location: string): WeatherReading | undefined {
  const key = normalize(location.split(",")[0]);
  return WEATHER_READINGS.find((r) => normalize(r.city) === key || (r.aliases ?? []).includes(key));
}

function normalize(name: string): string {
  return name.trim().replace(/\s+/gu, " ").toLowerCase();
}

/** Rounded to one decimal, as the readings are. */
function celsiusToFahrenheit(celsius: number): number {
  return Math.round(((celsius * 9) / 5) * 10 + 320) / 10;
}
