/** Printing diagnostics the way every command does: text with code frames, or JSON for tools. */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnosticsToJson, formatDiagnostics, formatSummary } from "../diagnostics/format.js";

export type OutputFormat = "text" | "json";

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** ANSI colours in text output; off unless set (see `colorWanted`). */
  color?: boolean;
}

/**
 * Colour only for a terminal, never with NO_COLOR (https://no-color.org: any non-empty
 * value), forced with FORCE_COLOR (unless `0` or `false`) for CI logs that render ANSI.
 * NO_COLOR wins over FORCE_COLOR; TERM=dumb counts as no terminal.
 */
export function colorWanted(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  return isTTY === true && env.TERM !== "dumb";
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  // Diagnostics go to stderr, so its terminal decides.
  color: colorWanted(process.stderr.isTTY, process.env),
};

/**
 * The findings with code frames, then their counts; `counts: false` leaves the counts to a
 * summary line that says them once (generate's), so a run never prints two counts.
 */
export function reportDiagnostics(
  io: Io,
  diagnostics: Diagnostic[],
  sources: Map<string, string>,
  format: OutputFormat,
  { counts = true }: { counts?: boolean } = {},
): void {
  if (format === "json") return;
  if (diagnostics.length === 0) return;
  const options = { color: io.color === true };
  const frames = formatDiagnostics(diagnostics, (file) => sources.get(file), options);
  io.stderr(counts ? `${frames}\n\n${formatSummary(diagnostics, options)}\n` : `${frames}\n`);
}

export function diagnosticsJson(diagnostics: Diagnostic[]): unknown {
  return JSON.parse(diagnosticsToJson(diagnostics));
}
