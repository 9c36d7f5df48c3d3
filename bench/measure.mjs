/** Timing processes (wall time from spawn to exit, peak RSS) and summarising repetitions. */
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PEAK_RSS = fileURLToPath(new URL("./peak-rss.cjs", import.meta.url));

/**
 * Runs `command args` in `cwd` to completion. Returns wall ms, the peak RSS (MB) of the
 * largest Node process of the run, exit status and output. `ok(status, output)` decides
 * whether the run counts; a run that does not is an error (the bench never times failures).
 * `env` adds to the environment.
 */
export async function timed(command, args, { cwd, log, ok = (status) => status === 0, env: extraEnv = {} } = {}) {
  const rssFile = path.join(path.dirname(log), `rss-${process.pid}.txt`);
  rmSync(rssFile, { force: true });
  const env = {
    ...process.env,
    ...extraEnv,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${JSON.stringify(PEAK_RSS)}`.trim(),
    BENCH_RSS_FILE: rssFile,
    NO_COLOR: "1",
  };
  const started = performance.now();
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const status = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve(code));
  });
  const ms = performance.now() - started;
  mkdirSync(path.dirname(log), { recursive: true });
  appendFileSync(log, `\n$ (cd ${cwd} && ${command} ${args.join(" ")})  # ${Math.round(ms)} ms, status ${status}\n${output.slice(-3000)}`);
  if (!ok(status, output)) throw new Error(`${command} ${args.join(" ")} (in ${cwd}) exited ${status}:\n${output.slice(-2000)}`);
  const rssKb = existsSync(rssFile)
    ? Math.max(
        ...readFileSync(rssFile, "utf8")
          .trim()
          .split("\n")
          .map((line) => Number(line.split(" ")[1])),
      )
    : NaN;
  return { ms, rssMb: rssKb / 1024, status, output };
}

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1), n: sorted.length };
}
