/**
 * The typed client as a consumer project uses it: the demo's generated/ copied into a
 * project of its own, compiled by tsc --strict, calling the built demo server in a real
 * process over stdio and Streamable HTTP. Mistakes a caller makes are tsc errors: the
 * test compiles them and expects exactly those errors.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, removeProject, tempProject, typeCheck } from "../../helpers/project.js";
import { startHttpServer, type ServerProcess } from "../../helpers/server-process.js";

const DEMO = path.join(REPO_ROOT, "build/demo/server.js");
const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

/** Calls through the typed client and prints what came back, as JSON. */
const MAIN = `import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createToolsClient, InvalidToolArgumentsError, ToolCallError } from "./generated/client.js";
import type { GetWeatherOutput } from "./generated/tools/get_weather.js";

const [kind, target] = process.argv.slice(2);
const client = new Client({ name: "typed-client-consumer", version: "1.0.0" });
await client.connect(
  kind === "http" ? new StreamableHTTPClientTransport(new URL(target)) : new StdioClientTransport({ command: process.execPath, args: [target] }),
);
const tools = createToolsClient(client);

const weather: GetWeatherOutput = await tools.getWeather({ location: "Paris", units: "metric" });
const temperature: number = weather.temperature;
const sum = await tools.calculateSum({ a: 2, b: 3 });
const sumText = sum.flatMap((block) => (block.type === "text" ? [block.text] : []));

let failure: { name: string; tool: string; message: string; content: unknown } | undefined;
try {
  await tools.getWeather({ location: "Atlantis" });
} catch (error) {
  if (!(error instanceof ToolCallError)) throw error;
  failure = { name: error.name, tool: error.tool, message: error.message, content: error.content };
}

let invalid: { tool: string; violations: string[] } | undefined;
try {
  await createToolsClient(client, { validateArguments: true }).calculateBmi({ weight_kg: 70, height_cm: 0 });
} catch (error) {
  if (!(error instanceof InvalidToolArgumentsError)) throw error;
  invalid = { tool: error.tool, violations: error.violations };
}

console.log(JSON.stringify({ weather, temperature, sumText, failure, invalid }));
await client.close();
`;

/** What a caller gets wrong: line 4 a wrong argument type, line 5 a misspelled tool. */
const MISTAKES = `import { createToolsClient } from "./generated/client.js";
import type { McpClient } from "mcp-gen/runtime/client";
declare const client: McpClient;
await createToolsClient(client).getWeather({ location: 42 });
await createToolsClient(client).getWether({ location: "Paris" });
`;

let project: string;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(() => {
  project = tempProject("typed-client-consumer", {
    "package.json": JSON.stringify({ name: "consumer", version: "1.0.0", type: "module" }),
    "main.ts": MAIN,
    "mistakes.ts": MISTAKES,
  });
  cleanups.push(() => removeProject(project));
  cpSync(path.join(REPO_ROOT, "generated"), path.join(project, "generated"), { recursive: true });
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("a consumer project calls the demo server through generated/client.ts", () => {
  it("compiles under tsc --strict and runs", { timeout: 120_000 }, async () => {
    const tsconfig = {
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        skipLibCheck: true,
        allowJs: true,
        types: ["node"],
        outDir: "build",
      },
      include: ["main.ts", "generated"],
    };
    writeFileSync(path.join(project, "tsconfig.build.json"), JSON.stringify(tsconfig));
    execFileSync(process.execPath, [TSC, "-p", "tsconfig.build.json"], { cwd: project, encoding: "utf8" });

    const run = (kind: string, target: string) => {
      const r = spawnSync(process.execPath, ["build/main.js", kind, target], { cwd: project, encoding: "utf8", timeout: 60_000 });
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      return JSON.parse(r.stdout);
    };

    let server: ServerProcess | undefined;
    server = await startHttpServer([DEMO, "--http"]);
    cleanups.push(() => server?.stop());

    for (const outcome of [run("stdio", DEMO), run("http", server.url.href)]) {
      // structuredContent, typed; the server's default `units` is metric.
      expect(outcome.weather).toEqual({ temperature: 16, conditions: "Clear", humidity: 58 });
      expect(outcome.temperature).toBe(outcome.weather.temperature);
      // No outputSchema: the content blocks.
      expect(outcome.sumText).toEqual(["5"]);
      // isError: a ToolCallError with the tool's name and what it said.
      expect(outcome.failure).toEqual({
        name: "ToolCallError",
        tool: "get_weather",
        message: expect.stringMatching(/^get_weather: no weather data for "Atlantis"; known cities: /),
        content: [{ type: "text", text: expect.stringMatching(/^no weather data for "Atlantis"/) }],
      });
      // validateArguments: the precompiled validator stops the call before it is sent.
      expect(outcome.invalid).toEqual({ tool: "calculate_bmi", violations: ["/height_cm: must be > 0"] });
    }
  });

  it("a wrong argument type and a misspelled tool are tsc errors, exactly those", { timeout: 120_000 }, () => {
    const { status, output } = typeCheck(project, ["mistakes.ts", "generated"]);
    expect(status).not.toBe(0);
    const errors = output
      .split("\n")
      .filter((line) => /error TS\d+/.test(line))
      .map((line) => /^(.*)\((\d+),(\d+)\): error (TS\d+):/.exec(line)?.slice(1, 5).join(" "));
    expect(errors).toEqual(["mistakes.ts 4 46 TS2322", "mistakes.ts 5 33 TS2551"]);
    expect(output).toMatch(/Type 'number' is not assignable to type 'string'/);
    expect(output).toMatch(/Property 'getWether' does not exist on type 'ToolsClient'. Did you mean 'getWeather'\?/);
  });
});
