/**
 * bench/RESULTS.md from the measured samples: one table of medians (min–max), ratios and
 * the issue's targets, the machine, and the command that reproduces each row.
 */

const time = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const mb = (v) => `${Math.round(v)} MB`;
const rate = (v) => `${Math.round(v).toLocaleString("en-US")}/s`;
const spread = (s, unit) => `${unit(s.median)} (${unit(s.min)}–${unit(s.max)})`;
const ratio = (a, b) => a / b;
const x = (r) => `${r.toFixed(2)}×`;
const verdict = (ok) => (ok ? "**met**" : "**missed**");

class MissingFigure extends Error {}

export function renderResults(summary, context) {
  const n = context.tools.toLocaleString("en-US");
  const big = context.big.toLocaleString("en-US");
  const s = (key) => {
    if (!summary[key]) throw new MissingFigure(key);
    return summary[key];
  };
  const p = context.paths;
  const up = (dir) =>
    dir
      .split("/")
      .map(() => "..")
      .join("/");
  const CLI = (_dir) => `node ../mcp-gen/dist/cli.js generate`;
  const TSC = (dir) => `node ${up(dir)}/node_modules/typescript/bin/tsc -p tsconfig.json --noEmit`;
  const PEER = `node ${up(p.peer)}/node_modules/openapi-mcp-generator/bin/openapi-mcp-generator.js -i openapi.json -o out --force --max-tool-name-length 128`;
  // The bench moves the previous outputs aside rather than deleting them (see cleanGenerated in run.mjs).
  const setAside = "d=../set-aside/$RANDOM && mkdir -p $d && mv generated handlers $d/ && mv node_modules/.cache $d/cache && sync";
  const coldCmd = `cd ${p.gen} && ${setAside} && ${CLI(p.gen)}`;
  const peerCmd = `cd ${p.peer} && rm -rf out && sync && ${PEER}`;

  const rows = [];
  /** A row whose figures were not (yet) measured is left out: the report can be written mid-run. */
  const guarded = (fn) => {
    try {
      fn();
    } catch (error) {
      if (!(error instanceof MissingFigure)) throw error;
    }
  };
  const row = (figure, mcpGen, peer, ratioText, target, met, command) =>
    rows.push(`| ${figure} | ${mcpGen} | ${peer} | ${ratioText} | ${target} | ${met} | \`${command}\` |`);

  // Generation
  guarded(() => {
    const c = s("gen.cold");
    const peer = s("peer.cold");
    const r = ratio(c.ms.median, peer.ms.median);
    const met = c.ms.median <= 1500 && c.rssMb.median <= 400 && r <= 4;
    row(
      `cold generate, ${n} tools (wall)`,
      spread(c.ms, time),
      spread(peer.ms, time),
      x(r),
      "≤ 1.5 s; ≤ 4× peer",
      verdict(c.ms.median <= 1500 && r <= 4),
      coldCmd,
    );
    row(
      `cold generate, ${n} tools (peak RSS)`,
      spread(c.rssMb, mb),
      spread(peer.rssMb, mb),
      x(ratio(c.rssMb.median, peer.rssMb.median)),
      "≤ 400 MB",
      verdict(c.rssMb.median <= 400),
      coldCmd,
    );
    void met;
  });
  guarded(() => {
    const c = s("gen.noop");
    const peer = s("peer.cold");
    const r = ratio(c.ms.median, peer.ms.median);
    row(
      `no-op generate, ${n} tools`,
      `${spread(c.ms, time)}; ${mb(c.rssMb.median)}`,
      `${spread(peer.ms, time)} (always regenerates)`,
      x(r),
      "≤ 0.25 s; ≤ 0.75× peer",
      verdict(c.ms.median <= 250 && r <= 0.75),
      `${coldCmd} && ${CLI(p.gen)}  # the second run is timed`,
    );
  });
  guarded(() => {
    const c = s("gen.change");
    row(
      `one spec changed, ${n} tools`,
      `${spread(c.ms, time)}; ${mb(c.rssMb.median)}`,
      "—",
      "—",
      "≤ 0.4 s",
      verdict(c.ms.median <= 400),
      `cd ${p.gen} && <edit one spec's description> && ${CLI(p.gen)}`,
    );
  });
  guarded(() => {
    const w = s("gen.watchChange");
    row(
      `one spec changed, ${n} tools, under \`generate --watch\``,
      spread(w.ms, time),
      "—",
      "—",
      "(information: the same process runs again)",
      "—",
      `node bench/watch-edit.mjs .tmp/bench/mcp-gen ${p.gen} <spec> ${context.reps}`,
    );
  });
  if (context.otherNode) {
    // Information rows: the same runs under another Node (`--node`), right after this Node's.
    const other = `TMPDIR=../other-node-tmp <node ${context.otherNode}> ../mcp-gen/dist/cli.js generate`;
    const info = `(information: Node ${context.otherNode}, mcp-gen's compile cache on)`;
    guarded(() => {
      const c = s("other.cold");
      const peer = s("other.peer");
      row(
        `cold generate, ${n} tools, Node ${context.otherNode}`,
        `${spread(c.ms, time)}; ${mb(c.rssMb.median)}`,
        spread(peer.ms, time),
        x(ratio(c.ms.median, peer.ms.median)),
        info,
        "—",
        `cd ${p.gen} && ${setAside} && ${other}  ‖  ${peerCmd.replace(/&& node /, "&& <node> ")}`,
      );
    });
    guarded(() => {
      const c = s("other.noop");
      const peer = s("other.peer");
      row(
        `no-op generate, ${n} tools, Node ${context.otherNode}`,
        `${spread(c.ms, time)}; ${mb(c.rssMb.median)}`,
        `${spread(peer.ms, time)} (always regenerates)`,
        x(ratio(c.ms.median, peer.ms.median)),
        info,
        "—",
        `${other}  # after the cold run`,
      );
    });
    guarded(() => {
      const c = s("other.change");
      row(
        `one spec changed, ${n} tools, Node ${context.otherNode}`,
        `${spread(c.ms, time)}; ${mb(c.rssMb.median)}`,
        "—",
        "—",
        info,
        "—",
        `<edit one spec's description> && ${other}`,
      );
    });
  }
  guarded(() => {
    const c = s("gen.coldTsc");
    const peer = s("peer.coldTsc");
    const r = ratio(c.ms.median, peer.ms.median);
    row(
      `generate + \`tsc --noEmit\`, ${n} tools`,
      `${spread(c.ms, time)}; ${mb(c.rssMb.median)}`,
      `${spread(peer.ms, time)}; ${mb(peer.rssMb.median)}`,
      x(r),
      "≤ 0.25× peer",
      verdict(r <= 0.25),
      `${coldCmd} && ${TSC(p.gen)}  ‖  ${peerCmd} && cd out && ${TSC(`${p.peer}/out`)}`,
    );
    const t = s("gen.tsc");
    const pt = s("peer.tsc");
    row(
      `… of which \`tsc --noEmit\` alone`,
      `${spread(t.ms, time)}; ${mb(t.rssMb.median)}`,
      `${spread(pt.ms, time)}; ${mb(pt.rssMb.median)}`,
      x(ratio(t.ms.median, pt.ms.median)),
      "(information)",
      "—",
      `cd ${p.gen} && ${TSC(p.gen)}`,
    );
  });
  guarded(() => {
    const c = s("gen.big");
    const base = s("gen.cold");
    const r = ratio(c.ms.median, base.ms.median);
    const factor = context.big / context.tools;
    const limit = 5.5 * (factor / 5);
    row(
      `cold generate, ${big} tools`,
      `${spread(c.ms, time)}; ${mb(c.rssMb.median)}`,
      `${n}-tool cold: ${time(base.ms.median)}`,
      `${x(r)} the ${n}-tool time`,
      `≤ ${limit.toFixed(2)}× (${factor}× the tools)`,
      verdict(r <= limit),
      `cd ${p.big} && ${setAside} && ${CLI(p.big)}`,
    );
  });

  // Serving
  const serveCmd = `node serve.js --stdio (cwd ${p.serve})  ‖  node bench/servers/sdk-server.mjs ${p.tools} json|zod`;
  guarded(() => {
    const m = s("list.mcp-gen");
    const j = s("list.sdk-json");
    const z = s("list.sdk-zod");
    const r = ratio(m.ms.median, j.ms.median);
    row(
      `spawn → initialize → full \`tools/list\`, ${n} tools, stdio`,
      spread(m.ms, time),
      `fromJsonSchema ${spread(j.ms, time)}; zod ${spread(z.ms, time)}`,
      `${x(r)} (vs zod ${x(ratio(m.ms.median, z.ms.median))})`,
      "≤ 0.5× SDK fromJsonSchema",
      verdict(r <= 0.5),
      serveCmd,
    );
    const rr = ratio(m.rssMb.median, j.rssMb.median);
    row(
      `server RSS after \`tools/list\`, ${n} tools`,
      spread(m.rssMb, mb),
      `fromJsonSchema ${spread(j.rssMb, mb)}; zod ${spread(z.rssMb, mb)}`,
      `${x(rr)} (vs zod ${x(ratio(m.rssMb.median, z.rssMb.median))})`,
      "≤ 1.0× SDK",
      verdict(rr <= 1),
      serveCmd,
    );
  });
  const transportName = { memory: "in-memory", stdio: "stdio", fetch: "`fetch` (in-process `Request`s, 2026-07-28)" };
  for (const transport of ["memory", "stdio", "fetch"])
    guarded(() => {
      const m = s(`calls.${transport}.mcp-gen`).callsPerSecond;
      const j = s(`calls.${transport}.sdk-json`).callsPerSecond;
      const z = s(`calls.${transport}.sdk-zod`).callsPerSecond;
      const r = ratio(m.median, j.median);
      const count = transport === "fetch" ? (context.fetchCalls ?? context.calls) : context.calls;
      const calls = count.toLocaleString("en-US");
      row(
        `\`tools/call\` create_issue, ${calls} calls, ${transportName[transport]}`,
        spread(m, rate),
        `fromJsonSchema ${spread(j, rate)}; zod ${spread(z, rate)}`,
        `${x(r)} (vs zod ${x(ratio(m.median, z.median))})`,
        // Issue 23: on the SDK's public API only (the old road, through SDK internals, aimed at 1.2×).
        "≥ 1.0× SDK fromJsonSchema",
        verdict(r >= 1.0),
        `node bench/servers/call-throughput.mjs ${transport} mcp-gen ${p.serve} ${count}  ‖  … ${transport} sdk-json|sdk-zod ${p.tools} ${count}`,
      );
    });

  const kb = (b) => `${Math.round(b / 1024).toLocaleString("en-US")} KB`;
  // The Worker: the same workload bundled as one script (bench/worker.mjs), in workerd.
  const workerCmd = (args) => `node bench/worker.mjs ${args(p.serve, "worker.ts")}  ‖  node bench/worker.mjs ${args(p.sdkWorker, "worker.js")}`;
  const wb = context.workerBundles;
  if (wb?.["mcp-gen"] && wb.sdk) {
    const [m, sdk] = [wb["mcp-gen"], wb.sdk];
    // Cloudflare's limit for a Worker on the free plan: 3 MB, compressed.
    row(
      `Worker bundle, ${n} tools (minified; gzip)`,
      `${kb(m.bytes)}; ${kb(m.gzipBytes)}`,
      `${kb(sdk.bytes)}; ${kb(sdk.gzipBytes)}`,
      `${x(ratio(m.bytes, sdk.bytes))}; gzip ${x(ratio(m.gzipBytes, sdk.gzipBytes))}`,
      "gzip ≤ 3 MB (Workers free plan)",
      verdict(m.gzipBytes <= 3 * 2 ** 20),
      workerCmd((dir, entry) => `bundle ${dir}/${entry} ${dir}/dist/worker.js`),
    );
  }
  guarded(() => {
    const m = s("worker.first.mcp-gen");
    const sdk = s("worker.first.sdk");
    const r = ratio(m.ms.median, sdk.ms.median);
    row(
      `workerd start → ready → \`initialize\` + full \`tools/list\`, ${n} tools`,
      `${spread(m.ms, time)} (ready ${time(m.readyMs.median)}, answers ${time(m.firstMs.median)})`,
      `${spread(sdk.ms, time)} (ready ${time(sdk.readyMs.median)}, answers ${time(sdk.firstMs.median)})`,
      `${x(r)} (answers ${x(ratio(m.firstMs.median, sdk.firstMs.median))})`,
      "≤ 1.0× SDK",
      verdict(r <= 1),
      workerCmd((dir) => `first ${dir}/dist/worker.js ${context.tools}`),
    );
  });

  const fp = context.footprint;
  const m = context.machine;
  return `# Benchmark results

${context.partial ? "**Partial**: written during the run; rows hold the repetitions done so far, missing rows are not measured yet.\n\n" : ""}${context.quick ? "**Quick run** (CI smoke test: small workload, few repetitions; the targets are for 1,000 tools, so the verdicts below mean little).\n\n" : ""}Measured by \`npm run bench${context.args ? ` -- ${context.args}` : ""}\` on ${context.date}: ${n} tools (${context.withOutputSchema} with outputSchema) and ${big} tools built from the
372 real tools of \`test/corpus\`; median of ${context.reps} runs, (min–max); every
generation figure is its own process, wall time from spawn to exit, peak RSS of the largest
Node process of the run. mcp-gen and its peer run interleaved (one of each, then again).
Ratios are mcp-gen / peer: below 1 is better for times and memory, above 1 for throughput.

Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB, Node ${m.node}, ${m.platform}. Load average
(1 min) ${m.loadBefore.toFixed(1)} at the start and ${m.loadAfter.toFixed(1)} at the end${m.loadBefore > m.cores || m.loadAfter > m.cores ? " — the machine was shared with other work, so absolute times are noisy; the interleaved ratios are the figures to read" : ""}. The run took ${context.minutes.toFixed(1)} minutes.

| figure | mcp-gen | peer | ratio | target | verdict | command (from the repository root) |
|---|---|---|---|---|---|---|
${rows.join("\n")}

Work folders are rebuilt by every run under \`.tmp/bench/\`; \`.tmp/bench/mcp-gen\` is a copy of the built
package (dist, templates, schema, package.json) taken at the start, so a rebuild during the run cannot mix versions; \`.tmp/bench/bench.log\` holds each
process's command line, time and output, \`.tmp/bench/summary.json\` the raw figures.

How the house's redesign (issue 22) compares with the commit before it, measured apart with
\`bench/compare-builds.mjs\`: \`bench/REDESIGN.md\`.

## What each side does (read the generation ratios with this)

- **mcp-gen** reads ${n} YAML specs, checks each against the spec format's JSON Schema and
  the semantic rules, compiles every input and output schema with ajv (to check it and to
  emit standalone validators), and writes ${fp.mcpGen ? `${fp.mcpGen.generated.files.toLocaleString("en-US")} generated files (${kb(fp.mcpGen.generated.bytes)}): a types file per tool (json-schema-to-typescript's declarations: for plain schemas mcp-gen writes the same text itself, jstt for the rest), precompiled ajv validators, the registry, the handlers interface, the server and a docs page per tool; plus ${fp.mcpGen.handlers.files.toLocaleString("en-US")} handler stubs (${kb(fp.mcpGen.handlers.bytes)}) from templates. After a successful run it records its inputs' fingerprint in \`node_modules/.cache/mcp-gen\`, which is what its no-op run checks` : "the generated tree and handler stubs"}.
- **openapi-mcp-generator** 4.0.1 reads one OpenAPI 3.1 document (one POST per tool,
  requestBody = inputSchema, 200 response = outputSchema) and writes a project skeleton
  ${fp.peer ? `(${fp.peer.files} files, ${kb(fp.peer.bytes)})` : ""} whose \`src/index.ts\` holds every tool's JSON Schema as an
  object literal in one Map; arguments are converted to zod with \`json-schema-to-zod\` and
  \`eval\` at call time. No types per tool, no validation ahead of time, no docs, nothing to
  keep between runs: each run regenerates everything, so its cold run is also its no-op run.
  Its \`tsc --noEmit\` uses its own generated tsconfig; axios and dotenv (its runtime
  dependencies) are not installed by the bench, so tsc reports those two missing modules
  and nothing else.
- **Serving**: the generated server (\`createServer\` on the mcp-gen runtime, which uses the
  SDK's low-level \`Server\`; pages of 100) against the SDK v2 \`McpServer\` with the same
  ${n} tools registered through \`fromJsonSchema\` (input and output schemas, title,
  description, annotations), every handler answering the fixed text \`fixed result\`. The
  zod server registers ${n} tools with one uniform zod schema of \`create_issue\`'s shape
  (zod from \`@modelcontextprotocol/server\`'s own dependency), so its \`tools/list\` payload is
  smaller than the others'. \`tools/call\` calls \`create_issue\` (the legacy github server's:
  7 properties, two string arrays, \`additionalProperties: false\`) with valid arguments,
  16 requests in flight, after 500 warm-up calls, through a bare JSON-RPC client
  (\`bench/rpc.mjs\`) so the client's own parsing is not timed. In-memory uses the SDK's
  \`InMemoryTransport\` pair in one process. Through \`fetch\`, in one process too, each call is
  a 2026-07-28 \`Request\` as the SDK client sends it (the envelope in \`_meta\`, the MCP headers;
  that revision has no \`initialize\` and no session), answered by mcp-gen's \`server.fetch\` or by the
  SDK's \`createMcpHandler\` with its documented factory: a fresh \`McpServer\` per request with
  every tool registered (each schema wrapped by \`fromJsonSchema\` once, outside the factory), so
  the SDK's side pays ${n} \`registerTool\` calls per request, as a Worker written from its
  documentation does; building the \`Request\` and reading the \`Response\` are timed for both.
  16 requests in flight, after 100 warm-up calls.
- **Worker**: the generated server as a Worker (\`bench/servers/worker-template.ts.txt\`) against
  the SDK's \`McpServer\` with every schema through \`fromJsonSchema\` and the SDK's Workers-safe
  validator (\`CfWorkerJsonSchemaValidator\`), served by \`createMcpHandler\`
  (\`bench/servers/sdk-worker.js.txt\`), each bundled alike by esbuild (minified, export
  conditions workerd/worker/browser, as \`mcp-gen init --template workers\` builds it). Each run
  is a fresh workerd through miniflare with no compatibility flags: ready is until it listens
  (it has loaded the script), answers until a 2025-11-25 \`initialize\` and every \`tools/list\`
  page have come back over HTTP (mcp-gen's pages of 100; the SDK's one page).

## What was done, and what bounds the missed targets (profiles)

Profiled with \`node --cpu-prof\` on the ${n}-tool workload (\`cd ${p.gen} && node --cpu-prof ../mcp-gen/dist/cli.js generate\`,
summarised by \`node bench/profile-summary.mjs <file>.cpuprofile\`: self time per package and
inclusive time per mcp-gen function).

What the first profiles showed, and what was changed (1,000 tools, cold run 11.5 s and 450 MB before, on a quiet machine):

- handler stubs and \`handlers/index.ts\` built through ts-morph (≈ 45% of a cold run; quadratic, 260 s for
  5,000 new stubs) → string templates, byte-identical; ts-morph is loaded only to edit an \`index.ts\` that is
  not in the generated shape or to rename a handler.
- every schema compiled twice by ajv (checker, then validators emitter), and ajv's \`standaloneCode\`
  re-joining its output per export (quadratic) → one compile per distinct schema, shared by the checker,
  the examples check, the docs and the emitter; a linear standalone writer; equal schemas share one function.
- identifier clashes checked pair by pair (quadratic) → one lookup per tool.
- a no-op run redid everything → the build cache (\`node_modules/.cache/mcp-gen\`): a fingerprint of every
  input and the hash of every owned output; a run with nothing changed loads no YAML, ajv,
  json-schema-to-typescript or ts-morph. Every command module and pipeline stage is imported lazily.
- the writer awaited the thread pool for every file → synchronous calls, temp files planned in batches.
- ajv checked every schema against its meta-schema twice (the checker asks, then \`compile\` asked
  again) → once: the checker's instances are made with \`validateSchema: false\` (≈ 0.02 s of a cold run,
  5 interleaved pairs).
- json-schema-to-typescript, one call per tool (0.55–0.59 s, a quarter of a cold run: it clones,
  dereferences and walks each schema some twenty times) → \`src/emit/plain-types.ts\` writes its text
  for plain schemas (objects, arrays, primitives, enums, \`anyOf\`/\`oneOf\`, lists of types, \`minItems\`,
  typed \`additionalProperties\`, a root \`anyOf\`/\`oneOf\`): every one of the 1,000 tools and of the
  corpus's 372, so a cold run of this workload never loads jstt (nor lodash, prettier and the \`$ref\`
  parser it brings); jstt still writes what is not plain (\`$ref\`s, \`allOf\`, tuples, ...).
  Byte-identical, checked against jstt itself over the corpus, a table of cases and seeded random
  schemas (\`test/unit/emit/tools/plain-types.test.ts\`). Cold run 2.18 s → 1.90 s (the bench of 2026-11-26 before
  and after, when two tools still went through jstt; 2.2 s against 1.9 s interleaved), 5,000 tools
  6.27 s → 5.36 s.
- a \`realpath\` of the project root and the spec per tool, needed only for a \`$ref\` to a file → taken
  when one is resolved (≈ 0.035 s).
- ajv compiling every distinct schema on the main thread (≈ 0.3 s) → with 100 spec files or more, a
  worker thread compiles them (\`src/spec/compile-ahead.ts\`, \`compile-worker.ts\`) while the main thread
  reads and bundles the files, and hands back each schema's standalone chunk (or its problems); the
  checks, examples and validators find them there. Same output and diagnostics
  (\`test/e2e/spec/compile-ahead.test.ts\`). It pays less than ajv's share, since the second core is
  also V8's (background compilers and garbage collection): \`yaml\` runs slower on the main thread
  while the worker compiles. 1.64 s against 1.72 s without the worker (6 interleaved pairs, after the
  change above), and ≈ 20 MB less peak memory.
- the writer asked \`lstat\` about each of the ≈ 4,000 paths a cold run creates and took its exception
  as "absent" (Node builds an error with a stack trace for each: 16 ms per 3,000 against 1.6 ms without),
  and drew random bytes for every temp file's name → \`lstat\` that answers "absent" without an
  exception, and one random start per process: the write phase 0.14–0.16 s against 0.15–0.17 s
  (3 runs each), inside the whole run's noise.

What remains, 1,000 tools (cold run, shares of the profile):

- **Cold generate (1.77 s in this table, 7.6× the peer's 232 ms, on a machine shared with other work that day (the
  previous table, of the same code but for the writer change above: 1.68 s and 7.6× the peer's 222 ms); 1.48 s under
  Node 22; 2.2–2.8 s and
  9.3–9.5× in the runs of 2026-11-22 to 26 before the two changes above; target 1.5 s and 4×)**: what is
  left is spread thin. Timed phase by phase on the main thread inside one cold run (1.64–1.67 s): Node and
  the CLI's modules 0.1 s; reading, bundling, checking and modelling the 1,000 files 0.87–0.89 s (of it
  \`yaml\` ≈ 0.33 s alone, ≈ 0.5 s while the worker compiles beside it); lint 0.07–0.08 s; validators and
  stubs 0.04 s; the types files 0.11–0.14 s (cleaning, hashing for the cache and writing each tool's
  declarations); the docs pages 0.12 s; planning and writing 3,012 files 0.16 s; recording the cache
  0.12 s (5.3 MB of fingerprint, memo and side files, which the no-op and one-change runs live on). No
  mcp-gen function holds more than 3% of self time. \`yaml\` alone, outside mcp-gen, takes ≈ 0.26 s of its
  ≈ 0.35 s in a fresh process in its lexer and parser (the CST), before any node tree is built; the same
  1,000 files parse in ≈ 0.17 s once the JIT has warmed up, so much of it is a cold process's price.
  Tried in this stop and not kept: composing the nodes and the values straight from the CST, with
  \`yaml\`'s own scalar resolution and its Composer for anything less common (the same node classes,
  values and ranges; every one of the 1,000 files took the direct way): 0.35 s → 0.32 s outside a run,
  and a cold run 1.66 s → 1.63 s (medians of 5 interleaved pairs), too little for a second way of
  composing YAML to keep equal to \`yaml\`'s. ajv alone compiles the ≈ 420
  distinct schemas in ≈ 0.18 s outside a run. Four times the peer (≈ 0.9 s) would mean leaving out what
  the peer does not do: it writes one untyped file and compiles, checks, lints and documents nothing.
  More threads pay little on 2 cores: a single-threaded run keeps about 1.4 cores busy (V8's background
  compilers and garbage collection: 2.5 s of user time in 1.75 s of wall time), so the compile worker
  above won 0.08 s of ajv's 0.3 s, and earlier attempts lost: moving json-schema-to-typescript to a
  worker saved nothing, and reading the spec files on two threads (claiming batches of files from a
  shared counter) made a cold run slower, 3.0–3.3 s against 2.8–2.9 s in one thread, and rendering the
  docs pages on a worker while this thread linted and wrote the types (tried in this stop, not kept)
  gave 1.63 s against 1.65 s (medians of 5 interleaved pairs): lint and types ran slower beside it. The bench moves the previous
  outputs aside before a cold run instead of deleting them: on this machine's ext4, creating 3,000 files
  right after deleting 3,000 makes each new inode wait while the allocator skips the recently deleted
  ones (\`recently_deleted\` under \`openat\` in \`perf\`, about 0.15 ms per file created), and a cold run
  right after \`rm -rf\` of its previous output measured 2.75–3.37 s (0.8–1.1 s of it system time) against
  2.45–2.52 s (0.24–0.36 s system time) in a fresh directory (before the types change). Measured and not
  kept: a larger young generation (\`--min-semi-space-size\` and \`--max-semi-space-size\` 16–64 MB) saved
  at most 0.05 s for 100 MB more memory; ajv's \`code.optimize: false\` saves ≈ 0.11 s but leaves dead
  statements in every validator (\`const _errs0 = errors;\` that nothing reads) and makes the validators
  files 11% larger, which the generated server loads; \`--always-sparkplug\`, \`--max-lazy\`, \`--maglev\` (Node 22 turns
  it on by default), \`--single-threaded-gc\` and \`--no-concurrent-marking\` changed nothing (3 runs of
  each, 1.64–1.75 s against 1.68–1.70 s without); ajv's \`code.lines\` off changed nothing. Keeping every file's YAML node tree (what positions
  need) costs ≈ 0.05 s more in garbage collection than dropping them. Measured and not taken: writing each
  new file in place instead of through a temp file and a rename (3,000 files of 2.6 KB: 39–41 ms against
  68–72 ms in a micro-benchmark, so ≈ 0.03 s of a cold run) would let a reader such as \`tsc --watch\` or
  an editor see half a file, which the writer promises never happens. Measured and not built: writing the
  temp files on a worker thread while the emitters run, so that only the renames are left for the
  writer: a worker writing 3,012 files of the same sizes beside a cold run took 82–143 ms, and the
  emitters ran 30–55 ms slower beside it (4 interleaved pairs), so it could save ≈ 0.06 s of the
  ≈ 0.13 s of planning and writing, at the price of temp files on disk before the plan is known.
- **Generate + \`tsc --noEmit\` (0.22× the peer in this table; 0.22–0.25× in the runs before the types were written directly; target 0.25×)**: the cold run
  plus \`tsc\` over the 2,281 files (≈ 3 s with \`--extendedDiagnostics\`: reading and parsing the
  95,000 lines of generated and handler TypeScript and 124,000 lines of library declarations 1.2 s,
  binding 0.5 s, checking 1.0 s), against the peer's 23 s of checking its one large file. The ratio
  moves with the cold run, which is why it sat at the edge before the cold run got faster.
- **One spec changed (0.351 s in this table, met; 0.339 s in the table before it, 0.375 s in the stop before, 0.401 s in the one before that, 1 ms over the target, when that stop's build and the one before it took the same 385–408 ms interleaved on the machine of the day, so the target sits inside the machine's noise; 0.38 s and 0.37 s in the two stops before that; 0.38–0.40 s in the runs before those, before the files about all tools were kept unrendered when their data is unchanged, and 0.41–0.44 s in earlier runs on a busier machine — the peer's own cold run, a gauge of the machine, took 257–273 ms then and 239–265 ms in the runs since; target 0.4 s; it was ≈ 2.4 s)**: a *partial run* (src/generate.ts,
  src/cache/spec-memo.ts). The cache records, beside its fingerprint, a memo: each spec file's share of
  the model (its tools, names, diagnostics and \`$ref\`s) and of the lint, each tool's key (its model and
  position), and in side files the validators' code per distinct schema, the types' translations and the
  spec entries themselves (a base file a partial run leaves alone: the memo file holds only the entries
  that differ from it, so an edit rewrites 0.2 MB, not 2.4 MB). Diagnostics are stored packed over one
  table of strings (the 3,600 findings of this workload: 1.3 MB as plain JSON, 0.1 MB packed). Handler
  files are judged by their recorded size and mtime, as make and git's index do, so an edit reads none of
  the 1,000 handlers. When only spec texts changed, the run reads, checks and lints just those files,
  recomputes what compares all tools (duplicate names, identifier clashes, the naming-style rule), emits
  the changed tools' files and the catalog, and keeps every other file (and the validators, when no
  schema changed). The registry, the handlers interface and the docs index are recorded by a hash of
  their template and the data it is given, and are rendered again only when that data changed (a tool
  added, renamed or given an output schema; for the index, a title, first sentence, tag or hint): about
  0.01 s of this edit (median 384 ms against 395 ms, 11 interleaved pairs). A schema an earlier run compiled needs no ajv (its standalone chunk runs
  instead), unchanged types need no json-schema-to-typescript, the spec format's own schema and the
  handlebars templates are compiled ahead of time, so such a run loads neither ajv,
  json-schema-to-typescript nor the handlebars compiler. \`test/unit/build/partial-run.test.ts\` checks each
  kind of edit against a full run on a copy. What is left, timed phase by phase inside one partial run
  (after the change above: 0.37–0.38 s median):
  Node's start and the CLI's modules ≈ 0.09 s; the cache probe ≈ 0.05–0.06 s (reading and hashing the 1,000 specs and listing the handlers ≈ 0.02 s, a stat of
  each of the 3,000 outputs ≈ 0.01 s, the cache file); the memo's base (2.2 MB of JSON) ≈ 0.03 s; loading
  the model stages (yaml alone ≈ 0.02 s, and mcp-gen's own modules; Node 20 has no compile cache) ≈ 0.035 s; the model
  and lint, which compare all tools ≈ 0.04 s; loading the emitters and checking the handler stubs ≈ 0.02 s;
  emitting ≈ 0.035 s (the catalog ≈ 0.007 s; the index's data, built and hashed even when the index is
  kept, ≈ 0.01 s); planning and writing ≈ 0.015 s (planning decides a handler stub from a stat, not a read
  of the file); recording ≈ 0.025 s. No one step holds more than a tenth of the run: what is left is
  Node's start, module loading (a bundled CLI would load fewer files, but the dependency list does not
  allow a bundler) and reading the memo. Measured and not kept: writing the cache's JSON in ASCII only
  (\\u escapes), so that reading it is a one-byte decode, changed nothing measurable (384 ms against 387 ms). Under
  \`generate --watch\` an edit is the same partial run in the watching process, without a new process's
  start and module loading (the "under \`generate --watch\`" row).
- **Under Node 22** (\`npm run bench -- --node <path>\`, the "Node v22" rows): the same runs take less
  time (a cold run 1.48 s in this table, 1.43 s in the one before, ≈ 2.05–2.25 s before the changes above; no-op ≈ 0.10–0.12 s, one spec
  changed ≈ 0.26–0.31 s), mostly from Node's own
  start-up and module loading. From Node 22.1 the CLI also turns on Node's compile cache before loading
  its modules. Interleaved against \`NODE_DISABLE_COMPILE_CACHE=1\` (15 pairs each): one spec changed
  301 ms against 320 ms, no-op 124 ms against 131 ms; a cold run showed no difference (2.07 s against
  2.06 s, 5 pairs). The generated server does not turn it on: there it made spawn → full \`tools/list\` of
  1,000 tools slower (333 ms against 287 ms on Node 22), because reading a thousand cache entries
  costs more than compiling a thousand small modules lazily.

**Serving**: since issue 23 the runtime uses the SDK's public API only (no subclass of \`Server\`, no
\`_\`-prefixed member; docs/sdk-notes.md says what that costs and the upstream fixes proposed). The SDK
sorts every inbound message with up to three zod checks (a result? an error? a request?), \`Server\`
checks each \`tools/call\` request against the revision's schema, and checks each result before sending
it. The runtime registers \`tools/call\` with a params schema of its own (the documented 3-arg
\`setRequestHandler\`), which spares the 2-arg form's second parse of the same request, and its
\`fetch\` hands the SDK's \`createMcpHandler\` the body it parsed (\`parsedBody\`), which spares the entry
a clone of every request. The server has its own stdio transport (lines cut from bytes, one parse per line, the answers
of one turn written together), checks plain-JSON arguments in one walk, and makes no \`AbortController\` or
timer per call unless a timeout is set. The HTTP stack and \`node:crypto\` load on first use. Start-up is
dominated by Node loading the ~1,000 generated tool modules. What is left of the SDK's checks over stdio
is its era-aware \`serveStdio\` (one stdio server for 2025 \`initialize\` clients and 2026-07-28 clients),
which checks each request once on its way in and each answer once on its way out; the peer uses the plain
\`StdioServerTransport\`, which serves 2025 clients only. The server profile: \`node --import\` a module
that starts the inspector's profiler in \`serve.js\`, under \`bench/servers/call-throughput.mjs stdio mcp-gen\`.
`;
}
