/**
 * The build cache is keyed by mcp-gen's own build too: a rebuilt mcp-gen must not reuse
 * what the old one recorded, while its declarations and source maps, which change
 * nothing a run does, do not count, nor do new times on the same bytes (a reinstall).
 * Each run is a new process of the built package, as a user's build runs it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, removeProject, tempProject } from "../../helpers/project.js";

const SPEC = "name: ping\ndescription: Answers a ping.\ninputSchema:\n  type: object\n";
const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

/** Whether a `generate` in a new process was answered from the build cache. */
function answeredFromCache(cwd: string): boolean {
  const script = `const { generate } = await import(${JSON.stringify(path.join(REPO_ROOT, "dist", "build", "generate.js"))});
const result = await generate({ cwd: ${JSON.stringify(cwd)} });
if (result.exitCode !== 0) throw new Error("generate failed");
process.stdout.write(String(result.cached === true));`;
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }) === "true";
}

/** Runs `body` with `file` given a new modification time, then puts the old one back. */
function touched<T>(file: string, body: () => T): T {
  const { atime, mtime } = statSync(file);
  utimesSync(file, atime, new Date(mtime.getTime() + 60_000));
  try {
    return body();
  } finally {
    utimesSync(file, atime, mtime);
  }
}

/** Runs `body` with `file`'s bytes changed (a comment added), then puts the old bytes and time back. */
function edited<T>(file: string, body: () => T): T {
  const { atime, mtime } = statSync(file);
  const text = readFileSync(file);
  writeFileSync(file, Buffer.concat([text, Buffer.from("// edited\n")]));
  try {
    return body();
  } finally {
    writeFileSync(file, text);
    utimesSync(file, atime, mtime);
  }
}

describe("the generator's identity in the build cache", () => {
  it("is not answered from the cache after mcp-gen's code changes; new times on the same bytes, a declaration or a source map do not count", () => {
    const dir = tempProject("identity", { "package.json": '{ "name": "identity", "version": "1.0.0" }', "specs/ping.yaml": SPEC });
    dirs.push(dir);
    expect(answeredFromCache(dir)).toBe(false);
    expect(answeredFromCache(dir)).toBe(true);
    const code = path.join(REPO_ROOT, "dist", "spec", "ts-names");
    expect(edited(`${code}.d.ts`, () => answeredFromCache(dir))).toBe(true);
    expect(edited(`${code}.js.map`, () => answeredFromCache(dir))).toBe(true);
    // A reinstalled mcp-gen (new times, same bytes), as on a fresh CI machine: its identity is the same.
    expect(touched(`${code}.js`, () => answeredFromCache(dir))).toBe(true);
    expect(edited(`${code}.js`, () => answeredFromCache(dir))).toBe(false);
    // The run under the edited build recorded that build: with the old bytes back, it is the old build again.
    expect(answeredFromCache(dir)).toBe(false);
    expect(answeredFromCache(dir)).toBe(true);
  }, 60_000);
});
