/**
 * Removing a tool leaves a project that builds: `init`, delete the example's spec, generate,
 * and the real tsc passes; an edited handler is kept and reported with the command that
 * finishes the job; `init --bare` builds without any tool.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, removeProject, runCli, tempDir } from "../../helpers/project.js";

const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

/** A new `init` project, with this package installed as node_modules/mcp-gen. */
function initProject(...args: string[]): string {
  const base = tempDir("remove-tool");
  dirs.push(base);
  const run = runCli(["init", "p", ...args], base);
  expect(run.status, run.stdout + run.stderr).toBe(0);
  const dir = path.join(base, "p");
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  symlinkSync(REPO_ROOT, path.join(dir, "node_modules", "mcp-gen"), "dir");
  return dir;
}

function tsc(dir: string): { status: number; output: string } {
  const r = spawnSync(process.execPath, [TSC, "-p", "tsconfig.json", "--noEmit"], { cwd: dir, encoding: "utf8" });
  return { status: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
}

describe("removing a tool", () => {
  it("init → delete hello's spec → generate: the handler mcp-gen wrote and its entry are taken back, and tsc passes", () => {
    const dir = initProject();
    expect(tsc(dir)).toEqual({ status: 0, output: "" });
    rmSync(path.join(dir, "specs/hello.yaml"));
    const run = runCli(["generate"], dir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toContain("info MG052 handlers/hello.ts removed");
    expect(existsSync(path.join(dir, "handlers/hello.ts"))).toBe(false);
    expect(readFileSync(path.join(dir, "handlers/index.ts"), "utf8")).not.toContain("hello");
    expect(tsc(dir)).toEqual({ status: 0, output: "" });
  }, 120_000);

  it("an edited handler is kept and reported with the one command that finishes the job", () => {
    const dir = initProject();
    const handler = path.join(dir, "handlers/hello.ts");
    const edited = `${readFileSync(handler, "utf8")}// mine\n`;
    writeFileSync(handler, edited);
    rmSync(path.join(dir, "specs/hello.yaml"));
    const run = runCli(["generate"], dir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(readFileSync(handler, "utf8")).toBe(edited);
    const command = /warning MG050 handlers\/hello\.ts[^\n]*\n\s+hint: [^\n]*`(rm [^`]+)` finishes the job/.exec(run.stderr);
    expect(command, run.stderr).not.toBeNull();
    // Until the author finishes the job, the kept handler imports a module that is gone.
    expect(tsc(dir).status).not.toBe(0);
    const done = spawnSync("sh", ["-c", command![1]], { cwd: dir, encoding: "utf8" });
    expect(done.status, done.stderr).toBe(0);
    expect(tsc(dir)).toEqual({ status: 0, output: "" });
  }, 120_000);

  it("init --bare → generate: no tool, and tsc passes", () => {
    const dir = initProject("--bare");
    expect(existsSync(path.join(dir, "specs/hello.yaml"))).toBe(false);
    const run = runCli(["generate"], dir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toContain("warning MG006 specs is empty: the server has no tools yet");
    expect(tsc(dir)).toEqual({ status: 0, output: "" });
  }, 120_000);
});
