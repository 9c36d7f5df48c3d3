/**
 * The markdown docs as a docs framework takes them: VitePress builds the demo's pages
 * and a hostile project's, with its default dead-link check (a dead link fails the build).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { emitDocs } from "../../../src/emit/docs/docs.js";
import { renderedNow } from "../../helpers/rendered.js";
import type { ProjectModel } from "../../../src/spec/model.js";
import { REPO_ROOT } from "../../helpers/project.js";
import { demoModel, writeSite } from "../../helpers/docs-site.js";
import { EVALUATED, hostileModel } from "../../helpers/hostile-model.js";

const VITEPRESS = path.join(REPO_ROOT, "node_modules", "vitepress", "bin", "vitepress.js");

function buildWithVitepress(name: string, model: ProjectModel): { dir: string; status: number | null; output: string } {
  const dir = writeSite(name, renderedNow(emitDocs(model, { formats: ["markdown"], dir: "" })));
  mkdirSync(path.join(dir, ".vitepress"), { recursive: true });
  // The smallest config: the default theme, dead links fail the build (VitePress's default).
  writeFileSync(path.join(dir, ".vitepress", "config.mjs"), `export default { title: "docs test" };\n`);
  const run = spawnSync(process.execPath, [VITEPRESS, "build", dir], { cwd: REPO_ROOT, encoding: "utf8", timeout: 120_000 });
  return { dir, status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

const html = (dir: string, page: string) => readFileSync(path.join(dir, ".vitepress", "dist", page), "utf8");

describe("VitePress builds the markdown docs", () => {
  test("the demo: every page, no dead links, frontmatter read", () => {
    const model = demoModel();
    const { dir, status, output } = buildWithVitepress("vitepress-demo", model);
    expect(output).not.toMatch(/dead link/i);
    expect(status, output).toBe(0);
    for (const tool of model.tools) expect(html(dir, `${tool.ids.file}.html`)).toContain(`<title>`);
    const weather = html(dir, "get_weather.html");
    expect(weather).toContain("<title>Weather Information Provider | docs test</title>");
    expect(weather).toContain('<meta name="description" content="Get current weather for a location.">');
    expect(weather).toMatch(/<a href="\.\/">all tools<\/a>/);
    const index = html(dir, "index.html");
    for (const tool of model.tools) expect(index).toContain(`href="./${tool.ids.file}.html"`);
  }, 120_000);

  test("hostile spec text stays text: no HTML injected, no Vue or MDX expression evaluated", () => {
    const model = hostileModel();
    const { dir, status, output } = buildWithVitepress("vitepress-hostile", model);
    expect(output).not.toMatch(/dead link/i);
    expect(status, output).toBe(0);
    // The page's content only: asset hashes elsewhere could hold any digits.
    const page = /<main[\s\S]*<\/main>/.exec(html(dir, "hostile.tool.html"))?.[0] ?? "";
    expect(page).toContain("Second paragraph");
    expect(page).not.toMatch(/<script>window/);
    expect(page).not.toMatch(/<img src=x/i);
    for (const product of EVALUATED) expect(page).not.toContain(product);
    expect(page).toContain("{{ 7 * 191 }}");
    expect(page).toContain("{{ 7 * 199 }}");
    expect(page).toContain("&lt;script&gt;window.__pwned");
  }, 120_000);
});
