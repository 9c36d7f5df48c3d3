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
}

export function renderManifest(files: readonly string[]): string {
  const manifest: Manifest = { generator: "mcp-gen", version: 1, files: [...new Set(files)].sort() };
  return JSON.stringify(manifest, null, 2) + "\n";
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
