/**
 * Two builds of mcp-gen, timed against each other on the bench's 1,000-tool workload:
 * `node bench/compare-builds.mjs <old-checkout> [<new-checkout>] [--rounds N]`.
 *
 * Each checkout must be built (`npm run build`) and installed (`node_modules`). Both are
 * copied as installed packages into a temporary folder, each gets its own project of the
 * same specs (bench/workload.mjs of the new checkout), and the runs are interleaved pair
 * by pair, the order alternating each round, so a change in the machine's load hits both
 * sides alike. Per round and side: a cold run (generated/, handlers/ and the cache
 * removed), a no-op run right after it, one spec changed, and a no-op run once the inputs
 * have settled (past the cache's two-second window for files written just now).
 *
 * Prints medians and the new/old ratio per row, with every sample. Wall times on a shared
 * machine are noisy: read the ratios of one run, never figures from two runs.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { setTimeout as delay } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { parseDocument } from "yaml";
import { REPO_ROOT } from "./workload.mjs";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: "string", default: "7" } } });
if (positionals.length < 1) {
  console.error("usage: node bench/compare-builds.mjs <old-checkout> [<new-checkout>] [--rounds N]");
  process.exit(2);
}
const oldPkg = path.resolve(positionals[0]);
const newPkg = path.resolve(positionals[1] ?? REPO_ROOT);
const rounds = Number(values.rounds);
const SETTLE_MS = 2_200;

const { workloadTools, writeSpecProject } = await import(pathToFileURL(path.join(newPkg, "bench/workload.mjs")).href);
const work = mkdtempSync(path.join(os.tmpdir(), "mcp-gen-compare-"));
const tools = workloadTools(1000);
const sides = {};
for (const [name, pkg] of [
  ["old", oldPkg],
  ["new", newPkg],
]) {
  const copy = path.join(work, `pkg-${name}`);
  for (const entry of ["dist", "templates", "schema", "package.json"]) cpSync(path.join(pkg, entry), path.join(copy, entry), { recursive: true });
  cpSync(path.join(pkg, "node_modules"), path.join(copy, "node_modules"), { recursive: true, verbatimSymlinks: true });
  const project = path.join(work, `project-${name}`);
  await writeSpecProject(project, tools, copy);
  rmSync(path.join(project, "node_modules", "mcp-gen"), { recursive: true, force: true });
  symlinkSync(copy, path.join(project, "node_modules", "mcp-gen"), "dir");
  sides[name] = { project, cli: path.join(copy, "dist", "cli.js"), rows: { cold: [], noop: [], one: [], settled: [] } };
}

function run(side) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [side.cli, "generate"], { cwd: side.project, encoding: "utf8" });
  // Exit 1 is a run that found an error: it would time the error path, not a build.
  if (result.status !== 0) throw new Error(`generate exited ${result.status} in ${side.project}:\n${result.stderr.slice(-4000)}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

try {
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? ["new", "old"] : ["old", "new"]) {
      const side = sides[name];
      for (const dir of ["generated", "handlers", "node_modules/.cache"]) rmSync(path.join(side.project, dir), { recursive: true, force: true });
      side.rows.cold.push(run(side));
      side.rows.noop.push(run(side));
      const specs = path.join(side.project, "specs");
      const first = path.join(specs, readdirSync(specs).sort()[0]);
      const spec = parseDocument(readFileSync(first, "utf8"));
      spec.set("description", `Round ${round}: ${spec.get("description")}`);
      writeFileSync(first, spec.toString());
      side.rows.one.push(run(side));
      await delay(SETTLE_MS);
      side.rows.settled.push(run(side));
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
const ms = (samples) => samples.map((x) => x.toFixed(0)).join(", ");
console.log(
  `old: ${oldPkg}\nnew: ${newPkg}\n${rounds} interleaved rounds, load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}\n`,
);
for (const row of ["cold", "noop", "one", "settled"]) {
  const [old, now] = [sides.old.rows[row], sides.new.rows[row]];
  console.log(
    `${row.padEnd(8)} old ${median(old).toFixed(0).padStart(5)} ms  new ${median(now).toFixed(0).padStart(5)} ms  new/old ${(median(now) / median(old)).toFixed(3)}`,
  );
  console.log(`         old [${ms(old)}]\n         new [${ms(now)}]`);
}
