/**
 * Tools whose outputSchema root is not `type: object` (an array, a `$ref`, an `anyOf`, a
 * schema with `properties` and no `type`). MCP 2025 allows only object roots, so for a
 * 2025-era client the SDK lists such a schema wrapped as `{ type: object, properties:
 * { result: ... } }`; the structured content must then come wrapped the same way, for an
 * ordinary request and an unusual one. A 2026-era client gets both as written.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/server";
import { afterAll, describe, expect, it } from "vitest";
import { runExamples } from "../../../src/runtime/examples.js";
import { createToolServer, type ToolServer } from "../../../src/runtime/create-server.js";
import type { ToolDefinition, ToolEntry } from "../../../src/runtime/types.js";
import { createAjv } from "../../../src/spec/ajv.js";
import { capturingLogger } from "../../helpers/capturing-logger.js";

const ajv = createAjv("2020-12");
const anything = { type: "object" as const };

const ROOTS: Array<{ name: string; outputSchema: Record<string, unknown>; output: unknown }> = [
  { name: "names", outputSchema: { type: "array", items: { type: "string" } }, output: ["ada", "grace"] },
  { name: "untyped", outputSchema: { properties: { a: { type: "string" } }, required: ["a"] }, output: { a: "x" } },
  {
    name: "either",
    outputSchema: {
      anyOf: [
        { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        { type: "object", properties: { b: { type: "number" } }, required: ["b"] },
      ],
    },
    output: { b: 2 },
  },
  {
    name: "referred",
    outputSchema: { $ref: "#/$defs/out", $defs: { out: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } } },
    output: { id: 7 },
  },
  { name: "nullable", outputSchema: { type: ["object", "null"], properties: { a: { type: "string" } } }, output: null },
];

function entry(definition: ToolDefinition): ToolEntry {
  return { definition, validateInput: ajv.compile(definition.inputSchema), validateOutput: ajv.compile(definition.outputSchema!) };
}

const registry = Object.fromEntries(
  ROOTS.map(({ name, outputSchema }) => [name, entry({ name, description: `Returns ${name}.`, inputSchema: anything, outputSchema })]),
);
const handlers = Object.fromEntries(ROOTS.map(({ name, output }) => [name, async () => output]));

const servers: ToolServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

function toolServer() {
  const logger = capturingLogger();
  const server = createToolServer({ info: { name: "roots", version: "1" }, registry, handlers: handlers as never, logger });
  servers.push(server);
  return { server, logger };
}

describe.each([
  { era: "2025-11-25", negotiation: undefined },
  { era: "2026-07-28", negotiation: { mode: "auto" as const } },
])("an outputSchema root that is not an object, for a $era client", ({ era, negotiation }) => {
  it.each(ROOTS)("$name: listed and answered in the same shape, which the SDK client accepts", async ({ name, outputSchema, output }) => {
    const { server, logger } = toolServer();
    const client = new Client({ name: "c", version: "1" }, negotiation ? { versionNegotiation: negotiation } : {});
    await client.connect(new StreamableHTTPClientTransport(new URL("http://test.local/mcp"), { fetch: (url, init) => server.fetch(new Request(url, init)) }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(era);
      const listed = (await client.listTools()).tools.find((tool) => tool.name === name)!;
      const legacy = era === "2025-11-25";
      expect(listed.outputSchema).toEqual(legacy ? { type: "object", properties: { result: expect.anything() }, required: ["result"] } : outputSchema);
      // The client checks structuredContent against the listed schema; a mismatch throws here.
      const result = await client.callTool({ name, arguments: {} });
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual(legacy ? { result: output } : output);
      expect(result.content).toEqual([{ type: "text", text: JSON.stringify(output) }]);
      expect(logger.calls.filter((call) => call.level === "error")).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe("for an unusual request (related-task metadata), a 2025-era call is wrapped too", () => {
  it.each(ROOTS)("$name", async ({ name, output }) => {
    const { server } = toolServer();
    const sdkServer = server.createSdkServer();
    const [client, serverSide] = InMemoryTransport.createLinkedPair();
    const answers = new Map<unknown, (message: JSONRPCMessage) => void>();
    client.onmessage = (message) => answers.get((message as { id?: unknown }).id)?.(message);
    await sdkServer.connect(serverSide);
    await client.start();
    const request = (id: number, method: string, params: object) =>
      new Promise<JSONRPCMessage>((resolve) => {
        answers.set(id, resolve);
        void client.send({ jsonrpc: "2.0", id, method, params });
      });
    try {
      await request(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } });
      await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
      const unusual = { _meta: { "io.modelcontextprotocol/related-task": { taskId: "t1" } } };
      const answer = (await request(2, "tools/call", { name, arguments: {}, ...unusual })) as { result?: Record<string, unknown> };
      expect(answer.result).toMatchObject({ structuredContent: { result: output } });
      expect(answer.result?.isError).toBeUndefined();
    } finally {
      await sdkServer.close();
    }
  });
});

describe("examples of such tools", () => {
  it("compare the handler's own output, unwrapped, with `match: exact`", async () => {
    const examples = ROOTS.map(({ name, output }) => ({ tool: name, input: {}, output, match: "exact" as const, location: `specs/${name}.yaml:5:3` }));
    const outcomes = await runExamples(() => toolServer().server, examples, { registry });
    expect(outcomes.map((outcome) => [outcome.pass, outcome.message])).toEqual(
      ROOTS.map(({ name }) => [true, `specs/${name}.yaml:5:3: ${name}: example 1: succeeded; the result equals the example's output`]),
    );
    // A different value still fails, against the unwrapped output.
    const wrong = [{ ...examples[0], output: ["ada"] }];
    const [failed] = await runExamples(() => toolServer().server, wrong, { registry });
    expect(failed.pass).toBe(false);
    expect(failed.message).toContain("the result differs from the example's output");
  });
});
