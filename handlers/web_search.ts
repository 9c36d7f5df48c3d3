import { ToolError, type ContentBlock } from "mcp-gen/runtime";
import type { WebSearchHandler } from "../generated/tools/web_search.js";
import { SEARCH_INDEX } from "./data/search-index.js";
import { quote } from "./lib/quote.js";
import { queryTerms, rankPages } from "./lib/rank-pages.js";

/** Search the web for information: here a small offline index, so the demo needs no network. */
export const webSearch: WebSearchHandler = async (input, context) => {
  // The spec's `default: 5` is filled in before the handler runs.
  const limit = input.limit;
  const terms = queryTerms(input.query);
  const ranked = rankPages(SEARCH_INDEX, terms, context.signal);
  if (ranked === undefined) throw new ToolError("search cancelled");
  const results = ranked.slice(0, limit);
  context.log.debug("web_search", { terms, matches: ranked.length, returned: results.length });

  if (results.length === 0) return `No results for ${quote(input.query)}.`;
  const summary = [
    `${results.length} of ${ranked.length} ${ranked.length === 1 ? "result" : "results"} for ${quote(input.query)}:`,
    ...results.map(({ page }, i) => `${i + 1}. ${page.title} — ${page.url}\n   ${page.description}`),
  ].join("\n");
  const links: ContentBlock[] = results.map(({ page }) => ({
    type: "resource_link",
    uri: page.url,
    name: page.title,
    description: page.description,
    mimeType: "text/html",
  }));
  return [{ type: "text", text: summary }, ...links];
};
