/**
 * The conformance fixture server: the tools in conformance/specs served over Streamable HTTP
 * on 127.0.0.1. It prints its URL as the first line on stdout, which scripts/conformance.mjs
 * reads. PORT picks the port (default 0: any free one).
 */
import { createServer } from "./generated/server.js";
import { handlers } from "./handlers/index.js";

const { url } = await createServer(handlers).serveHttp({ port: Number(process.env.PORT ?? 0) });
console.log(url.href);
