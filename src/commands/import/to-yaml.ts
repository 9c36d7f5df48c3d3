/**
 * A tool as YAML that parses back to exactly the same value. The yaml library chooses
 * readable styles (plain, block literals), and a few rare strings do not survive its
 * choice; every result is therefore parsed back with the spec loader itself, and what
 * does not survive is written double-quoted, or in the end the whole tool as JSON
 * (JSON is YAML).
 */
import { Document, isCollection, isScalar, Scalar, visit, type Node } from "yaml";
import { parseYaml } from "../../yaml/load.js";
import { firstDifference } from "./same-value.js";

const TO_STRING_OPTIONS = { lineWidth: 0, minContentWidth: 0 } as const;
/** Each pass fixes at least one value; a tool with more stubborn values than this becomes JSON. */
const MAX_FIX_PASSES = 50;

function parsedBack(text: string): { ok: true; value: unknown } | { ok: false } {
  const result = parseYaml("import.yaml", "import.yaml", text);
  return result.yaml ? { ok: true, value: result.yaml.value } : { ok: false };
}

function quoteEverythingIn(node: Node): void {
  if (isScalar(node)) {
    if (typeof node.value === "string") node.type = Scalar.QUOTE_DOUBLE;
    return;
  }
  visit(node, {
    Scalar(_key, scalar) {
      if (typeof scalar.value === "string") scalar.type = Scalar.QUOTE_DOUBLE;
    },
  });
  if (isCollection(node)) node.flow = true;
}

/** YAML 1.1 readers (and `merge: true`) treat a plain `<<` key as a merge; quote it for them. */
function quoteMergeKeys(doc: Document): void {
  visit(doc, {
    Pair(_key, pair) {
      if (isScalar(pair.key) && pair.key.value === "<<") pair.key.type = Scalar.QUOTE_DOUBLE;
    },
  });
}

/**
 * Strings that survive a plain or block style but not a human: invisible characters,
 * and trailing blanks in block literals, which editors strip on save.
 */
const FRAGILE_STRING = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff]|[ \t](?:\n|$)/;

function quoteFragileStrings(doc: Document): void {
  visit(doc, {
    Scalar(_key, scalar) {
      if (typeof scalar.value === "string" && FRAGILE_STRING.test(scalar.value)) scalar.type = Scalar.QUOTE_DOUBLE;
    },
  });
}

/** The YAML text of one tool (no comment line), guaranteed to parse back deep-equal. */
export function toolToYaml(tool: Record<string, unknown>): string {
  const doc = new Document(tool, { aliasDuplicateObjects: false });
  quoteMergeKeys(doc);
  quoteFragileStrings(doc);
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    const text = doc.toString(TO_STRING_OPTIONS);
    const back = parsedBack(text);
    if (!back.ok) break;
    const diff = firstDifference(tool, back.value, []);
    if (diff === undefined) return text;
    const node = diff.length === 0 ? (doc.contents as Node | null) : (doc.getIn(diff, true) as Node | undefined);
    if (!node || (isScalar(node) && node.type === Scalar.QUOTE_DOUBLE) || (isCollection(node) && node.flow)) break;
    quoteEverythingIn(node);
  }
  return JSON.stringify(tool, null, 2) + "\n";
}
