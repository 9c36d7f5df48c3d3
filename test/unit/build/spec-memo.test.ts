/**
 * How the memo is stored: the spec entries in a base side file, and in the memo file
 * only those that differ from it, until so many differ that the base is written anew.
 */
import { describe, expect, it } from "vitest";
import { loadMemo, rebaseAbove, storeMemo, type SpecMemo, type SpecMemoEntry } from "../../../src/build/spec-memo.js";

const entry = (file: string, version = 1): SpecMemoEntry => ({
  tools: [],
  names: [],
  diagnostics: [{ code: "MG015", severity: "warning", message: `unknown annotation (v${version})`, location: { file, line: 3, column: 3 } }],
  refs: [],
  lint: [
    { code: "MG101", severity: "info", message: "no effect", location: { file, line: 2, column: 3, end: { line: 2, column: 9 } }, hint: "clients ignore it" },
  ],
  spelt: [],
});

function memoOf(count: number, changed: ReadonlyMap<string, SpecMemoEntry> = new Map(), from?: SpecMemo["specs"]): SpecMemo {
  const specs: SpecMemo["specs"] = {};
  for (let i = 0; i < count; i++) {
    const file = `specs/tool_${i}.yaml`;
    specs[file] = changed.get(file) ?? from?.[file] ?? entry(file);
  }
  return { specs, toolHashes: {}, schemaKeys: {}, typesKeys: {}, fileKeys: {}, side: { chunks: "c", types: "t" } };
}

/** Stores like the cache does (side files by id, written only when absent) and loads back. */
function storage() {
  const sides = new Map<string, string>();
  let next = 0;
  return {
    sides,
    store(memo: SpecMemo, previous: Parameters<typeof storeMemo>[1]) {
      const stored = storeMemo(memo, previous, () => `id${next++}`);
      if (!sides.has(stored.base.id)) sides.set(stored.base.id, JSON.stringify(stored.base.data()));
      return { id: stored.base.id, text: JSON.stringify(stored.memo) };
    },
    load(text: string) {
      return loadMemo(JSON.parse(text), (name, id) => (name === "specs" && sides.has(id) ? JSON.parse(sides.get(id)!) : undefined));
    },
  };
}

describe("spec memo storage", () => {
  it("round-trips, keeping the base while few entries differ and writing a new one past the limit", () => {
    const store = storage();
    const count = 400;
    const limit = rebaseAbove(count);
    expect(limit).toBe(20);
    const first = store.store(memoOf(count), undefined);
    let loaded = store.load(first.text)!;
    expect(loaded.memo).toEqual(memoOf(count));
    expect(JSON.parse(first.text).specs).toEqual({});

    // `limit` entries differ: the base stays, the memo file carries them.
    const changed = new Map(Array.from({ length: limit }, (_, i) => [`specs/tool_${i}.yaml`, entry(`specs/tool_${i}.yaml`, 2)]));
    const second = store.store(memoOf(count, changed, loaded.memo.specs), loaded.base);
    expect(second.id).toBe(first.id);
    expect(Object.keys(JSON.parse(second.text).specs)).toHaveLength(limit);
    expect(second.text.length).toBeLessThan(store.sides.get(first.id)!.length / 10);
    loaded = store.load(second.text)!;
    expect(loaded.memo).toEqual(memoOf(count, changed));

    // One more: a new base holding every entry, and an empty memo file.
    changed.set(`specs/tool_${limit}.yaml`, entry(`specs/tool_${limit}.yaml`, 3));
    const third = store.store(memoOf(count, changed, loaded.memo.specs), loaded.base);
    expect(third.id).not.toBe(first.id);
    expect(JSON.parse(third.text).specs).toEqual({});
    expect(store.load(third.text)!.memo).toEqual(memoOf(count, changed));
  });

  it("is refused when its base is missing or damaged", () => {
    const store = storage();
    const stored = store.store(memoOf(3), undefined);
    store.sides.set(stored.id, JSON.stringify({ specs: { "specs/tool_0.yaml": { diagnostics: [[99]], lint: [] } }, strings: [] }));
    expect(store.load(stored.text)).toBeUndefined();
    store.sides.delete(stored.id);
    expect(store.load(stored.text)).toBeUndefined();
    expect(loadMemo({ specs: {} }, () => undefined)).toBeUndefined();
  });
});
