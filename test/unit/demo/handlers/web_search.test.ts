import { ToolError, type ContentBlock } from "mcp-gen/runtime";
import { describe, expect, it } from "vitest";
import { webSearch } from "../../../../handlers/web_search.js";
import { queryTerms } from "../../../../handlers/lib/rank-pages.js";
import { fakeContext } from "./fake-context.js";

// The spec's `default: 5`: the validator fills it in before the handler runs (the e2e demo tests call through it).
async function search(query: string, limit = 5): Promise<ContentBlock[]> {
  const result = await webSearch({ query, limit }, fakeContext());
  if (!Array.isArray(result)) throw new Error("expected content blocks");
  return result;
}

describe("web_search", () => {
  it("answers the spec example with a summary and one resource_link per result", async () => {
    const blocks = await search("Model Context Protocol", 3);
    expect(blocks.map((b) => b.type)).toEqual(["text", "resource_link", "resource_link", "resource_link"]);
    expect(blocks[1]).toEqual({
      type: "resource_link",
      uri: "https://modelcontextprotocol.io/",
      name: "Model Context Protocol",
      description: "An open protocol that connects AI applications to external data sources and tools.",
      mimeType: "text/html",
    });
    const summary = blocks[0].type === "text" ? blocks[0].text : "";
    expect(summary.split("\n")[0]).toMatch(/^3 of \d+ results for "Model Context Protocol":$/);
    expect(summary).toContain("1. Model Context Protocol — https://modelcontextprotocol.io/");
  });

  it("ranks title matches first and folds plurals", async () => {
    const blocks = await search("tool");
    expect(blocks[1]).toMatchObject({ uri: "https://modelcontextprotocol.io/specification/2025-11-25/server/tools" });
  });

  it("returns at most `limit` results", async () => {
    expect((await search("model context protocol")).filter((b) => b.type === "resource_link")).toHaveLength(5);
    expect((await search("model context protocol", 1)).filter((b) => b.type === "resource_link")).toHaveLength(1);
  });

  it("is deterministic", async () => {
    expect(await search("json schema validator")).toEqual(await search("json schema validator"));
  });

  it("says so when nothing matches", async () => {
    expect(await webSearch({ query: "zebra quantum", limit: 5 }, fakeContext())).toBe('No results for "zebra quantum".');
    expect(await webSearch({ query: "the of and", limit: 5 }, fakeContext())).toBe('No results for "the of and".');
  });

  it("stops when the call is cancelled", async () => {
    const context = fakeContext();
    context.abort();
    await expect(webSearch({ query: "mcp", limit: 5 }, context)).rejects.toThrow(new ToolError("search cancelled"));
  });

  it.each([
    { query: "The Tools of MCP", want: ["tool", "mcp"] },
    { query: "progress progress PROGRESS", want: ["progress"] },
    { query: "class access", want: ["class", "access"] },
  ])("query terms of $query", ({ query, want }) => {
    expect(queryTerms(query)).toEqual(want);
  });
});
