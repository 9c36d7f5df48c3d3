/**
 * Diagnostics with their paths moved from a project's root to the working directory, as
 * a compiler prints them: a path in the output opens from where the command ran.
 */
import path from "node:path";
import type { Diagnostic } from "./diagnostic.js";

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
