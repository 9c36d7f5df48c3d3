/**
 * The demo's "current weather": fixed readings per city, in metric units, so that
 * every call (and the spec's New York example) gives the same answer offline.
 */
export interface WeatherReading {
  city: string;
  temperatureC: number;
  conditions: string;
  humidity: number;
  /** Other names callers use for the city, lower case. */
  aliases?: string[];
}

export const WEATHER_READINGS: readonly WeatherReading[] = [
  { city: "Berlin", temperatureC: 14.0, conditions: "Overcast", humidity: 72 },
  { city: "Cairo", temperatureC: 31.5, conditions: "Sunny", humidity: 28 },
  { city: "London", temperatureC: 12.5, conditions: "Light rain", humidity: 81 },
  { city: "Mumbai", temperatureC: 29.0, conditions: "Humid and hazy", humidity: 84, aliases: ["bombay"] },
  { city: "New York", temperatureC: 22.5, conditions: "Partly cloudy", humidity: 65, aliases: ["nyc", "new york city"] },
  { city: "Paris", temperatureC: 16.0, conditions: "Clear", humidity: 58 },
  { city: "Reykjavik", temperatureC: 4.5, conditions: "Windy with showers", humidity: 88, aliases: ["reykjavík"] },
  { city: "San Francisco", temperatureC: 17.0, conditions: "Fog", humidity: 77, aliases: ["sf"] },
  { city: "Sydney", temperatureC: 19.5, conditions: "Sunny", humidity: 60 },
  { city: "Tokyo", temperatureC: 24.0, conditions: "Scattered showers", humidity: 70 },
];
