/** The config fields beyond paths: namespace, docs, lint, projects; validated by schema/config.schema.json. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { namespacedToolName, resolveConfig } from "../../../src/config/config.js";
import { resolveProjects } from "../../../src/config/projects.js";
import { removeProject, tempProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));
function project(files: Record<string, string>): string {
  const dir = tempProject("config-fields", files);
  dirs.push(dir);
  return dir;
}

describe("config fields", () => {
  it("reads namespace, docs and lint, turning rule names into codes", () => {
    const dir = project({
      "mcp-gen.config.yaml":
        "out: gen\nnamespace: github\ndocs: { formats: [markdown, html], out: gen/site }\nlint:\n  rules: { property-description-missing: error, MG112: off }\n  maxWarnings: 3\n  maxToolNameLength: 54\n",
    });
    const { config, diagnostics } = resolveConfig({ cwd: dir });
    expect(diagnostics).toEqual([]);
    expect(config).toMatchObject({
      namespace: "github",
      docs: { formats: ["markdown", "html"], outDir: path.join(dir, "gen", "site") },
      lint: { rules: { MG104: "error", MG112: "off" }, maxWarnings: 3, maxToolNameLength: 54 },
    });
  });

  it("reads budget, with where each limit is written (the findings point there)", () => {
    const dir = project({ "mcp-gen.config.yaml": "budget:\n  perTool: 800\n  total: 8000\n" });
    const { config, diagnostics } = resolveConfig({ cwd: dir });
    expect(diagnostics).toEqual([]);
    expect(config?.budget).toEqual({
      perTool: 800,
      total: 8000,
      at: {
        perTool: expect.objectContaining({ file: "mcp-gen.config.yaml", line: 2, column: 12 }),
        total: expect.objectContaining({ file: "mcp-gen.config.yaml", line: 3, column: 10 }),
      },
    });
    expect(resolveConfig({ cwd: project({ "mcp-gen.config.yaml": "out: gen\n" }) }).config?.budget).toEqual({});
  });

  it("a docs.out outside out is kept for `mcp-gen docs`, with a warning that generate writes inside out", () => {
    const dir = project({ "mcp-gen.config.yaml": "out: gen\ndocs:\n  out: site\n" });
    const { config, diagnostics } = resolveConfig({ cwd: dir });
    expect(config?.docs.outDir).toBe(path.join(dir, "site"));
    expect(diagnostics).toEqual([
      {
        code: "MG060",
        severity: "warning",
        message: "`docs.out` (site) is not inside `out` (gen): `mcp-gen docs` writes there, `generate` writes its docs to gen/docs",
        location: expect.objectContaining({ file: "mcp-gen.config.yaml", line: 3, column: 8 }),
        hint: "put `docs.out` inside `out` for generate to write there too, or run `mcp-gen docs` for the site",
      },
    ]);
  });

  it("defaults docs to markdown under the output folder, and lint to the rules' own severities", () => {
    const dir = project({ "mcp-gen.config.yaml": "out: gen\n" });
    expect(resolveConfig({ cwd: dir }).config).toMatchObject({
      docs: { formats: ["markdown"], outDir: path.join(dir, "gen", "docs") },
      lint: { rules: {} },
    });
    expect(resolveConfig({ cwd: dir }).config?.namespace).toBeUndefined();
  });

  it.each([
    [
      "a lint rule that does not exist",
      "lint:\n  rules:\n    property-descripton-missing: error\n",
      { line: 3, column: 5 },
      /unknown lint rule `property-descripton-missing`/,
      "did you mean `property-description-missing`?",
    ],
    ["a lint code that is no rule", "lint: { rules: { MG015: off } }\n", { line: 1, column: 18 }, /unknown lint rule `MG015`/, undefined],
    ["a rule key outside the rule-name pattern, alone", "lint: { rules: { MG999: error } }\n", { line: 1, column: 18 }, /unknown lint rule `MG999`/, undefined],
    [
      "one rule set by code and by name",
      "lint:\n  rules:\n    MG104: error\n    property-description-missing: off\n",
      { line: 4, column: 5 },
      /`property-description-missing` is set twice: `MG104` and `property-description-missing` are both MG104/,
      "keep one of them",
    ],
    ["a bad severity", "lint:\n  rules: { MG104: loud }\n", { line: 2, column: 19 }, /`lint.rules` must map/, undefined],
    ["a negative maxWarnings", "lint: { maxWarnings: -1 }\n", { line: 1, column: 22 }, /`lint.maxWarnings` must be a whole number/, undefined],
    ["a budget of 0 tokens", "budget:\n  perTool: 0\n", { line: 2, column: 12 }, /`budget.perTool` must be a whole number of tokens, 1 or more/, undefined],
    ["a budget that is not a number", "budget: { total: lots }\n", { line: 1, column: 18 }, /`budget.total` must be a whole number of tokens/, undefined],
    ["a budget that is not a mapping", "budget: 500\n", { line: 1, column: 9 }, /`budget` must be a mapping with `perTool` and `total`/, undefined],
    ["an unknown budget field", "budget: { perTol: 500 }\n", { line: 1, column: 19 }, /unknown field `budget.perTol`/, "did you mean `perTool`?"],
    [
      "a maxToolNameLength of 0",
      "lint: { maxToolNameLength: 0 }\n",
      { line: 1, column: 28 },
      /`lint.maxToolNameLength` must be a whole number from 1 to 128/,
      undefined,
    ],
    [
      "a docs format that does not exist",
      "docs: { formats: [pdf] }\n",
      { line: 1, column: 19 },
      /`docs.formats` must be a list of `markdown` and `html`/,
      undefined,
    ],
    ["a namespace with a space", "namespace: my tools\n", { line: 1, column: 12 }, /`namespace` must be 1-64 characters/, undefined],
    ["an unknown docs field", "docs: { outt: x }\n", { line: 1, column: 15 }, /unknown field `docs.outt`/, "did you mean `out`?"],
    ["a workspace config with other fields", "projects: [a]\nout: gen\n", { line: 2, column: 1 }, /workspace config .* move `out`/, undefined],
  ])("reports %s with its position (MG060)", (_name, text, position, message, hint) => {
    const dir = project({ "mcp-gen.config.yaml": text, "a/x": "" });
    const { diagnostics } = resolveConfig({ cwd: dir });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "MG060",
        severity: "error",
        message: expect.stringMatching(message),
        location: expect.objectContaining({ file: "mcp-gen.config.yaml", ...position }),
        ...(hint ? { hint } : {}),
      }),
    ]);
  });
});

describe("namespacedToolName", () => {
  it.each([
    [undefined, "create_issue", "create_issue"],
    ["github", "create_issue", "github_create_issue"],
    ["github_", "create_issue", "github_create_issue"],
    ["github.", "create_issue", "github.create_issue"],
    ["gh-", "create-issue", "gh-create-issue"],
  ])("%s + %s = %s", (namespace, name, expected) => {
    expect(namespacedToolName(namespace, name)).toBe(expected);
  });
});

describe("resolveProjects", () => {
  const workspace = () =>
    project({
      "packages/a/mcp-gen.config.yaml": "out: gen\n",
      "packages/b/mcp-gen.config.yaml": "out: gen\n",
      "packages/c/specs/x.yaml": "",
      "tools/mcp-gen.config.yaml": "",
    });

  it("expands a -c glob, sorted, one project per config", () => {
    const dir = workspace();
    const found = resolveProjects({ cwd: dir, configs: ["packages/*/mcp-gen.config.yaml"] });
    expect(found.diagnostics).toEqual([]);
    expect(found.workspace).toBe(true);
    expect(found.projects).toEqual([
      { root: path.join(dir, "packages/a"), configFile: path.join(dir, "packages/a/mcp-gen.config.yaml"), label: "packages/a" },
      { root: path.join(dir, "packages/b"), configFile: path.join(dir, "packages/b/mcp-gen.config.yaml"), label: "packages/b" },
    ]);
  });

  it("expands a root config's projects: folders with or without a config, config files, globs", () => {
    const dir = workspace();
    writeRoot(dir, "projects: [packages/*, tools/mcp-gen.config.yaml]\n");
    const found = resolveProjects({ cwd: dir });
    expect(found.diagnostics).toEqual([]);
    expect(found.projects.map((p) => [p.label, p.configFile !== undefined])).toEqual([
      ["packages/a", true],
      ["packages/b", true],
      ["packages/c", false],
      ["tools", true],
    ]);
  });

  it("reports a projects entry that matches nothing at its position", () => {
    const dir = workspace();
    writeRoot(dir, "projects:\n  - packages/a\n  - nowhere\n");
    const found = resolveProjects({ cwd: dir });
    expect(found.projects.map((p) => p.label)).toEqual(["packages/a"]);
    expect(found.diagnostics).toEqual([
      expect.objectContaining({ code: "MG060", message: "project not found: `nowhere`", location: expect.objectContaining({ line: 3, column: 5 }) }),
    ]);
  });

  it("reports a -c glob that matches nothing", () => {
    const found = resolveProjects({ cwd: workspace(), configs: ["apps/*/mcp-gen.config.yaml"] });
    expect(found.projects).toEqual([]);
    expect(found.diagnostics[0]).toMatchObject({ code: "MG060", message: "no config file matched `apps/*/mcp-gen.config.yaml`" });
  });
});

function writeRoot(dir: string, text: string): void {
  writeFileSync(path.join(dir, "mcp-gen.config.yaml"), text);
}
