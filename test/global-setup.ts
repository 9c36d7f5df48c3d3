/**
 * Builds dist/ and the demo (build/demo/) once per test run: CLI tests and type-checks
 * of generated code import the package, and server tests run the built demo.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = fileURLToPath(new URL("../", import.meta.url));
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.json")], { cwd: root, stdio: "inherit" });
  execFileSync(process.execPath, [path.join(root, "scripts", "bin-executable.mjs")], { cwd: root, stdio: "inherit" });
  execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.demo.json")], { cwd: root, stdio: "inherit" });
  // Temp projects of earlier runs; a run still going (another terminal, an editor) keeps its own.
  const tests = path.join(root, ".tmp", "tests");
  const hourAgo = Date.now() - 60 * 60_000;
  for (const name of existsSync(tests) ? readdirSync(tests) : []) {
    const dir = path.join(tests, name);
    if (statSync(dir).mtimeMs < hourAgo) rmSync(dir, { recursive: true, force: true });
  }
}
