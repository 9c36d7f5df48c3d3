/** `mcp-gen lint` from the command line: text, JSON, --max-warnings, config severities. */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeProject, tempProject } from "../../helpers/project.js";
import { runCliWithEnv } from "./run.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));
function project(files: Record<string, string>): string {
  const dir = tempProject("cli-lint", { "package.json": JSON.stringify({ name: "lint-demo", version: "1.0.0" }), ...files });
  dirs.push(dir);
  return dir;
}

// MG102 (get_ without readOnlyHint) and MG104 (no description on `id`) warnings; MG111, MG112 infos.
const GET_USER = "name: get_user\ndescription: Look up a user by id.\ninputSchema:\n  type: object\n  properties:\n    id: { type: string }\n";

describe("mcp-gen lint", () => {
  it("prints every finding compiler-style with its rule and why, writes nothing, exits 0 on warnings", () => {
    const dir = project({ "specs/get_user.yaml": GET_USER });
    const r = runCliWithEnv(["lint"], dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^specs\/get_user\.yaml:1:7 warning MG102 `get_user` looks read-only \(its name starts with `get`\)/m);
    expect(r.stderr).toMatch(/^specs\/get_user\.yaml:6:5 warning MG104 /m);
    expect(r.stderr).toContain("hint: property-description-missing: ");
    expect(r.stdout).toBe("mcp-gen: 1 tool, 2 warnings, 2 info\n");
    expect(runCliWithEnv(["lint", "--help"], dir).stdout).toMatch(/MG104 {2}property-description-missing +warning/);
  });

  it("a spec with an error does not hide the findings of the others (its own wait until it builds)", () => {
    const dir = project({ "specs/get_user.yaml": GET_USER, "specs/broken.yaml": 'name: "bad name"\ninputSchema: { type: object }\n' });
    const r = runCliWithEnv(["lint", "--format", "json"], dir);
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; diagnostics: Array<Record<string, unknown>> };
    expect(out.ok).toBe(false);
    expect(out.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`).sort()).toEqual([
      "MG012 specs/broken.yaml:1",
      "MG102 specs/get_user.yaml:1",
      "MG104 specs/get_user.yaml:6",
      "MG111 specs/get_user.yaml:6",
      "MG112 specs/get_user.yaml:1",
    ]);
  });

  it("--format json lists the findings as data", () => {
    const r = runCliWithEnv(["lint", "--format", "json"], project({ "specs/get_user.yaml": GET_USER }));
    const out = JSON.parse(r.stdout) as { ok: boolean; diagnostics: Array<Record<string, unknown>> };
    expect(out.ok).toBe(true);
    expect(out.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column])).toEqual(
      [
        ["MG102", "warning", "specs/get_user.yaml", 1, 7],
        ["MG112", "info", "specs/get_user.yaml", 1, 1],
        ["MG104", "warning", "specs/get_user.yaml", 6, 5],
        ["MG111", "info", "specs/get_user.yaml", 6, 5],
      ].sort((a, b) => (a[3] as number) - (b[3] as number) || (a[4] as number) - (b[4] as number)),
    );
  });

  it("--max-warnings N exits 1 when exceeded (MG140), not when met", () => {
    const dir = project({ "specs/get_user.yaml": GET_USER });
    expect(runCliWithEnv(["lint", "--max-warnings", "2"], dir).status).toBe(0);
    const over = runCliWithEnv(["lint", "--max-warnings", "1"], dir);
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(/^error MG140 2 lint warnings; at most 1 allowed/m);
    expect(runCliWithEnv(["lint", "--max-warnings", "x"], dir).status).toBe(2);
  });

  it("generate --max-warnings N fails the run and writes nothing when exceeded, and overrides lint.maxWarnings", () => {
    const dir = project({ "specs/get_user.yaml": GET_USER, "mcp-gen.config.yaml": "lint: { maxWarnings: 0 }\n" });
    const over = runCliWithEnv(["generate", "--max-warnings", "1"], dir);
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(/^error MG140 2 lint warnings; at most 1 allowed/m);
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
    const met = runCliWithEnv(["generate", "--max-warnings", "2"], dir);
    expect(met.stderr).toBe("");
    expect(met.status).toBe(0);
    expect(runCliWithEnv(["generate", "--max-warnings", "-1"], dir).status).toBe(2);
  });

  it("generate fails on a rule the config makes an error, or on lint.maxWarnings, and writes nothing", () => {
    const errorRule = project({ "specs/get_user.yaml": GET_USER, "mcp-gen.config.yaml": "lint: { rules: { read-only-undeclared: error } }\n" });
    const r = runCliWithEnv(["generate"], errorRule);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^specs\/get_user\.yaml:1:7 error MG102 /m);
    expect(r.stderr).toContain("nothing was written");
    const limited = project({ "specs/get_user.yaml": GET_USER, "mcp-gen.config.yaml": "lint: { maxWarnings: 0 }\n" });
    const l = runCliWithEnv(["generate"], limited);
    expect(l.status).toBe(1);
    // The warnings that broke the limit are shown, not just counted.
    expect(l.stderr).toMatch(/warning MG104 /);
    expect(l.stderr).toMatch(/error MG140 /);
    const off = project({ "specs/get_user.yaml": GET_USER, "mcp-gen.config.yaml": "lint: { rules: { MG102: off, MG104: off }, maxWarnings: 0 }\n" });
    expect(runCliWithEnv(["generate"], off).status).toBe(0);
  });
});
