/**
 * The manifest lists the files mcp-gen wrote into `generated/`, so that a file it no
 * longer produces can be removed without ever touching a file it did not create.
 */
import { unsafeAreaPathReason } from "./paths.js";

export const MANIFEST_FILE = ".mcp-gen-manifest.json";

export interface Manifest {
  generator: "mcp-gen";
  version: 1;
  /** Paths relative to the generated folder, `/`-separated, sorted. */
  files: string[];
  /**
   * Files mcp-gen wrote into the handlers folder and may take back (a stub whose tool is
   * gone): path relative to that folder → `textHash` of the text written. A file whose text
   * still hashes so is what mcp-gen wrote; any other is the author's. Absent when empty.
   */
  handlers?: Record<string, string>;
}

export function renderManifest(files: readonly string[], handlers: ReadonlyMap<string, string> = new Map()): string {
  const manifest: Manifest = { generator: "mcp-gen", version: 1, files: [...new Set(files)].sort() };
  if (handlers.size > 0) manifest.handlers = Object.fromEntries([...handlers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify(manifest, null, 2) + "\n";
}

/** The manifest's record of handler files mcp-gen wrote (see `Manifest.handlers`); empty when in doubt. */
export function parseManifestHandlers(text: string): Map<string, string> {
  const record = new Map<string, string>();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return record;
  }
  if (typeof data !== "object" || data === null) return record;
  const { generator, version, handlers } = data as Record<string, unknown>;
  if (generator !== "mcp-gen" || version !== 1 || typeof handlers !== "object" || handlers === null || Array.isArray(handlers)) return record;
  for (const [file, hash] of Object.entries(handlers)) {
    if (typeof hash === "string" && unsafeAreaPathReason(file) === undefined) record.set(file, hash);
  }
  return record;
}

/**
 * The files a manifest claims. Anything unexpected (not ours, a newer version, a
 * hand-edited entry pointing outside the folder) claims nothing: when in doubt, keep files.
 */
export function parseManifest(text: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof data !== "object" || data === null) return [];
  const { generator, version, files } = data as Record<string, unknown>;
  if (generator !== "mcp-gen" || version !== 1 || !Array.isArray(files)) return [];
  return files.filter((f): f is string => typeof f === "string" && f !== MANIFEST_FILE && unsafeAreaPathReason(f) === undefined);
}
