/**
 * Diagnostics as a compiler prints them: `file:line:col error CODE message`, a code
 * frame with the span underlined, then hint and related lines. Plain text unless asked
 * for color, so logs and snapshots stay readable.
 */
import type { Diagnostic, Location, Severity } from "./diagnostic.js";
import { sortDiagnostics } from "./diagnostic.js";

export interface FormatOptions {
  /** Add ANSI colors (for a terminal). Off by default. */
  color?: boolean;
}

const CONTEXT_LINES_BEFORE = 2;
const TAB_WIDTH = 4;
/** Lines longer than this are cut to a window around the column. */
const MAX_LINE_WIDTH = 200;
const WINDOW_BEFORE_COLUMN = 80;

const ANSI = {
  reset: "\u001b[0m",
  bold: "\u001b[1m",
  dim: "\u001b[2m",
  red: "\u001b[31m",
  yellow: "\u001b[33m",
  cyan: "\u001b[36m",
};

export type Paint = (style: keyof typeof ANSI, text: string) => string;

export function painter(options: FormatOptions): Paint {
  return options.color ? (style, text) => `${ANSI[style]}${text}${ANSI.reset}` : (_style, text) => text;
}

const SEVERITY_STYLE: Record<Severity, keyof typeof ANSI> = { error: "red", warning: "yellow", info: "cyan" };

export function formatLocation(location: Location): string {
  return `${location.file}:${location.line}:${location.column}`;
}

/** One diagnostic; `source` is the text of `location.file`, for the code frame. */
export function formatDiagnostic(d: Diagnostic, source?: string, options: FormatOptions = {}): string {
  const paint = painter(options);
  const head = `${paint(SEVERITY_STYLE[d.severity], d.severity)} ${paint("dim", d.code)} ${d.message}`;
  const lines = [d.location ? `${paint("bold", formatLocation(d.location))} ${head}` : head];
  if (d.location && source !== undefined) {
    const frame = codeFrame(source, d.location, paint);
    if (frame) lines.push(frame);
  }
  if (d.hint) lines.push(`  ${paint("cyan", "hint:")} ${d.hint}`);
  for (const related of d.related ?? []) {
    lines.push(`  ${paint("dim", "related:")} ${formatLocation(related)} ${related.message}`);
  }
  return lines.join("\n");
}

/** All diagnostics, sorted, separated by blank lines. */
export function formatDiagnostics(list: readonly Diagnostic[], getSource: (file: string) => string | undefined, options: FormatOptions = {}): string {
  return sortDiagnostics(list)
    .map((d) => formatDiagnostic(d, d.location ? getSource(d.location.file) : undefined, options))
    .join("\n\n");
}

/** `2 errors, 1 warning`; `no problems` when there is nothing to say. */
export function formatSummary(list: readonly Diagnostic[], options: FormatOptions = {}): string {
  const paint = painter(options);
  const count = (severity: Severity) => list.filter((d) => d.severity === severity).length;
  const parts: string[] = [];
  const errors = count("error");
  const warnings = count("warning");
  const infos = count("info");
  if (errors > 0) parts.push(paint("red", `${errors} ${errors === 1 ? "error" : "errors"}`));
  if (warnings > 0) parts.push(paint("yellow", `${warnings} ${warnings === 1 ? "warning" : "warnings"}`));
  if (infos > 0) parts.push(paint("cyan", `${infos} info`));
  return parts.length > 0 ? parts.join(", ") : "no problems";
}

/** Stable JSON for tools: sorted, every field present (null when absent), fixed key order. */
export function diagnosticsToJson(list: readonly Diagnostic[]): string {
  const rows = sortDiagnostics(list).map((d) => ({
    code: d.code,
    severity: d.severity,
    message: d.message,
    file: d.location?.file ?? null,
    line: d.location?.line ?? null,
    column: d.location?.column ?? null,
    endLine: d.location?.end?.line ?? null,
    endColumn: d.location?.end?.column ?? null,
    hint: d.hint ?? null,
    related: (d.related ?? []).map((r) => ({
      file: r.file,
      line: r.line,
      column: r.column,
      message: r.message,
    })),
  }));
  return JSON.stringify(rows, null, 2);
}

/**
 * Context lines, the line itself and an underline from `column` to `end.column` (or one
 * caret). Returns undefined when the line is not in `source` (e.g. the file changed).
 */
function codeFrame(source: string, location: Location, paint: Paint): string | undefined {
  const sourceLines = source.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const lineIndex = location.line - 1;
  if (lineIndex < 0 || lineIndex >= sourceLines.length) return undefined;

  const first = Math.max(0, lineIndex - CONTEXT_LINES_BEFORE);
  const gutterWidth = String(location.line).length;
  const gutter = (n: number | undefined, marker: boolean) =>
    `${marker ? paint("red", ">") : " "} ${(n === undefined ? "" : String(n)).padStart(gutterWidth)} |`;

  const target = sourceLines[lineIndex];
  const startColumn = Math.min(Math.max(1, location.column), target.length + 1);
  const endColumn =
    location.end && location.end.line === location.line
      ? Math.min(Math.max(location.end.column, startColumn + 1), target.length + 1)
      : location.end && location.end.line > location.line
        ? Math.max(target.length + 1, startColumn + 1)
        : startColumn + 1;

  const out: string[] = [];
  for (let i = first; i < lineIndex; i++) {
    out.push(withText(gutter(i + 1, false), displayLine(sourceLines[i], undefined).text));
  }
  const shown = displayLine(target, startColumn);
  out.push(withText(gutter(location.line, true), shown.text));
  const from = shown.visualColumn(startColumn - 1);
  const to = Math.max(from + 1, shown.visualColumn(endColumn - 1));
  const width = Math.max(1, Math.min(to, shown.text.length + 1) - from);
  out.push(`${gutter(undefined, false)} ${" ".repeat(from)}${paint("red", "^".repeat(width))}`);
  return out.join("\n");
}

function withText(gutter: string, text: string): string {
  return text.length > 0 ? `${gutter} ${text}` : gutter;
}

interface DisplayedLine {
  text: string;
  /** Visual offset in `text` of the source offset `index` (0-based, UTF-16 units). */
  visualColumn: (index: number) => number;
}

/**
 * Expands tabs to spaces (so the caret line, written with spaces, stays aligned) and
 * cuts long lines to a window around `column`, marking cuts with `...`.
 */
function displayLine(line: string, column: number | undefined): DisplayedLine {
  let windowStart = 0;
  let windowEnd = line.length;
  if (line.length > MAX_LINE_WIDTH) {
    const anchor = (column ?? 1) - 1;
    windowStart = Math.max(0, Math.min(anchor - WINDOW_BEFORE_COLUMN, line.length - MAX_LINE_WIDTH));
    windowEnd = Math.min(line.length, windowStart + MAX_LINE_WIDTH);
  }
  const prefix = windowStart > 0 ? "..." : "";
  const suffix = windowEnd < line.length ? "..." : "";
  const visual: number[] = [];
  let text = prefix;
  for (let i = windowStart; i < windowEnd; i++) {
    visual[i - windowStart] = text.length;
    const char = line[i];
    text += char === "\t" ? " ".repeat(TAB_WIDTH - ((text.length - prefix.length) % TAB_WIDTH)) : char;
  }
  visual[windowEnd - windowStart] = text.length;
  return {
    text: text + suffix,
    visualColumn: (index) => {
      const clamped = Math.min(Math.max(index, windowStart), windowEnd);
      return visual[clamped - windowStart];
    },
  };
}
