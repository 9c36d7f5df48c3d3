/**
 * What a change costs in a model's context: the tokens of each tool's `tools/list` entry
 * on both sides (spec/token-count.ts) and the difference, per tool and for the whole list.
 */
import { TOKEN_ENCODING, toolTokens, type ToolListEntry } from "../spec/token-count.js";
import { pairTools, type ContractTool } from "./compare-tools.js";

export interface ToolTokenDelta {
  tool: string;
  /** Absent for a tool only the head has. */
  base?: number;
  /** Absent for a tool only the base has. */
  head?: number;
  delta: number;
}

export interface TokenDeltas {
  /** The tokenizer's encoding; counts for other models are approximate. */
  encoding: string;
  base: number;
  head: number;
  delta: number;
  /** Tools whose count changed (added and removed ones included), largest change first, then by name. */
  tools: ToolTokenDelta[];
}

export function tokenDeltas(base: readonly ContractTool[], head: readonly ContractTool[]): TokenDeltas {
  const count = (tool: ContractTool | undefined) => (tool ? toolTokens(tool.wire as ToolListEntry).total : undefined);
  const tools: ToolTokenDelta[] = [];
  let baseTotal = 0;
  let headTotal = 0;
  for (const pair of pairTools(base, head)) {
    const before = count(pair.base);
    const after = count(pair.head);
    baseTotal += before ?? 0;
    headTotal += after ?? 0;
    const delta = (after ?? 0) - (before ?? 0);
    if (delta === 0 && before !== undefined && after !== undefined) continue;
    const entry: ToolTokenDelta = { tool: pair.name, delta };
    if (before !== undefined) entry.base = before;
    if (after !== undefined) entry.head = after;
    tools.push(entry);
  }
  tools.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
  return { encoding: TOKEN_ENCODING, base: baseTotal, head: headTotal, delta: headTotal - baseTotal, tools };
}
