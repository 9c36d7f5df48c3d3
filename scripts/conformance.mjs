#!/usr/bin/env node
/**
 * Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the
 * generated conformance fixture server and checks the outcome against
 * conformance/expected-failures.json.
 *
 * Prerequisites (this script builds nothing), from the repository root:
 *
 *   npm run build                                                     # dist/, i.e. mcp-gen/runtime
 *   node dist/cli.js generate --config conformance/mcp-gen.config.yaml  # conformance/generated/ (if not up to date)
 *   npx tsc -p conformance/tsconfig.json                               # conformance/build/server.js
 *
 * Usage: node scripts/conformance.mjs [scenario ...]
 *   With no scenario names it runs every server scenario `conformance list --server` reports
 *   (active and pending ones alike), each in its own `conformance server --scenario` process.
 *
 * A scenario passes when every check it reports is SUCCESS or INFO (WARNING counts as a
 * failure, as in the suite's own --expected-failures baseline). Exit code 1 when a scenario
 * fails that is not listed in conformance/expected-failures.json, when a listed one passes
 * (the list must stay honest), or when the list names a scenario the suite does not have;
 * 2 when the run itself cannot happen (server missing or not starting, suite not reachable).
 * The suite needs Node 22: npx fetches node@22 from the npm registry next to the suite.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SUITE_VERSION = "0.1.16";
const SUITE = ["-y", "-p", "node@22", "-p", `@modelcontextprotocol/conformance@${SUITE_VERSION}`, "--", "conformance"];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// CONFORMANCE_SERVER_ENTRY runs the suite against another server script (same stdout contract).
const SERVER_ENTRY = process.env.CONFORMANCE_SERVER_ENTRY ? resolve(process.env.CONFORMANCE_SERVER_ENTRY) : join(ROOT, "conformance", "build", "server.js");
const EXPECTED_FAILURES = join(ROOT, "conformance", "expected-failures.json");
const WORK_DIR = join(ROOT, ".tmp", "conformance");

// The first `list` may download node@22 and the suite; later calls hit the npx cache.
const LIST_TIMEOUT_MS = 300_000;
const SERVER_START_TIMEOUT_MS = 20_000;
// Above the SDK client's 60 s request timeout, so a hanging call is reported by the suite itself.
const SCENARIO_TIMEOUT_MS = 90_000;
const SERVER_STOP_TIMEOUT_MS = 5_000;

class RunError extends Error {}

/** Runs a command in its own process group; resolves with its output even on failure or timeout. */
function run(command, args, timeoutMs) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, npm_config_update_notifier: "false", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child, "SIGKILL");
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolvePromise({ code: null, stdout, stderr: stderr + String(error), timedOut });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr, timedOut });
    });
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function listScenarios() {
  const result = await run("npx", [...SUITE, "list", "--server"], LIST_TIMEOUT_MS);
  const names = [...result.stdout.matchAll(/^\s+-\s+(\S+)/gm)].map((match) => match[1]);
  if (names.length === 0) {
    const why = result.timedOut ? `timed out after ${LIST_TIMEOUT_MS / 1000} s` : `exit code ${result.code}`;
    throw new RunError(`could not list the suite's scenarios (${why}):\n${tail(result.stderr || result.stdout)}`);
  }
  return names;
}

/** Starts the fixture server on an ephemeral port and waits for the URL it prints. */
function startServer(logFile) {
  writeFileSync(logFile, "");
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let firstLine = "";
    let started = false;
    let log = "";
    const fail = (message) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new RunError(`${message}\n${tail(log)}`));
    };
    const onEarlyExit = (code, signal) => fail(`the server exited early (${signal ?? `exit code ${code}`})`);
    const timer = setTimeout(() => fail(`the server printed no URL within ${SERVER_START_TIMEOUT_MS / 1000} s`), SERVER_START_TIMEOUT_MS);
    child.stderr.on("data", (chunk) => {
      log += chunk;
      writeFileSync(logFile, log);
    });
    child.stdout.on("data", (chunk) => {
      // Later stdout is drained and dropped, so the server never blocks on a full pipe.
      if (started) return;
      firstLine += chunk;
      const newline = firstLine.indexOf("\n");
      if (newline === -1) return;
      started = true;
      let url;
      try {
        url = new URL(firstLine.slice(0, newline).trim());
      } catch {
        fail(`the server's first line is not a URL: ${JSON.stringify(firstLine.slice(0, newline))}`);
        return;
      }
      clearTimeout(timer);
      child.off("exit", onEarlyExit);
      resolvePromise({ child, url: url.href });
    });
    child.on("error", (error) => fail(`could not start the server: ${error.message}`));
    child.on("exit", onEarlyExit);
  });
}

function stopServer(server) {
  return new Promise((resolvePromise) => {
    const { child } = server;
    if (child.exitCode !== null || child.signalCode !== null) {
      resolvePromise();
      return;
    }
    const timer = setTimeout(() => child.kill("SIGKILL"), SERVER_STOP_TIMEOUT_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill("SIGTERM");
  });
}

/** One scenario in its own suite process; the verdict comes from the checks.json it writes. */
async function runScenario(url, scenario) {
  const outDir = join(WORK_DIR, "results", scenario);
  mkdirSync(outDir, { recursive: true });
  const result = await run("npx", [...SUITE, "server", "--url", url, "--scenario", scenario, "-o", outDir], SCENARIO_TIMEOUT_MS);
  writeFileSync(join(outDir, "output.txt"), `${result.stdout}\n--- stderr ---\n${result.stderr}`);
  const resultDir = readdirSync(outDir, { withFileTypes: true }).find((entry) => entry.isDirectory());
  const checksFile = resultDir && join(outDir, resultDir.name, "checks.json");
  if (!checksFile || !existsSync(checksFile)) {
    const why = result.timedOut ? `timed out after ${SCENARIO_TIMEOUT_MS / 1000} s` : `no checks.json (exit code ${result.code})`;
    return { scenario, passed: false, counts: "-", problems: [why] };
  }
  const checks = JSON.parse(readFileSync(checksFile, "utf8"));
  const failing = checks.filter((check) => check.status === "FAILURE" || check.status === "WARNING");
  const scored = checks.filter((check) => check.status === "SUCCESS" || check.status === "FAILURE" || check.status === "WARNING");
  const problems = failing.map((check) => `${check.status === "WARNING" ? "warning: " : ""}${check.name}: ${check.errorMessage ?? check.description}`);
  if (checks.length === 0) problems.push("the scenario reported no checks");
  return { scenario, passed: problems.length === 0, counts: `${scored.length - failing.length}/${scored.length}`, problems };
}

function loadExpectedFailures() {
  const parsed = JSON.parse(readFileSync(EXPECTED_FAILURES, "utf8"));
  const expected = new Map();
  for (const [scenario, reason] of Object.entries(parsed)) {
    if (scenario.startsWith("$")) continue; // "$comment" and the like
    if (typeof reason !== "string" || reason.trim() === "") throw new RunError(`${EXPECTED_FAILURES}: the reason for ${scenario} must be a non-empty string`);
    expected.set(scenario, reason);
  }
  return expected;
}

function verdictOf(result, expected) {
  if (result.passed) return expected.has(result.scenario) ? "UNEXPECTED PASS" : "pass";
  return expected.has(result.scenario) ? "expected failure" : "FAIL";
}

function printTable(results, expected) {
  const rows = results.map((result) => [result.scenario, verdictOf(result, expected), result.counts]);
  const widths = [0, 1, 2].map((column) => Math.max(...[["scenario", "result", "checks"], ...rows].map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join("  ")
      .trimEnd();
  console.log(line(["scenario", "result", "checks"]));
  console.log(line(widths.map((width) => "-".repeat(width))));
  results.forEach((result, index) => {
    console.log(line(rows[index]));
    const verdict = rows[index][1];
    if (verdict === "pass") return;
    if (verdict === "UNEXPECTED PASS") {
      console.log(`    listed in expected-failures.json ("${expected.get(result.scenario)}") but passed: remove it from the list`);
      return;
    }
    for (const problem of result.problems.slice(0, 4)) console.log(`    ${problem}`);
    if (result.problems.length > 4) console.log(`    ... and ${result.problems.length - 4} more`);
    if (verdict === "expected failure") console.log(`    expected: ${expected.get(result.scenario)}`);
  });
}

function tail(text, lines = 20) {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

async function main() {
  const requested = process.argv.slice(2);
  if (!existsSync(SERVER_ENTRY)) {
    throw new RunError(
      `${SERVER_ENTRY} does not exist. Build it first:\n` +
        "  npm run build && node dist/cli.js generate --config conformance/mcp-gen.config.yaml && npx tsc -p conformance/tsconfig.json",
    );
  }
  const expected = loadExpectedFailures();
  rmSync(join(WORK_DIR, "results"), { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });

  const available = await listScenarios();
  const unknownRequested = requested.filter((name) => !available.includes(name));
  if (unknownRequested.length > 0) {
    throw new RunError(`unknown scenario(s): ${unknownRequested.join(", ")}; the suite has: ${available.join(", ")}`);
  }
  const unknown = [...expected.keys()].filter((name) => !available.includes(name));
  const scenarios = requested.length > 0 ? requested : available;

  const serverLog = join(WORK_DIR, "server.log");
  const server = await startServer(serverLog);
  const stopOnSignal = () => stopServer(server).then(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  console.log(`conformance ${SUITE_VERSION} against ${server.url} (server log: ${serverLog})\n`);

  const results = [];
  try {
    for (const scenario of scenarios) results.push(await runScenario(server.url, scenario));
  } finally {
    await stopServer(server);
  }

  printTable(results, expected);
  const verdicts = results.map((result) => verdictOf(result, expected));
  const passed = verdicts.filter((verdict) => verdict === "pass").length;
  const expectedFailures = verdicts.filter((verdict) => verdict === "expected failure").length;
  const failed = verdicts.length - passed - expectedFailures;
  if (unknown.length > 0) {
    console.log(`\nexpected-failures.json names scenario(s) this suite version does not have: ${unknown.join(", ")}`);
  }
  console.log(`\nper-scenario output: ${join(WORK_DIR, "results")}`);
  console.log(`conformance: ${passed} passed, ${failed} failed, ${expectedFailures} expected failures`);
  return failed > 0 || unknown.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`conformance: ${error instanceof RunError ? error.message : (error?.stack ?? error)}`);
    process.exit(2);
  },
);
