/**
 * `npm run dev`: serves dist/worker.js on this machine in workerd, the runtime of
 * Cloudflare Workers, through miniflare: what runs here runs there (no Node.js APIs).
 * PORT changes the port (default 8787).
 */
import { Miniflare } from "miniflare";

const miniflare = new Miniflare({
  // The bundle is the whole Worker: one module, handed to workerd as it is.
  modules: [{ type: "ESModule", path: "dist/worker.js" }],
  compatibilityDate: "2026-04-01",
  host: "127.0.0.1",
  port: Number(process.env.PORT ?? 8787),
});
const url = await miniflare.ready;
console.error(`MCP server listening on ${new URL("/mcp", url).href}`);

// workerd is a child process: stop it with this one.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => void miniflare.dispose().then(() => process.exit(0)));
}
