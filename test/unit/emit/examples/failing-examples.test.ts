/**
 * Wrong examples are reported, each with the spec location that states it: a temp
 * project is generated, and its examples run through its own server and handlers.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { exampleTests, runExamples, type ExampleOutcome, type ToolExampleCase, type ToolServer } from "mcp-gen/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../../../src/build/generate.js";
import { removeProject, tempProject } from "../../../helpers/project.js";

const GREET = `name: greet
description: Greets someone.
inputSchema:
  type: object
  properties:
    name: { type: string, minLength: 1 }
  required: [name]
outputSchema:
  type: object
  properties:
    greeting: { type: string }
  required: [greeting]
examples:
  - title: exact and right
    input: { name: Ada }
    output: { greeting: "Hello, Ada!" }
    match: exact
  - title: exact and wrong
    input: { name: Bob }
    output: { greeting: "Hi, Bob" }
    match: exact
  - title: said to be rejected, but valid
    input: { name: Eve }
    error: true
  - title: the handler breaks the outputSchema
    input: { name: Mallory }
  - title: rightly rejected
    input: { name: "" }
    error: true
  - title: schema match only
    input: { name: Bob }
    output: { greeting: "Hi, Bob" }
`;

const ECHO = `name: echo
inputSchema:
  type: object
  properties:
    text: { type: string }
examples:
  - input: { text: same }
    output: same
    match: exact
  - input: { text: other }
    output: not what it says
    match: exact
  - title: the handler throws
    input: { text: boom }
`;

const GREET_HANDLER = `import type { GreetHandler } from "../generated/tools/greet.js";

export const greet: GreetHandler = async (input) =>
  input.name === "Mallory" ? ({ greeting: 5 } as never) : { greeting: \`Hello, \${input.name}!\` };
`;

const ECHO_HANDLER = `import type { EchoHandler } from "../generated/tools/echo.js";

export const echo: EchoHandler = async (input) => {
  if (input.text === "boom") throw new Error("secret detail");
  return input.text ?? "";
};
`;

let dir: string;
let examples: readonly ToolExampleCase[];
let factory: (options: object) => ToolServer;
let registry: Record<string, never>;

beforeAll(async () => {
  dir = tempProject("failing-examples", {
    "specs/greet.yaml": GREET,
    "specs/echo.yaml": ECHO,
    "handlers/greet.ts": GREET_HANDLER,
    "handlers/echo.ts": ECHO_HANDLER,
    "package.json": JSON.stringify({ name: "failing-examples", version: "1.0.0", type: "module" }),
  });
  const result = await generate({ cwd: dir });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  examples = (await load("generated/examples.ts")).examples;
  registry = (await load("generated/registry.ts")).registry;
  const { createServer } = await load("generated/server.ts");
  const { handlers } = await load("handlers/index.ts");
  factory = (options) => createServer(handlers, options);
});
afterAll(() => removeProject(dir));

const byTitle = (outcomes: ExampleOutcome[]) => Object.fromEntries(outcomes.map((o) => [o.name, [o.pass, o.message]]));

describe("runExamples on wrong examples", () => {
  it("reports each failure with its spec location and the reason", async () => {
    expect(byTitle(await runExamples(factory, examples, { registry }))).toEqual({
      "echo: example 1": [true, "specs/echo.yaml:7:5: echo: example 1: succeeded; the result equals the example's output"],
      "echo: example 2": [
        false,
        'specs/echo.yaml:10:5: echo: example 2: the result differs from the example\'s output: /content/0/text: expected "not what it says", got "other"',
      ],
      "echo: the handler throws": [
        false,
        expect.stringMatching(
          /^specs\/echo\.yaml:13:5: echo: the handler throws: the call failed: Tool "echo" failed with an internal error \(reference \w+\)\. — server log: error: tool "echo" failed: handler threw \{"tool":"echo","reference":"\w+","details":\{"name":"Error","message":"secret detail"\}\}$/,
        ),
      ],
      "greet: exact and right": [true, "specs/greet.yaml:14:5: greet: exact and right: succeeded; the result equals the example's output"],
      "greet: exact and wrong": [
        false,
        'specs/greet.yaml:18:5: greet: exact and wrong: the result differs from the example\'s output: /greeting: expected "Hi, Bob", got "Hello, Bob!"',
      ],
      "greet: said to be rejected, but valid": [
        false,
        'specs/greet.yaml:22:5: greet: said to be rejected, but valid: expected the input to be rejected, but the call succeeded: {"greeting":"Hello, Eve!"}',
      ],
      "greet: the handler breaks the outputSchema": [
        false,
        expect.stringMatching(
          /^specs\/greet\.yaml:25:5: greet: the handler breaks the outputSchema: the call failed: .*internal error.* — server log: .*does not match the tool's outputSchema.*\/greeting: must be string/,
        ),
      ],
      "greet: rightly rejected": [
        true,
        'specs/greet.yaml:27:5: greet: rightly rejected: rejected: Invalid arguments for tool "greet": /name: must NOT have fewer than 1 characters',
      ],
      "greet: schema match only": [true, "specs/greet.yaml:30:5: greet: schema match only: succeeded; structuredContent matches the outputSchema"],
    });
  });

  it("given a ready server rather than a factory, says how to see the server's log", async () => {
    const server = factory({ logger: { debug() {}, info() {}, warn() {}, error() {} } });
    const [outcome] = await runExamples(
      server,
      examples.filter((e) => e.title === "the handler throws"),
    );
    expect(outcome.pass).toBe(false);
    expect(outcome.message).toMatch(/internal error \(reference \w+\)\. \(pass a server factory, .* to see the server's log here\)$/);
    await server.close();
  });

  it("an example for a tool the server does not list fails, the others still run", async () => {
    const stray: ToolExampleCase = { tool: "gone", input: {}, location: "specs/gone.yaml:3:5" };
    const outcomes = await runExamples(factory, [stray, examples[0]]);
    expect(outcomes.map((o) => [o.pass, o.message])).toEqual([
      [false, 'specs/gone.yaml:3:5: gone: example 1: the server does not list a tool named "gone"'],
      [true, "specs/echo.yaml:7:5: echo: example 1: succeeded; the result equals the example's output"],
    ]);
  });

  it("exampleTests: one test per example, rejecting with the outcome's message", async () => {
    const tests = exampleTests(factory, examples, { registry });
    expect(tests.map((t) => t.name)).toEqual([
      "echo: example 1",
      "echo: example 2",
      "echo: the handler throws",
      "greet: exact and right",
      "greet: exact and wrong",
      "greet: said to be rejected, but valid",
      "greet: the handler breaks the outputSchema",
      "greet: rightly rejected",
      "greet: schema match only",
    ]);
    await expect(tests[0].run()).resolves.toBeUndefined();
    await expect(tests[1].run()).rejects.toThrow(/^specs\/echo\.yaml:10:5: echo: example 2: the result differs/);
  });
});
