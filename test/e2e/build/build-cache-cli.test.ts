/** The build cache through the built CLI: the summary a cached run prints. The in-process cases are in test/unit/build/build-cache.test.ts. */
import { afterAll, describe, expect, it } from "vitest";
import { removeProject, runCli, tempProject } from "../../helpers/project.js";

const WEATHER = `name: get_weather
description: Get current weather for a location.
inputSchema:
  type: object
  properties:
    location: { $ref: "../schemas/location.yaml" }
    units: { type: string, enum: [metric, imperial] }
  required: [location]
annotations: { readOnlyHint: true }
`;

const SUM = `name: calculate_sum
description: Add two numbers.
inputSchema:
  type: object
  properties:
    a: { type: number }
    b: { type: number }
  required: [a, b]
annotations: { readOnlyHint: true, openWorldHint: false }
`;

const projects: string[] = [];
afterAll(() => projects.forEach(removeProject));

function project(extra: Record<string, string> = {}): string {
  const dir = tempProject("cache", {
    "package.json": JSON.stringify({ name: "cache-demo", version: "1.0.0" }),
    "specs/get_weather.yaml": WEATHER,
    "specs/calculate_sum.yaml": SUM,
    "schemas/location.yaml": "type: string\ndescription: City name\n",
    ...extra,
  });
  projects.push(dir);
  return dir;
}

describe("build cache", () => {
  it("the CLI prints the same summary from the cache, and --no-cache is accepted", () => {
    const dir = project();
    const first = runCli(["generate"], dir);
    expect(first.status).toBe(0);
    const second = runCli(["generate"], dir);
    const third = runCli(["generate", "--no-cache"], dir);
    expect(second.status).toBe(0);
    expect(third.status).toBe(0);
    const strip = (text: string) => text.replace(/ in \d+ ms/, "");
    expect(strip(second.stdout)).toBe(strip(third.stdout));
    expect(second.stdout).toMatch(/2 tools, everything up to date/);
    expect(second.stderr).toBe(third.stderr);
  });
});
