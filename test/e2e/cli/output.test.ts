/** `generate` output: the one-line summary, --quiet, --verbose, colour only when wanted. */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeProject, tempProject, writeFiles } from "../../helpers/project.js";
import { runCliWithEnv } from "./run.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));
function project(files: Record<string, string>): string {
  const dir = tempProject("cli-output", { "package.json": JSON.stringify({ name: "out-demo", version: "1.0.0" }), ...files });
  dirs.push(dir);
  return dir;
}

// One warning (MG104: `text` has no description) and two infos (MG111, MG112).
const ECHO = "name: echo\ndescription: Echoes text back.\ninputSchema:\n  type: object\n  properties:\n    text: { type: string }\n";
const ESC = "\u001b[";

describe("generate output", () => {
  it("prints one summary line: tools, files written, unchanged, time, and the lint count", () => {
    const dir = project({ "specs/echo.yaml": ECHO });
    const first = runCliWithEnv(["generate"], dir);
    expect(first.status).toBe(0);
    expect(first.stderr).toBe("");
    expect(first.stdout).toMatch(/^mcp-gen: 1 tool, \d+ files written, 0 unchanged in \d+ ms; lint: 1 warning, 2 info \(`mcp-gen lint` lists them\)$/m);
    writeFiles(dir, { "specs/echo.yaml": ECHO.replace("Echoes text back.", "Echoes the text it gets.") });
    const second = runCliWithEnv(["generate"], dir);
    // The tool's types, registry and docs change; the rest is already right.
    expect(second.stdout).toMatch(/^mcp-gen: 1 tool, [1-9]\d* files? written, [1-9]\d* unchanged in \d+ ms; lint: /m);
    const third = runCliWithEnv(["generate"], dir);
    expect(third.stdout).toMatch(/^mcp-gen: 1 tool, everything up to date \(\d+ files\) in \d+ ms; lint: /m);
  });

  it("counts the findings once, and the count agrees with what it printed (a spec warning above, lint's left to `mcp-gen lint`)", () => {
    // MG024 (an unknown format) is a spec warning generate prints; MG104, MG111 and MG112 are lint's.
    const dir = project({ "specs/echo.yaml": ECHO.replace("text: { type: string }", "text: { type: string, format: shout }") });
    const r = runCliWithEnv(["generate"], dir);
    expect(r.status).toBe(0);
    expect(r.stderr.match(/^specs\/\S+ (warning|info|error) MG/gm)).toEqual(["specs/echo.yaml:6:35 warning MG"]);
    // No second count under the findings: the summary line says it.
    expect(r.stderr).not.toMatch(/^\d+ warnings?/m);
    expect(r.stdout).toMatch(/; 2 warnings, 2 info \(above: 1 warning; `mcp-gen lint` lists the rest\)$/m);
    const lint = runCliWithEnv(["lint"], dir);
    expect(lint.stdout).toBe("mcp-gen: 1 tool, 2 warnings, 2 info\n");
    const verbose = runCliWithEnv(["generate", "--verbose"], dir);
    expect(verbose.stderr.match(/^specs\/\S+ (warning|info) MG/gm)).toHaveLength(4);
    expect(verbose.stdout).toMatch(/; 2 warnings, 2 info \(above\)$/m);
    const check = runCliWithEnv(["generate", "--check"], dir);
    expect(check.stdout).toMatch(/^mcp-gen: generated files are up to date \(1 tool\) in \d+ ms; 2 warnings, 2 info \(above: 1 warning; /m);
  });

  it("prints paths from the working directory when the config lives in another folder", () => {
    const dir = project({
      "specs/bad.yaml": 'name: "bad name"\ninputSchema: { type: object }\n',
      "specs/echo.yaml": ECHO,
      // Paths in a config are relative to it: its project root is conf/.
      "conf/mcp-gen.config.yaml": "specs: ['../specs/**/*.yaml']\n",
    });
    // From the project folder: `specs/bad.yaml`, not the config-relative `../specs/bad.yaml`.
    const failed = runCliWithEnv(["lint", "-c", "conf/mcp-gen.config.yaml"], dir);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/^specs\/bad\.yaml:1:11 error MG012 /m);
    expect(failed.stderr).toContain('> 1 | name: "bad name"');
    writeFiles(dir, { "specs/bad.yaml": "name: good\ninputSchema: { type: object }\n" });
    // From the folder above, through the config: the new stubs are where they were written.
    const generated = runCliWithEnv(["generate", "-c", `${path.basename(dir)}/conf/mcp-gen.config.yaml`], path.dirname(dir));
    expect(generated.status).toBe(0);
    const stubs = generated.stdout.split("\n").filter((line) => line.startsWith("  new handler"));
    expect(stubs).toEqual([
      `  new handler stub: ${path.basename(dir)}/conf/handlers/echo.ts`,
      `  new handler stub: ${path.basename(dir)}/conf/handlers/good.ts`,
      // The index lists the handlers; it is not a tool's stub.
      `  new handlers index: ${path.basename(dir)}/conf/handlers/index.ts`,
    ]);
    expect(stubs.every((line) => existsSync(path.join(path.dirname(dir), line.split(": ")[1])))).toBe(true);
  });

  it("--check names a missing handler stub and a missing handlers index apart", () => {
    const dir = project({ "specs/echo.yaml": ECHO });
    expect(runCliWithEnv(["generate"], dir).status).toBe(0);
    expect(runCliWithEnv(["generate", "--check"], dir).stderr).not.toContain("missing");
    rmSync(path.join(dir, "handlers/echo.ts"));
    rmSync(path.join(dir, "handlers/index.ts"));
    const checked = runCliWithEnv(["generate", "--check"], dir);
    expect(checked.stderr).toContain("mcp-gen: 1 handler stub missing: handlers/echo.ts\n");
    expect(checked.stderr).toContain("mcp-gen: handlers index missing: handlers/index.ts\n");
    const regenerated = runCliWithEnv(["generate"], dir);
    expect(regenerated.stdout).toContain("  new handler stub: handlers/echo.ts\n  new handlers index: handlers/index.ts\n");
  });

  it("shows a code frame for a file that is not valid YAML (a spec, a `$ref`ed schema, the config)", () => {
    const dir = project({
      "specs/broken.yaml": "name: broken\ndescription: [unclosed\ninputSchema: { type: object }\n",
      "specs/refs.yaml": 'name: refs\ninputSchema:\n  type: object\n  properties:\n    a: { $ref: "../schemas/bad.yaml" }\n',
      "schemas/bad.yaml": "type: string\nenum: [a, b\n",
    });
    const specs = runCliWithEnv(["generate"], dir);
    expect(specs.status).toBe(1);
    expect(specs.stderr).toContain("specs/broken.yaml:3:1 error MG001 ");
    expect(specs.stderr).toContain("  2 | description: [unclosed\n> 3 | inputSchema: { type: object }\n    | ^\n");
    expect(specs.stderr).toMatch(/^schemas\/bad\.yaml:\d+:\d+ error MG001 .*\n(?: {2}\d+ \|.*\n)*> \d+ \|/m);
    writeFiles(dir, { "mcp-gen.config.yaml": "specs: [unclosed\n" });
    const config = runCliWithEnv(["generate"], dir);
    expect(config.status).toBe(1);
    expect(config.stderr).toMatch(/^mcp-gen\.config\.yaml:2:1 error MG001 .*\n {2}1 \| specs: \[unclosed\n> 2 \|/m);
  });

  it("--quiet prints nothing on success and only errors on failure", () => {
    const dir = project({ "specs/echo.yaml": ECHO });
    const ok = runCliWithEnv(["generate", "--quiet"], dir);
    expect(ok).toMatchObject({ status: 0, stdout: "", stderr: "" });
    writeFiles(dir, { "specs/bad.yaml": "name: bad\ninputSchema: { type: string }\n" });
    const failed = runCliWithEnv(["generate", "-q"], dir);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toBe("");
    expect(failed.stderr).toMatch(/^specs\/bad\.yaml:2:\d+ error MG020 /m);
    expect(failed.stderr).not.toContain("MG104");
  });

  it("--verbose lists every file with its action, and every lint finding", () => {
    const dir = project({ "specs/echo.yaml": ECHO });
    const r = runCliWithEnv(["generate", "--verbose"], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ {2}create {4}generated\/tools\/echo\.ts$/m);
    expect(r.stdout).toMatch(/^ {2}create {4}handlers\/echo\.ts$/m);
    expect(r.stderr).toMatch(/^specs\/echo\.yaml:6:5 warning MG104 /m);
    expect(r.stderr).toMatch(/^specs\/echo\.yaml:1:1 info MG112 /m);
    const again = runCliWithEnv(["generate", "--verbose"], dir);
    expect(again.stdout).toMatch(/^ {2}unchanged {1}generated\/tools\/echo\.ts$/m);
  });

  it("rejects --quiet with --verbose as a usage error", () => {
    expect(runCliWithEnv(["generate", "--quiet", "--verbose"], project({})).status).toBe(2);
  });

  it("colours only when asked: FORCE_COLOR on, NO_COLOR always off, plain when piped", () => {
    const dir = project({ "specs/bad.yaml": "name: bad\ninputSchema: { type: string }\n" });
    expect(runCliWithEnv(["generate"], dir).stderr).not.toContain(ESC);
    expect(runCliWithEnv(["generate"], dir, { FORCE_COLOR: "1" }).stderr).toContain(`${ESC}31merror`);
    expect(runCliWithEnv(["generate"], dir, { FORCE_COLOR: "1", NO_COLOR: "1" }).stderr).not.toContain(ESC);
    expect(runCliWithEnv(["generate", "--format", "json"], dir, { FORCE_COLOR: "1" }).stdout).not.toContain(ESC);
  });
});
