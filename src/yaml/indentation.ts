/**
 * The indentation mistake behind a YAML parse error, found by reading the block structure
 * line by line: a line indented deeper or shallower than every open block, or indented
 * with a tab. The parser reports such a mistake late (often on the line before, a
 * mapping it could not close) and several times; this says where it is and what the
 * indentation should be, once. Only consulted when the parser has failed.
 */

export interface IndentationMistake {
  /** 1-based line of the offending line. */
  line: number;
  /** Its indentation in spaces (a tab: the spaces before it). */
  found: number;
  tab: boolean;
  /** Columns (1-based) of what to underline: the key or list item, or the whitespace holding a tab. */
  column: number;
  endColumn: number;
  /** The offending entry, as messages show it: `` `description` `` or "the list item `- y`". */
  what: string;
  /** `6`, or `more than 4` under a key that opens a block. */
  expected: string;
  /** `` as `type` on line 7 ``, or `` deeper than `a` on line 6 ``. */
  reason: string;
}

interface Level {
  indent: number;
  kind: "map" | "seq";
  /** The latest entry at this level: what a misplaced sibling should line up with. */
  entry: string;
  line: number;
}

/** A key of a block mapping entry, plain or quoted, with its `:` (followed by a space or the end). */
// Each character matches one alternative only: linear on any line, however hostile.
const MAP_KEY = /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"[\]{},&*!|>%@`](?:[^:#]|:(?!\s|$))*):(?=\s|$)/;
const SEQ_ITEM = /^-(?=\s|$)/;
/** A value that leaves the entry's content to the lines below: nothing, a comment, an anchor or a tag. */
const OPENS_BLOCK = /^(?:(?:&\S+|!\S*)(?:\s+|$))*(?:#.*)?$/;
const BLOCK_SCALAR = /^(?:(?:&\S+|!\S*)\s+)*[|>][-+0-9]*\s*(?:#.*)?$/;

export function indentationMistake(text: string): IndentationMistake | undefined {
  const lines = text.split(/\r?\n/);
  const levels: Level[] = [];
  /** The key (or bare `-`) on the line before, whose block may follow, deeper. */
  let opener: { indent: number; entry: string; line: number; seqItem: boolean } | undefined;
  /** Inside a block scalar (`|`, `>`): its lines are deeper than this. */
  let blockScalarOf: number | undefined;
  /** Inside a flow collection or a quoted scalar that goes on over several lines. */
  let flow: FlowState = { depth: 0 };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const line = i + 1;
    if (flow.depth > 0 || flow.quote) {
      flow = scanFlow(raw, flow);
      continue;
    }
    const whitespace = /^[ \t]*/.exec(raw)![0];
    const content = raw.slice(whitespace.length);
    const spaces = /^ */.exec(whitespace)![0].length;
    if (blockScalarOf !== undefined) {
      if (content === "" || spaces > blockScalarOf) continue;
      blockScalarOf = undefined;
    }
    if (content === "" || content.startsWith("#")) continue;
    if (whitespace === "" && /^(?:---|\.\.\.)(?:\s|$)/.test(content)) {
      levels.length = 0;
      opener = undefined;
      continue;
    }
    if (whitespace === "" && content.startsWith("%")) continue;
    // Explicit keys and the like are beyond this reading: leave them to the parser.
    if (/^\?(?:\s|$)/.test(content)) return undefined;

    const isSeq = SEQ_ITEM.test(content);
    const key = isSeq ? undefined : MAP_KEY.exec(content)?.[0];
    const kind: Level["kind"] | undefined = isSeq ? "seq" : key !== undefined ? "map" : undefined;
    const entry = isSeq ? `the list item \`${shorten(content)}\`` : key !== undefined ? `\`${unquote(key.replace(/\s*:$/, ""))}\`` : `\`${shorten(content)}\``;
    const sibling = (level: Level) => (level.kind === "seq" ? `the list item on line ${level.line}` : `\`${level.entry}\` on line ${level.line}`);

    if (whitespace.includes("\t")) {
      const expected = opener ? `more than ${opener.indent}` : String(levels.at(-1)?.indent ?? 0);
      const top = levels.at(-1);
      const reason = opener
        ? `deeper than ${opener.seqItem ? `the list item on line ${opener.line}` : `\`${opener.entry}\` on line ${opener.line}`}`
        : top
          ? `as ${sibling(top)}`
          : "at the top level";
      return { line, found: spaces, tab: true, column: 1, endColumn: whitespace.length + 1, what: entry, expected, reason };
    }

    const mistake = (expectedLevel: Level): IndentationMistake => ({
      line,
      found: spaces,
      tab: false,
      column: spaces + 1,
      endColumn: spaces + 1 + (isSeq ? 1 : key !== undefined ? key.replace(/\s*:$/, "").length : Math.min(content.length, 1)),
      what: entry,
      expected: String(expectedLevel.indent),
      reason: `as ${sibling(expectedLevel)}`,
    });

    const opened = opener;
    opener = undefined;
    if (opened && (spaces > opened.indent || (spaces === opened.indent && isSeq && !opened.seqItem))) {
      // The block the key above opened (a list may sit at its key's indentation).
      if (kind === undefined) continue; // a plain scalar's value on the next line
      levels.push({ indent: spaces, kind, entry: key ? unquote(key.replace(/\s*:$/, "")) : "-", line });
    } else {
      let popped: Level | undefined;
      while (levels.length > 0 && levels.at(-1)!.indent > spaces) popped = levels.pop();
      const top = levels.at(-1);
      if (!top) {
        if (kind === undefined) return undefined;
        if (popped && spaces > 0) return mistake(popped);
        levels.push({ indent: spaces, kind, entry: key ? unquote(key.replace(/\s*:$/, "")) : "-", line });
      } else if (top.indent === spaces) {
        // A mapping's list at the mapping's own indentation ends where the next key is.
        if (top.kind === "seq" && kind === "map" && levels.at(-2)?.indent === spaces) levels.pop();
        else if (top.kind !== kind) return undefined;
        const level = levels.at(-1)!;
        level.entry = key ? unquote(key.replace(/\s*:$/, "")) : "-";
        level.line = line;
      } else if (spaces > top.indent && !popped) {
        // Deeper than the block it is in: a plain scalar going on, or an entry indented too far.
        if (kind === undefined) continue;
        return mistake(top);
      } else {
        if (kind === undefined) return undefined;
        // Between two levels: the nearer one (the deeper on a tie) is what it meant to line up with.
        const deeper = popped!;
        return mistake(deeper.indent - spaces <= spaces - top.indent ? deeper : top);
      }
    }

    // What follows the entry's key or dash on this line decides what the next lines may be.
    let rest = content;
    let restIndent = spaces;
    let seqItem = isSeq;
    while (SEQ_ITEM.test(rest)) {
      const after = rest.slice(1);
      const pad = /^\s*/.exec(after)![0].length;
      if (after.trim() === "" || after.trim().startsWith("#")) {
        opener = { indent: restIndent, entry: "-", line, seqItem: true };
        rest = "";
        break;
      }
      restIndent += 1 + pad;
      rest = after.slice(pad);
      seqItem = true;
      const nestedKey = SEQ_ITEM.test(rest) ? undefined : MAP_KEY.exec(rest)?.[0];
      if (SEQ_ITEM.test(rest)) levels.push({ indent: restIndent, kind: "seq", entry: "-", line });
      else if (nestedKey !== undefined) levels.push({ indent: restIndent, kind: "map", entry: unquote(nestedKey.replace(/\s*:$/, "")), line });
    }
    if (rest === "") continue;
    const restKey = MAP_KEY.exec(rest)?.[0];
    const value = restKey !== undefined ? rest.slice(restKey.length).trim() : seqItem ? rest : "";
    if (restKey !== undefined && OPENS_BLOCK.test(value)) {
      opener = { indent: restIndent, entry: unquote(restKey.replace(/\s*:$/, "")), line, seqItem: false };
    } else if (BLOCK_SCALAR.test(value)) {
      blockScalarOf = restKey !== undefined ? restIndent : spaces;
    } else if (/^[[{"']/.test(value)) {
      flow = scanFlow(value, { depth: 0 });
    }
  }
  return undefined;
}

interface FlowState {
  depth: number;
  quote?: '"' | "'";
}

/** Brackets and quotes still open at the end of `text`, from `state` at its start. */
function scanFlow(text: string, state: FlowState): FlowState {
  let { depth, quote } = state;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === '"') {
      if (c === "\\") i++;
      else if (c === '"') quote = undefined;
    } else if (quote === "'") {
      if (c === "'" && text[i + 1] === "'") i++;
      else if (c === "'") quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]))) break;
    else if (c === "[" || c === "{") depth++;
    else if (c === "]" || c === "}") depth = Math.max(0, depth - 1);
  }
  return { depth, quote };
}

function unquote(key: string): string {
  return /^["']/.test(key) ? key.slice(1, -1) : key;
}

function shorten(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 30 ? `${trimmed.slice(0, 29)}…` : trimmed;
}
