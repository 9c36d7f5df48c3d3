/**
 * The handlers folder as a run reads it: names, sizes and times at once, texts only when
 * asked, and a file's recorded hash trusted while its size and time stay the recorded ones.
 */
import { lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { type CacheFile, readText, SETTLED_MS, sha1 } from "./cache-file.js";

/** How the cache keys a handler file's text (what `RunRecord.handlers` holds). */
export const handlerHash = (text: string): string => sha1(text);

/**
 * The handlers folder as the stubs emitter sees it: its top-level `.ts` files (not
 * `.d.ts`) in name order, with their text; a symlink or anything not a regular file
 * counts as present with no text. Names, sizes and times are read at once, texts when
 * first asked for: a file whose size and mtime are the ones the cache recorded with its
 * sha1 is not read again (as make and git's index judge files), so a run that changed
 * one spec does not read a thousand handlers. A file is recorded so only when its mtime
 * was at least `SETTLED_MS` old when its text was read: an edit within the same tick of
 * a coarse filesystem clock (up to 2 s on FAT, 1 s on HFS+) could otherwise keep the
 * mtime the text was read at.
 */
export class HandlerFiles implements ReadonlyMap<string, string> {
  private readonly texts = new Map<string, string>();
  private hashMap: Map<string, string> | undefined;

  constructor(
    private readonly dir: string,
    /** By name, in name order: size and mtime of a regular file (undefined for anything else), and a hash known without reading. */
    private readonly listed: ReadonlyMap<string, HandlerEntry>,
  ) {}

  get size(): number {
    return this.listed.size;
  }

  has(name: string): boolean {
    return this.listed.has(name);
  }

  get(name: string): string | undefined {
    const entry = this.listed.get(name);
    if (!entry) return undefined;
    let text = this.texts.get(name);
    if (text === undefined) {
      text = entry.stat ? (readText(path.join(this.dir, name)) ?? "") : "";
      this.texts.set(name, text);
    }
    return text;
  }

  /** Size and mtime as listed, when the file's hash may be trusted while they stay so; else undefined. */
  trusted(name: string): [number, number] | undefined {
    const entry = this.listed.get(name);
    return entry?.stat && entry.settled ? entry.stat : undefined;
  }

  /** sha1 of every file's text by name: recorded ones as recorded, the others read now. */
  hashes(): ReadonlyMap<string, string> {
    if (!this.hashMap) {
      this.hashMap = new Map();
      for (const [name, entry] of this.listed) this.hashMap.set(name, entry.hash ?? handlerHash(this.get(name) ?? ""));
    }
    return this.hashMap;
  }

  keys(): MapIterator<string> {
    return this.listed.keys();
  }

  private *entriesOf(): Generator<[string, string]> {
    for (const name of this.listed.keys()) yield [name, this.get(name) ?? ""];
  }

  entries(): MapIterator<[string, string]> {
    return new Map(this.entriesOf()).entries();
  }

  values(): MapIterator<string> {
    return new Map(this.entriesOf()).values();
  }

  forEach(callback: (value: string, key: string, map: ReadonlyMap<string, string>) => void): void {
    for (const [name, text] of this.entriesOf()) callback(text, name, this);
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }
}

interface HandlerEntry {
  /** Size and mtime of a regular file; undefined for anything else. */
  stat?: [number, number];
  /** sha1 of the text, when known without reading it (the cache's record). */
  hash?: string;
  /** Whether the text (read now, or when the hash was recorded) is known to be the one of this mtime. */
  settled?: boolean;
}

/** Lists the handlers folder (see `HandlerFiles`); `recorded` is what the last recorded run saw. */
export function handlerFiles(dir: string, recorded?: Pick<CacheFile, "handlers">): HandlerFiles {
  const listedAt = Date.now();
  const entries = new Map<string, HandlerEntry>();
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return new HandlerFiles(dir, entries);
  }
  const known = new Map((Array.isArray(recorded?.handlers) ? recorded.handlers : []).map(([name, size, mtimeMs, hash]) => [name, { size, mtimeMs, hash }]));
  for (const name of names) {
    if (!name.endsWith(".ts") || name.endsWith(".d.ts")) continue;
    let stat: ReturnType<typeof lstatSync> | undefined;
    try {
      stat = lstatSync(path.join(dir, name));
    } catch {
      stat = undefined;
    }
    if (!stat?.isFile()) {
      entries.set(name, {});
      continue;
    }
    const was = known.get(name);
    if (was !== undefined && was.size === stat.size && was.mtimeMs === stat.mtimeMs) {
      entries.set(name, { stat: [stat.size, stat.mtimeMs], hash: was.hash, settled: true });
    } else {
      entries.set(name, { stat: [stat.size, stat.mtimeMs], settled: stat.mtimeMs < listedAt - SETTLED_MS });
    }
  }
  return new HandlerFiles(dir, entries);
}

/**
 * The handler files with the size and time their hash may be trusted with now, as the
 * cache records them; a file whose time is too recent to trust keeps its recorded entry
 * (which no longer matches: it is read again next time).
 */
export function settledHandlers(handlers: HandlerFiles, recorded: CacheFile["handlers"]): CacheFile["handlers"] {
  const before = new Map(recorded.map((entry) => [entry[0], entry]));
  const entries: CacheFile["handlers"] = [];
  for (const [name, hash] of handlers.hashes()) {
    const stat = handlers.trusted(name);
    const was = before.get(name);
    if (stat) entries.push([name, stat[0], stat[1], hash]);
    else if (was) entries.push(was);
  }
  return entries;
}

export function sameHandlerRecord(a: CacheFile["handlers"], b: CacheFile["handlers"]): boolean {
  return a.length === b.length && a.every((entry, i) => entry.every((value, j) => value === b[i]?.[j]));
}
