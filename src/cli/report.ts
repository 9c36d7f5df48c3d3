/** Printing diagnostics the way every command does: text with code frames, or JSON for tools. */
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnosticsToJson, formatDiagnostics, formatSummary } from "../diagnostics/format.js";

export type OutputFormat = "text" | "json";

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

export function reportDiagnostics(io: Io, diagnostics: Diagnostic[], sources: Map<string, string>, format: OutputFormat): void {
  if (format === "json") return;
  if (diagnostics.length === 0) return;
  io.stderr(formatDiagnostics(diagnostics, (file) => sources.get(file)) + "\n\n" + formatSummary(diagnostics) + "\n");
}

export function diagnosticsJson(diagnostics: Diagnostic[]): unknown {
  return JSON.parse(diagnosticsToJson(diagnostics));
}
