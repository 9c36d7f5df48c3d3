/**
 * Check stage, part 1: does each spec file have the shape of the spec format? Validates
 * against the format's own JSON Schema (`schema/tool-spec.schema.json`, the same file
 * editors use) and maps every ajv error back to a line and column in the YAML.
 *
 * One file on purpose: the checks the schema cannot express (tool names, scopes) report
 * through the same locations, value descriptions and wording as the translated ajv
 * errors, the larger part of this file; apart, the two would drift.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import { isScalar, type Scalar } from "yaml";
import type { Diagnostic, Location } from "../diagnostics/diagnostic.js";
import { sortDiagnostics } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import { offsetToLocation, type YamlFile } from "../yaml/load.js";
import { instancePathToPath, locate, type DataPath } from "../yaml/positions.js";
import type { RawTool } from "./raw-tool.js";
import { suggest } from "../util/suggest.js";
import { tool as toolValidator, toolsFile as toolsFileValidator } from "./precompiled/tool-spec-validators.js";

/** The annotation keys MCP defines; anything else is passed through with a warning. */
export const KNOWN_ANNOTATION_KEYS = ["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

const MAX_TOOL_NAME_LENGTH = 128;
const TOOL_NAME_CHAR = /^[A-Za-z0-9_.-]$/;

// The spec format's schema, compiled ahead of time (tool-spec-codegen.ts): a run loads
// no compiler to check shapes.
const validators = { tool: toolValidator as ValidateFunction, toolsFile: toolsFileValidator as ValidateFunction };

export interface ShapeResult {
  /** Tools whose shape is valid, in file order then document order. */
  tools: RawTool[];
  diagnostics: Diagnostic[];
}

export function checkShape(files: YamlFile[]): ShapeResult {
  const tools: RawTool[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const yaml of files) {
    const result = checkFileShape(yaml);
    tools.push(...result.tools);
    diagnostics.push(...result.diagnostics);
  }
  return { tools, diagnostics: sortDiagnostics(diagnostics) };
}

/** A diagnostic plus the data path it is about, to tell which tool it disqualifies. */
interface Finding {
  diagnostic: Diagnostic;
  path: DataPath;
}

function checkFileShape(yaml: YamlFile): ShapeResult {
  const value = yaml.value;
  if (value === undefined) {
    return {
      tools: [],
      diagnostics: [createDiagnostic({ code: "MG010", messageId: "emptyFile", location: { file: yaml.file, line: 1, column: 1 } })],
    };
  }
  if (!isPlainObject(value)) {
    return {
      tools: [],
      diagnostics: [
        createDiagnostic({
          code: "MG010",
          messageId: "notMapping",
          format: { actual: describeValue(value) },
          // A null document (`---` alone) has only an empty node after the marker.
          location: value === null ? { file: yaml.file, line: 1, column: 1 } : locate(yaml, []),
        }),
      ],
    };
  }

  const isToolsFile = Object.hasOwn(value, "tools");
  const validate = isToolsFile ? validators.toolsFile : validators.tool;
  validate(value);

  const candidates: Array<{ path: DataPath; value: Record<string, unknown> }> = [];
  if (isToolsFile) {
    const list = value.tools;
    if (Array.isArray(list)) {
      list.forEach((item, index) => {
        if (isPlainObject(item)) candidates.push({ path: ["tools", index], value: item });
      });
    }
  } else {
    candidates.push({ path: [], value });
  }

  const findings: Finding[] = (validate.errors ?? [])
    .map((error) => describeAjvError(yaml, error, isToolsFile))
    .filter((finding): finding is Finding => finding !== undefined);
  for (const tool of candidates) findings.push(...checkToolDetails(yaml, tool.path, tool.value));

  // A tool goes on to the schema checks unless its shape is unusable: an unknown field
  // or a badly formed name is reported, but should not hide the tool's other problems.
  const blocksLaterChecks = (d: Diagnostic) => d.severity === "error" && d.code !== "MG011" && d.code !== "MG012";
  const tools: RawTool[] = [];
  for (const tool of candidates) {
    const failed = findings.some((f) => blocksLaterChecks(f.diagnostic) && startsWith(f.path, tool.path));
    if (!failed) tools.push({ yaml, path: tool.path, value: tool.value });
  }
  return { tools, diagnostics: findings.map((f) => f.diagnostic) };
}

/** Checks the schema cannot express well: MCP's name rules with an exact position, annotation typos. */
function checkToolDetails(yaml: YamlFile, toolPath: DataPath, tool: Record<string, unknown>): Finding[] {
  const findings: Finding[] = [];
  if (typeof tool.name === "string") {
    const namePath = [...toolPath, "name"];
    const diagnostic = checkToolName(yaml, namePath, tool.name);
    if (diagnostic) findings.push({ diagnostic, path: namePath });
  }
  if (isPlainObject(tool.annotations)) {
    for (const key of Object.keys(tool.annotations)) {
      if ((KNOWN_ANNOTATION_KEYS as readonly string[]).includes(key)) continue;
      const keyPath = [...toolPath, "annotations", key];
      const close = suggest(key, KNOWN_ANNOTATION_KEYS);
      findings.push({
        path: keyPath,
        diagnostic: createDiagnostic({
          code: "MG015",
          format: { key },
          location: locate(yaml, keyPath, "key"),
          hint: close ? `did you mean \`${close}\`?` : `MCP defines ${KNOWN_ANNOTATION_KEYS.map((k) => `\`${k}\``).join(", ")}`,
        }),
      });
    }
  }
  if (isPlainObject(tool.auth) && Array.isArray(tool.auth.scopes)) findings.push(...checkScopes(yaml, [...toolPath, "auth", "scopes"], tool.auth.scopes));
  if (tool.task !== undefined) {
    const support = isPlainObject(tool.execution) ? tool.execution.taskSupport : undefined;
    if (support !== "optional" && support !== "required") {
      const taskPath = [...toolPath, "task"];
      findings.push({
        path: taskPath,
        diagnostic: createDiagnostic({
          code: "MG018",
          format: { support: support === undefined ? "not set (forbidden)" : `\`${String(support)}\`` },
          location: locate(yaml, taskPath, "key"),
          hint: "add `execution: { taskSupport: optional }` (or `required`), or remove `task`",
        }),
      });
    }
  }
  return findings;
}

/**
 * `auth.scopes`: each an OAuth scope token (RFC 6749 §3.3: printable ASCII but space, `"`
 * and `\`), once each. The schema says so too, for editors; these say where and why.
 */
function checkScopes(yaml: YamlFile, scopesPath: DataPath, scopes: unknown[]): Finding[] {
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  scopes.forEach((scope, index) => {
    if (typeof scope !== "string") return; // the schema's type error says it
    const path = [...scopesPath, index];
    const field = displayPath(scopesPath.slice(-2));
    if (scope.length === 0) {
      findings.push({
        path,
        diagnostic: createDiagnostic({
          code: "MG010",
          messageId: "emptyScope",
          format: { field },
          location: locate(yaml, path),
          hint: "remove it, or name the scope the tool needs",
        }),
      });
      return;
    }
    let offset = 0;
    for (const char of scope) {
      if (!SCOPE_CHAR.test(char)) {
        const words = scope.split(/\s+/u).filter(Boolean);
        findings.push({
          path,
          diagnostic: createDiagnostic({
            code: "MG010",
            messageId: "invalidScope",
            format: { scope, character: describeChar(char) },
            location: charLocation(yaml, path, offset, char.length),
            hint:
              /\s/u.test(char) && words.length > 1 ? `one scope per item: \`[${words.join(", ")}]\`` : 'a scope is printable ASCII without spaces, `"` or `\\`',
          }),
        });
        return;
      }
      offset += char.length;
    }
    const first = seen.get(scope);
    if (first !== undefined) {
      const firstAt = locate(yaml, [...scopesPath, first]);
      findings.push({
        path,
        diagnostic: createDiagnostic({
          code: "MG010",
          messageId: "duplicateScope",
          format: { scope, field, first: `${firstAt.line}:${firstAt.column}` },
          location: locate(yaml, path),
          hint: "remove this one",
        }),
      });
      return;
    }
    seen.set(scope, index);
  });
  return findings;
}

const SCOPE_CHAR = /^[\x21\x23-\x5B\x5D-\x7E]$/;

/** MG012 when `name` breaks MCP's rules (SEP-986), pointing at the first offending character. */
export function checkToolName(yaml: YamlFile, namePath: DataPath, name: string): Diagnostic | undefined {
  const allowed = "A-Z a-z 0-9 _ - .";
  if (name.length === 0) {
    return createDiagnostic({ code: "MG012", messageId: "empty", format: { max: MAX_TOOL_NAME_LENGTH, allowed }, location: locate(yaml, namePath) });
  }
  let index = 0;
  for (const char of name) {
    if (!TOOL_NAME_CHAR.test(char)) {
      const replaced = name.replace(/[^A-Za-z0-9_.-]+/gu, "_");
      return createDiagnostic({
        code: "MG012",
        messageId: "badCharacter",
        format: { name, character: describeChar(char), allowed },
        location: charLocation(yaml, namePath, index, char.length),
        hint: replaced.length > 0 && replaced.length <= MAX_TOOL_NAME_LENGTH ? `e.g. \`${replaced}\`` : undefined,
      });
    }
    index += char.length;
  }
  if (name.length > MAX_TOOL_NAME_LENGTH) {
    return createDiagnostic({
      code: "MG012",
      messageId: "tooLong",
      format: { length: name.length, max: MAX_TOOL_NAME_LENGTH },
      location: charLocation(yaml, namePath, MAX_TOOL_NAME_LENGTH, name.length - MAX_TOOL_NAME_LENGTH),
    });
  }
  return undefined;
}

function describeChar(char: string): string {
  const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
  if (char === " ") return `a space (${code})`;
  if (/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char)) return `\`${char}\` (${code})`;
  return `the character ${code}`;
}

/**
 * Where the character at `index` of the scalar at `path` is in the file. Exact when the
 * source spells the value verbatim (plain, or quoted without escapes or folding);
 * otherwise the scalar's start, since escapes break the index-to-offset mapping.
 */
function charLocation(yaml: YamlFile, path: DataPath, index: number, length: number): Location {
  const node = yaml.doc.getIn(path, true);
  if (!isScalar(node) || !node.range) return locate(yaml, path);
  const [start, end] = node.range;
  const raw = yaml.text.slice(start, end);
  const quoted = node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
  const contentStart = quoted ? start + 1 : start;
  const content = quoted ? raw.slice(1, -1) : raw;
  if (isVerbatim(node, content)) {
    return offsetToLocation(yaml.file, yaml.lineCounter, contentStart + index, contentStart + index + length);
  }
  return offsetToLocation(yaml.file, yaml.lineCounter, start, end);
}

function isVerbatim(node: Scalar, content: string): boolean {
  const plainOrQuoted = node.type === "PLAIN" || node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
  return plainOrQuoted && content === node.value;
}

function describeAjvError(yaml: YamlFile, error: ErrorObject, isToolsFile: boolean): Finding | undefined {
  const path = instancePathToPath(error.instancePath);
  const toolPath: DataPath = isToolsFile ? (path.length >= 2 && path[0] === "tools" ? path.slice(0, 2) : ["tools"]) : [];
  const inTool = startsWith(path, toolPath) && (!isToolsFile || path.length >= 2);
  const relative = inTool ? path.slice(toolPath.length) : path;
  const label = relative.length > 0 ? `\`${displayPath(relative)}\`` : isToolsFile && inTool ? "a tool" : "the spec";
  const where = relative.length > 0 ? ` in \`${displayPath(relative)}\`` : "";
  const params = error.params as Record<string, unknown>;

  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const keyPath = [...path, key];
      const properties = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      // At the root of a single-tool file, `tool:` for `tools:` is a likely slip.
      const candidates = !isToolsFile && path.length === 0 ? [...properties, "tools"] : properties;
      const close = suggest(key, candidates);
      return {
        path: keyPath,
        diagnostic: createDiagnostic({
          code: "MG011",
          format: { key, where },
          location: locate(yaml, keyPath, "key"),
          hint: close ? `did you mean \`${close}\`?` : `expected one of ${properties.map((p) => `\`${p}\``).join(", ")}`,
        }),
      };
    }
    case "required": {
      const missing = String(params.missingProperty);
      return {
        path,
        diagnostic: createDiagnostic({ code: "MG010", messageId: "missingField", format: { field: missing, where }, location: locate(yaml, path) }),
      };
    }
    case "type": {
      const expected = String(params.type);
      const actual = valueAt(yaml.value, path);
      const hint = authHint(relative, actual);
      return {
        path,
        diagnostic: createDiagnostic({
          code: "MG010",
          messageId: "wrongType",
          format: { label, expected: typeWithArticle(expected), actual: describeValue(actual) },
          location: locate(yaml, path),
          hint,
        }),
      };
    }
    case "enum": {
      const allowed = (params.allowedValues as unknown[]).map((v) => String(v));
      const actual = valueAt(yaml.value, path);
      const close = typeof actual === "string" ? suggest(actual, allowed) : undefined;
      return {
        path,
        diagnostic: createDiagnostic({
          code: "MG010",
          messageId: "notOneOf",
          format: { label, allowed: allowed.map((v) => `\`${v}\``).join(", ") },
          location: locate(yaml, path),
          hint: close ? `did you mean \`${close}\`?` : undefined,
        }),
      };
    }
    case "minItems":
      return {
        path,
        diagnostic: createDiagnostic({
          code: "MG010",
          messageId: "empty",
          format: { label },
          location: locate(yaml, path),
          hint: isAuthScopes(relative) ? "name the scopes the tool needs, or remove `auth` to let every caller see it" : undefined,
        }),
      };
    case "minLength":
    case "uniqueItems":
      // Scopes: checkScopes says which one, and where.
      if (isAuthScopes(relative) || isAuthScopes(relative.slice(0, -1))) return undefined;
      return { path, diagnostic: invalid(label, error, locate(yaml, path)) };
    case "pattern":
      // The tool-name pattern is there for editors; checkToolName reports it with a position.
      if (relative.length === 1 && relative[0] === "name") return undefined;
      if (isAuthScopes(relative.slice(0, -1))) return undefined;
      return { path, diagnostic: invalid(label, error, locate(yaml, path)) };
    case "if":
      return undefined;
    default:
      return { path, diagnostic: invalid(label, error, locate(yaml, path)) };
  }
}

function isAuthScopes(relative: DataPath): boolean {
  return relative.length === 2 && relative[0] === "auth" && relative[1] === "scopes";
}

/** What to write instead, when `auth` or its `scopes` has the wrong type. */
function authHint(relative: DataPath, actual: unknown): string | undefined {
  const listed = (scopes: unknown[]) => `[${scopes.map(String).join(", ")}]`;
  if (relative.length === 1 && relative[0] === "auth") {
    const scopes = Array.isArray(actual) ? actual : typeof actual === "string" ? [actual] : ["files:write"];
    return `write \`auth: { scopes: ${listed(scopes)} }\``;
  }
  if (isAuthScopes(relative) && typeof actual === "string") {
    return `a list, even of one scope: \`scopes: ${listed(actual.split(/\s+/u).filter(Boolean))}\``;
  }
  return undefined;
}

function invalid(label: string, error: ErrorObject, location: Location): Diagnostic {
  return createDiagnostic({ code: "MG010", messageId: "invalid", format: { label, reason: error.message ?? "is invalid" }, location });
}

function typeWithArticle(type: string): string {
  switch (type) {
    case "object":
      return "a mapping";
    case "array":
      return "a sequence";
    case "integer":
      return "an integer";
    default:
      return `a ${type}`;
  }
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a sequence";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "a boolean";
  return typeof value;
}

/** `examples[0].input`: how a user would name a field in prose. */
export function displayPath(path: DataPath): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number" || /^\d+$/.test(segment)) out += `[${segment}]`;
    else out += out === "" ? segment : `.${segment}`;
  }
  return out;
}

function valueAt(root: unknown, path: DataPath): unknown {
  let current = root;
  for (const segment of path) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isPlainObject(current)) current = current[String(segment)];
    else return undefined;
  }
  return current;
}

function startsWith(path: DataPath, prefix: DataPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => String(segment) === String(path[i]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
