/**
 * Compares two tool lists (each tool as `tools/list` sends it) and classifies every
 * change by the rules of rules.ts: tools removed, renamed and added, then each tool
 * that is on both sides, field by field, down into its schemas.
 */
import type { Location } from "../diagnostics/diagnostic.js";
import type { JsonObject, JsonValue } from "../spec/model.js";
import { pathToPointer } from "../yaml/positions.js";
import { canonicalJson, compareSchemas, shown, type SchemaFinding, type WirePath } from "./compare-schema.js";
import { CHANGE_CLASSES, CHANGE_RULES, type ChangeClass, type ChangeCode } from "./rules.js";

/** One tool of one side. */
export interface ContractTool {
  /** The tools/list entry (the model's `tool.wire`, or a dump's entry): `name` is a string. */
  wire: JsonObject;
  /** The spec's `renamedFrom`, when the side is specs. */
  renamedFrom?: string;
  /** `auth.scopes` (empty when the tool needs none); absent when the side cannot tell (a dump, a server). */
  scopes?: string[];
  /** Where a path of the entry is written, when the side has a text to point into. */
  locate?: (path: WirePath) => Location | undefined;
}

export interface Change {
  class: ChangeClass;
  code: ChangeCode;
  tool: string;
  /** JSON Pointer into the tool's tools/list entry, through `$ref`s: where a caller meets the change. */
  path: string;
  message: string;
  reason: string;
  before?: JsonValue;
  after?: JsonValue;
  /** Where the head side writes it, when the head side is text (specs, a dump file). */
  location?: Location;
}

/** MCP's values for hints a tool leaves out. */
const HINT_DEFAULTS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } as const;
type HintKey = keyof typeof HINT_DEFAULTS;

/** Which change of each hint raises the risk: the value it moves to. */
const RISKIER: { [K in HintKey]: { to: boolean; code: ChangeCode } } = {
  readOnlyHint: { to: false, code: "read-only-hint-removed" },
  destructiveHint: { to: true, code: "destructive-hint-added" },
  idempotentHint: { to: false, code: "idempotent-hint-removed" },
  openWorldHint: { to: true, code: "open-world-hint-added" },
};

/** Keys compared by their own rules; any other top-level key is metadata. */
const TOOL_KEYS = new Set(["name", "title", "description", "inputSchema", "outputSchema", "annotations", "execution"]);

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

function hintsOf(tool: JsonObject): { [K in HintKey]: boolean } {
  const annotations = isObject(tool.annotations) ? tool.annotations : {};
  const hints = { ...HINT_DEFAULTS } as { [K in HintKey]: boolean };
  for (const key of Object.keys(HINT_DEFAULTS) as HintKey[]) if (typeof annotations[key] === "boolean") hints[key] = annotations[key] as boolean;
  return hints;
}

function executionOf(tool: JsonObject): JsonObject {
  const execution = isObject(tool.execution) ? tool.execution : {};
  return { taskSupport: "forbidden", ...execution };
}

class ToolComparison {
  readonly changes: Change[] = [];

  constructor(
    private readonly name: string,
    private readonly head: ContractTool | undefined,
  ) {}

  add(code: ChangeCode, path: WirePath, at: WirePath | undefined, message: string, before?: unknown, after?: unknown): void {
    const rule = CHANGE_RULES[code];
    const change: Change = { class: rule.class, code, tool: this.name, path: pathToPointer(path), message, reason: rule.reason };
    if (before !== undefined) change.before = before as JsonValue;
    if (after !== undefined) change.after = after as JsonValue;
    const location = at !== undefined ? this.head?.locate?.(at) : undefined;
    if (location) change.location = location;
    this.changes.push(change);
  }

  addFinding(finding: SchemaFinding): void {
    this.add(finding.code, finding.path, finding.at ?? nearestHeadPath(finding.path), finding.message, finding.before, finding.after);
  }
}

/** For a change only the base has, the head's place is its parent's: the deepest key still written. */
function nearestHeadPath(path: WirePath): WirePath {
  return path.slice(0, -1);
}

function compareTool(base: ContractTool, head: ContractTool, into: ToolComparison): void {
  const B = base.wire;
  const H = head.wire;
  for (const key of ["title", "description"] as const) {
    if (canonicalJson(B[key]) !== canonicalJson(H[key])) {
      into.add(key === "title" ? "title-changed" : "description-changed", [key], [key], `tool ${key} changed`, B[key], H[key]);
    }
  }

  const bHints = hintsOf(B);
  const hHints = hintsOf(H);
  for (const key of Object.keys(HINT_DEFAULTS) as HintKey[]) {
    if (bHints[key] === hHints[key]) continue;
    const riskier = hHints[key] === RISKIER[key].to;
    const written = (tool: JsonObject) => (isObject(tool.annotations) && typeof tool.annotations[key] === "boolean" ? "" : " (MCP's default)");
    into.add(
      riskier ? RISKIER[key].code : "hint-safer",
      ["annotations", key],
      ["annotations", key],
      `${key} ${bHints[key]}${written(B)} → ${hHints[key]}${written(H)}`,
      bHints[key],
      hHints[key],
    );
  }
  const bAnnotations = isObject(B.annotations) ? B.annotations : {};
  const hAnnotations = isObject(H.annotations) ? H.annotations : {};
  for (const key of new Set([...Object.keys(bAnnotations), ...Object.keys(hAnnotations)])) {
    if (key in HINT_DEFAULTS || canonicalJson(bAnnotations[key]) === canonicalJson(hAnnotations[key])) continue;
    into.add(
      key === "title" ? "title-changed" : "metadata-changed",
      ["annotations", key],
      ["annotations", key],
      `annotations.${key} changed`,
      bAnnotations[key],
      hAnnotations[key],
    );
  }

  if (base.scopes !== undefined && head.scopes !== undefined) {
    const added = head.scopes.filter((s) => !base.scopes!.includes(s));
    const removed = base.scopes.filter((s) => !head.scopes!.includes(s));
    if (added.length > 0)
      into.add("scopes-added", ["auth", "scopes"], ["auth", "scopes"], `needs scope ${added.map((s) => `\`${s}\``).join(", ")} now`, base.scopes, head.scopes);
    if (removed.length > 0)
      into.add(
        "scopes-removed",
        ["auth", "scopes"],
        ["auth", "scopes"],
        `no longer needs ${removed.map((s) => `\`${s}\``).join(", ")}`,
        base.scopes,
        head.scopes,
      );
  }

  for (const finding of compareSchemas("input", "inputSchema", B.inputSchema ?? {}, H.inputSchema ?? {})) into.addFinding(finding);
  if (B.outputSchema !== undefined && H.outputSchema === undefined) {
    into.add("output-schema-removed", ["outputSchema"], [], "outputSchema removed", B.outputSchema, undefined);
  } else if (B.outputSchema === undefined && H.outputSchema !== undefined) {
    into.add("output-schema-added", ["outputSchema"], ["outputSchema"], "outputSchema added", undefined, H.outputSchema);
  } else if (B.outputSchema !== undefined && H.outputSchema !== undefined) {
    for (const finding of compareSchemas("output", "outputSchema", B.outputSchema, H.outputSchema)) into.addFinding(finding);
  }

  // `execution` left out is `{ taskSupport: "forbidden" }` (MCP's default): writing the default changes nothing.
  if (canonicalJson(executionOf(B)) !== canonicalJson(executionOf(H))) {
    into.add(
      "schema-changed",
      ["execution"],
      H.execution === undefined ? [] : ["execution"],
      `execution ${shown(B.execution)} → ${shown(H.execution)}`,
      B.execution,
      H.execution,
    );
  }
  for (const key of new Set([...Object.keys(B), ...Object.keys(H)])) {
    if (TOOL_KEYS.has(key) || canonicalJson(B[key]) === canonicalJson(H[key])) continue;
    into.add("metadata-changed", [key], H[key] === undefined ? [] : [key], `${key} changed`, B[key], H[key]);
  }
}

export interface ToolPair {
  /** The head side's name; the base side's for a tool only the base has. */
  name: string;
  base?: ContractTool;
  head?: ContractTool;
  /** The base side's name, when the head renamed the tool (`renamedFrom`). */
  renamedFrom?: string;
}

/**
 * The tools of both sides, matched: by name, or through the head's `renamedFrom` when the
 * base has the old name and the head does not. Head tools first, in order, then those only
 * the base has.
 */
export function pairTools(base: readonly ContractTool[], head: readonly ContractTool[]): ToolPair[] {
  const baseByName = new Map(base.map((tool) => [tool.wire.name as string, tool]));
  const headByName = new Map(head.map((tool) => [tool.wire.name as string, tool]));
  const pairs: ToolPair[] = [];
  const renamedAway = new Set<string>();
  for (const tool of head) {
    const name = tool.wire.name as string;
    const before = baseByName.get(name);
    const oldName = tool.renamedFrom;
    if (before) pairs.push({ name, base: before, head: tool });
    else if (oldName !== undefined && baseByName.has(oldName) && !headByName.has(oldName)) {
      renamedAway.add(oldName);
      pairs.push({ name, base: baseByName.get(oldName), head: tool, renamedFrom: oldName });
    } else pairs.push({ name, head: tool });
  }
  for (const tool of base) {
    const name = tool.wire.name as string;
    if (!headByName.has(name) && !renamedAway.has(name)) pairs.push({ name, base: tool });
  }
  return pairs;
}

/**
 * Every change from `base` to `head`, most severe class first, then by tool name, each
 * tool's changes in the order found. Names must be unique on each side (the caller checks).
 */
export function compareToolLists(base: readonly ContractTool[], head: readonly ContractTool[]): Change[] {
  const changes: Change[] = [];
  for (const pair of pairTools(base, head)) {
    const comparison = new ToolComparison(pair.name, pair.head);
    if (pair.base && pair.head) {
      if (pair.renamedFrom !== undefined)
        comparison.add("tool-renamed", ["name"], ["name"], `renamed from \`${pair.renamedFrom}\``, pair.renamedFrom, pair.name);
      compareTool(pair.base, pair.head, comparison);
    } else if (pair.head) {
      comparison.add("tool-added", [], [], "tool added");
    } else {
      comparison.add("tool-removed", [], undefined, "tool removed");
    }
    changes.push(...comparison.changes);
  }
  const order = (c: Change) => CHANGE_CLASSES.indexOf(c.class);
  return changes
    .map((change, i) => ({ change, i }))
    .sort((a, b) => order(a.change) - order(b.change) || (a.change.tool < b.change.tool ? -1 : a.change.tool > b.change.tool ? 1 : 0) || a.i - b.i)
    .map(({ change }) => change);
}
