/** The HTML reference's markup, without a browser: escaping, self-containment, accessibility basics. */
import { describe, expect, test } from "vitest";
import { renderHtmlSite } from "../../../../src/emit/docs/html/site.js";
import { descriptionHtml, escapeHtml, slug } from "../../../../src/emit/docs/html/escape.js";
import { demoModel } from "../../../helpers/docs-site.js";
import { HOSTILE, hostileModel } from "../../../helpers/hostile-model.js";

const hostilePages = renderHtmlSite(hostileModel());
const demoPages = renderHtmlSite(demoModel());

describe("escaping", () => {
  test.each([
    ["escapeHtml", escapeHtml(`<a href="x">'&'</a>`), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"],
    [
      "descriptionHtml: paragraphs, line breaks, code spans",
      descriptionHtml("One `<b>`\nline\n\n  Two"),
      "<p>One <code>&lt;b&gt;</code><br>line</p>\n<p>Two</p>",
    ],
    ["slug", slug("<Hello> World!"), "hello-world"],
    ["slug: never empty", slug("{{}}"), "x"],
    ["slug: letters of any script", slug("日本語 Ünïcode"), "日本語-ünïcode"],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  test.each(hostilePages.map((page) => [page.path, page.contents]))("%s: no spec text becomes markup", (_path, html) => {
    // Only the generator's own <script> (on the index) and no injected tag or attribute.
    expect(html.match(/<script>/g)?.length ?? 0).toBe(_path === "index.html" ? 1 : 0);
    expect(html.match(/<\/script>/g)?.length ?? 0).toBe(_path === "index.html" ? 1 : 0);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/onerror="/i);
    expect(html).not.toContain("<b>");
    expect(html).toContain(escapeHtml(HOSTILE.split(" ")[0]));
  });
});

describe("self-contained and accessible", () => {
  test.each(demoPages.map((page) => [page.path, page.contents]))("%s", (_path, html) => {
    // Nothing is fetched: no src/href to another host, no external stylesheet or script.
    expect(html).not.toMatch(/\b(?:src|href)="(?:https?:)?\/\//);
    expect(html).not.toMatch(/<link\b/);
    expect(html).not.toMatch(/<script\s+src/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<main id="main">');
    // Every form control has a label.
    for (const id of html.match(/<(?:input|select)[^>]*id="([^"]+)"/g) ?? []) {
      const name = /id="([^"]+)"/.exec(id)?.[1];
      expect(html).toContain(`<label for="${name}">`);
    }
  });

  test("the index links every tool page, and every link resolves to a page of the site", () => {
    const names = new Set(demoPages.map((page) => page.path));
    for (const page of demoPages) {
      for (const [, target] of page.contents.matchAll(/href="\.\/([^"#]+)"/g))
        expect(names.has(decodeURIComponent(target)), `${page.path} → ${target}`).toBe(true);
    }
    const index = demoPages.find((page) => page.path === "index.html")?.contents ?? "";
    for (const page of demoPages) if (page.path !== "index.html") expect(index).toContain(`href="./${page.path}"`);
  });

  test("deterministic", () => {
    expect(renderHtmlSite(demoModel())).toEqual(demoPages);
  });
});

describe("the index's tag sections", () => {
  test("have distinct ids and headings, however alike their tags are", () => {
    const model = structuredClone(demoModel());
    const tags = [["日本語"], ["中文"], ["Files"], ["files"], ["a b"], ["a-b"], ["Other tools"]];
    model.tools.forEach((tool, i) => (tool.tags = tags[i] ?? []));
    expect(model.tools.length).toBeGreaterThan(tags.length);
    const index = renderHtmlSite(model).find((page) => page.path === "index.html")!.contents;
    const ids = [...index.matchAll(/<h2 id="(group-[^"]+)">/g)].map((match) => match[1]);
    const headings = [...index.matchAll(/<h2 id="group-[^"]+">([^<]*)<\/h2>/g)].map((match) => match[1]);
    expect(ids).toHaveLength(tags.length + 1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(headings).size).toBe(headings.length);
    expect(headings).toContain("Tools without a tag");
    // Every section names its own heading.
    expect([...index.matchAll(/aria-labelledby="([^"]+)"/g)].map((match) => match[1])).toEqual(ids);
  });
});
