/**
 * `mcp-gen generate --watch` as a user runs it: the built CLI in a project, files edited
 * under it, Ctrl-C at the end. Every wait is bounded and says what it was waiting for.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, removeProject, snapshotTree, tempProject, writeFiles } from "../../helpers/project.js";

const PING = (description: string) => `name: ping
description: ${description}
inputSchema:
  type: object
  properties:
    message: { $ref: ./schemas/message.yaml }
`;
const MESSAGE = (property: string) => `type: object
properties:
  ${property}: { type: string }
`;
const PONG = `name: pong
description: Answers a ping.
inputSchema:
  type: object
`;

const WAIT_MS = 20_000;
const WATCHING = "mcp-gen: watching for changes";

interface Watched {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startWatch(cwd: string, env: Record<string, string> = {}, args: readonly string[] = []): Watched {
  const child = spawn(process.execPath, [CLI, "generate", "--watch", ...args], { cwd, env: { ...process.env, NO_COLOR: "1", ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

/**
 * Resolves once `condition` holds. It is checked now and after every output of the watcher:
 * a run writes its files before it prints the line that ends it, so no state a condition
 * reads can change without output after it.
 */
function waitFor(what: string, watched: Watched, condition: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const { stdout, stderr } = watched.child;
    const stop = () => {
      clearTimeout(timer);
      stdout!.off("data", check);
      stderr!.off("data", check);
      watched.child.off("exit", exited);
    };
    const fail = (why: string) => {
      stop();
      reject(new Error(`${why} waiting for ${what}\n--- stdout ---\n${watched.stdout()}\n--- stderr ---\n${watched.stderr()}`));
    };
    // Registered after startWatch's own listeners, so the output read here is up to date.
    function check() {
      if (!condition()) return;
      stop();
      resolve();
    }
    function exited() {
      check();
      fail("the watcher exited");
    }
    const timer = setTimeout(() => fail(`timed out after ${timeoutMs} ms`), timeoutMs);
    stdout!.on("data", check);
    stderr!.on("data", check);
    watched.child.on("exit", exited);
    check();
  });
}

const count = (text: string, needle: string) => text.split(needle).length - 1;
const read = (dir: string, file: string) => (existsSync(path.join(dir, file)) ? readFileSync(path.join(dir, file), "utf8") : "");

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  dirs.forEach(removeProject);
});

describe("generate --watch", () => {
  // Without a cache every run is a full one; with it (as in a project with node_modules),
  // a run after a spec edit is a partial run, a $ref or config edit a full one.
  it.each([
    ["without a build cache", false],
    ["with the build cache", true],
  ])(
    "%s: regenerates on spec, $ref and config changes, survives a broken spec, picks up new specs, and exits 0 on Ctrl-C",
    async (_what, cached) => {
      const dir = tempProject("watch", {
        "package.json": JSON.stringify({ name: "watch-demo", version: "1.0.0", type: "module" }),
        "specs/ping.yaml": PING("Sends a ping."),
        "specs/schemas/message.yaml": MESSAGE("text"),
      });
      dirs.push(dir);
      const cacheDir = path.join(dir, ".cache-dir");
      const watched = startWatch(dir, cached ? { MCP_GEN_CACHE_DIR: cacheDir } : { MCP_GEN_NO_CACHE: "1" });
      children.push(watched.child);
      // A run is over when the watcher says it is watching again.
      let runs = 0;
      const nextRun = async (what: string) => {
        runs++;
        await waitFor(`run ${runs} (${what}) to finish`, watched, () => count(watched.stderr(), WATCHING) >= runs);
      };

      await nextRun("the first run");
      expect(read(dir, "generated/tools/ping.ts")).toContain("Sends a ping.");
      expect(read(dir, "handlers/ping.ts")).toContain("export const ping: PingHandler");
      // The runs record the build cache exactly when it is on.
      expect(existsSync(cacheDir) && readdirSync(cacheDir).some((name) => name.endsWith(".memo.json"))).toBe(cached);

      // A spec edit.
      writeFiles(dir, { "specs/ping.yaml": PING("Sends a ping, edited.") });
      await nextRun("a spec edit");
      expect(read(dir, "generated/tools/ping.ts")).toContain("Sends a ping, edited.");
      expect(read(dir, "generated/docs/catalog.json")).toContain("Sends a ping, edited.");
      expect(watched.stderr()).toContain("specs/ping.yaml changed; regenerating");

      // The same text saved again: nothing to write.
      writeFiles(dir, { "specs/ping.yaml": PING("Sends a ping, edited.") });
      await nextRun("a save without a change");
      // The summary comes on stdout, the "watching" line on stderr: two pipes, so the summary
      // may reach this process second. Wait for it rather than read stdout at once.
      await waitFor("the run's summary", watched, () => count(watched.stdout(), "mcp-gen: 1 tool,") >= 3);
      expect(watched.stdout().trimEnd().split("\n").at(-1)).toMatch(/everything up to date/);

      // An edit of a file the spec `$ref`s (ignored as a spec, watched as a source).
      writeFiles(dir, { "specs/schemas/message.yaml": MESSAGE("body") });
      await nextRun("a $ref'd file edit");
      expect(read(dir, "generated/schemas.ts")).toMatch(/\bbody\?: string/);

      // A broken spec: its diagnostic, nothing written, still watching.
      const before = snapshotTree(dir);
      writeFiles(dir, { "specs/ping.yaml": "name: ping\ndescription: [unclosed\ninputSchema: { type: object }\n" });
      await nextRun("a broken spec");
      expect(watched.stderr()).toMatch(/specs\/ping\.yaml:\d+:\d+ error MG001/);
      expect(watched.stderr()).toContain("nothing was written");
      expect(snapshotTree(dir)).toEqual(new Map([...before, ["specs/ping.yaml", readFileSync(path.join(dir, "specs/ping.yaml"), "utf8")]]));

      // Fixed again: recovery.
      writeFiles(dir, { "specs/ping.yaml": PING("Sends a ping, fixed.") });
      await nextRun("the fix");
      expect(read(dir, "generated/tools/ping.ts")).toContain("Sends a ping, fixed.");

      // A new spec in a folder that did not exist: new generated files and a new stub.
      mkdirSync(path.join(dir, "specs/more"));
      writeFiles(dir, { "specs/more/pong.yaml": PONG });
      await waitFor("a run that writes generated/tools/pong.ts and handlers/pong.ts", watched, () => {
        return (
          count(watched.stderr(), WATCHING) > runs && existsSync(path.join(dir, "generated/tools/pong.ts")) && existsSync(path.join(dir, "handlers/pong.ts"))
        );
      });
      runs = count(watched.stderr(), WATCHING);
      expect(read(dir, "handlers/index.ts")).toContain("pong: pong");

      // A config file appearing changes the server name.
      writeFiles(dir, { "mcp-gen.config.yaml": "server: { name: watched-server, version: 9.9.9 }\n" });
      await waitFor("the config's server name in generated/server.ts", watched, () => read(dir, "generated/server.ts").includes('"watched-server"'));
      await waitFor("the watcher to watch again", watched, () => count(watched.stderr(), WATCHING) > runs);

      // Ctrl-C.
      watched.child.kill("SIGINT");
      const exit = await Promise.race([
        watched.exit,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no exit within ${WAIT_MS} ms of SIGINT\n${watched.stderr()}`)), WAIT_MS)),
      ]);
      expect(exit).toEqual({ code: 0, signal: null });
    },
    120_000,
  );
});

describe("generate --watch: what else it listens for", () => {
  /** Starts a watch and counts its runs; `run(what)` waits for the next one to finish. */
  async function watchProject(dir: string, env: Record<string, string> = {}, args: readonly string[] = []) {
    const watched = startWatch(dir, { MCP_GEN_CACHE_DIR: path.join(dir, ".cache-dir"), ...env }, args);
    children.push(watched.child);
    const runsSoFar = () => count(watched.stderr(), WATCHING);
    await waitFor("the first run", watched, () => runsSoFar() >= 1);
    // Every run after the first says why it starts, and every run says when it is over.
    const idle = () => runsSoFar() === count(watched.stderr(), "changed; regenerating") + 1;
    const until = async (what: string, condition: () => boolean) => {
      await waitFor(what, watched, condition);
      await waitFor(`the run for ${what} to finish`, watched, idle);
    };
    return { watched, until, runsSoFar };
  }

  async function stop(watched: Watched): Promise<void> {
    watched.child.kill("SIGINT");
    expect(await watched.exit).toEqual({ code: 0, signal: null });
  }

  it("a missing $ref target outside the specs folder, created later, and package.json edits start a run", async () => {
    const dir = tempProject("watch-missing", {
      "package.json": JSON.stringify({ name: "watch-missing", version: "1.0.0", type: "module" }),
      "specs/ping.yaml": "name: ping\ndescription: Sends a ping.\ninputSchema:\n  type: object\n  properties:\n    m: { $ref: ../shared/types/message.yaml }\n",
    });
    dirs.push(dir);
    const { watched, until } = await watchProject(dir);
    expect(watched.stderr()).toMatch(/error MG033 .*shared\/types\/message\.yaml/);
    // Neither shared/ nor shared/types/ exists yet.
    mkdirSync(path.join(dir, "shared/types"), { recursive: true });
    writeFiles(dir, { "shared/types/message.yaml": MESSAGE("text") });
    await until("generated/schemas.ts with the $ref'd property", () => /\btext\?: string/.test(read(dir, "generated/schemas.ts")));

    writeFiles(dir, { "package.json": JSON.stringify({ name: "watch-missing", version: "2.0.0", type: "module" }) });
    await until("the new version in generated/server.ts", () => read(dir, "generated/server.ts").includes('"2.0.0"'));
    expect(watched.stderr()).toContain("package.json changed; regenerating");
    await stop(watched);
  }, 60_000);

  it("a project added to a workspace is generated", async () => {
    const dir = tempProject("watch-workspace", {
      "package.json": JSON.stringify({ name: "root", version: "1.0.0", private: true }),
      "mcp-gen.config.yaml": "projects: [packages/*]\n",
      "packages/a/package.json": JSON.stringify({ name: "pkg-a", version: "1.0.0", type: "module" }),
      "packages/a/specs/ping.yaml": PING("Sends a ping.").replace(/\n {2}properties:[\s\S]*$/, "\n"),
    });
    dirs.push(dir);
    const { watched, until } = await watchProject(dir);
    expect(existsSync(path.join(dir, "packages/a/generated/tools/ping.ts"))).toBe(true);
    mkdirSync(path.join(dir, "packages/b/specs"), { recursive: true });
    writeFiles(dir, { "packages/b/package.json": JSON.stringify({ name: "pkg-b", version: "1.0.0", type: "module" }), "packages/b/specs/pong.yaml": PONG });
    await until("packages/b/generated/tools/pong.ts", () => existsSync(path.join(dir, "packages/b/generated/tools/pong.ts")));
    // A config file appearing in a project that used the defaults.
    writeFiles(dir, { "packages/a/mcp-gen.config.yaml": "namespace: a\n" });
    await until("packages/a/generated/tools/a_ping.ts", () => existsSync(path.join(dir, "packages/a/generated/tools/a_ping.ts")));
    await stop(watched);
  }, 60_000);

  it("with specs at the project root, other .json and .yaml files there start no run", async () => {
    const dir = tempProject("watch-root-specs", {
      "package.json": JSON.stringify({ name: "watch-root", version: "1.0.0", type: "module" }),
      "mcp-gen.config.yaml": "specs: ['*.tool.yaml']\n",
      "ping.tool.yaml": PING("Sends a ping.").replace(/\n {2}properties:[\s\S]*$/, "\n"),
    });
    dirs.push(dir);
    const { watched, until } = await watchProject(dir);
    // Saved together with a spec: had any of them counted as a change, the one run would name
    // it ("... and 3 more changed") or a second run would follow.
    writeFiles(dir, { "tsconfig.json": "{}\n", "notes.yaml": "a: 1\n", "docs/more.tool.yaml": PONG });
    writeFiles(dir, { "pong.tool.yaml": PONG });
    await until("generated/tools/pong.ts", () => existsSync(path.join(dir, "generated/tools/pong.ts")));
    expect(count(watched.stderr(), "regenerating")).toBe(1);
    expect(watched.stderr()).toContain("mcp-gen: pong.tool.yaml changed; regenerating");
    await stop(watched);
  }, 60_000);

  it("a spec saved into a folder created a moment before is not missed while the project is large", async () => {
    const specs: Record<string, string> = { "package.json": JSON.stringify({ name: "watch-large", version: "1.0.0", type: "module" }) };
    for (let i = 0; i < 300; i++) specs[`specs/tool_${i}.yaml`] = PONG.replace("pong", `tool_${i}`);
    const dir = tempProject("watch-late", specs);
    dirs.push(dir);
    const { watched, until } = await watchProject(dir, { MCP_GEN_NO_CACHE: "1" }, ["--verbose"]);
    mkdirSync(path.join(dir, "specs/late"));
    // An empty folder starts no run; the watcher says when it watches the folder (--verbose),
    // and the spec saved there from then on must start one.
    await waitFor("specs/late to be watched", watched, () => watched.stderr().includes("mcp-gen: watching specs/late too\n"));
    expect(count(watched.stderr(), "regenerating")).toBe(0);
    writeFiles(dir, { "specs/late/pong.yaml": PONG });
    await until("generated/tools/pong.ts", () => existsSync(path.join(dir, "generated/tools/pong.ts")));
    await stop(watched);
  }, 120_000);
});
