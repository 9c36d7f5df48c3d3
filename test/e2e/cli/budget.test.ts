/** `mcp-gen budget` from the command line: text, JSON, the config's budgets in budget, lint and generate, exit codes. */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { toolTokens } from "../../../src/spec/token-count.js";
import { removeProject, tempProject } from "../../helpers/project.js";
import { runCliWithEnv } from "./run.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));
function project(files: Record<string, string>): string {
  const dir = tempProject("cli-budget", { "package.json": JSON.stringify({ name: "budget-demo", version: "1.0.0" }), ...files });
  dirs.push(dir);
  return dir;
}

const ADD = "name: add\ndescription: Add two numbers.\ninputSchema:\n  type: object\n  properties:\n    a: { type: number }\n    b: { type: number }\n";
const SEARCH = `# a longer tool
name: search_documents
description: >-
  Search the document store by keywords, with filters for the author, the date range and
  the collection, and return the best matches with their titles and snippets.
inputSchema:
  type: object
  properties:
    query: { type: string, description: Keywords to look for }
    author: { type: string, description: Only documents by this author }
    after: { type: string, format: date, description: Only documents written after this day }
    collection: { type: string, enum: [papers, notes, mail], description: Where to look }
  required: [query]
`;
const SPECS = { "specs/add.yaml": ADD, "specs/search.yaml": SEARCH };
const ADD_WIRE = {
  name: "add",
  description: "Add two numbers.",
  inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
};

describe("mcp-gen budget", () => {
  it("prints each tool's tokens, most first, with its share and place; writes nothing; exits 0", () => {
    const dir = project(SPECS);
    const r = runCliWithEnv(["budget"], dir);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toMatch(/^mcp-gen budget: 2 tools, \d+ tokens in tools\/list \(o200k_base; approximate for other models' tokenizers\)$/);
    expect(lines[2]).toMatch(/^tool +tokens +of list +description +schemas +other +defined in$/);
    expect(lines[3]).toMatch(/^search_documents +\d+ +\d+\.\d% .* specs\/search\.yaml:2:1$/);
    expect(lines[4]).toMatch(new RegExp(`^add +${toolTokens(ADD_WIRE).total} +\\d+\\.\\d% .* specs/add\\.yaml:1:1$`));
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
  });

  it("--format json: the counts as data (the shape docs/guide/budget.md documents)", () => {
    const r = runCliWithEnv(["budget", "--format", "json"], project(SPECS));
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(["ok", "encoding", "note", "total", "tools", "diagnostics"]);
    expect(out.ok).toBe(true);
    expect(out.encoding).toBe("o200k_base");
    const add = out.tools.find((tool: { name: string }) => tool.name === "add");
    const counted = toolTokens(ADD_WIRE);
    expect(add).toEqual({
      name: "add",
      location: { file: "specs/add.yaml", line: 1, column: 1 },
      tokens: counted.total,
      share: expect.any(Number),
      parts: counted.parts,
      split: { description: counted.parts.description, schemas: counted.parts.inputSchema, other: counted.parts.name },
    });
    expect(out.total).toBe(out.tools.reduce((sum: number, tool: { tokens: number }) => sum + tool.tokens, 0));
  });

  it("budget.perTool and budget.total: findings at the tool and at the config, warnings by default (exit 0), errors by lint.rules (exit 1)", () => {
    const config = "budget:\n  perTool: 60\n  total: 100\n";
    const dir = project({ ...SPECS, "mcp-gen.config.yaml": config });
    const warned = runCliWithEnv(["budget"], dir);
    expect(warned.status).toBe(0);
    expect(warned.stderr).toMatch(
      /^specs\/search\.yaml:2:1 warning MG150 tool `search_documents` costs \d+ tokens in tools\/list, over budget\.perTool \(60\)/m,
    );
    expect(warned.stderr).toMatch(
      /^mcp-gen\.config\.yaml:3:10 warning MG151 the 2 tools cost \d+ tokens in tools\/list, over budget\.total \(100\); the largest: `search_documents`/m,
    );
    expect(warned.stdout).toContain("budget: 60 per tool, 100 in total; 1 tool over, the list over\n");

    const strict = project({ ...SPECS, "mcp-gen.config.yaml": `${config}lint:\n  rules: { tool-token-budget: error }\n` });
    const failed = runCliWithEnv(["budget", "--format", "json"], strict);
    expect(failed.status).toBe(1);
    const out = JSON.parse(failed.stdout);
    expect(out.ok).toBe(false);
    expect(out.diagnostics.map((d: Record<string, unknown>) => `${d.code} ${d.severity} ${d.file}:${d.line}:${d.column}`)).toEqual([
      "MG151 warning mcp-gen.config.yaml:3:10",
      "MG150 error specs/search.yaml:2:1",
    ]);
    // lint reports them among its findings; generate stops on the error, writing nothing.
    const lint = runCliWithEnv(["lint"], strict);
    expect(lint.status).toBe(1);
    expect(lint.stderr).toMatch(/error MG150 /);
    const generate = runCliWithEnv(["generate"], strict);
    expect(generate.status).toBe(1);
    expect(generate.stderr).toMatch(/^specs\/search\.yaml:2:1 error MG150 /m);
    expect(existsSync(path.join(strict, "generated"))).toBe(false);
  });

  it("shows only the budget's findings: other lint findings, even errors, are lint's", () => {
    const dir = project({ ...SPECS, "mcp-gen.config.yaml": "lint:\n  rules: { property-description-missing: error }\n  maxWarnings: 0\n" });
    const r = runCliWithEnv(["budget"], dir);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
  });

  it("counts a catalog.json that generate wrote, with the same numbers", () => {
    const dir = project(SPECS);
    expect(runCliWithEnv(["generate"], dir).status).toBe(0);
    const fromSpecs = JSON.parse(runCliWithEnv(["budget", "--format", "json"], dir).stdout);
    const fromCatalog = JSON.parse(runCliWithEnv(["budget", "generated/docs/catalog.json", "--format", "json"], dir).stdout);
    expect(fromCatalog.source).toBe("generated/docs/catalog.json");
    expect(fromCatalog.total).toBe(fromSpecs.total);
    expect(fromCatalog.tools.map((tool: { name: string; tokens: number }) => [tool.name, tool.tokens])).toEqual(
      fromSpecs.tools.map((tool: { name: string; tokens: number }) => [tool.name, tool.tokens]),
    );
  });

  it("exit 1 when the specs do not build; exit 2 on usage errors", () => {
    const broken = runCliWithEnv(["budget"], project({ "specs/bad.yaml": 'name: "bad name"\ninputSchema: { type: object }\n' }));
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^specs\/bad\.yaml:1:\d+ error MG012 /m);
    const dir = project(SPECS);
    for (const args of [
      ["budget", "--format", "yaml"],
      ["budget", "a.json", "--url", "http://127.0.0.1:1/mcp"],
      ["budget", "--timeout", "5"],
      ["budget", "--nope"],
    ]) {
      const r = runCliWithEnv(args, dir);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(/error/);
    }
  });

  it("is in --help", () => {
    const dir = project(SPECS);
    expect(runCliWithEnv(["--help"], dir).stdout).toMatch(/^ {2}budget \[options\] \[tools\.json\] +what each tool costs a model's context/m);
    expect(runCliWithEnv(["budget", "--help"], dir).stdout).toContain("budget: { perTool: 800, total: 8000 }");
  });
});
