/** The built `mcp-gen` binary, run as a user runs it. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, CORPUS_DIR, removeProject, runCli, tempProject, writeFiles } from "../../helpers/project.js";
import { startHttpToolsServer, stdioServerCommand } from "../../helpers/tools-server.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));
function project(files: Record<string, string>): string {
  const dir = tempProject("cli", { "package.json": JSON.stringify({ name: "cli-demo", version: "0.0.1" }), ...files });
  dirs.push(dir);
  return dir;
}

const GOOD = "name: echo\ndescription: Echoes text back.\ninputSchema:\n  type: object\n  properties:\n    text: { type: string }\n";

describe("mcp-gen CLI", () => {
  it("documents every command and flag in --help", () => {
    const dir = project({});
    const top = runCli(["--help"], dir);
    expect(top.status).toBe(0);
    // The overview lists each command with its one-line summary (the long text is for `<command> --help`).
    const commands = top.stdout.slice(top.stdout.indexOf("Commands:"));
    for (const command of ["generate", "import", "diff", "docs", "init", "lint"]) expect(commands).toMatch(new RegExp(`^  ${command} .*\\S`, "m"));
    expect(commands).not.toMatch(/Docusaurus|JSON-RPC response|package\.json scripts/);
    expect(runCli(["docs", "--help"], dir).stdout).toMatch(/Docusaurus/);
    const gen = runCli(["generate", "--help"], dir);
    expect(gen.status).toBe(0);
    for (const flag of ["--check", "--config", "--format"]) expect(gen.stdout).toContain(flag);
    // -c says its own default; commander's "(default: [])" beside it contradicted it.
    for (const help of [gen.stdout, runCli(["lint", "--help"], dir).stdout]) expect(help).not.toContain("(default: [])");
    expect(runCli(["docs", "--help"], dir).stdout).toContain("the config's docs.out,");
    const imp = runCli(["import", "--help"], dir);
    for (const flag of ["--out", "--force", "--format"]) expect(imp.stdout).toContain(flag);
    const diff = runCli(["diff", "--help"], dir);
    for (const flag of ["--fail-on", "--from-server", "--base-url", "--format"]) expect(diff.stdout).toContain(flag);
  });

  it("exits 2 on usage errors", () => {
    const dir = project({});
    expect(runCli(["generate", "--no-such-flag"], dir).status).toBe(2);
    expect(runCli(["frobnicate"], dir).status).toBe(2);
    expect(runCli(["generate", "--format", "xml"], dir).status).toBe(2);
    expect(runCli([], dir).status).toBe(2);
    // An unknown command with --help is still an unknown command, not the top-level help.
    const typo = runCli(["generat", "--help"], dir);
    expect(typo.status).toBe(2);
    expect(typo.stdout).toBe("");
    expect(typo.stderr).toContain("error: unknown command 'generat'\n(Did you mean generate?)");
  });

  it("prints --version", () => {
    const version = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")).version;
    expect(runCli(["--version"], project({})).stdout.trim()).toBe(version);
  });

  it("runs as the executable the package's `bin` names, with no `node` in front (every build sets its execute bit)", () => {
    const version = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")).version;
    const r = spawnSync(CLI, ["--version"], { cwd: project({}), encoding: "utf8" });
    expect(r.error).toBeUndefined();
    expect(r.stdout.trim()).toBe(version);
  });

  it("asks Node for its compile cache before loading its own modules (where Node has one)", () => {
    // Node 20 has no `module.enableCompileCache`; a preload gives it one that reports
    // whether any of mcp-gen's modules (commander, the first it loads) was loaded already.
    const dir = project({
      "preload.mjs": [
        'import nodeModule, { createRequire } from "node:module";',
        "const require = createRequire(import.meta.url);",
        "nodeModule.enableCompileCache = () => {",
        '  const loaded = Object.keys(require.cache).filter((file) => file.includes("commander"));',
        "  process.stderr.write(`compile cache asked for; commander loaded: ${loaded.length > 0}\\n`);",
        "  return { status: 0 };",
        "};",
        "",
      ].join("\n"),
    });
    const r = spawnSync(process.execPath, ["--import", "./preload.mjs", CLI, "--version"], { cwd: dir, encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("compile cache asked for; commander loaded: false\n");
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("generates, then reports up to date", () => {
    const dir = project({ "specs/echo.yaml": GOOD });
    const first = runCli(["generate"], dir);
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toContain("new handler stub: handlers/echo.ts");
    const second = runCli(["generate"], dir);
    expect(second.stdout).toMatch(/1 tool, everything up to date/);
    expect(runCli(["generate", "--check"], dir).status).toBe(0);
  });

  it("reports spec errors compiler-style with a code frame, all at once, and exits 1", () => {
    const dir = project({
      "specs/a.yaml": "name: bad name\ndescription: x\ninputSchema: { type: object }\n",
      "specs/b.yaml": "name: b\ndescripton: typo\ninputSchema: { type: object }\n",
    });
    const r = runCli(["generate"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^specs\/a\.yaml:1:10 error MG012 /m);
    expect(r.stderr).toMatch(/^specs\/b\.yaml:2:1 error MG011 /m);
    expect(r.stderr).toContain("did you mean `description`");
    expect(r.stderr).toMatch(/\|\s+\^/); // a caret under the problem
    expect(r.stderr).toContain("nothing was written");
  });

  it("emits diagnostics as JSON with --format json", () => {
    const dir = project({ "specs/a.yaml": "name: a\ninputSchema: { type: string }\n" });
    const r = runCli(["generate", "--format", "json"], dir);
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; diagnostics: { code: string; file: string; line: number; column: number }[] };
    expect(out.ok).toBe(false);
    expect(out.diagnostics[0]).toMatchObject({ code: "MG020", file: "specs/a.yaml", line: 2 });
  });

  it("--check exits 1 and lists stale files", () => {
    const dir = project({ "specs/echo.yaml": GOOD });
    runCli(["generate"], dir);
    writeFiles(dir, { "specs/echo.yaml": GOOD.replace("Echoes text back.", "Echoes.") });
    const r = runCli(["generate", "--check"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^mcp-gen: \d+ generated files are stale; run `mcp-gen generate`:$/m);
    expect(r.stderr).toContain("generated/tools/echo.ts");
    // One stale file is said in the singular.
    runCli(["generate"], dir);
    writeFileSync(path.join(dir, "generated/server.ts"), "// edited\n");
    const one = runCli(["generate", "--check"], dir);
    expect(one.status).toBe(1);
    expect(one.stderr).toBe("mcp-gen: 1 generated file is stale; run `mcp-gen generate`:\n  generated/server.ts\n");
  });

  it("imports a tools/list dump, refuses to overwrite, and the result generates", () => {
    const dump = {
      tools: [
        { name: "echo", description: "Echo", inputSchema: { type: "object", properties: { text: { type: "string" } } } },
        { name: "add", inputSchema: { type: "object", properties: { a: { type: "number" } } }, annotations: { readOnlyHint: true } },
      ],
    };
    const dir = project({ "dump.json": JSON.stringify(dump) });
    const r = runCli(["import", "dump.json"], dir);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(readFileSync(path.join(dir, "specs/echo.yaml"), "utf8")).toContain("name: echo");
    // The schema comment goes through the project's node_modules (a path every checkout of it
    // has), not to where that link resolves on this machine.
    expect(readFileSync(path.join(dir, "specs/echo.yaml"), "utf8")).toMatch(
      /^# yaml-language-server: \$schema=\.\.\/node_modules\/mcp-gen\/schema\/tool-spec\.schema\.json\n/,
    );
    expect(runCli(["import", "dump.json"], dir).status).toBe(1);
    expect(runCli(["import", "dump.json", "--force"], dir).status).toBe(0);
    expect(runCli(["generate"], dir).status).toBe(0);
  });

  it("imports every tool it can, then says which new specs need fixing before generate", () => {
    const dump = [{ name: "a b", inputSchema: { type: "object" } }, { name: "fine", inputSchema: { type: "object" } }, { name: "no_schema" }, 42];
    const dir = project({ "dump.json": JSON.stringify(dump) });
    const r = runCli(["import", "dump.json"], dir);
    expect(r.status).toBe(1);
    // The entry that is no tool is skipped with a warning at its place in the dump...
    expect(r.stderr).toMatch(/^dump\.json:1:\d+ warning MG010 tool #4 is not an object; skipped$/m);
    // ...the others are written, and generate's own checks point into the new files.
    expect(readdirSync(path.join(dir, "specs")).sort()).toEqual(["a_b.yaml", "fine.yaml", "no_schema.yaml"]);
    expect(r.stderr).toMatch(/^specs\/a_b\.yaml:2:8 error MG012 invalid tool name `a b`/m);
    expect(r.stderr).toMatch(/^specs\/no_schema\.yaml:2:1 error MG010 missing required field `inputSchema`$/m);
    expect(r.stderr).toMatch(/mcp-gen: imported 3 tools into specs; 2 specs need fixing before `mcp-gen generate` \(above\)\.\n$/);
    expect(r.stdout).toBe("");
    const json = runCli(["import", "dump.json", "--force", "--format", "json"], dir);
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as { ok: boolean; diagnostics: Array<{ code: string; file?: string }>; written: string[] };
    expect(report.ok).toBe(false);
    expect(report.written).toEqual(["specs/a_b.yaml", "specs/fine.yaml", "specs/no_schema.yaml"]);
    expect(report.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual(["MG010 dump.json", "MG012 specs/a_b.yaml", "MG010 specs/no_schema.yaml"]);
  });

  it("importing into a folder generate does not read says so instead of 'next: mcp-gen generate'", () => {
    const dir = project({ "dump.json": JSON.stringify([{ name: "echo", inputSchema: { type: "object" } }]) });
    const elsewhere = runCli(["import", "dump.json", "-o", "imported"], dir);
    expect(elsewhere.status).toBe(0);
    expect(elsewhere.stdout).toBe(
      "mcp-gen: imported 1 tool into imported; `mcp-gen generate` does not read imported yet: add `imported/**/*.yaml` to `specs` in the config, or import into the specs folder\n",
    );
    const inSpecs = runCli(["import", "dump.json", "-o", "specs/adopted"], dir);
    expect(inSpecs.stdout).toBe("mcp-gen: imported 1 tool into specs/adopted; next: mcp-gen generate\n");
  });

  it("a tool list with no tools writes nothing and says so", () => {
    const dir = project({ "dump.json": '{ "tools": [] }' });
    const r = runCli(["import", "dump.json"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("mcp-gen: the tool list holds no tools to import.\nmcp-gen: nothing was written.\n");
    expect(existsSync(path.join(dir, "specs"))).toBe(false);
  });

  it("reports a broken dump with a position", () => {
    const dir = project({ "dump.json": '{ "tools": [ { "name": "x", } ] }' });
    const r = runCli(["import", "dump.json"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^dump\.json:1:\d+ error/m);
  });

  it("documents the server sources of import in --help", () => {
    const imp = runCli(["import", "--help"], project({}));
    expect(imp.status).toBe(0);
    expect(imp.stdout).toContain("[tools.json]");
    for (const flag of ["--from-server <command>", "--url <url>", "--timeout <ms>", "--protocol <negotiation>"]) expect(imp.stdout).toContain(flag);
  });

  it.each([
    ["no source", [], 'error: give a tools/list dump <tools.json>, --from-server "<command>" or --url <url>'],
    [
      "two sources",
      ["dump.json", "--url", "http://127.0.0.1:9/mcp"],
      "error: give only one of <tools.json>, --from-server and --url (got <tools.json> and --url)",
    ],
    ["three sources", ["dump.json", "--from-server", "x", "--url", "http://127.0.0.1:9/mcp"], "(got <tools.json> and --from-server and --url)"],
    [
      "a bad timeout",
      ["--url", "http://127.0.0.1:9/mcp", "--timeout", "soon"],
      "error: --timeout takes a whole number of milliseconds from 1 to 2147483647, not 'soon'",
    ],
    ["a timeout with a file", ["dump.json", "--timeout", "100"], "error: --timeout applies only to --from-server and --url"],
    ["a URL that is not http", ["--url", "file:///tmp/x"], "error: --url takes an http:// or https:// URL, not 'file:///tmp/x'"],
    ["an unterminated quote", ["--from-server", "node 'server.js"], "error: --from-server: unterminated single quote in 'node 'server.js'"],
    ["an unknown protocol", ["--url", "http://127.0.0.1:9/mcp", "--protocol", "newest"], "argument 'newest' is invalid"],
  ])("import with %s is a usage error (exit 2)", (_name, args, message) => {
    const r = runCli(["import", ...args], project({}));
    expect(r.stderr).toContain(message);
    expect(r.status).toBe(2);
  });

  it("imports from a server over stdio, and the result generates", () => {
    const dir = project({});
    const everything = path.join(CORPUS_DIR, "mcp-ref-everything.json");
    const r = runCli(["import", "--from-server", stdioServerCommand(everything, ["--page-size", "4"])], dir);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("mcp-gen: imported 19 tools into specs; next: mcp-gen generate\n");
    expect(r.status).toBe(0);
    expect(readdirSync(path.join(dir, "specs"))).toHaveLength(19);
    expect(readFileSync(path.join(dir, "specs/echo.yaml"), "utf8")).toContain("\nname: echo\ntitle: Echo Tool\n");
    const generated = runCli(["generate"], dir);
    expect(generated.stderr).toBe("");
    expect(generated.status).toBe(0);
    expect(runCli(["generate", "--check"], dir).status).toBe(0);
  });

  it("imports from a server over Streamable HTTP", async () => {
    const server = await startHttpToolsServer(path.join(CORPUS_DIR, "mcp-ref-time.json"), ["--page-size", "1"]);
    try {
      const dir = project({});
      const r = runCli(["import", "--url", server.url, "--protocol", "auto", "--format", "json"], dir);
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ ok: true, diagnostics: [], written: ["specs/get_current_time.yaml", "specs/convert_time.yaml"], refused: [] });
    } finally {
      await server.stop();
    }
  });

  it("reports a failing server as a diagnostic, exits 1 and writes nothing", () => {
    const dir = project({});
    const command = stdioServerCommand(path.join(CORPUS_DIR, "mcp-ref-time.json"), ["--mode", "crash"]);
    const r = runCli(["import", "--from-server", command], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^error MG071 the server `.*` exited before it answered tools\/list \(page 1\)$/m);
    expect(r.stderr).toContain("tools-server: crashing on tools/list");
    expect(r.stderr).toContain("mcp-gen: nothing was written.");
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(path.join(dir, "specs"))).toBe(false);
  });

  it("reports a server that does not answer in time (--timeout)", () => {
    const dir = project({});
    const command = stdioServerCommand(path.join(CORPUS_DIR, "mcp-ref-time.json"), ["--mode", "hang"]);
    const r = runCli(["import", "--from-server", command, "--timeout", "800"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/error MG071 .* did not finish tools\/list \(page 1\) within 800 ms/);
  });
});
