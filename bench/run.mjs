/**
 * `npm run bench`: generation and serving at 1,000 and 5,000 tools, side by side with
 * openapi-mcp-generator and the official SDK's McpServer. Every figure is a separate
 * process, repeated and interleaved with its peer; results go to bench/RESULTS.md.
 *
 *   npm run bench                     1,000 / 5,000 tools, 5 repetitions (about 5 minutes on a quiet 2-core machine)
 *   npm run bench -- --quick          100 / 200 tools, 1 repetition, 1,000 calls (CI smoke test)
 *   npm run bench -- --reps 7 --tools 1000 --out <file>
 *   npm run bench -- --node <path>    also time cold, no-op and one-change generation under
 *                                     another Node (information rows), e.g. Node 22 from
 *                                     `npx -y -p node@22 -- which node`
 *   npm run bench -- --only calls --transports memory,fetch --out .tmp/bench/calls.md
 *                                     only some rows: --only takes any of generation, list,
 *                                     calls, worker (comma-separated); --transports any of
 *                                     memory, stdio, fetch (the `tools/call` rows); --fetch-calls
 *                                     the calls through fetch (default a tenth of --calls)
 *
 * Work folders are under .tmp/bench/ (built fresh every run, never committed).
 */
import { cpus, loadavg, totalmem } from "node:os";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { parseDocument } from "yaml";
import { rssMb, spawnStdio } from "./rpc.mjs";
import { stats, timed } from "./measure.mjs";
import { REPO_ROOT, workloadTools, writeOpenApiProject, writeSpecProject } from "./workload.mjs";
import { renderResults } from "./report.mjs";

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : fallback;
};
const quick = flag("--quick");
const TOOLS = Number(option("--tools", quick ? 100 : 1000));
const BIG = Number(option("--big", quick ? 200 : TOOLS * 5));
const REPS = Number(option("--reps", quick ? 1 : 5));
const CALLS = Number(option("--calls", quick ? 1000 : 10000));
// Through fetch every request is served alone: the SDK's documented factory builds a McpServer
// with every tool registered for each one, so the same count would take minutes there.
const FETCH_CALLS = Number(option("--fetch-calls", Math.max(100, CALLS / 10)));
const GROUPS = ["generation", "list", "calls", "worker"];
const only = new Set(option("--only", GROUPS.join(",")).split(","));
const TRANSPORTS = option("--transports", "memory,stdio,fetch").split(",");
for (const group of only) if (!GROUPS.includes(group)) throw new Error(`bench: --only ${group}: expected any of ${GROUPS.join(", ")}`);
for (const t of TRANSPORTS) if (!["memory", "stdio", "fetch"].includes(t)) throw new Error(`bench: --transports ${t}: expected any of memory, stdio, fetch`);
const OUT = path.resolve(REPO_ROOT, option("--out", quick ? ".tmp/bench/RESULTS-quick.md" : "bench/RESULTS.md"));

const WORK = path.join(REPO_ROOT, ".tmp", "bench");
const LOG = path.join(WORK, "bench.log");
const NODE = process.execPath;
// The bench runs a copy of the built package, so a rebuild of dist/ during a long run
// (tests, other work) cannot mix two versions into one table.
const PACKAGE = path.join(WORK, "mcp-gen");
const CLI = path.join(PACKAGE, "dist", "cli.js");
const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
const PEER = path.join(REPO_ROOT, "node_modules", "openapi-mcp-generator", "bin", "openapi-mcp-generator.js");
const rel = (p) => path.relative(REPO_ROOT, p) || ".";
// Another Node for information rows (`--node <path>`); its compile cache (Node 22.1 and
// later, which mcp-gen's CLI turns on) is kept in the work folder, not the system's.
const OTHER_NODE = option("--node", undefined);
const OTHER_TMP = path.join(WORK, "other-node-tmp");
let otherVersion;
if (OTHER_NODE) {
  const probe = spawnSync(OTHER_NODE, ["--version"], { encoding: "utf8" });
  if (probe.status !== 0) {
    console.error(`bench: --node ${OTHER_NODE} does not run (${probe.error?.message ?? probe.stderr.trim()})`);
    process.exit(2);
  }
  otherVersion = probe.stdout.trim();
}

if (!existsSync(path.join(REPO_ROOT, "dist", "cli.js"))) {
  console.error("bench: dist/cli.js is missing; run `npm run build` first (npm run bench does).");
  process.exit(2);
}

const say = (text) => process.stderr.write(`${text}\n`);
const started = Date.now();
const loadBefore = loadavg()[0];
rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
if (OTHER_NODE) mkdirSync(OTHER_TMP);
for (const entry of ["dist", "templates", "schema", "package.json"]) {
  cpSync(path.join(REPO_ROOT, entry), path.join(PACKAGE, entry), { recursive: true });
}

// ---------------------------------------------------------------------------------
// Workloads

say(`bench: building workloads (${TOOLS}${only.has("generation") ? ` and ${BIG}` : ""} tools) in ${rel(WORK)}`);
// Outputs moved aside for cold runs (see `cleanGenerated`); an earlier bench's go now,
// long before this one's cold runs.
const SET_ASIDE = path.join(WORK, "set-aside");
rmSync(SET_ASIDE, { recursive: true, force: true });
const tools = workloadTools(TOOLS);
const bigTools = only.has("generation") ? workloadTools(BIG) : [];
const genDir = path.join(WORK, `gen-${TOOLS}`);
const bigDir = path.join(WORK, `gen-${BIG}`);
const peerDir = path.join(WORK, `peer-${TOOLS}`);
const serveDir = path.join(WORK, `serve-${TOOLS}`);
const toolsJson = path.join(WORK, `tools-${TOOLS}.json`);
const specFiles = only.has("generation") ? await writeSpecProject(genDir, tools, PACKAGE) : [];
if (only.has("generation")) {
  await writeSpecProject(bigDir, bigTools, PACKAGE);
  writeOpenApiProject(peerDir, tools);
  writeTsconfig(genDir, ["generated/**/*.ts", "handlers/**/*.ts"], { noEmit: true });
}
await writeSpecProject(serveDir, tools, PACKAGE);
writeFileSync(toolsJson, JSON.stringify(tools));

function writeTsconfig(dir, include, extra = {}) {
  const compilerOptions = {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    skipLibCheck: true,
    types: ["node"],
    ...extra,
  };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include }, null, 2));
}

/** Files and bytes below `dir` (node_modules excluded). */
function footprint(dir) {
  let files = 0;
  let bytes = 0;
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      if (name === "node_modules") continue;
      const full = path.join(d, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else {
        files++;
        bytes += st.size;
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return { files, bytes };
}

// ---------------------------------------------------------------------------------
// Generation

const samples = new Map();
let genFootprint;
let peerFootprint;
const record = (key, value) => {
  if (!samples.has(key)) samples.set(key, []);
  samples.get(key).push(value);
};

/**
 * Clears a project's outputs for a cold run by moving them aside, not by deleting them:
 * on ext4, creating thousands of files right after deleting thousands makes each new
 * inode wait while the allocator skips the recently deleted ones (`recently_deleted` in
 * the kernel's inode allocator, seen with `perf`; a cold 1,000-tool run measured 0.3 to
 * 0.8 s longer, nearly all of it system time, right after `rm -rf` of its previous
 * output). That is the file system's price for the deletion, not the generator's. What
 * was set aside is deleted after the generation rows.
 */
let setAside = 0;
const cleanGenerated = (dir) => {
  const aside = path.join(SET_ASIDE, String(++setAside));
  mkdirSync(aside, { recursive: true });
  for (const sub of ["generated", "handlers", "node_modules/.cache"]) {
    const from = path.join(dir, sub);
    if (existsSync(from)) renameSync(from, path.join(aside, sub.replaceAll("/", "-")));
  }
  settleDisk();
};
/** Writes of the previous run still being flushed must not be waited for by the next one. */
function settleDisk() {
  spawnSync("sync");
}
// The peer's own tsconfig type-checks its one file; axios and dotenv, its runtime
// dependencies, are not installed (the bench installs nothing), so tsc reports exactly
// those two missing modules, and that run still type-checks everything else.
const peerTscOk = (status, output) =>
  status === 0 ||
  output
    .split("\n")
    .filter((line) => line.includes("error TS"))
    .every((line) => /error TS2307: Cannot find module '(axios|dotenv)'/.test(line));

const mcpGen = (cwd) => timed(NODE, [CLI, "generate"], { cwd, log: LOG });
const otherGen = (cwd) => timed(OTHER_NODE, [CLI, "generate"], { cwd, log: LOG, env: { TMPDIR: OTHER_TMP } });
const typeCheck = (cwd, ok) => timed(NODE, [TSC, "-p", "tsconfig.json", "--noEmit"], { cwd, log: LOG, ok });
/** The peer's run, always a cold one (it regenerates everything anyway): its previous output goes first. */
const peerGen = (node = NODE) => {
  rmSync(path.join(peerDir, "out"), { recursive: true, force: true });
  settleDisk();
  return timed(node, [PEER, "-i", "openapi.json", "-o", "out", "--force", "--max-tool-name-length", "128"], { cwd: peerDir, log: LOG });
};

let editCount = 0;
const editedFile = specFiles[Math.floor(specFiles.length / 2)];
const originalDescription = editedFile === undefined ? "" : String(parseDocument(readFileSync(editedFile, "utf8")).get("description") ?? "");
/** One real edit of one spec: its description changes on every run (so does the generated output). */
function editOneSpec() {
  const doc = parseDocument(readFileSync(editedFile, "utf8"));
  doc.set("description", `${originalDescription} (edit ${++editCount})`);
  writeFileSync(editedFile, doc.toString());
}

// ---------------------------------------------------------------------------------
// Serving

say("bench: serving: generating and compiling the generated server");
cleanGenerated(serveDir);
await mcpGen(serveDir);
cpSync(path.join(REPO_ROOT, "bench", "servers", "serve-template.ts.txt"), path.join(serveDir, "serve.ts"));
writeTsconfig(serveDir, ["generated/**/*.ts", "serve.ts"]);
await timed(NODE, [TSC, "-p", "tsconfig.json"], { cwd: serveDir, log: LOG });

const SERVERS = {
  "mcp-gen": { command: [NODE, "serve.js", "--stdio"], cwd: serveDir, where: serveDir },
  "sdk-json": { command: [NODE, path.join(REPO_ROOT, "bench/servers/sdk-server.mjs"), toolsJson, "json"], cwd: WORK, where: toolsJson },
  "sdk-zod": { command: [NODE, path.join(REPO_ROOT, "bench/servers/sdk-server.mjs"), toolsJson, "zod"], cwd: WORK, where: toolsJson },
};

/** spawn → initialize → every tools/list page; then the server's RSS. */
async function listOnce(name) {
  const server = SERVERS[name];
  const t0 = performance.now();
  const spawned = spawnStdio(server.command[0], server.command.slice(1), { cwd: server.cwd });
  try {
    await spawned.client.initialize();
    const listed = await spawned.client.listAll();
    const ms = performance.now() - t0;
    if (listed.length !== TOOLS) throw new Error(`${name} listed ${listed.length} tools, expected ${TOOLS}`);
    return { ms, rssMb: await rssMb(spawned.child.pid) };
  } catch (error) {
    throw new Error(`${name}: ${error.message}\n${spawned.stderr()}`);
  } finally {
    await spawned.close();
  }
}

function throughputOnce(transport, name) {
  return new Promise((resolve, reject) => {
    const args = [
      path.join(REPO_ROOT, "bench/servers/call-throughput.mjs"),
      transport,
      name,
      SERVERS[name].where,
      String(transport === "fetch" ? FETCH_CALLS : CALLS),
    ];
    const child = spawn(NODE, args, { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.once("close", (code) => {
      if (code !== 0) reject(new Error(`call-throughput ${transport} ${name} exited ${code}: ${out.slice(-2000)}`));
      else resolve(JSON.parse(out.trim().split("\n").at(-1)));
    });
  });
}

for (let rep = 1; rep <= REPS; rep++) {
  say(`bench: serving, repetition ${rep}/${REPS}`);
  // Interleaved: each figure runs for every server before the next figure.
  if (only.has("list")) for (const name of Object.keys(SERVERS)) record(`list.${name}`, await listOnce(name));
  if (only.has("calls"))
    for (const transport of TRANSPORTS) {
      for (const name of Object.keys(SERVERS)) record(`calls.${transport}.${name}`, await throughputOnce(transport, name));
    }
}

// The same workload as a Worker script (bench/worker.mjs), beside the SDK's McpServer
// with its Workers-safe validator, each bundled alike and started in a fresh workerd.
say("bench: Worker scripts: bundling, then workerd's first answers");
const peerWorkerDir = path.join(WORK, `sdk-worker-${TOOLS}`);
mkdirSync(peerWorkerDir, { recursive: true });
cpSync(path.join(REPO_ROOT, "bench", "servers", "worker-template.ts.txt"), path.join(serveDir, "worker.ts"));
cpSync(path.join(REPO_ROOT, "bench", "servers", "sdk-worker.js.txt"), path.join(peerWorkerDir, "worker.js"));
cpSync(toolsJson, path.join(peerWorkerDir, "tools.json"));
const WORKERS = {
  "mcp-gen": { entry: path.join(serveDir, "worker.ts"), script: path.join(serveDir, "dist", "worker.js") },
  sdk: { entry: path.join(peerWorkerDir, "worker.js"), script: path.join(peerWorkerDir, "dist", "worker.js") },
};
const workerBundles = {};
const workerBench = async (args) =>
  JSON.parse((await timed(NODE, [path.join(REPO_ROOT, "bench", "worker.mjs"), ...args], { cwd: REPO_ROOT, log: LOG })).output.trim().split("\n").at(-1));
if (only.has("worker")) {
  for (const [name, worker] of Object.entries(WORKERS)) workerBundles[name] = await workerBench(["bundle", worker.entry, worker.script]);
  for (let rep = 1; rep <= REPS; rep++) {
    for (const [name, worker] of Object.entries(WORKERS))
      record(`worker.first.${name}`, { rssMb: NaN, ...(await workerBench(["first", worker.script, String(TOOLS)])) });
  }
}

writeReport({ partial: true });

// ---------------------------------------------------------------------------------
// Generation (after serving: its rows are the long ones)

for (let rep = 1; only.has("generation") && rep <= REPS; rep++) {
  say(`bench: generation, repetition ${rep}/${REPS}`);
  cleanGenerated(genDir);
  const cold = await mcpGen(genDir);
  record("gen.cold", cold);
  const tsc = await typeCheck(genDir);
  record("gen.tsc", tsc);
  record("gen.coldTsc", { ms: cold.ms + tsc.ms, rssMb: Math.max(cold.rssMb, tsc.rssMb) });
  record("gen.noop", await mcpGen(genDir));
  editOneSpec();
  record("gen.change", await mcpGen(genDir));
  if (OTHER_NODE) {
    cleanGenerated(genDir);
    record("other.cold", await otherGen(genDir));
    record("other.noop", await otherGen(genDir));
    editOneSpec();
    record("other.change", await otherGen(genDir));
    record("other.peer", await peerGen(OTHER_NODE));
  }
  genFootprint ??= { generated: footprint(path.join(genDir, "generated")), handlers: footprint(path.join(genDir, "handlers")) };

  const peer = await peerGen();
  record("peer.cold", peer);
  const peerTsc = await typeCheck(path.join(peerDir, "out"), peerTscOk);
  record("peer.tsc", peerTsc);
  record("peer.coldTsc", { ms: peer.ms + peerTsc.ms, rssMb: Math.max(peer.rssMb, peerTsc.rssMb) });
  peerFootprint ??= footprint(path.join(peerDir, "out"));

  cleanGenerated(bigDir);
  record("gen.big", await mcpGen(bigDir));
  if (rep < REPS) writeReport({ partial: true });
}

// One spec edited under a running `generate --watch` (in-process: the watcher's own call).
if (only.has("generation")) {
  say(`bench: one spec edited under generate --watch, ${REPS} edits`);
  const watched = spawnSync(NODE, [path.join(REPO_ROOT, "bench", "watch-edit.mjs"), PACKAGE, genDir, editedFile, String(REPS)], { encoding: "utf8" });
  writeFileSync(LOG, `\n$ node bench/watch-edit.mjs ${rel(PACKAGE)} ${rel(genDir)} ${rel(editedFile)} ${REPS}\n${watched.stdout}${watched.stderr}`, {
    flag: "a",
  });
  if (watched.status !== 0) throw new Error(`bench/watch-edit.mjs exited ${watched.status}: ${watched.stderr.slice(-2000)}`);
  for (const ms of JSON.parse(watched.stdout).ms) record("gen.watchChange", { ms });
}

rmSync(SET_ASIDE, { recursive: true, force: true });

// The CLI asks Node 22.1 and later for its compile cache: the other Node's runs must have written one.
const hasCompileCache = (version) => {
  const [major, minor] = version.slice(1).split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 1);
};
if (OTHER_NODE && hasCompileCache(otherVersion)) {
  const cacheDir = path.join(OTHER_TMP, "node-compile-cache");
  const written = existsSync(cacheDir) ? readdirSync(cacheDir, { recursive: true }).length : 0;
  if (written === 0) throw new Error(`bench: mcp-gen under Node ${otherVersion} wrote no compile cache in ${rel(cacheDir)}`);
  say(`bench: Node ${otherVersion} kept its compile cache in ${rel(cacheDir)} (${written} entries)`);
}

// ---------------------------------------------------------------------------------
// Report

function writeReport({ partial = false } = {}) {
  const summary = {};
  for (const [key, runs] of samples) {
    summary[key] = {
      ms: stats(runs.map((r) => r.ms)),
      rssMb: stats(runs.map((r) => r.rssMb).filter((v) => Number.isFinite(v))),
      ...(runs[0].callsPerSecond === undefined ? {} : { callsPerSecond: stats(runs.map((r) => r.callsPerSecond)) }),
      ...(runs[0].readyMs === undefined ? {} : { readyMs: stats(runs.map((r) => r.readyMs)), firstMs: stats(runs.map((r) => r.firstMs)) }),
    };
  }
  const context = {
    quick,
    partial,
    // The other Node by its version: its path is this machine's.
    args: argv.map((arg, i) => (argv[i - 1] === "--node" ? `<Node ${otherVersion}>` : arg)).join(" "),
    tools: TOOLS,
    big: BIG,
    reps: REPS,
    calls: CALLS,
    fetchCalls: FETCH_CALLS,
    machine: {
      cores: cpus().length,
      cpu: cpus()[0]?.model ?? "unknown",
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      loadBefore,
      loadAfter: loadavg()[0],
    },
    minutes: (Date.now() - started) / 60000,
    date: new Date().toISOString().slice(0, 10),
    otherNode: otherVersion,
    footprint: { mcpGen: genFootprint, peer: peerFootprint },
    workerBundles,
    paths: { gen: rel(genDir), big: rel(bigDir), peer: rel(peerDir), serve: rel(serveDir), tools: rel(toolsJson), sdkWorker: rel(peerWorkerDir) },
    withOutputSchema: tools.filter((t) => t.outputSchema).length,
  };
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, renderResults(summary, context));
  writeFileSync(path.join(WORK, "summary.json"), JSON.stringify({ summary, context }, null, 2));
  say(`bench: wrote ${rel(OUT)} (${context.minutes.toFixed(1)} min)`);
}

writeReport();
process.stdout.write(readFileSync(OUT, "utf8"));
