/**
 * Stage 1: read YAML files into documents that remember where every node came from.
 * Nothing here throws on bad input; every problem becomes a diagnostic.
 */
import { readFileSync } from "node:fs";
import { LineCounter, isAlias, isCollection, isMap, isScalar, isSeq, parseAllDocuments, parseDocument, visit, type Document } from "yaml";
import type { Diagnostic, Location } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import { counted } from "../util/counted.js";
import { decodeUtf8 } from "./decode.js";
import { indentationMistake } from "./indentation.js";
import { locate } from "./positions.js";

/**
 * Collections nested in collections, at most. Real schemas stay far below; past a few
 * hundred levels the recursive stages after loading (bundling, ajv, type generation)
 * would run out of stack, so the limit is enforced here, with a position.
 */
export const MAX_NESTING = 256;

/** Alias expansions allowed per file: enough for real specs, far too few for a billion laughs. */
export const MAX_ALIAS_COUNT = 100;

export interface YamlFile {
  /** Path relative to the project root, `/`-separated: what diagnostics print. */
  file: string;
  absPath: string;
  text: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** The document as plain JSON-like data (undefined for an empty file). */
  value: unknown;
}

export interface LoadResult {
  /** Undefined when the file could not be read or parsed into one usable document. */
  yaml?: YamlFile;
  /** Without `yaml`, the text when the file was read but did not parse: what code frames of its diagnostics show. */
  unparsed?: { file: string; text: string };
  diagnostics: Diagnostic[];
}

export function offsetToLocation(file: string, lineCounter: LineCounter, start: number, end?: number): Location {
  const { line, col } = lineCounter.linePos(start);
  const location: Location = { file, line, column: col };
  if (end !== undefined && end > start) {
    const e = lineCounter.linePos(end);
    location.end = { line: e.line, column: e.col };
  }
  return location;
}

/** Parses YAML text (already read) into a positioned document. */
export function parseYaml(file: string, absPath: string, text: string): LoadResult {
  const lineCounter = new LineCounter();
  // `merge`: YAML 1.1's `<<: *defaults`, which authors of compose files and CI configs
  // expect to work; explicit keys win over merged ones.
  const docs = parseAllDocuments(text, { lineCounter, prettyErrors: false, uniqueKeys: true, strict: true, merge: true });
  const diagnostics: Diagnostic[] = [];
  const list = Array.isArray(docs) ? docs : [];
  if (list.length > 1) {
    const second = list[1];
    diagnostics.push(createDiagnostic({ code: "MG004", format: { count: list.length }, location: offsetToLocation(file, lineCounter, second.range[0]) }));
  }
  const doc = list[0] as Document.Parsed | undefined;
  if (!doc) {
    // An empty stream (nothing, or only comments): still a file, so the shape check can
    // say it holds no tool instead of it vanishing silently.
    const emptyCounter = new LineCounter();
    const empty = parseDocument(text, { lineCounter: emptyCounter }) as Document.Parsed;
    return { yaml: { file, absPath, text, doc: empty, lineCounter: emptyCounter, value: undefined }, diagnostics };
  }
  const indentation = doc.errors.length > 0 ? indentationDiagnostic(file, text, lineCounter, doc.errors[0].pos[0]) : undefined;
  if (indentation) return { diagnostics: [...diagnostics, indentation] };
  // One mistake often yields several parser errors at the same offset; the first says it best.
  const reportedOffsets = new Set<number>();
  for (const error of [...doc.errors]) {
    if (reportedOffsets.has(error.pos[0])) continue;
    reportedOffsets.add(error.pos[0]);
    if (/Maximum call stack size exceeded/.test(error.message)) {
      // The parser itself gave up; where it did depends on the machine's stack, so point at
      // the bracket that first goes past the limit when there is one.
      const offset = flowNestingOverflow(text) ?? error.pos[0];
      diagnostics.push(tooDeep(offsetToLocation(file, lineCounter, offset, offset + 1)));
      break;
    }
    if (error.code === "DUPLICATE_KEY") {
      const duplicate = duplicateKeyAt(doc, error.pos[0]);
      const location = offsetToLocation(file, lineCounter, error.pos[0], duplicate?.end ?? error.pos[1]);
      const related = duplicate?.first !== undefined ? [{ ...offsetToLocation(file, lineCounter, duplicate.first), message: "first defined here" }] : undefined;
      diagnostics.push(
        duplicate
          ? createDiagnostic({ code: "MG002", format: { key: duplicate.key }, location, related })
          : createDiagnostic({ code: "MG002", messageId: "unnamed", location, related }),
      );
      continue;
    }
    diagnostics.push(
      createDiagnostic({ code: "MG001", format: { parserMessage: error.message }, location: offsetToLocation(file, lineCounter, error.pos[0], error.pos[1]) }),
    );
  }
  for (const warning of doc.warnings) {
    diagnostics.push(
      createDiagnostic({
        code: "MG001",
        severity: "warning",
        format: { parserMessage: warning.message },
        location: offsetToLocation(file, lineCounter, warning.pos[0], warning.pos[1]),
      }),
    );
  }
  if (diagnostics.some((d) => d.severity === "error")) return { diagnostics };
  // Only a text with a merge key, an explicit key (`? `) or a flow collection before a `:` can hold one.
  const keyProblem = MAYBE_KEY_PROBLEM.test(text) ? firstKeyProblem(doc) : undefined;
  if (keyProblem) {
    const { range, ...problem } = keyProblem;
    diagnostics.push({ ...problem, location: offsetToLocation(file, lineCounter, range[0], range[1]) });
    return { diagnostics };
  }

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const firstAlias = findFirstAlias(doc);
    const message = error instanceof Error ? error.message : String(error);
    const isBomb = /resource exhaustion|alias count/i.test(message);
    const location = firstAlias ? offsetToLocation(file, lineCounter, firstAlias[0], firstAlias[1]) : { file, line: 1, column: 1 };
    diagnostics.push(
      isBomb
        ? createDiagnostic({ code: "MG003", format: { limit: MAX_ALIAS_COUNT }, location })
        : createDiagnostic({ code: "MG001", format: { parserMessage: message }, location }),
    );
    return { diagnostics };
  }
  const yamlFile: YamlFile = { file, absPath, text, doc, lineCounter, value };
  const problem = firstNotJson(value);
  if (problem?.kind === "deep") {
    diagnostics.push(tooDeep(locate(yamlFile, problem.path)));
    return { diagnostics };
  }
  if (problem?.kind === "not-finite") {
    diagnostics.push(
      createDiagnostic({
        code: "MG010",
        messageId: "notFinite",
        format: { value: String(problem.value) },
        location: locate(yamlFile, problem.path),
        hint: "use a finite number (`.inf`, `.nan` and numbers beyond ±1.8e308 are not JSON)",
      }),
    );
    return { diagnostics };
  }
  return { yaml: yamlFile, diagnostics };
}

/**
 * An indentation mistake, said once where it is (the parser's own errors come at the line
 * before, or cascade into duplicate keys and implicit-key errors), when the parser's first
 * error is on that line or the one above it.
 */
function indentationDiagnostic(file: string, text: string, lineCounter: LineCounter, firstErrorOffset: number): Diagnostic | undefined {
  const mistake = indentationMistake(text);
  if (!mistake) return undefined;
  const errorLine = lineCounter.linePos(firstErrorOffset).line;
  if (mistake.line < errorLine || mistake.line > errorLine + 1) return undefined;
  const location: Location = { file, line: mistake.line, column: mistake.column, end: { line: mistake.line, column: mistake.endColumn } };
  const hint = "in YAML, indentation decides what belongs to what: entries of one mapping or list line up, and what a key holds goes deeper than the key";
  return mistake.tab
    ? createDiagnostic({
        code: "MG001",
        messageId: "tabIndentation",
        format: { what: mistake.what, expected: mistake.expected, reason: mistake.reason },
        location,
        hint,
      })
    : createDiagnostic({
        code: "MG001",
        messageId: "indentation",
        format: { what: mistake.what, found: counted(mistake.found, "space"), expected: mistake.expected, reason: mistake.reason },
        location,
        hint,
      });
}

/** The duplicate key whose node starts at `offset`: its text, where it ends, and where the key first appears. */
function duplicateKeyAt(doc: Document.Parsed, offset: number): { key: string; end?: number; first?: number } | undefined {
  let found: { key: string; end?: number; first?: number } | undefined;
  visit(doc, {
    Map(_, map) {
      const index = map.items.findIndex((pair) => rangeOf(pair.key)?.[0] === offset);
      if (index === -1) return undefined;
      const text = keyText(map.items[index].key);
      const first = map.items.slice(0, index).find((pair) => keyText(pair.key) === text);
      found = { key: text, end: rangeOf(map.items[index].key)?.[1], first: rangeOf(first?.key)?.[0] };
      return visit.BREAK;
    },
  });
  return found;
}

function rangeOf(node: unknown): [number, number, number] | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return Array.isArray(range) ? range : undefined;
}

function keyText(node: unknown): string {
  const value = (node as { value?: unknown } | null)?.value;
  return value === undefined ? String(node) : String(value);
}

function tooDeep(location: Location): Diagnostic {
  return createDiagnostic({ code: "MG180", format: { max: MAX_NESTING }, location });
}

/**
 * The first value JSON cannot carry, found without recursion: a collection nested more
 * than MAX_NESTING deep, or a number that is not finite (`.inf`, `.nan`, `1e400`), which
 * JSON would turn into `null`.
 */
function firstNotJson(
  value: unknown,
): { kind: "deep"; path: Array<string | number> } | { kind: "not-finite"; path: Array<string | number>; value: number } | undefined {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "number" && !Number.isFinite(current)) return { kind: "not-finite", path, value: current };
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= MAX_NESTING) return { kind: "deep", path };
    const entries: Array<[string | number, unknown]> = Array.isArray(current) ? current.map((item, i) => [i, item]) : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: [...path, entries[i][0]] });
  }
  return undefined;
}

/** Offset of the first `[` or `{` that opens level MAX_NESTING + 1 of flow collections, outside quotes and comments. */
function flowNestingOverflow(text: string): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      for (i++; i < text.length && text[i] !== c; i++) if (c === '"' && text[i] === "\\") i++;
    } else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]))) {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "[" || c === "{") {
      if (++depth > MAX_NESTING) return i;
    } else if (c === "]" || c === "}") depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/** A YAML 1.1 merge key (`<<`, unquoted), as the parser marks it with the `merge` option. */
export function isMergeKey(node: unknown): boolean {
  return isScalar(node) && typeof node.value === "symbol" && node.value.description === "<<";
}

const MAYBE_KEY_PROBLEM = /<<|(^|[\s,[{])\?(\s|$)|[\]}]\s*:/m;

/**
 * The first mapping entry JSON data cannot come from: a key that is a list or a mapping
 * (`? [x, y]`; JSON keys are text), or a merge key (`<<`) whose value is not a mapping, an
 * alias of one, or a list of those. Found before the data is built, so neither turns into
 * a stringified key or an exception.
 */
function firstKeyProblem(doc: Document.Parsed): (Omit<Diagnostic, "location"> & { range: [number, number] }) | undefined {
  let found: (Omit<Diagnostic, "location"> & { range: [number, number] }) | undefined;
  const mergeSource = (node: unknown): boolean => {
    const target = isAlias(node) ? node.resolve(doc) : node;
    return isMap(target);
  };
  visit(doc, {
    Pair(_, pair) {
      const key = pair.key;
      if (isCollection(key)) {
        const range = rangeOf(key);
        found = {
          ...createDiagnostic({
            code: "MG010",
            messageId: "collectionKey",
            format: { kind: isSeq(key) ? "list" : "mapping" },
            hint: "write the key as a string",
          }),
          range: range ? [range[0], range[1]] : [0, 0],
        };
        return visit.BREAK;
      }
      if (isMergeKey(key)) {
        const value = pair.value;
        const ok = isSeq(value) ? value.items.every(mergeSource) : mergeSource(value);
        if (!ok) {
          const range = rangeOf(value) ?? rangeOf(key);
          found = { ...createDiagnostic({ code: "MG001", messageId: "mergeKey" }), range: range ? [range[0], range[1]] : [0, 0] };
          return visit.BREAK;
        }
      }
      return undefined;
    },
  });
  return found;
}

function findFirstAlias(doc: Document.Parsed): [number, number] | undefined {
  let found: [number, number] | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (isAlias(node) && node.range) {
        found = [node.range[0], node.range[1]];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * What a build session already parsed, by path: a file whose text is unchanged is not
 * parsed again. In `generate --watch` (one session across runs) an edit to one spec
 * then re-parses that spec alone. The results are only read downstream, never changed.
 * Bounded by total text, since every version of every file would otherwise stay.
 */
export class ParsedFiles {
  private readonly parsed = new Map<string, { file: string; text: string; result: LoadResult }>();
  private parsedChars = 0;

  constructor(private readonly limitChars = 64 * 1024 * 1024) {}

  parse(file: string, absPath: string, text: string): LoadResult {
    const known = this.parsed.get(absPath);
    if (known && known.text === text && known.file === file) return known.result;
    const result = parseYaml(file, absPath, text);
    if (known) this.parsedChars -= known.text.length;
    if (this.parsedChars + text.length > this.limitChars) {
      this.parsed.clear();
      this.parsedChars = 0;
    }
    this.parsed.set(absPath, { file, text, result });
    this.parsedChars += text.length;
    return result;
  }
}

/**
 * Reads and parses one YAML file. `file` is the path diagnostics should print; `parsed`,
 * the session's memo of parsed files (none: parsed anew).
 */
export function loadYamlFile(file: string, absPath: string, parsed?: ParsedFiles): LoadResult {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(absPath);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return {
      diagnostics: [createDiagnostic({ code: "MG005", format: { reason }, location: { file, line: 1, column: 1 } })],
    };
  }
  const decoded = decodeUtf8(file, bytes);
  if (decoded.diagnostic) return { diagnostics: [decoded.diagnostic] };
  const result = parsed ? parsed.parse(file, absPath, decoded.text!) : parseYaml(file, absPath, decoded.text!);
  return result.yaml ? result : { ...result, unparsed: { file, text: decoded.text! } };
}
