/**
 * Every TypeScript identifier and file name a tool needs, derived from its name once,
 * so emitters never re-derive (and never disagree about) `GetWeatherInput`.
 */
import type { Diagnostic, Location } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import type { ToolIdentifiers } from "./model.js";

/**
 * Words of a tool name. Separators are `_`, `-`, `.` (and anything else that is not a
 * letter or digit). Inside a run, camelCase and acronyms split (`getHTTPResponse` ->
 * get, http, response). Digits stay with the letters before them (`list_issues_v2` ->
 * v2, `getS3Object` -> s3, `sha256sum` -> sha256, sum) and a leading digit run keeps the
 * lowercase letters after it (`3d_print` -> 3d), so versions and units read as one word.
 */
export function nameWords(name: string): string[] {
  const words: string[] = [];
  for (const chunk of name.split(/[^A-Za-z0-9]+/)) {
    const matches = chunk.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+\d*|[A-Z]+\d*|\d+[a-z]*/g) ?? [];
    words.push(...matches.map((w) => w.toLowerCase()));
  }
  // A name made only of separators still needs identifiers; collisions are checked later.
  return words.length > 0 ? words : ["tool"];
}

/**
 * Reserved words, strict-mode restricted names and names that would shadow something a
 * module relies on: a handler export may not be called any of these.
 */
const RESERVED_IDENTIFIERS = new Set([
  // ECMAScript reserved words
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "import",
  "in",
  "instanceof",
  "new",
  "null",
  "return",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  // reserved in strict mode (ES modules are strict) and in async or generator bodies
  "implements",
  "interface",
  "let",
  "package",
  "private",
  "protected",
  "public",
  "static",
  "yield",
  "await",
  "arguments",
  "eval",
  // legal, but confusing or shadowing globals every module may use
  "constructor",
  "prototype",
  "undefined",
  "globalThis",
  // declared by handlers/index.ts itself
  "handlers",
]);

/**
 * File stems a tool's files cannot have: device names Windows refuses, whatever the
 * extension, and `index`, which handlers/index.ts and the docs' index pages already are.
 */
const RESERVED_FILE_STEMS = new Set([
  "con",
  "prn",
  "aux",
  "nul",
  ...Array.from({ length: 9 }, (_, i) => `com${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `lpt${i + 1}`),
  "index",
]);

export function toolIdentifiers(name: string): ToolIdentifiers {
  const words = nameWords(name);
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  // An identifier cannot start with a digit (`3d_print`); a tool named `tool` would
  // declare `ToolHandler`, which its generated file imports from the runtime.
  const startsWithDigit = /^\d/.test(joined);
  // json-schema-to-typescript capitalizes a letter after digits in the type names it
  // declares (`Tool3dPrintInput` -> `Tool3DPrintInput`); ours must already be in that form.
  const pascal = (startsWithDigit || joined === "Tool" ? `Tool${joined}` : joined).replace(
    /(\d)([a-z])/g,
    (_, digit: string, letter: string) => `${digit}${letter.toUpperCase()}`,
  );
  const camelBase = startsWithDigit ? pascal : joined;
  const camel = camelBase.charAt(0).toLowerCase() + camelBase.slice(1);
  const stem = words.join("_");
  const file = RESERVED_FILE_STEMS.has(stem) ? `${stem}_tool` : stem;
  return {
    pascal,
    handler: RESERVED_IDENTIFIERS.has(camel) ? `${camel}Handler` : camel,
    method: camel,
    file,
    inputType: `${pascal}Input`,
    argumentsType: `${pascal}Arguments`,
    outputType: `${pascal}Output`,
    handlerType: `${pascal}Handler`,
    definition: `${camel}Tool`,
    module: `tools/${file}`,
    inputValidator: `validate${pascal}Input`,
    outputValidator: `validate${pascal}Output`,
  };
}

export interface NamedTool {
  name: string;
  ids: ToolIdentifiers;
  location: Location;
}

/**
 * MG013 for a name defined twice (at every later definition), MG014 for two different
 * names whose identifiers or file names meet (at the later tool). "Later" means by
 * file, line, column, so the result does not depend on the order tools arrive in.
 */
export function checkIdentifierCollisions(tools: readonly NamedTool[]): Diagnostic[] {
  const sorted = [...tools].sort(compareByLocation);
  const diagnostics: Diagnostic[] = [];

  const firstByName = new Map<string, NamedTool>();
  for (const tool of sorted) {
    const first = firstByName.get(tool.name);
    if (!first) {
      firstByName.set(tool.name, tool);
      continue;
    }
    diagnostics.push(
      createDiagnostic({
        code: "MG013",
        format: { name: tool.name, file: tool.location.file, first: `${first.location.file}:${first.location.line}:${first.location.column}` },
        location: tool.location,
        related: [{ ...first.location, message: `\`${first.name}\` first defined here` }],
      }),
    );
  }

  // Every name a tool takes, mapped to the first tool taking it: two tools clash exactly
  // when they share one, so the earliest clash is a lookup, not a scan of all earlier tools.
  const firstTaker = new Map<string, number>();
  const distinct = [...firstByName.values()];
  distinct.forEach((tool, index) => {
    const keys = takenNames(tool.ids);
    let earliest = -1;
    for (const key of keys) {
      const taker = firstTaker.get(key);
      if (taker !== undefined && (earliest < 0 || taker < earliest)) earliest = taker;
    }
    for (const key of keys) if (!firstTaker.has(key)) firstTaker.set(key, index);
    if (earliest < 0) return;
    // Report against the earliest tool it meets; further clashes would repeat the same fix.
    const other = distinct[earliest];
    diagnostics.push(
      createDiagnostic({
        code: "MG014",
        format: { first: other.name, second: tool.name, clash: joinAnd(clashBetween(other.ids, tool.ids)) },
        location: tool.location,
        related: [{ ...other.location, message: `\`${other.name}\` defined here` }],
        hint: "rename one of the tools",
      }),
    );
  });
  return diagnostics;
}

/**
 * What two tools must not share: any TypeScript identifier derived from the name
 * (generated modules re-export them side by side), and the file stem compared
 * case-insensitively (macOS and Windows file systems fold case). Identifiers that
 * follow from a shared `pascal` are not listed one by one.
 */
function clashBetween(a: ToolIdentifiers, b: ToolIdentifiers): string[] {
  const clashes: string[] = [];
  if (a.pascal === b.pascal) {
    clashes.push(`the TypeScript name \`${a.pascal}\``);
  } else {
    const taken = new Set(declaredIdentifiers(a));
    for (const id of declaredIdentifiers(b)) if (taken.has(id)) clashes.push(`the TypeScript identifier \`${id}\``);
  }
  if (a.file.toLowerCase() === b.file.toLowerCase()) clashes.push(`the file name \`${b.file}.ts\``);
  return clashes;
}

/** What `clashBetween` compares, as keys: sharing any one of them is a clash. */
function takenNames(ids: ToolIdentifiers): string[] {
  return [...declaredIdentifiers(ids).map((id) => `id ${id}`), `file ${ids.file.toLowerCase()}`];
}

function declaredIdentifiers(ids: ToolIdentifiers): string[] {
  return [ids.inputType, ids.argumentsType, ids.outputType, ids.handlerType, ids.handler, ids.definition];
}

function joinAnd(parts: string[]): string {
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function compareByLocation(a: NamedTool, b: NamedTool): number {
  const x = a.location;
  const y = b.location;
  if (x.file !== y.file) return x.file < y.file ? -1 : 1;
  if (x.line !== y.line) return x.line - y.line;
  if (x.column !== y.column) return x.column - y.column;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
