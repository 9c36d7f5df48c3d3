/**
 * mcp-gen/runtime/client's toolCaller with the SDK's real client against a real tool
 * server in process (the client's fetch is the server's), in both protocol eras.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidToolArgumentsError, ToolCallError, toolCaller } from "../../../src/runtime/client.js";
import { createToolServer, type ToolServer } from "../../../src/runtime/create-server.js";
import { ToolError } from "../../../src/runtime/tool-error.js";
import type { CompiledValidator, ToolDefinition, ToolEntry } from "../../../src/runtime/types.js";
import { createAjv } from "../../../src/spec/ajv.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

const ajv = createAjv("2020-12");
const weather: ToolDefinition = {
  name: "get_weather",
  inputSchema: { type: "object", properties: { location: { type: "string", minLength: 2 } }, required: ["location"] },
  outputSchema: { type: "object", properties: { temperature: { type: "number" } }, required: ["temperature"] },
};
const sum: ToolDefinition = {
  name: "sum",
  inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
};
const entry = (definition: ToolDefinition): ToolEntry => ({
  definition,
  validateInput: ajv.compile(definition.inputSchema),
  ...(definition.outputSchema ? { validateOutput: ajv.compile(definition.outputSchema) } : {}),
});
const handlers = {
  get_weather: async ({ location }: { location: string }) => {
    if (location === "Atlantis") throw new ToolError("no weather data for Atlantis");
    return { temperature: 16 };
  },
  sum: async ({ a, b }: { a: number; b: number }) => String(a + b),
};

const servers: ToolServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function connected(negotiation: { mode: "auto" } | undefined): Promise<Client> {
  const server = createToolServer({
    info: { name: "client-test", version: "1" },
    registry: { get_weather: entry(weather), sum: entry(sum) },
    handlers: handlers as never,
    logger: capturingLogger(),
  });
  servers.push(server);
  const client = new Client({ name: "c", version: "1" }, negotiation ? { versionNegotiation: negotiation } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL("http://test.local/mcp"), { fetch: (url, init) => server.fetch(new Request(url, init)) }));
  return client;
}

describe.each([
  { era: "2025-11-25", negotiation: undefined },
  { era: "2026-07-28", negotiation: { mode: "auto" as const } },
])("toolCaller, $era", ({ negotiation }) => {
  it("structured output, content, and isError as a ToolCallError", async () => {
    const client = await connected(negotiation);
    const call = toolCaller(client);
    expect(await call.structured<{ temperature: number }>({ definition: weather }, { location: "Paris" })).toEqual({ temperature: 16 });
    expect(await call.content({ definition: sum }, { a: 2, b: 3 })).toEqual([{ type: "text", text: "5" }]);
    const failure = await call.structured({ definition: weather }, { location: "Atlantis" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ToolCallError);
    expect(failure).toMatchObject({
      name: "ToolCallError",
      tool: "get_weather",
      message: "get_weather: no weather data for Atlantis",
      content: [{ type: "text", text: "no weather data for Atlantis" }],
      result: { isError: true },
    });
    await client.close();
  });

  it("validateArguments: a violation is thrown before anything is sent; the caller's object is left as it was", async () => {
    const client = await connected(negotiation);
    const validateInput = ajv.compile(weather.inputSchema) as CompiledValidator;
    const checked = toolCaller(client, { validateArguments: true });
    const error = await checked.structured({ definition: weather, validateInput }, { location: "P" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidToolArgumentsError);
    expect(error).toMatchObject({ tool: "get_weather", violations: ["/location: must NOT have fewer than 2 characters"] });
    // A validator that fills in defaults works on a copy.
    const filling: CompiledValidator = (data) => {
      (data as Record<string, unknown>).units = "metric";
      return true;
    };
    const args = { location: "Paris" };
    await checked.structured({ definition: weather, validateInput: filling }, args);
    expect(args).toEqual({ location: "Paris" });
    // Off by default: the server's own check answers, as an isError.
    const unchecked = await toolCaller(client)
      .structured({ definition: weather, validateInput }, { location: "P" })
      .catch((e: unknown) => e);
    expect(unchecked).toBeInstanceOf(ToolCallError);
    await client.close();
  });
});
