/**
 * Maps a path inside parsed data (e.g. an ajv `instancePath`) back to the YAML node
 * it came from, so every diagnostic can point at a line and column.
 */
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from "yaml";
import type { Location } from "../diagnostics/diagnostic.js";
import { isMergeKey, offsetToLocation, type YamlFile } from "./load.js";

export type DataPath = ReadonlyArray<string | number>;

/**
 * Splits a JSON Pointer as written in a `$ref` fragment (`#/$defs/a~1b`, or `/$defs/a%20b`
 * after the `#`) into segments. Fragments are percent-encoded, so segments are
 * URI-decoded; a segment that is not valid percent-encoding is kept as written.
 */
export function pointerToPath(pointer: string): string[] {
  if (pointer === "" || pointer === "#") return [];
  return pointer
    .replace(/^#/, "")
    .split("/")
    .slice(1)
    .map((s) => safeDecodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"));
}

function safeDecodeURIComponent(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Splits ajv's `instancePath` (a plain JSON Pointer, never percent-encoded) into
 * segments: a property named `50%` or `a%20b` must stay as written.
 */
export function instancePathToPath(instancePath: string): string[] {
  if (instancePath === "") return [];
  return instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function pathToPointer(path: DataPath): string {
  return path.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

interface Found {
  node: Node | null;
  /** The key node of the pair that holds `node`, when the last step was a mapping key. */
  key: Node | null;
  /** How many segments of the path were found. */
  depth: number;
}

function walk(yaml: YamlFile, path: DataPath): Found {
  let node = yaml.doc.contents as Node | null;
  let key: Node | null = null;
  let depth = 0;
  for (const segment of path) {
    // Into an alias (`*point`), the data is the anchored node's: point where its text is,
    // so a problem inside shared YAML is reported once, at its definition.
    if (isAlias(node)) node = (node.resolve(yaml.doc) as Node | undefined) ?? node;
    if (isMap(node)) {
      const pair = pairIn(yaml, node, String(segment), 0);
      if (!pair) break;
      key = pair.key as Node;
      node = (pair.value as Node | null) ?? null;
    } else if (isSeq(node)) {
      const index = typeof segment === "number" ? segment : Number(segment);
      const item = Number.isInteger(index) ? node.items[index] : undefined;
      if (item === undefined) break;
      key = null;
      node = item as Node;
    } else {
      break;
    }
    depth++;
  }
  return { node, key, depth };
}

/**
 * The entry of `map` for `key`: its own, else the one a merge key (`<<: *defaults`) brings
 * in, searched in YAML's order (own keys first, then each merged mapping in turn).
 */
function pairIn(yaml: YamlFile, map: YAMLMap, key: string, depth: number): Pair | undefined {
  const own = map.items.find((p) => isScalar(p.key) && typeof p.key.value !== "symbol" && String(p.key.value) === key);
  if (own || depth > 16) return own;
  for (const pair of map.items) {
    if (!isMergeKey(pair.key)) continue;
    const sources = isSeq(pair.value) ? pair.value.items : [pair.value];
    for (const source of sources) {
      const target = isAlias(source) ? source.resolve(yaml.doc) : source;
      const merged = isMap(target) ? pairIn(yaml, target, key, depth + 1) : undefined;
      if (merged) return merged;
    }
  }
  return undefined;
}

/**
 * The location of the node at `path`. With `part: "key"` it points at the mapping key
 * (best for "unknown field" or "duplicate name"); otherwise at the value. When the path
 * does not exist in the document (a missing field), it points at the deepest existing
 * ancestor, so "missing `inputSchema`" points at the tool's mapping.
 */
export function locate(yaml: YamlFile, path: DataPath, part: "key" | "value" = "value"): Location {
  const found = walk(yaml, path);
  const complete = found.depth === path.length;
  const target = complete && part === "key" && found.key ? found.key : found.node;
  const range = target?.range;
  if (!range) return { file: yaml.file, line: 1, column: 1 };
  // For a collection, underline only its first line: the end of a mapping is noise.
  const end = isScalar(target) ? range[1] : undefined;
  return offsetToLocation(yaml.file, yaml.lineCounter, range[0], end);
}

/** Whether `path` exists in the document (used to choose between key and value positions). */
export function hasPath(yaml: YamlFile, path: DataPath): boolean {
  return walk(yaml, path).depth === path.length;
}
