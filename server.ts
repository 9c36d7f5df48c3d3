/**
 * The demo server: the tools in specs/ with the handlers in handlers/.
 *
 *   node build/demo/server.js          serve over stdio (what an MCP client launches)
 *   node build/demo/server.js --http   serve Streamable HTTP on 127.0.0.1:3000 (set PORT to change)
 *
 * `npm start` and `npm run start:http` build first, then run these.
 */
import { createServer } from "./generated/server.js";
import { handlers } from "./handlers/index.js";

const server = createServer(handlers, { timeoutMs: 30_000 });

if (process.argv.includes("--http")) {
  const { url } = await server.serveHttp({ port: Number(process.env.PORT ?? 3000) });
  // stderr: stdout belongs to the protocol on stdio, and scripts read the URL from here too.
  console.error(`mcp-gen demo server listening on ${url.href}`);
} else {
  await server.serveStdio();
}
