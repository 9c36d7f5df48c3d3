/**
 * Diagnostics are data: a code, a severity, a message and a position. Every stage
 * returns them instead of throwing, so that one run reports all problems at once.
 */
export type Severity = "error" | "warning" | "info";

/** A 1-based line and column in a file. */
export interface Position {
  line: number;
  column: number;
}

/** A place in a file: `file` is relative to the project root, with `/` separators. */
export interface Location extends Position {
  file: string;
  /** End of the span, when known (exclusive column). Used to underline in code frames. */
  end?: Position;
}

export interface RelatedLocation extends Location {
  message: string;
}

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** Where the problem is; absent only for problems that belong to no file. */
  location?: Location;
  /** Other places that explain this one (e.g. the first definition of a duplicate name). */
  related?: RelatedLocation[];
  /** One extra line of advice, e.g. "did you mean `description`?". */
  hint?: string;
}

/**
 * Every diagnostic code, with the one-line meaning shown in docs. Codes are stable:
 * never renumber, only add.
 */
export const DIAGNOSTIC_CODES = {
  // Loading (YAML)
  MG001: "YAML syntax error",
  MG002: "duplicate key in a YAML mapping",
  MG003: "too many YAML alias expansions (possible alias bomb)",
  MG004: "a spec file must hold exactly one YAML document",
  MG005: "a spec file could not be read",
  MG006: "no spec files matched",
  // Spec shape (the spec format's own JSON Schema)
  MG010: "a field has the wrong type or a required field is missing",
  MG011: "unknown field",
  MG012: "invalid tool name",
  MG013: "duplicate tool name",
  MG014: "two tool names map to the same TypeScript identifier or file name",
  MG015: "unknown annotation (passed through verbatim)",
  // Schemas
  MG020: "inputSchema root must be `type: object`",
  MG021: "unsupported JSON Schema dialect",
  MG022: "schema does not compile",
  MG023: "a `required` entry is not in `properties`",
  MG024: "unknown format (treated as an annotation)",
  MG025: "unknown keyword (treated as an annotation)",
  // $ref
  MG030: "$ref target not found",
  MG031: "network $ref are not fetched",
  MG032: "$ref escapes the project root",
  MG033: "$ref file could not be loaded",
  MG034: "a $ref cycle that never moves into the data (validation would recurse forever)",
  // Examples
  MG040: "example input does not validate against inputSchema",
  MG041: "example output does not validate against outputSchema",
  MG042: "an example field its test cannot use (it would pass, or fail, whatever the handler does)",
  // Handlers
  MG050: "handler file has no tool (orphaned; kept)",
  MG051: "handler file could not be updated (left alone)",
  // Handler lifecycle (`renamedFrom`)
  MG160: "handler file renamed after its tool (renamedFrom)",
  MG161: "handler not renamed: the rename is ambiguous or its target exists (left alone)",
  MG162: "handler not renamed: the file does not parse or was restructured (left alone)",
  MG163: "handler renamed, but another authored file still imports it by its old path (left alone)",
  // Config
  MG060: "invalid configuration",
  // Importing from a running server (`mcp-gen import --from-server / --url`)
  MG070: "could not connect to the MCP server",
  MG071: "the server's tools/list failed or returned an invalid result",
  // Lint rules (src/diagnostics/lint-rules.ts): severities are defaults; `lint.rules` in the config changes them
  MG100: "readOnlyHint true contradicts destructiveHint true",
  MG101: "annotation ignored because readOnlyHint is true",
  MG102: "a tool that only reads leaves destructiveHint at its default (true)",
  MG103: "tool without a description",
  MG104: "input property without a description",
  MG105: "description only repeats the name",
  MG106: "tool name longer than 64 characters",
  MG107: "tool names mix naming styles",
  MG108: "enum without type",
  MG109: "input object without additionalProperties",
  MG110: "unused $defs entry",
  MG111: "optional property with no default mentioned",
  MG112: "tool without examples",
  MG140: "more lint warnings than lint.maxWarnings allows",
  // Hostile input
  MG180: "a spec nests deeper than 256 levels",
  MG181: "a property named `__proto__` (validators cannot check it)",
  // Output and internal
  MG090: "could not write output",
  MG099: "internal error",
} as const;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Deterministic order: by file, line, column, then code and message. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => {
    const fa = a.location?.file ?? "";
    const fb = b.location?.file ?? "";
    if (fa !== fb) return fa < fb ? -1 : 1;
    const la = a.location?.line ?? 0;
    const lb = b.location?.line ?? 0;
    if (la !== lb) return la - lb;
    const ca = a.location?.column ?? 0;
    const cb = b.location?.column ?? 0;
    if (ca !== cb) return ca - cb;
    if (a.code !== b.code) return a.code < b.code ? -1 : 1;
    return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
  });
}
