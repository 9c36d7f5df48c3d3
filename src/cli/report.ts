/** Printing diagnostics the way every command does: text with code frames, or JSON for tools. */
import path from "node:path";
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

export function reportDiagnostics(io: Io, diagnostics: Diagnostic[], sources: Map<string, string>, format: OutputFormat): void {
  if (format === "json") return;
  if (diagnostics.length === 0) return;
  const options = { color: io.color === true };
  io.stderr(formatDiagnostics(diagnostics, (file) => sources.get(file), options) + "\n\n" + formatSummary(diagnostics, options) + "\n");
}

export function diagnosticsJson(diagnostics: Diagnostic[]): unknown {
  return JSON.parse(diagnosticsToJson(diagnostics));
}

/** A project-relative path as seen from the working directory; `label` is the project root from there. */
export function fromWorkingDirectory(label: string, file: string): string {
  return label === "." ? file : path.posix.normalize(`${label}/${file}`);
}

/**
 * A project's diagnostics and sources with paths relative to the working directory
 * instead of the project root (`packages/a/specs/x.yaml`, not `specs/x.yaml`; `specs/x.yaml`,
 * not `../specs/x.yaml` for a config in `conf/`), as a compiler prints them: a path in the
 * output opens from where the command ran. `label` is the project root, relative to it.
 */
export function rebaseDiagnostics(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
  label: string,
): { diagnostics: Diagnostic[]; sources: Map<string, string> } {
  if (label === ".") return { diagnostics: [...diagnostics], sources: new Map(sources) };
  const move = (file: string) => fromWorkingDirectory(label, file);
  return {
    diagnostics: diagnostics.map((d) => ({
      ...d,
      ...(d.location ? { location: { ...d.location, file: move(d.location.file) } } : {}),
      ...(d.related ? { related: d.related.map((r) => ({ ...r, file: move(r.file) })) } : {}),
    })),
    sources: new Map([...sources].map(([file, text]) => [move(file), text])),
  };
}
