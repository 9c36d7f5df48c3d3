import { ToolError } from "mcp-gen/runtime";
import type { GetWeatherHandler } from "../generated/tools/get_weather.js";

/** Get current weather for a location. */
export const getWeather: GetWeatherHandler = async (input, context) => {
  throw new ToolError("get_weather is not implemented yet");
};
