/**
 * The runtimes a generated server is deployed on, each from its npm package: esbuild
 * bundles a Worker script, miniflare runs it in workerd, and the `deno` and `bun` packages
 * ship their runtimes' binaries. Every server is started as a user would start it and
 * found by the address it reports, never after a fixed wait.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { Log, LogLevel, Miniflare } from "miniflare";
import { REPO_ROOT } from "./project.js";

const BIN = path.join(REPO_ROOT, "node_modules", ".bin");
export const DENO = path.join(BIN, "deno");
export const BUN = path.join(BIN, "bun");

/**
 * A date workerd supports, so the Worker runs with today's defaults; no compatibility
 * flags at all, so `node:` modules are not there (no `nodejs_compat`).
 */
export const COMPATIBILITY_DATE = "2026-04-01";

export interface RunningRuntime {
  /** The server's base URL (the MCP endpoint is `new URL("/mcp", url)`). */
  url: URL;
  /** Everything the runtime printed so far: its log. */
  output(): string;
  stop(): Promise<void>;
}

export interface WorkerBundle {
  bytes: number;
  /** Modules the bundle still imports (left external); a Worker without `nodejs_compat` has none of them. */
  imports: Array<{ path: string; kind: string }>;
}

/**
 * Bundles `entry` into ONE ES module Worker script at `outfile`, resolving packages as
 * Workers tooling does (the `workerd`, `worker` and `browser` export conditions). `node:`
 * specifiers stay external so that a server which still needs one shows it, in `imports`
 * and by failing to load in workerd, rather than failing the bundler here.
 */
export async function bundleWorker(entry: string, outfile: string): Promise<WorkerBundle> {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["node:*"],
    metafile: true,
    logLevel: "silent",
  });
  const output = Object.values(result.metafile.outputs)[0];
  return { bytes: output.bytes, imports: output.imports.map(({ path, kind }) => ({ path, kind })) };
}

/** The Worker script at `scriptPath` in workerd, through miniflare, on a free loopback port. */
export async function serveInWorkerd(scriptPath: string): Promise<RunningRuntime> {
  let output = "";
  const log = new (class extends Log {
    constructor() {
      super(LogLevel.INFO);
    }
    protected override log(message: string): void {
      output += `${message}\n`;
    }
  })();
  const miniflare = new Miniflare({
    // The script as one module, handed to workerd as it is: workerd itself resolves its
    // imports (miniflare would otherwise check them first, for a friendlier message).
    modulesRoot: path.dirname(path.resolve(scriptPath)),
    modules: [{ type: "ESModule", path: path.resolve(scriptPath), contents: readFileSync(scriptPath) }],
    compatibilityDate: COMPATIBILITY_DATE,
    host: "127.0.0.1",
    port: 0,
    // Not the `request.cf` object from Cloudflare's servers: tests stay off the network.
    cf: false,
    log,
    handleRuntimeStdio: pipeTo((text) => (output += text)),
  });
  try {
    const url = await miniflare.ready;
    return { url, output: () => output, stop: () => miniflare.dispose() };
  } catch (error) {
    await miniflare.dispose().catch(() => undefined);
    throw new Error(`workerd did not start: ${(error as Error).message}\n${output}`);
  }
}

function pipeTo(append: (text: string) => void) {
  return (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
    stdout.on("data", (chunk: Buffer) => append(chunk.toString("utf8")));
    stderr.on("data", (chunk: Buffer) => append(chunk.toString("utf8")));
  };
}

export interface ProcessOptions {
  cwd: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /**
   * Run it as a process group and stop the whole group: for `npm run ...`, whose server is
   * a grandchild that a signal to npm alone may leave running.
   */
  group?: boolean;
}

/**
 * Runs `command args` with PORT=0 and resolves with the first `http://` URL it prints
 * (its "listening" line). Rejects if the process exits first.
 */
export async function serveProcess(
  command: string,
  args: string[],
  { cwd, env = {}, timeoutMs = 30_000, group = false }: ProcessOptions,
): Promise<RunningRuntime> {
  const child = spawn(command, args, { cwd, env: { ...process.env, PORT: "0", NO_COLOR: "1", ...env }, stdio: ["ignore", "pipe", "pipe"], detached: group });
  const signal = (name: NodeJS.Signals) => (group && child.pid !== undefined ? process.kill(-child.pid, name) : child.kill(name));
  let output = "";
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal("SIGKILL");
      reject(new Error(`${path.basename(command)} printed no URL within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /http:\/\/[^\s]+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(new URL(match[0]));
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signalName) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(command)} exited (${code ?? signalName}) before listening:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        signal("SIGTERM");
      }),
  };
}
