/**
 * The Worker rows: a server bundled as ONE ES module script, as `mcp-gen init --template
 * workers` builds it (esbuild, export conditions workerd/worker/browser), then served by
 * workerd through miniflare with no compatibility flags. Each `first` run is a fresh
 * workerd: the time it takes to be ready (it loads the script), then to answer a
 * 2025-11-25 `initialize` and every `tools/list` page over HTTP.
 *
 *   node bench/worker.mjs bundle <entry> <outfile>    prints { bytes, gzipBytes }
 *   node bench/worker.mjs first <script> <tools>       prints { readyMs, firstMs, ms }
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { Miniflare } from "miniflare";

const [mode, file, arg] = process.argv.slice(2);
const REVISION = "2025-11-25";

if (mode === "bundle") {
  await build({
    entryPoints: [file],
    outfile: arg,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    logLevel: "warning",
  });
  const bytes = readFileSync(arg);
  console.log(JSON.stringify({ bytes: bytes.length, gzipBytes: gzipSync(bytes).length }));
} else if (mode === "first") {
  const expected = Number(arg);
  const started = performance.now();
  const miniflare = new Miniflare({
    modulesRoot: path.dirname(path.resolve(file)),
    modules: [{ type: "ESModule", path: path.resolve(file), contents: readFileSync(file) }],
    compatibilityDate: "2026-04-01",
    host: "127.0.0.1",
    port: 0,
    cf: false,
  });
  try {
    const url = new URL("/mcp", await miniflare.ready);
    const ready = performance.now();
    let id = 0;
    const rpc = async (method, params, headers = {}) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      });
      const text = await response.text();
      // A JSON body, or an SSE stream whose last data line is the response.
      const json = response.headers.get("content-type")?.includes("text/event-stream")
        ? text
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => JSON.parse(line.slice(5)))
            .find((m) => m.id === id)
        : JSON.parse(text);
      if (!response.ok || json?.error || !json?.result) throw new Error(`${method}: HTTP ${response.status} ${text.slice(0, 500)}`);
      return { result: json.result, session: response.headers.get("mcp-session-id") };
    };
    const init = await rpc("initialize", { protocolVersion: REVISION, capabilities: {}, clientInfo: { name: "bench", version: "1" } });
    const headers = { "mcp-protocol-version": REVISION, ...(init.session ? { "mcp-session-id": init.session } : {}) };
    let listed = 0;
    let cursor;
    do {
      const { result } = await rpc("tools/list", cursor === undefined ? {} : { cursor }, headers);
      listed += result.tools.length;
      cursor = result.nextCursor;
    } while (cursor !== undefined);
    const done = performance.now();
    if (listed !== expected) throw new Error(`listed ${listed} tools, expected ${expected}`);
    console.log(JSON.stringify({ readyMs: ready - started, firstMs: done - ready, ms: done - started }));
  } finally {
    await miniflare.dispose();
  }
} else {
  console.error("usage: node bench/worker.mjs bundle <entry> <outfile> | first <script> <tools>");
  process.exit(2);
}
