/**
 * Tool annotations in plain words. MCP's defaults apply when a hint is absent
 * (readOnly false, destructive true, idempotent false, openWorld true), so a page
 * says what a client will assume, not only what the author wrote.
 */
import type { JsonObject } from "../../spec/model.js";

export type Hint = "readOnly" | "destructive" | "idempotent" | "openWorld";

export type Hints = { [hint in Hint]: boolean };

export const HINTS: readonly Hint[] = ["readOnly", "destructive", "idempotent", "openWorld"];

export const HINT_DEFAULTS: Hints = { readOnly: false, destructive: true, idempotent: false, openWorld: true };

export const HINT_KEYS = {
  readOnly: "readOnlyHint",
  destructive: "destructiveHint",
  idempotent: "idempotentHint",
  openWorld: "openWorldHint",
} as const satisfies { [hint in Hint]: string };

/** A badge's short label and the sentence that explains it, per hint value. */
export const HINT_WORDS: { [hint in Hint]: { true: [string, string]; false: [string, string] } } = {
  readOnly: {
    true: ["Read-only", "does not change anything."],
    false: ["Not read-only", "may change its environment."],
  },
  destructive: {
    true: ["Destructive", "may delete or overwrite data."],
    false: ["Not destructive", "only adds; never deletes or overwrites data."],
  },
  idempotent: {
    true: ["Idempotent", "calling it again with the same arguments has no further effect."],
    false: ["Not idempotent", "calling it again with the same arguments may have a further effect."],
  },
  openWorld: {
    true: ["Open world", "may interact with external systems, such as the web."],
    false: ["Closed world", "works only within its own domain, such as a local data store."],
  },
};

/** The value the author wrote, when it is a boolean. */
export function hintValue(annotations: JsonObject, hint: Hint): boolean | undefined {
  const value = annotations[HINT_KEYS[hint]];
  return typeof value === "boolean" ? value : undefined;
}

/** What a client assumes: the author's value or MCP's default. */
export function effectiveHints(annotations: JsonObject): Hints {
  const hints = { ...HINT_DEFAULTS };
  for (const hint of HINTS) hints[hint] = hintValue(annotations, hint) ?? HINT_DEFAULTS[hint];
  return hints;
}

export interface Badge {
  hint: Hint;
  value: boolean;
  /** `Read-only` */
  label: string;
  /** `does not change anything.` */
  explanation: string;
  /** The annotation as written (`readOnlyHint: true`), or undefined when it is MCP's default. */
  setAs?: string;
}

/**
 * The badges a reader needs. Destructive and idempotent hints mean nothing for a
 * read-only tool (MCP says so), so they are left out there; `ignored` lists any the
 * author set anyway.
 */
export function toolBadges(annotations: JsonObject): { badges: Badge[]; ignored: string[] } {
  const hints = effectiveHints(annotations);
  const shown: Hint[] = hints.readOnly ? ["readOnly", "openWorld"] : ["readOnly", "destructive", "idempotent", "openWorld"];
  const badges = shown.map((hint): Badge => {
    const set = hintValue(annotations, hint);
    const [label, explanation] = HINT_WORDS[hint][hints[hint] ? "true" : "false"];
    return { hint, value: hints[hint], label, explanation, ...(set === undefined ? {} : { setAs: `${HINT_KEYS[hint]}: ${set}` }) };
  });
  const ignored = hints.readOnly
    ? (["destructive", "idempotent"] as const)
        .filter((hint) => hintValue(annotations, hint) !== undefined)
        .map((hint) => `${HINT_KEYS[hint]}: ${hintValue(annotations, hint)}`)
    : [];
  return { badges, ignored };
}

/** Annotation keys that are not the four hints or `title` (vendor keys), with their JSON. */
export function otherAnnotations(annotations: JsonObject): Array<{ key: string; json: string }> {
  const known = new Set<string>(["title", ...Object.values(HINT_KEYS)]);
  return Object.keys(annotations)
    .filter((key) => !(known.has(key) && (key === "title" || typeof annotations[key] === "boolean")))
    .map((key) => ({ key, json: JSON.stringify(annotations[key]) }));
}

/**
 * What a tool's `auth.scopes` means for a caller, with each scope formatted by `code`:
 * on a server that verifies tokens, only callers holding all of them see and call it.
 */
export function scopesSentence(scopes: readonly string[], code: (scope: string) => string): string {
  const listed = scopes.map(code);
  const all = listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(", ")} and ${listed[listed.length - 1]}`;
  return `listed and callable only for callers whose access token carries ${all}.`;
}
