import { describe, expect, it } from "vitest";
import { globMatcher, globToRegExp } from "../../../../handlers/lib/glob.js";

describe("globMatcher", () => {
  it.each([
    // No "/": the file name at any depth.
    { pattern: "*.pdf", path: "report.pdf", want: true },
    { pattern: "*.pdf", path: "a/b/report.pdf", want: true },
    { pattern: "*.pdf", path: "report.pdf.txt", want: false },
    { pattern: "*.pdf", path: "pdf", want: false },
    { pattern: "*", path: "a/b/c", want: true },
    { pattern: "report-?.txt", path: "x/report-1.txt", want: true },
    { pattern: "report-?.txt", path: "report-10.txt", want: false },
    { pattern: "a.b", path: "axb", want: false },
    { pattern: "(x)+[y]{2}$^|", path: "(x)+[y]{2}$^|", want: true },
    // With "/": the whole relative path.
    { pattern: "docs/*.pdf", path: "docs/a.pdf", want: true },
    { pattern: "docs/*.pdf", path: "docs/sub/a.pdf", want: false },
    { pattern: "docs/*.pdf", path: "x/docs/a.pdf", want: false },
    { pattern: "*/a.pdf", path: "docs/a.pdf", want: true },
    { pattern: "?/a", path: "ab/a", want: false },
    { pattern: "docs/**/*.pdf", path: "docs/a.pdf", want: true },
    { pattern: "docs/**/*.pdf", path: "docs/x/y/a.pdf", want: true },
    { pattern: "docs/**/*.pdf", path: "other/a.pdf", want: false },
    { pattern: "**/*.pdf", path: "a.pdf", want: true },
    { pattern: "**/*.pdf", path: "a/b/c.pdf", want: true },
    { pattern: "docs/**", path: "docs/a/b", want: true },
    { pattern: "docs/**", path: "other/a", want: false },
    { pattern: "**/archive/*", path: "documents/archive/2024.pdf", want: true },
    { pattern: "**/archive/*", path: "documents/archive/old/2024.pdf", want: false },
  ])("$pattern ~ $path: $want", ({ pattern, path, want }) => {
    expect(globMatcher(pattern)(path)).toBe(want);
  });

  it("compiles to an anchored expression", () => {
    expect(globToRegExp("a/**/b?.*").source).toBe(String.raw`^a\/(?:[^/]+\/)*b[^/]\.[^/]*$`);
  });
});
