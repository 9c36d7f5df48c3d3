/** The built CLI with a chosen environment (colour variables must not leak in from the outer shell). */
import { spawnSync } from "node:child_process";
import { CLI } from "../../helpers/project.js";

export function runCliWithEnv(args: string[], cwd: string, env: Record<string, string> = {}): { status: number; stdout: string; stderr: string } {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !["NO_COLOR", "FORCE_COLOR", "CI"].includes(key)));
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", env: { ...base, ...env } as NodeJS.ProcessEnv });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
