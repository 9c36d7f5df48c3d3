/**
 * `mcp-gen init --template workers` as a user meets it: the project's own scripts build
 * dist/worker.js (esbuild), run the spec examples (`npm test`), and serve the bundle in
 * workerd (`npm run dev`, miniflare), where the SDK client calls the example tool in both
 * protocol eras. The project lives under .tmp/ with this checkout linked as its mcp-gen,
 * so its packages (esbuild, miniflare, typescript) resolve from this repository's.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, listAllTools } from "../../helpers/mcp.js";
import { REPO_ROOT, removeProject, runCli, tempProject } from "../../helpers/project.js";
import { bundleWorker, serveProcess, type RunningRuntime } from "../../helpers/runtimes.js";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
/** The environment of a fresh shell: no npm_* variables from an enclosing `npm test`. */
const cleanEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => !/^npm_/i.test(entry[0]) && entry[1] !== undefined));

function npm(args: string[], cwd: string): { status: number | null; output: string } {
  const r = spawnSync(NPM, args, { cwd, env: cleanEnv(), encoding: "utf8", timeout: 180_000 });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

let project: string;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

beforeAll(() => {
  project = tempProject("workers-template");
  cleanups.push(() => removeProject(project));
  // `npm install` would put mcp-gen's bin here.
  mkdirSync(path.join(project, "node_modules/.bin"));
  symlinkSync(path.join(REPO_ROOT, "dist/cli.js"), path.join(project, "node_modules/.bin/mcp-gen"));
  const init = runCli(["init", ".", "--template", "workers", "--name", "weather-worker"], project);
  expect(init.stderr).toBe("");
  expect(init.status).toBe(0);
});

describe("mcp-gen init --template workers", () => {
  it("writes a Worker project: worker.ts, dev.mjs, wrangler.toml, no Node entry", () => {
    expect(existsSync(path.join(project, "worker.ts"))).toBe(true);
    expect(existsSync(path.join(project, "server.ts"))).toBe(false);
    expect(readFileSync(path.join(project, "wrangler.toml"), "utf8")).toContain('name = "weather-worker"\nmain = "dist/worker.js"');
    const pkg = JSON.parse(readFileSync(path.join(project, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
      allowScripts: Record<string, boolean>;
    };
    expect(Object.keys(pkg.scripts)).toEqual(["generate", "build", "dev", "test"]);
    expect(Object.keys(pkg.devDependencies)).toEqual(["@types/node", "esbuild", "miniflare", "typescript"]);
    expect(pkg.allowScripts).toEqual({ esbuild: true, workerd: true });
  });

  it("an unknown template is a usage error and writes nothing", () => {
    const dir = tempProject("unknown-template");
    cleanups.push(() => removeProject(dir));
    expect(runCli(["init", "x", "--template", "lambda"], dir)).toEqual({
      status: 2,
      stdout: "",
      stderr: "mcp-gen: unknown template 'lambda'; choose node or workers\n",
    });
    expect(existsSync(path.join(dir, "x"))).toBe(false);
  });

  it("npm test builds dist/worker.js (one script, no imports) and passes the spec examples", async () => {
    const test = npm(["test"], project);
    expect(test.status, test.output).toBe(0);
    expect(test.output).toMatch(/# pass 4\n/);
    const worker = readFileSync(path.join(project, "dist/worker.js"), "utf8");
    expect(worker).not.toMatch(/^import /m);
    // The same entry bundled again, to read what it imports: nothing.
    expect((await bundleWorker(path.join(project, "worker.ts"), path.join(project, ".tmp-check/worker.js"))).imports).toEqual([]);
  }, 180_000);

  it("npm run dev serves the Worker in workerd, and the example tool answers in both eras", async () => {
    let dev: RunningRuntime | undefined;
    try {
      dev = await serveProcess(NPM, ["run", "dev"], { cwd: project, env: cleanEnv(), timeoutMs: 120_000, group: true });
      // The Worker's state lasts as long as its isolate, which workerd may keep or not between the two eras.
      for (const era of ["legacy", "modern"] as const) {
        const c = await connect({ kind: "http", url: dev.url }, era);
        try {
          expect((await listAllTools(c.client)).map((t) => t.name)).toEqual(["hello"]);
          const result = await c.client.callTool({ name: "hello", arguments: { name: "Ada", language: "fr" } });
          expect(result.structuredContent).toEqual({ greeting: "Bonjour, Ada !", name: "Ada", count: expect.any(Number) });
          const invalid = await c.client.callTool({ name: "hello", arguments: {} });
          expect(invalid.isError).toBe(true);
        } finally {
          await c.close();
        }
      }
    } finally {
      await dev?.stop();
    }
  }, 180_000);
});
