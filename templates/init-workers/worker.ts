/**
 * The Worker's entry point: `npm run build` bundles it into dist/worker.js, one ES module
 * script that workerd (Cloudflare Workers), Deno and Bun all serve.
 */
import { createServer } from "./generated/server.js";
import { handlers } from "./handlers/index.js";
import { createState } from "./state.js";

// One state per Worker isolate: keep what must last in a binding (KV, D1...) reached from it.
const server = createServer(handlers, { state: createState() });

export default { fetch: server.fetch };
