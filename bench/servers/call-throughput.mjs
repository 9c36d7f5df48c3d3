/**
 * tools/call throughput of one server, in its own process: `calls` calls of
 * `create_issue` (after a warm-up), 16 in flight, over an in-memory transport pair, over
 * stdio to a spawned server process, or through a web-standard `fetch` handler given
 * in-process `Request` objects (2026-07-28 requests: that revision is stateless, so each
 * request stands alone). Prints one JSON line: { callsPerSecond, ms }.
 * Usage: node call-throughput.mjs memory|stdio|fetch mcp-gen <project dir> <calls>
 *        node call-throughput.mjs memory|stdio|fetch sdk-json|sdk-zod <tools.json> <calls>
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMcpHandler, InMemoryTransport } from "@modelcontextprotocol/server";
import { CREATE_ISSUE_ARGS, RpcClient, fetchClient, spawnStdio } from "../rpc.mjs";

const [transport, target, where, callsText] = process.argv.slice(2);
// Fewer through fetch, where the SDK's side builds a whole server per request.
const WARM_UP = transport === "fetch" ? 100 : 500;
const calls = Number(callsText);
const here = path.dirname(fileURLToPath(import.meta.url));

async function memoryClient() {
  let sdkServer;
  if (target === "mcp-gen") {
    const { server } = await import(pathToFileURL(path.join(where, "serve.js")).href);
    sdkServer = server.createSdkServer();
  } else {
    const { createSdkMcpServer } = await import("./sdk-server.mjs");
    sdkServer = await createSdkMcpServer(JSON.parse(readFileSync(where, "utf8")), target.slice(4));
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await sdkServer.connect(serverSide);
  const client = new RpcClient((message) => void clientSide.send(message));
  clientSide.onmessage = (message) => client.receive(message);
  await clientSide.start();
  return { client, close: () => sdkServer.close() };
}

function stdioClient() {
  const spawned =
    target === "mcp-gen"
      ? spawnStdio(process.execPath, ["serve.js", "--stdio"], { cwd: where })
      : spawnStdio(process.execPath, [path.join(here, "sdk-server.mjs"), where, target.slice(4)]);
  return { client: spawned.client, close: () => spawned.close() };
}

/**
 * mcp-gen: the generated server's own `fetch`. The SDK: `createMcpHandler` with its
 * documented factory, a fresh `McpServer` per request with every tool registered (the
 * schemas are wrapped by `fromJsonSchema` once, as bench/servers/sdk-worker.js.txt does).
 */
async function fetchHandler() {
  if (target === "mcp-gen") {
    const { server } = await import(pathToFileURL(path.join(where, "serve.js")).href);
    return { client: fetchClient(server.fetch), close: () => server.close() };
  }
  const { sdkMcpServerFactory } = await import("./sdk-server.mjs");
  const factory = await sdkMcpServerFactory(JSON.parse(readFileSync(where, "utf8")), target.slice(4));
  const handler = createMcpHandler(factory);
  return { client: fetchClient(handler.fetch), close: () => handler.close() };
}

const { client, close } = transport === "memory" ? await memoryClient() : transport === "fetch" ? await fetchHandler() : stdioClient();
await client.initialize();
await client.callMany("create_issue", CREATE_ISSUE_ARGS, WARM_UP);
const started = performance.now();
await client.callMany("create_issue", CREATE_ISSUE_ARGS, calls);
const ms = performance.now() - started;
await close();
process.stdout.write(`${JSON.stringify({ callsPerSecond: (calls * 1000) / ms, ms })}\n`);
process.exit(0);
