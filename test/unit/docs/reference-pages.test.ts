/**
 * docs/reference/config.md and spec-format.md hold blocks generated from the shipped JSON
 * Schemas (`npm run docs:reference`): a schema edit without regenerating them fails here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations
import { PAGES, renderPage, stalePages } from "../../../scripts/docs-reference.mjs";
import { REPO_ROOT } from "../../helpers/project.js";

interface Page {
  page: string;
  render: () => string;
}

describe("the generated reference pages", () => {
  test("are what the schemas give (run `npm run docs:reference` when this fails)", () => {
    expect(stalePages()).toEqual([]);
  });

  test("a changed block is seen as stale, and only the block is rewritten", () => {
    for (const { page, render } of PAGES as Page[]) {
      const text = readFileSync(path.join(REPO_ROOT, page), "utf8");
      const edited = text.replace("| field | type |", "| field | kind |");
      expect(edited).not.toBe(text);
      expect(renderPage(edited, render())).toBe(text);
      const prose = text.replace(/^# .*$/m, "# Another title");
      expect(renderPage(prose, render())).toBe(prose);
    }
  });

  test("rendering is deterministic", () => {
    for (const { render } of PAGES as Page[]) expect(render()).toBe(render());
  });
});
