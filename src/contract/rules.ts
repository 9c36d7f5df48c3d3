/**
 * The rules of `mcp-gen diff`: every kind of change to a tool surface, its class and why.
 * A class says what the change does to someone who used the tools before it:
 * `breaking` (a client or model that worked before can fail), `dangerous` (calls still
 * work, but the risk changed) or `safe`. Codes are stable: add rules, never rename one.
 *
 * Input schemas are what callers send, so narrowing them breaks callers; output schemas
 * are what callers read, so there it is widening that can surprise them. The rules say
 * which side they are about.
 *
 * One file on purpose: it is a table, and the docs render it (docs/reference/diff.md).
 */
export type ChangeClass = "breaking" | "dangerous" | "safe";

/** Most severe first: the order of the text and Markdown output, and of `--fail-on`. */
export const CHANGE_CLASSES: readonly ChangeClass[] = ["breaking", "dangerous", "safe"];

export interface ChangeRule {
  class: ChangeClass;
  /** One line: what can happen to a client, a model or a user because of the change. */
  reason: string;
}

export const CHANGE_RULES = {
  // The tool list
  "tool-removed": { class: "breaking", reason: "clients and models that call the tool get an unknown-tool error" },
  "tool-renamed": { class: "breaking", reason: "callers of the old name (`renamedFrom`) get an unknown-tool error" },
  "tool-added": { class: "safe", reason: "nothing that worked before changes" },
  // Text a model reads
  "description-changed": { class: "safe", reason: "text only: it may change how a model uses the tool, never whether a call is valid" },
  "title-changed": { class: "safe", reason: "a display name: no call depends on it" },
  "metadata-changed": { class: "safe", reason: "`icons`, `_meta` or an annotation other than the four hints: no call depends on it" },
  // Annotations, with MCP's defaults (readOnlyHint false, destructiveHint true, idempotentHint false, openWorldHint true)
  "read-only-hint-removed": { class: "dangerous", reason: "readOnlyHint true → false: the tool may now change its environment" },
  "destructive-hint-added": { class: "dangerous", reason: "destructiveHint false → true: the tool may now delete or overwrite data" },
  "idempotent-hint-removed": { class: "dangerous", reason: "idempotentHint true → false: calling twice may now do something twice" },
  "open-world-hint-added": { class: "dangerous", reason: "openWorldHint false → true: the tool may now reach outside systems" },
  "hint-safer": { class: "safe", reason: "a hint moved toward the safer value" },
  // Who may see and call the tool
  "scopes-added": { class: "dangerous", reason: "callers whose token lacks the new scope no longer see or may call the tool" },
  "scopes-removed": { class: "safe", reason: "more callers may see and call the tool" },
  // Input: what callers send
  "required-parameter-added": { class: "breaking", reason: "calls that do not send the new parameter are rejected" },
  "optional-parameter-added": { class: "safe", reason: "calls without it are still valid" },
  "parameter-removed": { class: "breaking", reason: "calls that send it may be rejected, and what it did is gone" },
  "parameter-made-required": { class: "breaking", reason: "calls that leave it out are rejected" },
  "parameter-made-optional": { class: "safe", reason: "every call valid before still is" },
  "type-narrowed": { class: "breaking", reason: "values of a type accepted before are rejected" },
  "type-widened": { class: "safe", reason: "every value accepted before still is" },
  "enum-value-removed": { class: "breaking", reason: "calls that send a value no longer listed are rejected" },
  "enum-value-added": { class: "safe", reason: "every value accepted before still is" },
  "constraint-tightened": { class: "breaking", reason: "values inside the old bounds but outside the new ones are rejected" },
  "constraint-loosened": { class: "safe", reason: "every value accepted before still is" },
  "pattern-changed": { class: "breaking", reason: "strings that matched the old pattern (or any string) may not match the new one" },
  "pattern-removed": { class: "safe", reason: "every string accepted before still is" },
  "format-added": { class: "breaking", reason: "strings that are not of the new format are rejected" },
  "format-removed": { class: "safe", reason: "every string accepted before still is" },
  "additional-properties-closed": { class: "breaking", reason: "calls that send properties not listed are rejected" },
  "additional-properties-opened": { class: "safe", reason: "every call valid before still is" },
  "variant-removed": { class: "breaking", reason: "values that matched only the removed `anyOf`/`oneOf` branch are rejected" },
  "variant-added": { class: "safe", reason: "every value accepted before still is" },
  "default-changed": { class: "dangerous", reason: "calls that leave the parameter out now get a different value" },
  // Output: what callers read
  "output-schema-removed": { class: "breaking", reason: "clients that read `structuredContent` get none" },
  "output-schema-added": { class: "safe", reason: "clients may now read `structuredContent`; those that did not still work" },
  "output-field-removed": { class: "breaking", reason: "clients that read the field find it missing" },
  "output-field-made-optional": { class: "breaking", reason: "clients that read the field may find it missing" },
  "output-field-added": { class: "safe", reason: "clients that do not know the field ignore it" },
  "output-type-changed": { class: "breaking", reason: "the field can hold a type (or `anyOf`/`oneOf` branch) clients never got before" },
  "output-widened": {
    class: "dangerous",
    reason: "values clients never got before can come back (an enum value, a looser bound, pattern or format, extra properties)",
  },
  "output-narrowed": { class: "safe", reason: "the tool returns a part of what it returned before" },
  // Anything else
  "schema-changed": {
    class: "dangerous",
    reason: "a keyword diff does not classify changed (`not`, `if`/`then`/`else`, `patternProperties`, `execution`, ...): review it",
  },
} as const satisfies Record<string, ChangeRule>;

export type ChangeCode = keyof typeof CHANGE_RULES;

export function ruleOf(code: ChangeCode): ChangeRule {
  return CHANGE_RULES[code];
}

/** Whether a change of class `found` reaches the `--fail-on` threshold `threshold`. */
export function atOrAbove(found: ChangeClass, threshold: ChangeClass): boolean {
  return CHANGE_CLASSES.indexOf(found) <= CHANGE_CLASSES.indexOf(threshold);
}
