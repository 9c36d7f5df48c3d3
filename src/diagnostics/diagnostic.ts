/**
 * Diagnostics are data: a code, a severity, a message and a position. Every stage
 * returns them instead of throwing, so that one run reports all problems at once. The
 * codes, their severities and their wording live in the catalogue (messages.ts).
 */
import type { MESSAGES } from "./messages.js";

/** A code of the catalogue. */
export type DiagnosticCode = keyof typeof MESSAGES;

export type Severity = "error" | "warning" | "info";

/** A 1-based line and column in a file. */
export interface Position {
  line: number;
  column: number;
}

/** A place in a file: `file` is relative to the project root, with `/` separators. */
export interface Location extends Position {
  file: string;
  /** End of the span, when known (exclusive column). Used to underline in code frames. */
  end?: Position;
}

export interface RelatedLocation extends Location {
  message: string;
}

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** Where the problem is; absent only for problems that belong to no file. */
  location?: Location;
  /** Other places that explain this one (e.g. the first definition of a duplicate name). */
  related?: RelatedLocation[];
  /** One extra line of advice, e.g. "did you mean `description`?". */
  hint?: string;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Deterministic order: by file, line, column, then code and message. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => {
    const fa = a.location?.file ?? "";
    const fb = b.location?.file ?? "";
    if (fa !== fb) return fa < fb ? -1 : 1;
    const la = a.location?.line ?? 0;
    const lb = b.location?.line ?? 0;
    if (la !== lb) return la - lb;
    const ca = a.location?.column ?? 0;
    const cb = b.location?.column ?? 0;
    if (ca !== cb) return ca - cb;
    if (a.code !== b.code) return a.code < b.code ? -1 : 1;
    return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
  });
}
