/**
 * The documentation site's reference covers what the tool accepts and reports: every flag the
 * CLI's `--help` lists (each command's, as the built binary prints it), every config key and
 * spec field of the shipped JSON Schemas, every diagnostic code and every lint rule has an
 * entry in docs/reference/, and so has every option of the runtime's `createServer`. A new flag, field, code or rule without one fails here.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DIAGNOSTIC_CODES, LINT_RULES } from "../../src/diagnostics/messages.js";
import { REPO_ROOT } from "../helpers/project.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const page = (name: string) => readFileSync(path.join(REPO_ROOT, "docs", "reference", name), "utf8");

function help(args: readonly string[]): string {
  const run = spawnSync(process.execPath, [CLI, ...args, "--help"], { cwd: REPO_ROOT, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

/** The lines of one `Heading:` block of commander's help (indented lines up to the next blank line). */
function block(text: string, heading: string): string[] {
  const lines = text.split("\n");
  const start = lines.indexOf(`${heading}:`);
  if (start < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "") break;
    out.push(line);
  }
  return out;
}

/** Every flag of a help text's Options block: `-c, --config <file>` gives `-c` and `--config`. */
function flags(text: string): string[] {
  return block(text, "Options")
    .map((line) => /^ {2}(-[A-Za-z](?:, )?)?(--[a-z][a-z-]*)?/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && match[0].trim() !== "")
    .flatMap((match) => [match[1]?.replace(/, $/, ""), match[2]].filter((flag): flag is string => Boolean(flag)));
}

/** The part of a page under one `## ` heading, up to the next one. */
function section(text: string, headingStart: string): string {
  const start = text.indexOf(`\n## ${headingStart}`);
  if (start < 0) return "";
  const next = text.indexOf("\n## ", start + 1);
  return text.slice(start, next < 0 ? undefined : next);
}

/** The first cells of a section's table rows. */
function firstCells(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("|---"))
    .map((line) => line.split(" | ")[0]!.slice(2));
}

const hasFlag = (cells: readonly string[], flag: string) => cells.some((cell) => new RegExp(`(^|[\`\\s,])${flag}(?![\\w-])`).test(cell));

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
  type?: string;
}

/** Every key of a schema's objects, nested ones as `parent.child`. */
function keys(node: SchemaNode, prefix = ""): string[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => [`${prefix}${key}`, ...keys(child, `${prefix}${key}.`)]);
}

/** Codes a page names, alone (`MG013`) or as a range (`MG001–MG006`). */
function namedCodes(text: string): Set<string> {
  const codes = new Set<string>();
  for (const match of text.matchAll(/MG(\d{3})(?:\s*[–-]\s*MG(\d{3}))?/g)) {
    const from = Number(match[1]);
    const to = match[2] ? Number(match[2]) : from;
    for (let code = from; code <= to; code++) codes.add(`MG${String(code).padStart(3, "0")}`);
  }
  return codes;
}

describe("the reference pages cover the CLI", () => {
  const main = help([]);
  const commands = block(main, "Commands")
    .map((line) => /^ {2}([a-z]+)\b/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== "help");
  const cli = page("cli.md");

  test("help lists the commands this test expects to find", () => {
    expect(commands).toEqual(expect.arrayContaining(["generate", "lint", "docs", "init", "import", "diff"]));
  });

  test("the global flags", () => {
    const cells = firstCells(section(cli, "Global flags"));
    const missing = flags(main).filter((flag) => !hasFlag(cells, flag));
    expect(missing, "flags of `mcp-gen --help` with no row under `## Global flags` in docs/reference/cli.md").toEqual([]);
  });

  test.each(["generate", "lint", "docs", "init", "import", "diff", "client"])("every flag of `mcp-gen %s --help`", (command) => {
    expect(commands).toContain(command);
    const own = section(cli, `\`mcp-gen ${command}`);
    expect(own, `docs/reference/cli.md has no section \`## \`mcp-gen ${command}\``).not.toBe("");
    const listed = flags(help([command]));
    expect(listed.length).toBeGreaterThan(1);
    const missing = listed.filter((flag) => !hasFlag(firstCells(own), flag));
    expect(missing, `flags of \`mcp-gen ${command} --help\` with no row in its section of docs/reference/cli.md`).toEqual([]);
  });

  test("a command added to the CLI needs a section", () => {
    const missing = commands.filter((command) => section(cli, `\`mcp-gen ${command}`) === "");
    expect(missing).toEqual([]);
  });
});

describe("the reference pages cover the schemas", () => {
  test("every config key", () => {
    const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, "schema", "config.schema.json"), "utf8")) as SchemaNode;
    const documented = new Set(firstCells(page("config.md")));
    const all = keys(schema);
    expect(all).toContain("lint.maxWarnings");
    expect(all.filter((key) => !documented.has(`\`${key}\``))).toEqual([]);
  });

  test("every spec field, of a tool, an example and an icon", () => {
    const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, "schema", "tool-spec.schema.json"), "utf8")) as SchemaNode;
    const defs = schema.$defs!;
    const all = [...keys(defs.tool!), ...keys(defs.example!, "examples[]."), ...keys(defs.icon!, "icons[]."), ...keys(defs.toolsFile!)];
    expect(all).toEqual(expect.arrayContaining(["name", "annotations.readOnlyHint", "examples[].match", "icons[].src", "tools"]));
    const documented = new Set(firstCells(page("spec-format.md")));
    expect(all.filter((key) => !documented.has(`\`${key}\``))).toEqual([]);
  });
});

describe("the reference pages cover the diagnostics", () => {
  const diagnostics = page("diagnostics.md");

  test("every diagnostic code", () => {
    const named = namedCodes(diagnostics);
    const all = Object.keys(DIAGNOSTIC_CODES);
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((code) => !named.has(code))).toEqual([]);
  });

  test("every lint rule, by code and name, under Lint rules", () => {
    const rows = section(diagnostics, "Lint rules")
      .split("\n")
      .filter((line) => line.startsWith("| MG"));
    const missing = LINT_RULES.filter((rule) => !rows.some((row) => row.startsWith(`| ${rule.code} | \`${rule.name}\` |`)));
    expect(missing.map((rule) => `${rule.code} ${rule.name}`)).toEqual([]);
  });
});

describe("the reference pages cover the environment", () => {
  test("every MCP_GEN_* variable the generator reads", () => {
    const files = readdirSync(path.join(REPO_ROOT, "src"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
    const read = new Set(
      files.flatMap((file) =>
        [...readFileSync(path.join(REPO_ROOT, "src", file), "utf8").matchAll(/process\.env\.(MCP_GEN_[A-Z_]+)/g)].map((match) => match[1]!),
      ),
    );
    expect(read.size).toBeGreaterThan(0);
    const cells = firstCells(section(page("cli.md"), "Environment variables"));
    expect([...read].filter((name) => !cells.some((cell) => cell.includes(`\`${name}`)))).toEqual([]);
  });
});

describe("the reference pages cover the runtime", () => {
  test("every option of createServer (ToolServerOptions)", () => {
    const source = readFileSync(path.join(REPO_ROOT, "src", "runtime", "create-server.ts"), "utf8");
    const body = /export interface ToolServerOptions \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? "";
    const options = [...body.matchAll(/^ {2}(\w+)\?:/gm)].map((match) => match[1]!);
    expect(options).toEqual(expect.arrayContaining(["pageSize", "beforeCall", "requestState"]));
    const cells = firstCells(section(page("runtime-api.md"), "`createServer"));
    expect(options.filter((option) => !cells.some((cell) => cell.startsWith(`\`${option}\``) || cell.startsWith(`\`${option}(`)))).toEqual([]);
  });
});
