/**
 * Diagnostics as the build cache stores them: arrays of numbers indexing one table of
 * strings. A project's findings repeat the same codes, messages, hints and file names
 * thousands of times (1,000 tools: 3,600 findings, 1.3 MB as plain JSON, 0.1 MB packed),
 * and every cached or partial run reads them and every recorded run writes them.
 *
 * A packed diagnostic is
 * `[code, severity, message, hint, file, line, column, endLine, endColumn, ...related]`,
 * where strings are table indexes, an absent hint, location or end is -1, and each
 * related location adds `file, line, column, endLine, endColumn, message`.
 *
 * Node built-ins and types only: the cache's hit path imports this.
 */
import type { Diagnostic, DiagnosticCode, Location, RelatedLocation, Severity } from "../diagnostics/diagnostic.js";

export type PackedDiagnostic = number[];

/** Interns strings for `packDiagnostics`; `strings` is what is stored beside the packed lists. */
export class StringTable {
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();

  constructor(strings: readonly string[] = []) {
    for (const text of strings) this.add(text);
  }

  add(text: string): number {
    let at = this.index.get(text);
    if (at === undefined) {
      at = this.strings.length;
      this.strings.push(text);
      this.index.set(text, at);
    }
    return at;
  }
}

export function packDiagnostics(list: readonly Diagnostic[], table: StringTable): PackedDiagnostic[] {
  return list.map((d) => {
    const packed = [table.add(d.code), table.add(d.severity), table.add(d.message), d.hint === undefined ? -1 : table.add(d.hint)];
    pushLocation(packed, d.location, table);
    for (const related of d.related ?? []) {
      pushLocation(packed, related, table);
      packed.push(table.add(related.message));
    }
    return packed;
  });
}

function pushLocation(packed: number[], location: Location | undefined, table: StringTable): void {
  if (!location) packed.push(-1, 0, 0, -1, 0);
  else packed.push(table.add(location.file), location.line, location.column, location.end ? location.end.line : -1, location.end ? location.end.column : 0);
}

/** Whether `data` is a stored string table (check it once before unpacking lists over it). */
export function isStringTable(data: unknown): data is string[] {
  return Array.isArray(data) && data.every((entry) => typeof entry === "string");
}

/**
 * The diagnostics `packDiagnostics` packed, given its table's strings; undefined when
 * `data` is not such a list (a damaged cache is a miss, never an error).
 */
export function unpackDiagnostics(data: unknown, strings: readonly string[]): Diagnostic[] | undefined {
  if (!Array.isArray(data)) return undefined;
  const list: Diagnostic[] = [];
  const text = (at: unknown): string | undefined => (typeof at === "number" ? strings[at] : undefined);
  for (const packed of data as unknown[]) {
    if (!Array.isArray(packed) || packed.length < 9 || (packed.length - 9) % 6 !== 0 || !packed.every((n) => typeof n === "number")) return undefined;
    const [code, severity, message] = [text(packed[0]), text(packed[1]), text(packed[2])];
    if (code === undefined || severity === undefined || message === undefined) return undefined;
    const diagnostic: Diagnostic = { code: code as DiagnosticCode, severity: severity as Severity, message };
    if (packed[4] !== -1) {
      const location = unpackLocation(packed as number[], 4, strings);
      if (!location) return undefined;
      diagnostic.location = location;
    }
    if (packed.length > 9) {
      const related: RelatedLocation[] = [];
      for (let at = 9; at < packed.length; at += 6) {
        const location = unpackLocation(packed as number[], at, strings);
        const relatedMessage = text(packed[at + 5]);
        if (!location || relatedMessage === undefined) return undefined;
        related.push({ ...location, message: relatedMessage });
      }
      diagnostic.related = related;
    }
    if (packed[3] !== -1) {
      const hint = text(packed[3]);
      if (hint === undefined) return undefined;
      diagnostic.hint = hint;
    }
    list.push(diagnostic);
  }
  return list;
}

function unpackLocation(packed: readonly number[], at: number, strings: readonly string[]): Location | undefined {
  const file = strings[packed[at]];
  if (file === undefined) return undefined;
  const location: Location = { file, line: packed[at + 1], column: packed[at + 2] };
  if (packed[at + 3] !== -1) location.end = { line: packed[at + 3], column: packed[at + 4] };
  return location;
}
