/**
 * The HTML reference as a person uses it, in headless Chromium: the demo's index lists
 * every tool, search and the read-only filter narrow the list, a tool page shows its
 * parameters table; nothing is fetched from the network, and hostile spec text never
 * runs. Screenshots go to .tmp/artifacts/.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { effectiveHints } from "../../../src/emit/docs/hints.js";
import { emitDocs } from "../../../src/emit/docs/docs.js";
import { renderedNow } from "../../helpers/rendered.js";
import type { ProjectModel } from "../../../src/spec/model.js";
import { findChromium, launchChromium } from "../../helpers/browser.js";
import { ARTIFACTS, demoModel, writeSite } from "../../helpers/docs-site.js";
import { EVALUATED, hostileModel } from "../../helpers/hostile-model.js";

const executablePath = findChromium();
if (!executablePath) {
  console.warn(
    "\n*** test/e2e/docs/html-browser.test.ts SKIPPED: no Chromium found (looked at $CHROMIUM_PATH, /usr/bin/chromium, ...).\n" +
      "*** Install it with `apt-get update && apt-get install -y chromium` (as .ci/run does) to run the browser tests.\n",
  );
}

function htmlSite(name: string, model: ProjectModel): string {
  return writeSite(name, renderedNow(emitDocs(model, { formats: ["html"], dir: "" })));
}

describe.skipIf(!executablePath)("the HTML reference in Chromium", () => {
  let browser: Browser;
  const model = demoModel();
  const site = htmlSite("html-demo", model);
  const url = (page: string) => pathToFileURL(path.join(site, page)).href;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium(executablePath as string);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page that records every request that is not for a local file. */
  async function open(target: string, viewport = { width: 1200, height: 900 }): Promise<{ page: Page; network: string[]; errors: string[] }> {
    const page = await browser.newPage({ viewport });
    const network: string[] = [];
    const errors: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith("file:")) network.push(request.url());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(target);
    return { page, network, errors };
  }

  const visibleNames = (page: Page) =>
    page.locator("ul.tools li[data-name]:visible").evaluateAll((items) => [...new Set(items.map((item) => item.getAttribute("data-name")))]);

  test("the index lists every tool, links to its page, and fetches nothing", async () => {
    const { page, network, errors } = await open(url("index.html"));
    expect(await page.title()).toBe("mcp-gen-demo — tool reference");
    expect(await page.locator("h1").textContent()).toBe("mcp-gen-demo");
    expect((await visibleNames(page)).sort()).toEqual(model.tools.map((tool) => tool.name).sort());
    for (const tool of model.tools) {
      await expect.poll(() => page.locator(`a[href="./${tool.ids.file}.html"]`).count()).toBeGreaterThan(0);
    }
    await expect.poll(() => page.getByRole("status").textContent()).toBe(`${model.tools.length} of ${model.tools.length} tools shown`);
    await page.screenshot({ path: path.join(ARTIFACTS, "docs-index.png"), fullPage: true });
    expect(network).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("typing in the search box filters the list", async () => {
    const { page } = await open(url("index.html"));
    await page.getByLabel("Search tools").fill("weather");
    expect(await visibleNames(page)).toEqual(["get_weather"]);
    expect(await page.getByRole("status").textContent()).toBe(`1 of ${model.tools.length} tools shown`);
    // Sections left without a visible tool disappear with their heading.
    expect(await page.locator("section.group:visible h2").allTextContents()).toEqual(["web"]);
    await page.getByLabel("Search tools").fill("files");
    expect((await visibleNames(page)).sort()).toEqual(["delete_file", "search_files"]);
    await page.getByLabel("Search tools").fill("no tool is called this");
    expect(await visibleNames(page)).toEqual([]);
    expect(await page.getByText("No tool matches.").isVisible()).toBe(true);
    await page.close();
  });

  test("the read-only filter hides every tool that may change or destroy anything", async () => {
    const { page } = await open(url("index.html"));
    await page.getByLabel("Read-only").check();
    const readOnly = model.tools.filter((tool) => effectiveHints(tool.wire.annotations ?? {}).readOnly).map((tool) => tool.name);
    const destructive = model.tools.filter((tool) => {
      const hints = effectiveHints(tool.wire.annotations ?? {});
      return !hints.readOnly && hints.destructive;
    });
    expect(destructive.map((tool) => tool.name)).toEqual(expect.arrayContaining(["delete_file", "launch_confetti"]));
    const shown = await visibleNames(page);
    expect(shown.sort()).toEqual(readOnly.sort());
    for (const tool of destructive) expect(shown).not.toContain(tool.name);
    await page.getByLabel("Read-only").uncheck();
    expect(await visibleNames(page)).toHaveLength(model.tools.length);
    await page.close();
  });

  test("the tag filter shows exactly the tools that carry the tag, tags with spaces and several tags per tool included", async () => {
    const tagged = structuredClone(model);
    const tagsOf: Record<string, string[]> = { get_weather: ["weather", "read"], delete_file: ["files", "my files"], create_record: ["my files"] };
    for (const tool of tagged.tools) tool.tags = tagsOf[tool.name] ?? [];
    const site = htmlSite("html-tags", tagged);
    const { page, errors } = await open(pathToFileURL(path.join(site, "index.html")).href);
    const tag = page.getByLabel("Tag");
    for (const [wanted, names] of [
      ["read", ["get_weather"]],
      ["weather", ["get_weather"]],
      ["files", ["delete_file"]],
      ["my files", ["create_record", "delete_file"]],
    ] as const) {
      await tag.selectOption(wanted);
      expect((await visibleNames(page)).sort(), wanted).toEqual(names);
    }
    await tag.selectOption("");
    expect(await visibleNames(page)).toHaveLength(tagged.tools.length);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("a tool page shows its behaviour, parameters table and examples", async () => {
    const { page, network, errors } = await open(url("index.html"));
    await page.getByRole("link", { name: "Weather Information Provider" }).click();
    await page.waitForURL(/get_weather\.html$/);
    expect(await page.locator("h1").textContent()).toBe("Weather Information Provider");
    const parameters = page.getByRole("table", { name: "Parameters" });
    expect(await parameters.locator("thead th").allTextContents()).toEqual(["Name", "Type", "Required", "Default", "Description"]);
    const rows = await parameters.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(rows).toEqual([
      ["location", "string", "yes", "", "City name"],
      ["units", '"metric" | "imperial"', "no", '"metric"', "Units for the temperature"],
    ]);
    expect(await page.getByRole("table", { name: "Output" }).locator("tbody tr").count()).toBe(3);
    expect(await page.locator("dl.behaviour dt").allTextContents()).toEqual(["Read-only", "Open world"]);
    expect(await page.locator("pre code").first().textContent()).toContain('"method": "tools/call"');
    await page.screenshot({ path: path.join(ARTIFACTS, "docs-tool.png"), fullPage: true });
    expect(network).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  test("readable on a phone: no sideways scrolling of the page", async () => {
    for (const target of ["index.html", "create_record.html"]) {
      const { page } = await open(url(target), { width: 375, height: 740 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, target).toBeLessThanOrEqual(0);
      if (target === "index.html") await page.screenshot({ path: path.join(ARTIFACTS, "docs-index-phone.png"), fullPage: true });
      await page.close();
    }
    // A long unbroken word (a URL) in a description wraps instead of widening the page.
    const long = structuredClone(model);
    const weather = long.tools.find((tool) => tool.name === "get_weather")!;
    weather.wire.description = `See https://example.com/${"segment/".repeat(40)}end for details.`;
    const site = htmlSite("html-long-words", long);
    for (const target of ["index.html", "get_weather.html"]) {
      const { page } = await open(pathToFileURL(path.join(site, target)).href, { width: 375, height: 740 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${target} with a long word`).toBeLessThanOrEqual(0);
      await page.close();
    }
  });

  test("hostile spec text is shown as text and never runs", async () => {
    const hostile = htmlSite("html-hostile", hostileModel());
    for (const target of ["index.html", "hostile.tool.html"]) {
      const { page, errors } = await open(pathToFileURL(path.join(hostile, target)).href);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), target).toBeUndefined();
      expect(await page.locator("img").count(), target).toBe(0);
      const text = (await page.locator("main").textContent()) ?? "";
      expect(text).toContain("<script>window.__pwned = 1</script>");
      expect(text).toContain("{{ 7 * 191 }}");
      for (const product of EVALUATED) expect(text).not.toContain(product);
      expect(errors).toEqual([]);
      if (target === "index.html") {
        // The search still works over hostile text.
        await page.getByLabel("Search tools").fill("</script>");
        expect(await visibleNames(page)).toEqual(["hostile.tool"]);
      }
      await page.close();
    }
  });
});
