/**
 * What the docs say of a tool's context cost: its tokens in `tools/list` (counted by
 * src/spec/token-count.ts, through the build session's memo when there is one), with the
 * encoding named, since other models count differently.
 */
import type { ProjectModel, ToolModel } from "../../spec/model.js";
import { TOKEN_ENCODING, TokenCounts, tokenShares, type ToolTokens } from "../../spec/token-count.js";

/** A tool's token count (the build session's memo answers it: `TokenCounts`). */
export type ToolTokensOf = (tool: ToolModel) => ToolTokens;

/** Counts made for one rendering, for callers without a session. */
export function countedHere(): ToolTokensOf {
  const counts = new TokenCounts();
  return (tool) => counts.of(tool.wire);
}

/** The whole list's tokens: the sum of its entries'. */
export function listTokens(model: ProjectModel, tokens: ToolTokensOf): number {
  return model.tools.reduce((sum, tool) => sum + tokens(tool).total, 0);
}

/**
 * One tool's cost in a sentence, with the description's and the schemas' share; `code`
 * sets a name in code type (markdown's backticks, HTML's `<code>`).
 */
export function contextCostSentence(tokens: ToolTokens, code: (text: string) => string): string {
  const { description, schemas } = tokenShares(tokens);
  return `${tokens.total} tokens in ${code("tools/list")} (${code(TOKEN_ENCODING)}; approximate for other models): description ${description}, schemas ${schemas}`;
}

/** The whole list's cost, for the index pages. */
export function listCostPhrase(model: ProjectModel, tokens: ToolTokensOf, code: (text: string) => string): string {
  return `${listTokens(model, tokens)} tokens in ${code("tools/list")} (${code(TOKEN_ENCODING)})`;
}
