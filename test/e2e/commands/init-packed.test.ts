/**
 * `mcp-gen init` as a new user meets it: this package packed with `npm pack`, a project
 * scaffolded by the packed CLI, `npm install` of the tarball, then `npm start` serving a
 * real MCP client over stdio and `npm test` running the spec examples. Slow (an npm
 * install); it shares the user's npm cache and prefers it to the network.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, tempDir } from "../../helpers/project.js";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

/** The environment of a fresh shell: no npm_* variables from an enclosing `npm test`. */
const cleanEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => !/^npm_/i.test(entry[0]) && entry[1] !== undefined));

function npm(args: string[], cwd: string): { status: number | null; output: string } {
  const r = spawnSync(NPM, args, { cwd, env: cleanEnv(), encoding: "utf8", timeout: 300_000 });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

// Outside the repository on purpose: nothing may resolve from this repository's node_modules,
// only from what the project itself installed.
let base: string;
let project: string;
let tarball: string;
const timings: Record<string, number> = {};
const timed = <T>(label: string, run: () => T): T => {
  const started = performance.now();
  try {
    return run();
  } finally {
    timings[label] = Math.round(performance.now() - started);
  }
};

beforeAll(() => {
  base = tempDir("init", { outside: true });
  // dist/ is built by the global setup; packing again would only rebuild it.
  timed("npm pack", () => execFileSync(NPM, ["pack", "--ignore-scripts", "--silent", "--pack-destination", base], { cwd: REPO_ROOT, env: cleanEnv() }));
  tarball = path.join(base, readdirSync(base).find((f) => f.endsWith(".tgz"))!);
  const init = timed("init", () => spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "cli.js"), "init", "my-server"], { cwd: base, encoding: "utf8" }));
  expect(init.stderr).toBe("");
  expect(init.status).toBe(0);
  expect(init.stdout).toContain("Next steps:\n  cd my-server\n  npm install\n");
  project = path.join(base, "my-server");
  const install = timed("npm install", () => npm(["install", tarball, "--no-audit", "--no-fund", "--prefer-offline"], project));
  expect(install.status, install.output).toBe(0);
}, 600_000);

afterAll(() => {
  console.info(`init end to end: ${JSON.stringify(timings)} ms`);
  if (base) rmSync(base, { recursive: true, force: true });
});

describe("mcp-gen init, then npm install && npm start / npm test", () => {
  it("names the package after the folder and installs this package from its tarball", () => {
    const pkg = JSON.parse(readFileSync(path.join(project, "package.json"), "utf8"));
    expect(pkg.name).toBe("my-server");
    const own = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
    expect(pkg.dependencies).toEqual({
      ajv: own.dependencies.ajv,
      "ajv-formats": own.dependencies["ajv-formats"],
      "mcp-gen": `file:${path.relative(project, tarball).split(path.sep).join("/")}`,
    });
    expect(Object.keys(pkg.scripts)).toEqual(["generate", "build", "start", "test"]);
  });

  it("npm start serves the example tool to an MCP client over stdio", async () => {
    const started = performance.now();
    const transport = new StdioClientTransport({ command: NPM, args: ["start"], cwd: project, env: cleanEnv(), stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const client = new Client({ name: "init-test", version: "1.0.0" });
    // npm's own "> my-server@0.1.0 start" banner reaches stdout; the client skips lines that are not JSON-RPC.
    client.onerror = () => undefined;
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(["hello"]);
      const result = await client.callTool({ name: "hello", arguments: { name: "Ada", language: "fr" } });
      expect(result.isError, stderr).toBeFalsy();
      expect(result.structuredContent).toEqual({ greeting: "Bonjour, Ada !", name: "Ada", count: 1 });
      const rejected = await client.callTool({ name: "hello", arguments: {} });
      expect(rejected.isError).toBe(true);
    } finally {
      await client.close();
      timings["npm start + calls"] = Math.round(performance.now() - started);
    }
  }, 180_000);

  it("npm test runs the spec examples with node's test runner, and they pass", () => {
    const test = timed("npm test", () => npm(["test"], project));
    expect(test.status, test.output).toBe(0);
    for (const name of ["hello: Greet Ada", "hello: In French", "hello: Greeted twice", "hello: name is required"])
      expect(test.output).toMatch(new RegExp(`\\nok \\d+ - ${name}\\n`));
    expect(test.output).toMatch(/# pass 4\n/);
    expect(test.output).toMatch(/# fail 0\n/);
  }, 180_000);

  it("npm test fails, naming the spec line, when an example is wrong", () => {
    const spec = path.join(project, "specs", "hello.yaml");
    const original = readFileSync(spec, "utf8");
    try {
      // Still valid against the outputSchema, so generate accepts it; only the exact match fails.
      writeFileSync(
        spec,
        original.replace('output: { greeting: "Hello, Ada!", name: Ada, count: 1 }', 'output: { greeting: "Hi, Ada!", name: Ada, count: 1 }'),
      );
      const test = npm(["test"], project);
      expect(test.status).not.toBe(0);
      expect(test.output).toMatch(/# fail 1\n/);
      expect(test.output).toContain(
        `specs/hello.yaml:43:5: hello: Greet Ada: the result differs from the example's output: /greeting: expected "Hi, Ada!", got "Hello, Ada!"`,
      );
    } finally {
      writeFileSync(spec, original);
    }
  }, 180_000);
});

describe("mcp-gen init from a checkout of this repository, then a plain npm install (the README's steps)", () => {
  let checkoutBase: string;
  afterAll(() => {
    if (checkoutBase) rmSync(checkoutBase, { recursive: true, force: true });
  });

  it("depends on the checkout by its path, installs, and npm test passes", () => {
    checkoutBase = tempDir("init-checkout", { outside: true });
    const init = spawnSync(process.execPath, [path.join(REPO_ROOT, "dist", "cli.js"), "init", "from-checkout"], { cwd: checkoutBase, encoding: "utf8" });
    expect(init.status, init.stderr).toBe(0);
    const dir = path.join(checkoutBase, "from-checkout");
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    expect(pkg.dependencies["mcp-gen"]).toBe(`file:${path.relative(dir, REPO_ROOT).split(path.sep).join("/")}`);
    const install = timed("npm install (checkout)", () => npm(["install", "--no-audit", "--no-fund", "--prefer-offline"], dir));
    expect(install.status, install.output).toBe(0);
    // The generated validators import ajv's helpers from the project: it declares them itself.
    const test = timed("npm test (checkout)", () => npm(["test"], dir));
    expect(test.status, test.output).toBe(0);
    expect(test.output).toMatch(/# pass 4\n/);
  }, 600_000);
});
