/**
 * The peer server: the official SDK v2 `McpServer` registering the same tools, each
 * handler answering a fixed text result. `json` registers every tool's own schemas with
 * `fromJsonSchema` (the SDK's way to serve JSON Schema you already have); `zod` registers
 * every tool with one uniform zod schema, the shape of github's `create_issue`.
 * Usage: node sdk-server.mjs <tools.json> json|zod   (serves stdio)
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { fromJsonSchema, McpServer } from "@modelcontextprotocol/server";

const FIXED = { content: [{ type: "text", text: "fixed result" }] };

/** zod as the SDK itself resolves it (a dependency of @modelcontextprotocol/server). */
async function sdkZod() {
  const require = createRequire(import.meta.resolve("@modelcontextprotocol/server"));
  return import(pathToFileURL(require.resolve("zod/v4")).href);
}

export async function createSdkMcpServer(tools, mode) {
  return (await sdkMcpServerFactory(tools, mode))();
}

/** A factory of such servers; the tools' configs (and their wrapped schemas) are built once. */
export async function sdkMcpServerFactory(tools, mode) {
  let uniform;
  if (mode === "zod") {
    const { z } = await sdkZod();
    uniform = z
      .object({
        owner: z.string(),
        repo: z.string(),
        title: z.string(),
        body: z.string().optional(),
        assignees: z.array(z.string()).optional(),
        milestone: z.number().optional(),
        labels: z.array(z.string()).optional(),
      })
      .strict();
  }
  const configs = tools.map((tool) => [
    tool.name,
    {
      ...(tool.title === undefined ? {} : { title: tool.title }),
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: mode === "zod" ? uniform : fromJsonSchema(tool.inputSchema),
      ...(mode === "json" && tool.outputSchema ? { outputSchema: fromJsonSchema(tool.outputSchema) } : {}),
      ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
      ...(tool._meta === undefined ? {} : { _meta: tool._meta }),
    },
  ]);
  return () => {
    const server = new McpServer({ name: "sdk-bench", version: "1.0.0" });
    for (const [name, config] of configs) server.registerTool(name, config, async () => FIXED);
    return server;
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tools = JSON.parse(readFileSync(process.argv[2], "utf8"));
  const server = await createSdkMcpServer(tools, process.argv[3]);
  const { StdioServerTransport } = await import("@modelcontextprotocol/server/stdio");
  await server.connect(new StdioServerTransport());
}
