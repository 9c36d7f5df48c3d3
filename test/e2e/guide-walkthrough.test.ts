/**
 * The guide's `mcp-gen init` walk-through, run as written: the commands are read from the first
 * shell block of docs/guide/getting-started.md and run in order in a folder outside this
 * repository (`npx mcp-gen` is this checkout's CLI, as the block's comment says;
 * `npm install` prefers the npm cache). A command added to that block that this test does not
 * know how to run fails it, so the block and the test move together.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, describe, expect, test } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const CLI = path.join(REPO_ROOT, "dist", "cli.js");

/** The environment of a fresh shell: no npm_* variables from an enclosing `npm test`. */
const cleanEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => !/^npm_/i.test(entry[0]) && entry[1] !== undefined));

/** The commands of the page's first ```sh block, comments dropped. */
function walkthrough(): string[] {
  const page = readFileSync(path.join(REPO_ROOT, "docs", "guide", "getting-started.md"), "utf8");
  const block = /```sh\n([\s\S]*?)```/.exec(page)?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "");
}

function run(command: string, args: string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, env: cleanEnv(), encoding: "utf8", timeout: 300_000 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** `npm start` serves over stdio until stopped: an MCP client lists and calls the example tool. */
async function serveOnce(cwd: string): Promise<void> {
  const transport = new StdioClientTransport({ command: NPM, args: ["start"], cwd, env: cleanEnv(), stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "guide-walkthrough", version: "1.0.0" });
  // npm's "> my-server@0.1.0 start" banner reaches stdout; the client skips lines that are not JSON-RPC.
  client.onerror = () => undefined;
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(
      tools.map((tool) => tool.name),
      stderr,
    ).toEqual(["hello"]);
    const result = await client.callTool({ name: "hello", arguments: { name: "Ada" } });
    expect(result.isError, stderr).toBeFalsy();
  } finally {
    await client.close();
  }
}

describe("docs/guide/getting-started.md: the mcp-gen init walk-through", () => {
  let base: string | undefined;
  afterAll(() => {
    if (base) rmSync(base, { recursive: true, force: true });
  });

  test("the block holds the walk-through this test runs", () => {
    expect(walkthrough()).toEqual(["npx mcp-gen init my-server", "cd my-server", "npm install", "npm start", "npm test"]);
  });

  test("every command runs as the guide says", async () => {
    // Outside the repository: the project resolves only what it installed itself.
    base = mkdtempSync(path.join(os.tmpdir(), "mcp-gen-guide-"));
    let cwd = base;
    for (const command of walkthrough()) {
      const [program, ...args] = command.split(/\s+/);
      if (program === "npx" && args[0] === "mcp-gen") {
        const result = run(process.execPath, [CLI, ...args.slice(1)], cwd);
        expect(result.status, `${command}\n${result.output}`).toBe(0);
      } else if (program === "cd") {
        cwd = path.join(cwd, args[0]!);
      } else if (command === "npm install") {
        const result = run(NPM, ["install", "--no-audit", "--no-fund", "--prefer-offline"], cwd);
        expect(result.status, `${command}\n${result.output}`).toBe(0);
      } else if (command === "npm start") {
        await serveOnce(cwd);
      } else if (command === "npm test") {
        const result = run(NPM, ["test"], cwd);
        expect(result.status, `${command}\n${result.output}`).toBe(0);
        expect(result.output).toMatch(/# pass 4\n/);
      } else {
        expect.fail(`the guide's walk-through has a command this test cannot run yet: ${command}`);
      }
    }
  }, 600_000);
});
