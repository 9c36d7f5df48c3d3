/**
 * The Worker's entry point: `npm run build` bundles it into dist/worker.js, one ES module
 * script that workerd (Cloudflare Workers), Deno and Bun all serve.
 */
import { createServer } from "./generated/server.js";
import { handlers } from "./handlers/index.js";

const server = createServer(handlers);

export default { fetch: server.fetch };
