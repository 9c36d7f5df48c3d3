/**
 * `mcp-gen diff` as a user runs it: the built CLI against a real git repository with two
 * commits, folders, dumps and the demo server, and every kind of bad input (exit code 2,
 * a diagnostic naming its source, never a stack trace).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_RULES } from "../../../src/contract/rules.js";
import { CORPUS_DIR, REPO_ROOT, removeProject, tempDir, writeFiles } from "../../helpers/project.js";
import { runCliWithEnv } from "../cli/run.js";

const diff = (args: string[], cwd: string) => runCliWithEnv(["diff", ...args], cwd);

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" },
  });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  return run.stdout;
}

const CONFIG = "specs: specs/**/*.yaml\nserver: { name: t, version: 1.0.0 }\n";
const LOCATION = "type: string\nminLength: 1\nmaxLength: 100\n";
const V1 = `name: get_weather
description: Get the weather.
inputSchema:
  type: object
  properties:
    location: { $ref: ./schemas/location.yaml }
    units: { type: string, enum: [metric, imperial] }
  required: [location]
annotations: { readOnlyHint: true }
`;
const V2 = `name: get_forecast
renamedFrom: get_weather
description: Get the weather.
inputSchema:
  type: object
  properties:
    location: { $ref: ./schemas/location.yaml }
    units: { type: string, enum: [metric] }
  required: [location]
annotations: { readOnlyHint: true }
auth: { scopes: [weather:read] }
`;

let repo: string;
beforeAll(() => {
  repo = tempDir("diff-repo");
  git(repo, "init", "-q");
  writeFiles(repo, { "mcp-gen.config.yaml": CONFIG, "specs/get_weather.yaml": V1, "specs/schemas/location.yaml": LOCATION });
  git(repo, "add", ".");
  git(repo, "commit", "-qm", "v1");
  writeFiles(repo, { "specs/get_weather.yaml": V2, "specs/schemas/location.yaml": LOCATION.replace("100", "50") });
  git(repo, "commit", "-qam", "v2");
});
afterAll(() => removeProject(repo));

function expectNoStackTrace(output: { stdout: string; stderr: string }): void {
  expect(output.stderr).not.toMatch(/\n\s+at /);
  expect(output.stdout).not.toMatch(/\n\s+at /);
}

describe("mcp-gen diff <revision>", () => {
  it("finds the breaking changes against the previous commit, with $ref'd files' positions", () => {
    const run = diff(["HEAD~1"], repo);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("mcp-gen diff: HEAD~1 (1 tool) → the working tree (1 tool): 4 changes (3 breaking, 1 dangerous, 0 safe)");
    expect(run.stdout).toContain("get_forecast /name: renamed from `get_weather` [tool-renamed]\n    specs/get_weather.yaml:1:7:");
    expect(run.stdout).toContain(
      "get_forecast /inputSchema/properties/location/maxLength: maxLength 100 → 50 [constraint-tightened]\n    specs/schemas/location.yaml:3:12:",
    );
    expect(run.stdout).toContain('get_forecast /inputSchema/properties/units/enum: value "imperial" removed [enum-value-removed]');
    expect(run.stdout).toContain("get_forecast /auth/scopes: needs scope `weather:read` now [scopes-added]");
    expect(run.stdout).toMatch(/\ntokens \(o200k_base; approximate for other models\): \d+ → \d+ \([-+±]\d+\)\n {2}get_forecast: \d+ → \d+ \([-+]\d+\)\n/);
    expect(run.stdout).toContain("fails: breaking changes found (--fail-on breaking)");
  });

  it("compares two revisions, and the same revision to itself", () => {
    expect(diff(["HEAD~1", "HEAD"], repo).status).toBe(1);
    const same = diff(["HEAD"], repo);
    expect(same.status).toBe(0);
    expect(same.stdout).toContain("no changes");
  });

  it("--format json follows schema/diff.schema.json", () => {
    const run = diff(["HEAD~1", "--format", "json"], repo);
    expect(run.status).toBe(1);
    const data = JSON.parse(run.stdout);
    const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, "schema", "diff.schema.json"), "utf8"));
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data.summary).toEqual({ breaking: 3, dangerous: 1, safe: 0 });
    expect(data.base).toEqual({ source: "HEAD~1", kind: "revision", tools: 1 });
    expect(data.tokens).toMatchObject({ encoding: "o200k_base", delta: data.tokens.head - data.tokens.base });
    expect(data.tokens.tools.map((t: { tool: string }) => t.tool)).toEqual(["get_forecast"]);
    expect(data.changes[0].location).toEqual({ file: "specs/get_weather.yaml", line: 1, column: 7 });
    expect(schema.$defs.change.properties.code.enum.sort()).toEqual(Object.keys(CHANGE_RULES).sort());
  });

  it("--format markdown is a pull-request comment", () => {
    const run = diff(["HEAD~1", "--format", "markdown"], repo);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("### ❌ mcp-gen diff: `HEAD~1` → working tree");
    expect(run.stdout).toContain("| tool | change | where | rule |");
    expect(run.stdout).toContain("| `get_forecast` | renamed from `get_weather` | `/name` (specs/get_weather.yaml:1:7) | `tool-renamed`:");
  });

  it("--fail-on dangerous fails on a scope newly needed, --fail-on breaking does not", () => {
    const dir = tempDir("diff-scopes");
    git(dir, "init", "-q");
    writeFiles(dir, { "mcp-gen.config.yaml": CONFIG, "specs/a.yaml": "name: a\ninputSchema: { type: object }\n" });
    git(dir, "add", ".");
    git(dir, "commit", "-qm", "one");
    writeFiles(dir, { "specs/a.yaml": "name: a\ninputSchema: { type: object }\nauth: { scopes: [x] }\n" });
    expect(diff(["HEAD"], dir).status).toBe(0);
    expect(diff(["HEAD", "--fail-on", "dangerous"], dir).status).toBe(1);
    removeProject(dir);
  });
});

describe("mcp-gen diff with folders, catalogs and dumps", () => {
  it("compares two specs folders", () => {
    const dir = tempDir("diff-folders");
    writeFiles(dir, {
      "old/a.yaml": "name: a\ninputSchema: { type: object }\n",
      "new/a.yaml": "name: a\ninputSchema: { type: object, required: [x], properties: { x: { type: string } } }\n",
    });
    const run = diff(["old", "new"], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("a /inputSchema/properties/x: required parameter `x` added [required-parameter-added]\n    new/a.yaml:2:62:");
    removeProject(dir);
  });

  it("compares a dump with the catalog the demo's docs hold: the same tools", () => {
    const dir = tempDir("diff-dump");
    const catalog = JSON.parse(readFileSync(path.join(REPO_ROOT, "generated", "docs", "catalog.json"), "utf8"));
    writeFileSync(path.join(dir, "tools.json"), JSON.stringify({ tools: catalog.tools.map((t: { definition: unknown }) => t.definition) }));
    const run = diff([path.join(dir, "tools.json"), path.join(REPO_ROOT, "generated", "docs", "catalog.json")], REPO_ROOT);
    expect(run.stdout).toContain("(12 tools): no changes");
    expect(run.status).toBe(0);
    removeProject(dir);
  });

  it("takes the base from a server (--base-from-server) and the head from the demo's catalog", () => {
    const run = diff(["--base-from-server", `"${process.execPath}" build/demo/server.js`, "generated/docs/catalog.json"], REPO_ROOT);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("→ generated/docs/catalog.json (12 tools): no changes");
    expect(run.status).toBe(0);
  });

  it("compares the demo's specs with the demo server (--from-server): no changes", () => {
    const run = diff(["specs", "--from-server", `"${process.execPath}" build/demo/server.js`], REPO_ROOT);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("specs (12 tools) → ");
    expect(run.stdout).toContain("(12 tools): no changes");
    expect(run.status).toBe(0);
  });
});

describe("mcp-gen diff: bad input is exit 2 with a diagnostic naming its source", () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir("diff-bad");
    writeFiles(dir, {
      "not-a-list.json": '{ "hello": 1 }',
      "twice.json": JSON.stringify([
        { name: "a", inputSchema: {} },
        { name: "a", inputSchema: {} },
      ]),
      "cycle.json": JSON.stringify([
        { name: "a", inputSchema: { type: "object", properties: { x: { $ref: "#/$defs/A" } }, $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } } },
      ]),
      "broken.json": "[{",
      "cyclic-specs/a.yaml":
        "name: a\ninputSchema:\n  type: object\n  properties: { x: { $ref: '#/$defs/A' } }\n  $defs:\n    A: { $ref: '#/$defs/B' }\n    B: { $ref: '#/$defs/A' }\n",
    });
  });
  afterAll(() => removeProject(dir));

  const cases: Array<[string, string[], RegExp]> = [
    ["a revision that does not exist", ["no-such-branch"], /error MG075 git revision no-such-branch does not exist/],
    ["a file that does not exist", ["old/tools.json"], /error MG075 old\/tools\.json is not a file, a folder or a revision of this git repository/],
    ["a $ref cycle in specs", ["cyclic-specs", "cycle.json"], /cyclic-specs\/a\.yaml:\d+:\d+ error MG034/],
    [
      "a dump that is not a tool list",
      ["not-a-list.json", "twice.json"],
      /not-a-list\.json:1:1 error MG075 not-a-list\.json is not a tool list: expected a tools\/list dump/,
    ],
    ["two tools with one name", ["not-a-list.json", "twice.json"], /twice\.json:1:\d+ error MG075 twice\.json lists two tools named "a"/],
    ["a $ref cycle", ["cycle.json", "cycle.json"], /error MG075 cycle\.json: tool "a": the `\$ref` at \/inputSchema\/\$defs\/[AB]\/\$ref leads back/],
    ["invalid JSON", ["broken.json", "cycle.json"], /broken\.json:1:3 error MG001 invalid JSON/],
    [
      "a server that does not answer",
      ["cycle.json", "--from-server", `"${process.execPath}" -e "setInterval(() => {}, 1000)"`, "--timeout", "1500"],
      /did not finish the handshake within 1500 ms/,
    ],
    ["no base", [], /give the base to compare with/],
    ["three sides", ["a", "b", "c"], /too many arguments|give at most two sides/],
    ["--fail-on safe", ["cycle.json", "--fail-on", "safe"], /argument 'safe' is invalid/],
    ["--format xml", ["cycle.json", "--format", "xml"], /argument 'xml' is invalid/],
    ["--timeout without a server", ["cycle.json", "--timeout", "5"], /--timeout and --protocol apply only to a server side/],
  ];
  it.each(cases)("%s", (_name, args, message) => {
    const run = diff(args, dir);
    expect(run.stderr).toMatch(message);
    expect(run.status).toBe(2);
    expectNoStackTrace(run);
  });

  it("a revision before the first commit says so, as in a fresh repository's CI", () => {
    const fresh = tempDir("diff-first");
    git(fresh, "init", "-q");
    writeFiles(fresh, { "specs/a.yaml": "name: a\ninputSchema: { type: object }\n" });
    git(fresh, "add", ".");
    git(fresh, "commit", "-qm", "first");
    const run = diff(["HEAD~1"], fresh);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("error MG075 git revision HEAD~1 does not exist");
    expect(run.stderr).toContain("HEAD has no such ancestor (is it the first commit?)");
    expectNoStackTrace(run);
    removeProject(fresh);
  });

  it("a shallow clone says how to fetch the history", () => {
    const clone = tempDir("diff-shallow");
    git(REPO_ROOT, "clone", "-q", "--depth", "1", `file://${repo}`, clone);
    const run = diff(["HEAD~1"], clone);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("this clone is shallow");
    removeProject(clone);
  });

  it("a dump with --format json prints the diagnostics and no changes", () => {
    const run = diff(["not-a-list.json", "cycle.json", "--format", "json"], dir);
    expect(run.status).toBe(2);
    const data = JSON.parse(run.stdout);
    expect(data.changes).toBeUndefined();
    expect(data.diagnostics[0]).toMatchObject({ code: "MG075", severity: "error" });
  });

  it("reads the corpus's dumps as they are", () => {
    const run = diff([path.join(CORPUS_DIR, "mcp-ref-everything.json"), path.join(CORPUS_DIR, "mcp-ref-everything.json")], dir);
    expect(run.status).toBe(0);
  });
});
