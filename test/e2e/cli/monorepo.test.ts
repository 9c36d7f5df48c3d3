/** Several projects in one run: `-c` globs and a root config's `projects:`, each independent. */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeProject, tempProject } from "../../helpers/project.js";
import { runCliWithEnv } from "./run.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));

const tool = (name: string) =>
  `name: ${name}\ndescription: Say ${name} back.\nannotations: { readOnlyHint: true }\ninputSchema:\n  type: object\n  properties:\n    text: { type: string, description: What to say, default: hi }\nexamples:\n  - input: {}\n`;

function workspace(files: Record<string, string> = {}): string {
  const dir = tempProject("monorepo", {
    "package.json": JSON.stringify({ name: "root", version: "1.0.0", private: true }),
    "packages/a/package.json": JSON.stringify({ name: "pkg-a", version: "1.2.3" }),
    "packages/a/mcp-gen.config.yaml": "specs: [tools/*.yaml]\nout: src/generated\nhandlers: src/handlers\n",
    "packages/a/tools/alpha.yaml": tool("alpha"),
    "packages/b/package.json": JSON.stringify({ name: "pkg-b", version: "2.0.0" }),
    "packages/b/mcp-gen.config.yaml": "namespace: b\n",
    "packages/b/specs/beta.yaml": tool("beta"),
    ...files,
  });
  dirs.push(dir);
  return dir;
}

describe("monorepo", () => {
  it("generates every package of a -c glob into its own folders, grouped per project", () => {
    const dir = workspace();
    const r = runCliWithEnv(["generate", "-c", "packages/*/mcp-gen.config.yaml"], dir);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(existsSync(path.join(dir, "packages/a/src/generated/tools/alpha.ts"))).toBe(true);
    expect(existsSync(path.join(dir, "packages/a/src/handlers/alpha.ts"))).toBe(true);
    expect(existsSync(path.join(dir, "packages/b/generated/tools/b_beta.ts"))).toBe(true);
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
    expect(r.stdout).toMatch(
      /^\[packages\/a\]\n {2}new handler stub: packages\/a\/src\/handlers\/alpha\.ts\n[\s\S]*^mcp-gen \[packages\/a\]: 1 tool, \d+ files written/m,
    );
    expect(r.stdout).toMatch(/^\[packages\/b\]$/m);
    expect(r.stdout).toMatch(/^mcp-gen: 2 projects, all ok in \d+ ms$/m);
  });

  it("runs a root config's projects; a failing project fails the run but not the other project", () => {
    const dir = workspace({
      "mcp-gen.config.yaml": "projects: [packages/a, packages/b/mcp-gen.config.yaml]\n",
      "packages/b/specs/broken.yaml": "name: broken\ninputSchema: { type: string }\n",
    });
    const r = runCliWithEnv(["generate"], dir);
    expect(r.status).toBe(1);
    // Paths are shown from the working directory, so they can be opened from there.
    expect(r.stderr).toMatch(/^packages\/b\/specs\/broken\.yaml:2:\d+ error MG020 /m);
    expect(r.stderr).toContain("mcp-gen [packages/b]: nothing was written.");
    expect(existsSync(path.join(dir, "packages/a/src/generated/registry.ts"))).toBe(true);
    expect(existsSync(path.join(dir, "packages/b/generated"))).toBe(false);
    expect(r.stdout).toMatch(/^mcp-gen: 2 projects, 1 failed in \d+ ms$/m);

    const json = JSON.parse(runCliWithEnv(["generate", "--check", "--format", "json"], dir).stdout) as {
      ok: boolean;
      projects: Array<{ project: string; ok: boolean; diagnostics: Array<{ code: string }> }>;
    };
    expect(json.ok).toBe(false);
    expect(json.projects.map((p) => [p.project, p.ok])).toEqual([
      ["packages/a", true],
      ["packages/b", false],
    ]);
    expect(json.projects[1].diagnostics[0].code).toBe("MG020");
  });

  it("lints every project of a workspace", () => {
    const dir = workspace({ "mcp-gen.config.yaml": "projects: [packages/*]\n" });
    const r = runCliWithEnv(["lint"], dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("mcp-gen [packages/a]: 1 tool, no problems\nmcp-gen [packages/b]: 1 tool, no problems\n");
  });

  it("reports a -c glob that matches nothing: a usage error, exit 2", () => {
    const r = runCliWithEnv(["generate", "-c", "apps/*/mcp-gen.config.yaml"], workspace());
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/error MG060 no config file matched `apps\/\*\/mcp-gen.config.yaml`/);
    // As when a project fails: the last line says so.
    expect(r.stderr).toMatch(/\nmcp-gen: nothing was written\.\n$/);
    expect(r.stdout).toBe("");
  });

  it.each([["generate"], ["lint"]])("%s -c with a config file that does not exist: exit 2", (command) => {
    const r = runCliWithEnv([command, "-c", "nope.yaml"], workspace());
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error MG060 config file not found: nope\.yaml$/m);
  });

  it("a workspace entry that names no project fails the run, and the last line says so", () => {
    const dir = workspace({ "mcp-gen.config.yaml": "projects: [packages/a, packages/gone]\n" });
    const r = runCliWithEnv(["generate"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^mcp-gen\.config\.yaml:1:\d+ error MG060 project not found: `packages\/gone`/m);
    expect(existsSync(path.join(dir, "packages/a/src/generated/registry.ts"))).toBe(true);
    expect(r.stdout.trimEnd().split("\n").at(-1)).toMatch(/^mcp-gen: 1 project, 1 workspace error in \d+ ms$/);

    const broken = workspace({
      "mcp-gen.config.yaml": "projects: [packages/*, packages/gone]\n",
      "packages/b/specs/broken.yaml": "name: broken\ninputSchema: { type: string }\n",
    });
    expect(runCliWithEnv(["generate"], broken).stdout.trimEnd().split("\n").at(-1)).toMatch(/^mcp-gen: 2 projects, 1 failed, 1 workspace error in \d+ ms$/);
  });

  it.each([["generate"], ["lint"]])("%s --format json for one project in another folder names that folder, as its paths are relative to it", (command) => {
    const dir = workspace({ "packages/a/tools/broken.yaml": "name: broken\ninputSchema: { type: string }\n" });
    const json = JSON.parse(runCliWithEnv([command, "-c", "packages/a/mcp-gen.config.yaml", "--format", "json"], dir).stdout) as {
      project?: string;
      diagnostics: Array<{ code: string; file: string }>;
    };
    expect(json.project).toBe("packages/a");
    const located = json.diagnostics.find((d) => d.code === "MG020")!;
    expect(existsSync(path.join(dir, json.project!, located.file))).toBe(true);
    // From the project's own folder there is no other folder to name.
    const here = JSON.parse(runCliWithEnv([command, "--format", "json"], path.join(dir, "packages/a")).stdout) as { project?: string };
    expect(here).not.toHaveProperty("project");
  });
});
