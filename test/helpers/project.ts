/**
 * Throwaway folders and projects for the tests, the one fixture every tier uses. They live
 * under the repository's .tmp/ so that generated code resolves "mcp-gen/runtime" by
 * package self-reference.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The real tool definitions and MCP JSON Schemas the tests run, vendored with their sources (test/corpus/SOURCES.md). */
export const CORPUS_DIR = path.join(REPO_ROOT, "test", "corpus");
const TMP_ROOT = path.join(REPO_ROOT, ".tmp", "tests");

/**
 * A new empty folder under .tmp/tests; `outside` puts it in the system's temp folder
 * instead, where nothing resolves from this checkout's node_modules (as in a user's machine).
 */
export function tempDir(prefix: string, options: { outside?: boolean } = {}): string {
  const root = options.outside ? os.tmpdir() : TMP_ROOT;
  mkdirSync(root, { recursive: true });
  return mkdtempSync(path.join(root, `${options.outside ? "mcp-gen-" : ""}${prefix}-`));
}

/** A project folder holding `files`, with this package installed as node_modules/mcp-gen. */
export function tempProject(prefix: string, files: Record<string, string> = {}): string {
  const dir = tempDir(prefix);
  // Installed as a user's project has it, so generated code resolves "mcp-gen/runtime".
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(REPO_ROOT, path.join(dir, "node_modules", "mcp-gen"), "dir");
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const full = path.join(dir, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

export function removeProject(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Every file below `dir`, relative and sorted, with its bytes. */
export function snapshotTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub)).sort()) {
      if (!sub && name === "node_modules") continue;
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else out.set(rel, readFileSync(path.join(dir, rel), "utf8"));
    }
  };
  walk("");
  return out;
}

/** The built CLI; MCP_GEN_TEST_CLI points the tests at another build (to watch a new test fail on the old code). */
export const CLI = process.env.MCP_GEN_TEST_CLI ?? path.join(REPO_ROOT, "dist", "cli.js");

/** Runs the built CLI as a user would. */
export function runCli(args: string[], cwd: string): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8" });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

/** `tsc --strict` over the given folders of a project; returns tsc's output and status. */
export function typeCheck(dir: string, include: string[], extra: Record<string, unknown> = {}): { status: number; output: string } {
  const tsconfig = {
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      // A Node project: the runtime's types reach the SDK's, which need Node's.
      types: ["node"],
      ...extra,
    },
    include,
  };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  const r = spawnSync(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: dir, encoding: "utf8" });
  return { status: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
}
