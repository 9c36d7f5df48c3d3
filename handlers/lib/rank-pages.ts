/** Ranks the offline index for web_search: weighted word matches, no network. */
import type { IndexedPage } from "../data/search-index.js";
import { words } from "./words.js";

/** Words too common to say anything about a page. */
const STOP_WORDS = new Set(["a", "an", "and", "are", "for", "how", "in", "is", "of", "on", "or", "the", "to", "what", "with"]);
const WEIGHTS = { title: 3, description: 2, body: 1 } as const;

export interface RankedPage {
  page: IndexedPage;
  score: number;
}

/** The terms of a query: distinct, stop words dropped, plural "s" folded. */
export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      words(query)
        .filter((w) => !STOP_WORDS.has(w))
        .map(stem),
    ),
  ];
}

/**
 * Pages matching at least one term, best first (ties by URL, so the order never
 * depends on the index's layout). Checks `signal` between pages; returns undefined
 * when it aborted.
 */
export function rankPages(pages: readonly IndexedPage[], terms: string[], signal: AbortSignal): RankedPage[] | undefined {
  const ranked: RankedPage[] = [];
  for (const page of pages) {
    if (signal.aborted) return undefined;
    const score = scorePage(page, terms);
    if (score > 0) ranked.push({ page, score });
  }
  return ranked.sort((a, b) => b.score - a.score || (a.page.url < b.page.url ? -1 : a.page.url > b.page.url ? 1 : 0));
}

function scorePage(page: IndexedPage, terms: string[]): number {
  let score = 0;
  for (const field of ["title", "description", "body"] as const) {
    const fieldWords = words(page[field]).map(stem);
    for (const term of terms) score += WEIGHTS[field] * fieldWords.filter((w) => w === term).length;
  }
  return score;
}

function stem(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}
