/** What `generate` writes, through tsc --strict (also with checkJs). The in-process cases are in test/unit/commands/generate.test.ts. */
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../../src/build/generate.js";
import { removeProject, tempProject, typeCheck, writeFiles } from "../../helpers/project.js";

const WEATHER = `name: get_weather
title: Weather
description: Get current weather for a location.
inputSchema:
  type: object
  properties:
    location: { type: string, description: City name }
    units: { type: string, enum: [metric, imperial], default: metric }
  required: [location]
outputSchema:
  type: object
  properties:
    temperature: { type: number }
    conditions: { type: string }
  required: [temperature, conditions]
annotations: { readOnlyHint: true, openWorldHint: true }
examples:
  - title: New York
    input: { location: New York }
    output: { temperature: 22.5, conditions: Partly cloudy }
  - title: location is required
    input: {}
    error: true
`;

const SUM = `name: calculate-sum
description: Add two numbers.
inputSchema:
  type: object
  properties:
    a: { type: number }
    b: { type: number }
  required: [a, b]
`;

const TREE = `tools:
  - name: tree.walk
    description: Walks a tree.
    inputSchema:
      type: object
      properties:
        root: { $ref: "#/$defs/node" }
      required: [root]
      $defs:
        node:
          type: object
          properties:
            value: { type: string }
            children: { type: array, items: { $ref: "#/$defs/node" } }
          required: [value]
    examples:
      - input: { root: { value: a, children: [{ value: b }] } }
  - name: address_book.add
    description: Adds an address.
    inputSchema:
      type: object
      properties:
        address: { $ref: "./schemas/address.yaml" }
      required: [address]
`;

const ADDRESS = `type: object
properties:
  street: { type: string }
  city: { type: string }
required: [street, city]
`;

const PACKAGE = JSON.stringify({ name: "demo-server", version: "1.2.3", type: "module" });

function project(prefix: string, order: "forward" | "reverse" = "forward"): string {
  const files: [string, string][] = [
    ["package.json", PACKAGE],
    ["specs/get_weather.yaml", WEATHER],
    ["specs/math/calculate-sum.yml", SUM],
    ["specs/tree.yaml", TREE],
    ["specs/schemas/address.yaml", ADDRESS],
  ];
  if (order === "reverse") files.reverse();
  const dir = tempProject(prefix);
  for (const [rel, text] of files) writeFiles(dir, { [rel]: text });
  return dir;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));
function track(dir: string): string {
  dirs.push(dir);
  return dir;
}

describe("generate", () => {
  it("writes a project whose generated tree and handler stubs type-check under --strict", async () => {
    const dir = track(project("gen-tsc"));
    const result = await generate({ cwd: dir });
    expect(result.exitCode).toBe(0);
    const check = typeCheck(dir, ["generated/**/*.ts", "handlers/**/*.ts"]);
    expect(check.output).toBe("");
    expect(check.status).toBe(0);
    // Also where the project checks its JavaScript: ajv's standalone code is left unchecked.
    const checkJs = typeCheck(dir, ["generated/**/*.ts", "generated/**/*.js", "handlers/**/*.ts"], { allowJs: true, checkJs: true });
    expect(checkJs.output).toBe("");
    expect(checkJs.status).toBe(0);
  });
});
