/**
 * `tools/call` throughput of two builds of the runtime, interleaved round by round so that a
 * busy machine slows both alike: the one that reached into the SDK's internals (copied
 * beforehand, e.g. to .tmp/runtime-before) and the public-API one (dist/runtime). A raw
 * JSON-RPC client drives the demo's `calculate_bmi` (typed output: structuredContent) on a
 * 2025-era connection, 50 calls in flight: in memory (the SDK's InMemoryTransport), or over
 * stdio (each build's `serveStdio()` in its own process).
 *
 *   node bench/sdk-public-api.mjs .tmp/runtime-before dist/runtime [rounds=15] [calls=4000] [memory|stdio]
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { InMemoryTransport } from "@modelcontextprotocol/server";

const [beforeDir, afterDir, rounds = "15", calls = "4000", mode = "memory"] = process.argv.slice(2);
if (!beforeDir || !afterDir) throw new Error("usage: node bench/sdk-public-api.mjs <runtime-before> <runtime-after> [rounds] [calls]");
const { registry } = await import(pathToFileURL(path.resolve("build/demo/generated/registry.js")).href);
const handlers = { calculate_bmi: ({ weight_kg, height_cm }) => ({ bmi: Math.round((weight_kg / (height_cm / 100) ** 2) * 100) / 100, category: "Normal" }) };
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** A JSON-RPC client over `send`, whose answers `onAnswer` is given, already initialized. */
async function initialized(send, onAnswer) {
  const waiting = new Map();
  onAnswer((message) => {
    const resolve = waiting.get(message.id);
    waiting.delete(message.id);
    resolve?.(message);
  });
  let id = 0;
  const request = (method, params) =>
    new Promise((resolve) => {
      const message = { jsonrpc: "2.0", id: ++id, method, params };
      waiting.set(message.id, resolve);
      void send(message);
    });
  await request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1" } });
  await send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return request;
}

/** `serveStdio()` of the build in `runtimeDir`, in a child process. */
async function stdioConnection(runtimeDir) {
  const dir = path.resolve(".tmp/bench-sdk-public-api");
  mkdirSync(dir, { recursive: true });
  const script = path.join(dir, `serve-${path.basename(path.resolve(runtimeDir))}.mjs`);
  writeFileSync(
    script,
    [
      `const { createToolServer } = await import(${JSON.stringify(pathToFileURL(path.resolve(runtimeDir, "index.js")).href)});`,
      `const { registry } = await import(${JSON.stringify(pathToFileURL(path.resolve("build/demo/generated/registry.js")).href)});`,
      `const handlers = { calculate_bmi: ${handlers.calculate_bmi.toString()} };`,
      "await createToolServer({ info: { name: 'bench', version: '1' }, registry, handlers, logger: { debug() {}, info() {}, warn() {}, error() {} } }).serveStdio();",
    ].join("\n"),
  );
  const child = spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "inherit"] });
  let pending = "";
  const request = await initialized(
    (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    (deliver) =>
      child.stdout.on("data", (chunk) => {
        const lines = (pending + chunk.toString("utf8")).split("\n");
        pending = lines.pop();
        for (const line of lines) if (line) deliver(JSON.parse(line));
      }),
  );
  return { request, close: async () => child.kill() };
}

async function connection(runtimeDir) {
  if (mode === "stdio") return stdioConnection(runtimeDir);
  const { createToolServer } = await import(pathToFileURL(path.resolve(runtimeDir, "index.js")).href);
  const server = createToolServer({ info: { name: "bench", version: "1" }, registry, handlers, logger: silent });
  const sdkServer = server.createSdkServer();
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  await sdkServer.connect(serverSide);
  await client.start();
  const request = await initialized(
    (message) => client.send(message),
    (deliver) => (client.onmessage = deliver),
  );
  return { request, close: () => sdkServer.close() };
}

async function round(conn, n) {
  const started = performance.now();
  for (let sent = 0; sent < n; sent += 50) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(50, n - sent) }, (_, i) =>
        conn.request("tools/call", { name: "calculate_bmi", arguments: { weight_kg: 60 + ((sent + i) % 40), height_cm: 175 } }),
      ),
    );
    if (!answers.every((a) => a.result?.structuredContent?.category === "Normal"))
      throw new Error(`unexpected answer: ${JSON.stringify(answers.find((a) => !a.result))}`);
  }
  return n / ((performance.now() - started) / 1000);
}

const builds = { before: await connection(beforeDir), after: await connection(afterDir) };
const rates = { before: [], after: [] };
// One warm-up round each, not counted.
for (const name of ["before", "after"]) await round(builds[name], Number(calls));
for (let r = 0; r < Number(rounds); r++) {
  for (const name of r % 2 === 0 ? ["before", "after"] : ["after", "before"]) rates[name].push(await round(builds[name], Number(calls)));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const report = Object.fromEntries(
  Object.entries(rates).map(([name, values]) => [
    name,
    { medianCallsPerSecond: Math.round(median(values)), min: Math.round(Math.min(...values)), max: Math.round(Math.max(...values)) },
  ]),
);
console.log(
  JSON.stringify(
    { mode, rounds: Number(rounds), callsPerRound: Number(calls), ...report, afterOverBefore: Number((median(rates.after) / median(rates.before)).toFixed(3)) },
    null,
    2,
  ),
);
for (const conn of Object.values(builds)) await conn.close();
