/** diff's token deltas: each tool's tools/list entry counted on both sides (spec/token-count.ts), paired as diff pairs tools. */
import { describe, expect, it } from "vitest";
import { tokenDeltas } from "../../../src/contract/token-deltas.js";
import { TOKEN_ENCODING, toolTokens } from "../../../src/spec/token-count.js";

const same = { name: "same", inputSchema: { type: "object" } };
const grown = { name: "grown", description: "Short.", inputSchema: { type: "object" } };
const grownAfter = { ...grown, description: "A much longer description that costs a model more tokens on every turn." };
const gone = { name: "gone", inputSchema: { type: "object" } };
const added = { name: "added", inputSchema: { type: "object", properties: { a: { type: "string" } } } };
const old = { name: "old", inputSchema: { type: "object" } };
const renamed = { name: "renamed", inputSchema: { type: "object" } };
const count = (entry: { name: string }) => toolTokens(entry).total;

describe("tokenDeltas", () => {
  it("counts both lists, and lists each tool whose count changed, largest change first", () => {
    const deltas = tokenDeltas(
      [same, grown, gone, old].map((wire) => ({ wire })),
      [{ wire: same }, { wire: grownAfter }, { wire: added }, { wire: renamed, renamedFrom: "old" }],
    );
    expect(deltas.encoding).toBe(TOKEN_ENCODING);
    expect(deltas.base).toBe(count(same) + count(grown) + count(gone) + count(old));
    expect(deltas.head).toBe(count(same) + count(grownAfter) + count(added) + count(renamed));
    expect(deltas.delta).toBe(deltas.head - deltas.base);
    const rows = [
      { tool: "grown", base: count(grown), head: count(grownAfter), delta: count(grownAfter) - count(grown) },
      { tool: "added", head: count(added), delta: count(added) },
      { tool: "gone", base: count(gone), delta: -count(gone) },
      { tool: "renamed", base: count(old), head: count(renamed), delta: count(renamed) - count(old) },
    ].filter((row) => row.delta !== 0 || row.base === undefined || row.head === undefined);
    rows.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || (a.tool < b.tool ? -1 : 1));
    expect(deltas.tools).toEqual(rows);
    expect(deltas.tools.map((t) => t.tool)).not.toContain("same");
  });
});
