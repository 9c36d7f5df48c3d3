/**
 * Spec file names for imported tools: safe on every file system, and unique even where
 * names differ only in case (macOS and Windows would otherwise merge two specs into one).
 */

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const MAX_BASE_LENGTH = 200;

/** A tool name as a file base name: `get_weather` stays, `a/b c` becomes `a_b_c`. */
export function fileBaseName(toolName: string): string {
  let base = toolName.replace(/[^A-Za-z0-9_.-]/g, "_");
  // A leading dot hides the file; trailing dots vanish on Windows.
  base = base.replace(/^\./, "_").replace(/\.+$/, (dots) => "_".repeat(dots.length));
  if (base === "") base = "tool";
  if (WINDOWS_RESERVED.test(base.split(".")[0])) base += "_";
  return base.slice(0, MAX_BASE_LENGTH);
}

/**
 * One `.yaml` file name per tool, in order. A name already taken (case-insensitively)
 * gets `-2`, `-3`, ...: duplicates are kept so that `generate` reports them.
 */
export function specFileNames(toolNames: readonly string[]): string[] {
  const taken = new Set<string>();
  return toolNames.map((name) => {
    const base = fileBaseName(name);
    let candidate = base;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}`;
    taken.add(candidate.toLowerCase());
    return `${candidate}.yaml`;
  });
}
