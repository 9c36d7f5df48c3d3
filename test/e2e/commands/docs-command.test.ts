/** `mcp-gen docs` and the docs that `generate` writes per config, run as a user runs them. */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeProject, runCli, tempProject } from "../../helpers/project.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeProject));
function project(files: Record<string, string>): string {
  const dir = tempProject("docs-cli", { "package.json": JSON.stringify({ name: "docs-demo", version: "2.0.0" }), ...files });
  dirs.push(dir);
  return dir;
}

const ECHO =
  "name: echo\ndescription: Echoes text back.\ntags: [text]\nannotations: { readOnlyHint: true }\ninputSchema:\n  type: object\n  properties:\n    text: { type: string }\n";
const DROP = "name: drop\ndescription: Drops a table.\ninputSchema: { type: object }\n";

describe("mcp-gen docs", () => {
  it("writes markdown by default to <out>/docs, only docs, and reports it", () => {
    const dir = project({ "specs/echo.yaml": ECHO });
    const run = runCli(["docs"], dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^mcp-gen: docs \(markdown\) for 1 tool in generated\/docs: 4 files written, 0 removed \(\d+ ms\)\.\n$/);
    // generate's docs folder: the files are recorded in generate's manifest, not in a second one.
    expect(readdirSync(path.join(dir, "generated")).sort()).toEqual([".mcp-gen-manifest.json", "docs"]);
    expect(readdirSync(path.join(dir, "generated", "docs")).sort()).toEqual(["catalog.json", "echo.md", "index.md"]);
    expect(existsSync(path.join(dir, "handlers"))).toBe(false);
    expect(readFileSync(path.join(dir, "generated", "docs", "echo.md"), "utf8")).toMatch(/^---\ntitle: "echo"\ndescription: "Echoes text back."\n/);
    expect(runCli(["docs"], dir).stdout).toMatch(/everything up to date/);
  });

  it("--format html --out <dir>: the HTML reference there; a removed tool's page goes", () => {
    const dir = project({ "specs/echo.yaml": ECHO, "specs/drop.yaml": DROP });
    const run = runCli(["docs", "--format", "html", "--out", "site"], dir);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(readdirSync(path.join(dir, "site")).sort()).toEqual([".mcp-gen-manifest.json", "catalog.json", "drop.html", "echo.html", "index.html"]);
    const index = readFileSync(path.join(dir, "site", "index.html"), "utf8");
    expect(index).toContain("<h1>docs-demo</h1>");
    // A file of the user's in the same folder is never touched.
    writeFileSync(path.join(dir, "site", "notes.txt"), "mine");
    rmSync(path.join(dir, "specs", "drop.yaml"));
    const again = runCli(["docs", "--format", "html", "--out", "site"], dir);
    expect(again.stdout).toMatch(/1 removed/);
    expect(readdirSync(path.join(dir, "site")).sort()).toEqual([".mcp-gen-manifest.json", "catalog.json", "echo.html", "index.html", "notes.txt"]);
  });

  it("both formats at once: markdown, and the HTML reference in html/", () => {
    const dir = project({ "specs/echo.yaml": ECHO });
    expect(runCli(["docs", "--format", "markdown,html", "-o", "out"], dir).status).toBe(0);
    expect(existsSync(path.join(dir, "out", "echo.md"))).toBe(true);
    expect(existsSync(path.join(dir, "out", "html", "echo.html"))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, "out", "catalog.json"), "utf8")).tools[0].pages).toEqual({ markdown: "echo.md", html: "html/echo.html" });
  });

  it("exits 2 on an unknown format, 1 on spec errors, writing nothing", () => {
    const dir = project({ "specs/echo.yaml": ECHO, "specs/bad.yaml": "name: bad name\ninputSchema: { type: object }\n" });
    const usage = runCli(["docs", "--format", "pdf"], dir);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("--format must be markdown, html or markdown,html");
    const bad = runCli(["docs"], dir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/specs\/bad\.yaml:1:10 error MG012/);
    expect(bad.stderr).toContain("nothing was written");
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
  });

  it("in generate's docs folder, writes what generate writes and shares its manifest", () => {
    const dir = project({ "specs/echo.yaml": ECHO, "specs/drop.yaml": DROP });
    expect(runCli(["generate"], dir).status).toBe(0);
    const manifest = () => JSON.parse(readFileSync(path.join(dir, "generated", ".mcp-gen-manifest.json"), "utf8")).files as string[];
    const owned = manifest();
    expect(owned).toContain("docs/echo.md");
    expect(owned).toContain("registry.ts");
    const again = runCli(["docs"], dir);
    expect(again.stderr).toBe("");
    expect(again.stdout).toMatch(/in generated\/docs: everything up to date/);
    expect(existsSync(path.join(dir, "generated", "docs", ".mcp-gen-manifest.json"))).toBe(false);
    expect(manifest()).toEqual(owned);

    // A removed tool's page goes, and generate's other files stay owned.
    rmSync(path.join(dir, "specs", "drop.yaml"));
    const removed = runCli(["docs"], dir);
    // echo.md (its sidebar position moves up), the index, catalog.json and the manifest.
    expect(removed.stdout).toMatch(/ 4 files written, 1 removed/);
    expect(existsSync(path.join(dir, "generated", "docs", "drop.md"))).toBe(false);
    expect(manifest()).toEqual(owned.filter((file) => file !== "docs/drop.md"));
    expect(existsSync(path.join(dir, "generated", "registry.ts"))).toBe(true);

    // Other formats there are a warning: the next generate writes the config's back.
    const html = runCli(["docs", "--format", "html"], dir);
    expect(html.status).toBe(0);
    expect(html.stderr).toContain("warning MG060 generated/docs is the folder `generate` writes its docs to, as markdown (docs.formats)");
    expect(existsSync(path.join(dir, "generated", "docs", "echo.html"))).toBe(true);
    expect(runCli(["generate", "--check"], dir).stderr).toContain("generated/docs/echo.html");
    expect(runCli(["generate"], dir).status).toBe(0);
    expect(readdirSync(path.join(dir, "generated", "docs")).sort()).toEqual(["catalog.json", "echo.md", "index.md"]);
  });

  it("exits 2 for an --out that overlaps generate's docs folder, writing nothing", () => {
    const dir = project({ "specs/echo.yaml": ECHO });
    for (const out of ["generated/docs/html", "generated"]) {
      const run = runCli(["docs", "--out", out], dir);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`mcp-gen: --out ${out} overlaps generated/docs, where \`generate\` writes its docs`);
      expect(existsSync(path.join(dir, "generated"))).toBe(false);
    }
    // A folder of its own inside generated/ is fine: it has its own manifest, and generate leaves it alone.
    expect(runCli(["docs", "--out", "generated/site"], dir).status).toBe(0);
    expect(readdirSync(path.join(dir, "generated", "site")).sort()).toEqual([".mcp-gen-manifest.json", "catalog.json", "echo.md", "index.md"]);
    expect(runCli(["generate"], dir).status).toBe(0);
    expect(readdirSync(path.join(dir, "generated", "site")).sort()).toEqual([".mcp-gen-manifest.json", "catalog.json", "echo.md", "index.md"]);
  });

  it("is listed in --help with its flags", () => {
    const dir = project({});
    expect(runCli(["--help"], dir).stdout).toMatch(/docs/);
    const help = runCli(["docs", "--help"], dir).stdout;
    for (const flag of ["--format", "--out", "--config"]) expect(help).toContain(flag);
  });
});

describe("generate writes the docs the config asks for, and --check covers them", () => {
  it("docs.formats [markdown, html]: both written; an edited or missing page is stale", () => {
    const dir = project({
      "specs/echo.yaml": ECHO,
      "mcp-gen.config.yaml": "docs: { formats: [markdown, html] }\n",
    });
    const first = runCli(["generate"], dir);
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    for (const file of ["docs/echo.md", "docs/index.md", "docs/html/echo.html", "docs/html/index.html", "docs/catalog.json"]) {
      expect(existsSync(path.join(dir, "generated", file)), file).toBe(true);
    }
    expect(runCli(["generate", "--check"], dir).status).toBe(0);
    writeFileSync(path.join(dir, "generated", "docs", "html", "echo.html"), "edited");
    const check = runCli(["generate", "--check"], dir);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain("generated/docs/html/echo.html");
  });

  it("without a docs setting: markdown only", () => {
    const dir = project({ "specs/echo.yaml": ECHO });
    expect(runCli(["generate"], dir).status).toBe(0);
    expect(readdirSync(path.join(dir, "generated", "docs")).sort()).toEqual(["catalog.json", "echo.md", "index.md"]);
  });
});
