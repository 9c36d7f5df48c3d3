/**
 * The server's entry point.
 *
 *   node build/server.js          serve over stdio (what an MCP client launches)
 *   node build/server.js --http   serve Streamable HTTP on 127.0.0.1:3000 (PORT to change)
 */
import { createServer } from "./generated/server.js";
import { handlers } from "./handlers/index.js";
import { createState } from "./state.js";

const server = createServer(handlers, { timeoutMs: 30_000, state: createState() });

if (process.argv.includes("--http")) {
  const { url } = await server.serveHttp({ port: Number(process.env.PORT ?? 3000) });
  // stderr: on stdio, stdout belongs to the protocol.
  console.error(`MCP server listening on ${url.href}`);
} else {
  await server.serveStdio();
}
