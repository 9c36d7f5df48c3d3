/** tools/list pages: every tool once and in order, and only cursors this list issued. */
import { describe, expect, it } from "vitest";
import { Paginator } from "../../../src/runtime/pagination.js";

const toolsNamed = (n: number, prefix = "tool") => Array.from({ length: n }, (_, i) => ({ name: `${prefix}_${String(i).padStart(3, "0")}` }));

/** Follows nextCursor from the first page to the last. */
function walk<T extends { name: string }>(paginator: Paginator<T>): { pages: T[][]; cursors: string[] } {
  const pages: T[][] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = paginator.page(cursor);
    if (!page) throw new Error(`rejected its own cursor ${cursor}`);
    pages.push(page.items);
    if (page.nextCursor === undefined) return { pages, cursors };
    cursors.push(page.nextCursor);
    cursor = page.nextCursor;
    if (pages.length > 1000) throw new Error("cursors never end");
  }
}

const encoded = (text: string) => Buffer.from(text).toString("base64url");
const decoded = (cursor: string) => Buffer.from(cursor, "base64url").toString("utf8");

describe("Paginator", () => {
  it.each([
    { n: 0, pageSize: 1, sizes: [0] },
    { n: 1, pageSize: 1, sizes: [1] },
    { n: 5, pageSize: 1, sizes: [1, 1, 1, 1, 1] },
    { n: 5, pageSize: 2, sizes: [2, 2, 1] },
    { n: 6, pageSize: 2, sizes: [2, 2, 2] },
    { n: 6, pageSize: 6, sizes: [6] },
    { n: 6, pageSize: 100, sizes: [6] },
    { n: 372, pageSize: 7, sizes: [...Array(53).fill(7), 1] },
    { n: 250, pageSize: 100, sizes: [100, 100, 50] },
  ])("$n tools in pages of $pageSize: pages of $sizes, every tool once, in order", ({ n, pageSize, sizes }) => {
    const tools = toolsNamed(n);
    const { pages, cursors } = walk(new Paginator(tools, pageSize));
    expect(pages.map((p) => p.length)).toEqual(sizes);
    expect(pages.flat()).toEqual(tools);
    expect(new Set(cursors).size).toBe(cursors.length);
  });

  it("the last page has no nextCursor key at all", () => {
    const paginator = new Paginator(toolsNamed(3), 2);
    const first = paginator.page(undefined)!;
    const last = paginator.page(first.nextCursor)!;
    expect(Object.keys(last)).toEqual(["items"]);
  });

  it("is deterministic: the same list gives the same cursors in another instance", () => {
    expect(walk(new Paginator(toolsNamed(9), 2)).cursors).toEqual(walk(new Paginator(toolsNamed(9), 2)).cursors);
  });

  it("a cursor from a different tool list is rejected", () => {
    const ours = new Paginator(toolsNamed(10), 3);
    const theirs = new Paginator(toolsNamed(10, "other"), 3);
    const renamedOne = new Paginator([...toolsNamed(9), { name: "tool_999" }], 3);
    const foreign = theirs.page(undefined)!.nextCursor!;
    expect(ours.page(foreign)).toBeUndefined();
    expect(ours.page(renamedOne.page(undefined)!.nextCursor)).toBeUndefined();
    expect(theirs.page(foreign)?.items.map((t) => t.name)).toEqual(["other_003", "other_004", "other_005"]);
  });

  describe("rejects cursors it did not issue", () => {
    const paginator = new Paginator(toolsNamed(10), 3);
    const valid = paginator.page(undefined)!.nextCursor!;
    const [fingerprint] = decoded(valid).split(":");

    it("accepts its own cursor", () => {
      expect(decoded(valid)).toBe(`${fingerprint}:3`);
      expect(paginator.page(valid)?.items.map((t) => t.name)).toEqual(["tool_003", "tool_004", "tool_005"]);
    });

    it.each([
      ["empty", ""],
      ["garbage", "not a cursor"],
      ["garbage that is valid base64url", encoded("hello world")],
      ["trailing characters base64 decoding skips", `${valid}!!`],
      ["a padded variant", `${valid}=`],
      ["leading whitespace", ` ${valid}`],
      ["standard base64 of another offset's text", Buffer.from(`${fingerprint}:6`).toString("base64").replace(/=+$/, "") + "+/"],
      ["one character changed", valid.replace(/^./, (c) => (c === "A" ? "B" : "A"))],
      ["truncated", valid.slice(0, -2)],
      ["extended", `${valid}AA`],
      ["a number", "3"],
      ["JSON", JSON.stringify({ offset: 3 })],
      ["fingerprint with a negative offset", encoded(`${fingerprint}:-3`)],
      ["fingerprint with offset 0 (the first page has no cursor)", encoded(`${fingerprint}:0`)],
      ["fingerprint with offset = length", encoded(`${fingerprint}:10`)],
      ["fingerprint with an offset past the end", encoded(`${fingerprint}:999`)],
      ["fingerprint with a huge offset", encoded(`${fingerprint}:99999999999999999999`)],
      ["fingerprint with a fractional offset", encoded(`${fingerprint}:3.5`)],
      ["fingerprint with an exponent offset", encoded(`${fingerprint}:3e0`)],
      ["fingerprint with a zero-padded offset", encoded(`${fingerprint}:003`)],
      ["fingerprint with extra fields", encoded(`${fingerprint}:3:4`)],
      ["a wrong fingerprint", encoded(`AAAAAAAAAAAA:3`)],
      ["oversized", "A".repeat(10_000)],
      ["oversized but starting like a real cursor", valid + "A".repeat(100)],
    ])("%s", (_what, cursor) => {
      expect(paginator.page(cursor)).toBeUndefined();
    });
  });

  it("a cursor naming another real offset of the same list is a valid cursor (it is opaque, not secret)", () => {
    const paginator = new Paginator(toolsNamed(10), 3);
    const [fingerprint] = decoded(paginator.page(undefined)!.nextCursor!).split(":");
    expect(paginator.page(encoded(`${fingerprint}:8`))?.items.map((t) => t.name)).toEqual(["tool_008", "tool_009"]);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("pageSize %s is refused", (pageSize) => {
    expect(() => new Paginator(toolsNamed(3), pageSize)).toThrow(RangeError);
    expect(() => new Paginator(toolsNamed(3), pageSize)).toThrow(`pageSize must be a positive integer, got ${pageSize}`);
  });
});
