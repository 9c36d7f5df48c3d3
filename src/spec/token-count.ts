/**
 * What a tool costs a model's context: the tokens of its `tools/list` entry as the server
 * sends it (compact JSON, the members in the wire order), counted with OpenAI's
 * o200k_base encoding (gpt-tokenizer). Other models tokenize differently, so for them
 * the counts are an approximation.
 *
 * The tokenizer's tables cost a noticeable load and most runs need no count (a build
 * whose counts are all remembered, `lint` without a budget), so it is loaded on the first
 * count, synchronously (gpt-tokenizer ships CommonJS beside its ES modules).
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { JsonValue } from "./model.js";

/** The encoding every count uses; callers print it beside the numbers. */
export const TOKEN_ENCODING = "o200k_base";

/** A tools/list entry: the model's `tool.wire` (a `WireTool`), or an entry read from a dump or a server. */
export type ToolListEntry = object;

/**
 * One entry's count. `total` is the whole entry counted at once, as it goes over the wire.
 * `parts` counts each member on its own (`"description":"..."`), so the parts add up to
 * about the total, not exactly: the tokenizer merges punctuation across member boundaries
 * (`","`) and the braces belong to no member. A member the entry lacks is absent.
 */
export interface ToolTokens {
  total: number;
  parts: ToolTokenParts;
}

export interface ToolTokenParts {
  name?: number;
  title?: number;
  description?: number;
  inputSchema?: number;
  outputSchema?: number;
  annotations?: number;
  /** Any other member the entry carries (`icons`, `_meta`, `execution`, ...). */
  [member: string]: number | undefined;
}

interface Tokenizer {
  countTokens(text: string, options: { disallowedSpecial: Set<string> }): number;
}

let loaded: Tokenizer | undefined;

function tokenizer(): Tokenizer {
  loaded ??= createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as Tokenizer;
  return loaded;
}

/** Whether anything in this process has needed the tokenizer yet (tests check that remembered counts do not). */
export function tokenizerLoaded(): boolean {
  return loaded !== undefined;
}

/**
 * The tokens of a text. Text that spells a special token (`<|endoftext|>`) in a description
 * is plain text to the model that reads it, so it is counted as such instead of refused.
 */
export function countTokens(text: string): number {
  // Longer texts (no real tools/list entry is) go in blocks cut at a space where there is
  // one: the pattern below would overflow the regular expression engine's stack on a run
  // of millions of characters.
  if (text.length <= BLOCK) return countBlock(text);
  let total = 0;
  for (let from = 0; from < text.length; ) {
    let to = Math.min(from + BLOCK, text.length);
    if (to < text.length) {
      const space = text.lastIndexOf(" ", to);
      if (space > from) to = space;
    }
    total += countBlock(text.slice(from, to));
    from = to;
  }
  return total;
}

function countBlock(text: string): number {
  const count = (part: string) => tokenizer().countTokens(part, { disallowedSpecial: NO_SPECIAL_TOKENS as Set<string> });
  // The tokenizer's merges are quadratic in the length of one pre-tokenized piece (a run of
  // letters, or of punctuation): a 10 MB word would take hours. Such a run is counted in
  // slices of LONG_RUN characters, a close approximation (a slice boundary may split one
  // token in two) for text no real description has; every other text is counted exactly.
  const runs = [...text.matchAll(LONG_RUN_PATTERN)];
  if (runs.length === 0) return count(text);
  let total = 0;
  let from = 0;
  for (const run of runs) {
    total += count(text.slice(from, run.index));
    for (let start = 0; start < run[0].length; start += LONG_RUN) total += count(run[0].slice(start, start + LONG_RUN));
    from = run.index + run[0].length;
  }
  return total + count(text.slice(from));
}

/** The longest text counted in one piece: far above any real entry, so those are counted exactly. */
const BLOCK = 100_000;
/** The longest run of letters or punctuation counted in one piece. */
const LONG_RUN = 400;
const LONG_RUN_PATTERN = new RegExp(`[\\p{L}\\p{M}]{${LONG_RUN + 1},}|[^\\s\\p{L}\\p{N}]{${LONG_RUN + 1},}`, "gu");

// The options object is only read by the tokenizer; one empty set serves every call.
const NO_SPECIAL_TOKENS: ReadonlySet<string> = new Set<string>();

/** The tokens of one tools/list entry, in total and member by member. */
export function toolTokens(entry: ToolListEntry): ToolTokens {
  const parts: ToolTokenParts = {};
  for (const [member, value] of Object.entries(entry as Record<string, unknown>)) {
    if (value === undefined) continue;
    parts[member] = countTokens(`${JSON.stringify(member)}:${JSON.stringify(value as JsonValue)}`);
  }
  return { total: countTokens(JSON.stringify(entry)), parts };
}

/** How long `settle` waits for the counting thread before counting here. */
const PATIENCE_MS = 10_000;

// Beside this module in dist/; absent when running from the TypeScript sources (tests), which count in-process.
const WORKER_FILE = fileURLToPath(new URL("./count-worker.js", import.meta.url));

/**
 * The build session's memo of counts, by the entry's content (its wire JSON): a count is
 * made once per distinct entry, and counts an earlier run recorded are taken as they are,
 * so a run whose counts are all remembered never loads the tokenizer.
 */
export class TokenCounts {
  private readonly byContent = new Map<string, ToolTokens>();
  /** Each entry object's key, made once: the docs ask for one tool's count several times. */
  private readonly keys = new WeakMap<object, string>();
  private pending: Array<() => Iterable<readonly [ToolListEntry, ToolTokens]>> = [];
  /** The second thread, while it may have counts to give (see `warmUp`). */
  private worker: { worker: Worker; port: MessagePort; counter: Int32Array; asked: number } | undefined;

  /** The entry's count: remembered, counted ahead, or counted now. */
  of(entry: ToolListEntry): ToolTokens {
    this.takePending();
    const key = this.entryKey(entry);
    let counted = this.byContent.get(key);
    if (!counted && this.worker) {
      this.settle();
      counted = this.byContent.get(key);
    }
    if (!counted) this.byContent.set(key, (counted = toolTokens(entry)));
    return counted;
  }

  /** Whether the entry's count is remembered (`of` would not count). */
  knows(entry: ToolListEntry): boolean {
    this.takePending();
    this.settle();
    return this.byContent.has(this.entryKey(entry));
  }

  /** Counts an earlier run recorded, read when a count is first asked for. */
  restoreFrom(load: () => Iterable<readonly [ToolListEntry, ToolTokens]>): void {
    this.pending.push(load);
  }

  /**
   * Starts a second thread that loads the tokenizer now, for a run that will count entries
   * (a full run: none is remembered), so the load overlaps the rest of the run instead of
   * adding to it. Nothing starts when this process has the tokenizer already, or from the
   * TypeScript sources; `MCP_GEN_COUNT_WORKER=0` turns it off.
   */
  warmUp(): void {
    if (this.worker || loaded !== undefined || process.env.MCP_GEN_COUNT_WORKER === "0" || !existsSync(WORKER_FILE)) return;
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(4);
    try {
      const worker = new Worker(WORKER_FILE, { workerData: { port: port2, signal }, transferList: [port2] });
      worker.unref();
      // A worker that fails answers nothing: `settle` stops waiting, and `of` counts here.
      worker.on("error", () => undefined);
      this.worker = { worker, port: port1, counter: new Int32Array(signal), asked: 0 };
    } catch {
      // No second thread: `of` counts here.
    }
  }

  /**
   * Sends the entries whose count is not remembered to the second thread (started now if
   * `warmUp` did not); `of` waits for its answer when it needs one.
   */
  countAhead(entries: readonly ToolListEntry[]): void {
    this.takePending();
    const wanted = new Set<string>();
    for (const entry of entries) {
      const json = this.entryKey(entry);
      if (!this.byContent.has(json)) wanted.add(json);
    }
    if (wanted.size === 0) return;
    this.warmUp();
    if (!this.worker) return;
    this.worker.worker.postMessage([...wanted].map((key) => ({ key, json: key })));
    this.worker.asked++;
  }

  /** Files the second thread's answers (waiting for them) and ends it; nothing when none was started. */
  settle(): void {
    const ahead = this.worker;
    if (!ahead) return;
    this.worker = undefined;
    let received = 0;
    let lastProgress = performance.now();
    while (received < ahead.asked) {
      const message = receiveMessageOnPort(ahead.port);
      if (message) {
        for (const { key, tokens } of message.message as Array<{ key: string; tokens: ToolTokens }>) this.byContent.set(key, tokens);
        received++;
        lastProgress = performance.now();
        continue;
      }
      // Answers are counted after they are posted: wait while the count is what was read.
      if (performance.now() - lastProgress > PATIENCE_MS) break;
      Atomics.wait(ahead.counter, 0, received, 100);
    }
    ahead.port.close();
    void ahead.worker.terminate();
  }

  /**
   * The entry's content, which its count follows from, as counts are keyed (made once per
   * entry object: entries are not changed once modelled).
   */
  entryKey(entry: ToolListEntry): string {
    let key = this.keys.get(entry);
    if (key === undefined) this.keys.set(entry, (key = JSON.stringify(entry)));
    return key;
  }

  private takePending(): void {
    if (this.pending.length === 0) return;
    const loads = this.pending;
    this.pending = [];
    for (const load of loads) {
      for (const [entry, tokens] of load()) if (isToolTokens(tokens)) this.byContent.set(this.entryKey(entry), tokens);
    }
  }
}

/** A recorded count as the cache holds it (anything else is not a count, and is made again). */
function isToolTokens(value: unknown): value is ToolTokens {
  if (typeof value !== "object" || value === null) return false;
  const { total, parts } = value as { total?: unknown; parts?: unknown };
  return typeof total === "number" && typeof parts === "object" && parts !== null && Object.values(parts).every((part) => typeof part === "number");
}

/** How a count is split for people: the description, the schemas (input and output), and the rest. */
export function tokenShares(tokens: ToolTokens): { description: number; schemas: number; other: number } {
  const { description = 0, inputSchema = 0, outputSchema = 0 } = tokens.parts;
  const all = Object.values(tokens.parts).reduce<number>((sum, part) => sum + (part ?? 0), 0);
  return { description, schemas: inputSchema + outputSchema, other: all - description - inputSchema - outputSchema };
}
