/**
 * `handlers/index.ts` without a parser. A new index is written from a template. An
 * existing one is read line by line while it keeps the shape the generator writes (one
 * `import { x } from "...";` per line, one `key: x,` per line of the `handlers` object),
 * which is what nearly every run finds: the generator's own edits keep that shape. Any
 * other text (author edits, comments, CRLF, a rename to follow) gets `undefined`, and
 * the caller edits it through its syntax tree (index-update.ts), with the same result.
 */
import type { ProjectModel, ToolIdentifiers, ToolModel } from "../../spec/model.js";
import { tsIdentifier, tsString } from "../shared/templates.js";

export type IndexUpdate = IndexRead | { problem: string; line: number; column: number };

export interface IndexRead {
  text: string;
  /** Keys naming no tool, placed in `text` (the index as the run leaves it). */
  orphanKeys: Array<{ key: string; line: number; column: number }>;
  /**
   * Every key the `handlers` object had before this run added any (renames followed),
   * sorted: a tool listed here already has a handler, wherever the author put it.
   */
  keys: string[];
  /** Every module path `text` imports or re-exports, sorted and without repeats. */
  modules: string[];
}

export interface IndexRenames {
  /** By new tool name: the old name and identifiers, whose index entry follows the rename. */
  indexRenames: ReadonlyMap<string, { fromName: string; from: ToolIdentifiers }>;
  /** Tools that get no index entry. */
  blocked: ReadonlySet<string>;
}

export function renderIndex(tools: readonly ToolModel[], generatedFromHandlers: string): string {
  const imports = tools.map((tool) => `${importLine(tool)}\n`).join("");
  const head = `import type { ToolHandlers } from ${tsString(`${generatedFromHandlers}/handlers.js`)};\n${imports}\n`;
  if (tools.length === 0) return `${head}${EMPTY_OBJECT}\n`;
  return `${head}${OPEN_OBJECT}\n${tools.map((tool) => `${propertyLine(tool)}\n`).join("")}${CLOSE_OBJECT}\n`;
}

/**
 * A key of the `handlers` object: bare when it is an identifier, quoted otherwise, and
 * computed for `__proto__`, which as `__proto__: x` (bare or quoted) sets the object's
 * prototype instead of adding a property.
 */
export function propertyKey(name: string): string {
  if (name === "__proto__") return PROTO_KEY;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : tsString(name);
}

const PROTO_KEY = '["__proto__"]';

/**
 * What `updateIndex` would make of `text`, when `text` is in the generated shape and no
 * rename has to be followed in it; otherwise `undefined`.
 */
export function updateIndexWithoutParser(model: ProjectModel, text: string, renames: IndexRenames): IndexUpdate | undefined {
  const index = readGeneratedShape(text);
  if (!index) return undefined;
  const keys = new Set(index.properties.map((property) => property.key));
  const missing: ToolModel[] = [];
  for (const tool of model.tools) {
    if (keys.has(tool.name)) continue;
    // Whether the old entry is renamed depends on its syntax: the parser decides.
    if (renames.indexRenames.has(tool.name)) return undefined;
    if (!renames.blocked.has(tool.name)) missing.push(tool);
  }
  const toImport = missing.filter((tool) => !index.declared.has(tool.ids.handler));
  const modules = sortedUnique([...index.modules, ...toImport.map((tool) => `./${tool.ids.file}.js`)]);
  const existingKeys = sortedUnique([...keys]);
  const toolNames = new Set(model.tools.map((tool) => tool.name));
  // Lines in the file as this run leaves it: the new imports go above every property.
  const orphanKeys = index.properties
    .filter((property) => !toolNames.has(property.key))
    .map(({ key, line }) => ({ key, line: line + toImport.length, column: PROPERTY_INDENT.length + 1 }));
  if (missing.length === 0) return { text, orphanKeys, keys: existingKeys, modules };

  const lines = text.split("\n");
  const entries = missing.map(propertyLine);
  // From the end, so that the earlier line numbers still hold.
  if (index.emptyObjectLine !== undefined) lines.splice(index.emptyObjectLine, 1, OPEN_OBJECT, ...entries, CLOSE_OBJECT);
  else lines.splice(index.closeLine, 0, ...entries);
  lines.splice(index.importsEnd, 0, ...toImport.map(importLine));
  return { text: lines.join("\n"), orphanKeys, keys: existingKeys, modules };
}

export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const OPEN_OBJECT = "export const handlers = {";
const CLOSE_OBJECT = "} satisfies ToolHandlers;";
const EMPTY_OBJECT = "export const handlers = {} satisfies ToolHandlers;";
const PROPERTY_INDENT = "  ";

function importLine(tool: ToolModel): string {
  return `import { ${tsIdentifier(tool.ids.handler)} } from ${tsString(`./${tool.ids.file}.js`)};`;
}

function propertyLine(tool: ToolModel): string {
  return `${PROPERTY_INDENT}${propertyKey(tool.name)}: ${tsIdentifier(tool.ids.handler)},`;
}

// Strings without anything to unescape, identifiers without reserved words: whatever
// matches is valid TypeScript whose every key is known without a parser.
const PLAIN_STRING_CHARS = String.raw`[^"\\\u0000-\u001f\u2028\u2029]*`;
const NAME = "[A-Za-z_$][A-Za-z0-9_$]*";
const IMPORT_LINE = new RegExp(String.raw`^import (?:type )?\{ (${NAME}) \} from "(${PLAIN_STRING_CHARS})";$`);
// `["__proto__"]` is the one computed key the generator writes (see `propertyKey`).
const PROPERTY_LINE = new RegExp(String.raw`^${PROPERTY_INDENT}(?:(${NAME})|"(${PLAIN_STRING_CHARS})"|\["(__proto__)"\]): (${NAME}),$`);

/** Words that cannot be (or, to stay on the safe side, are not taken as) an imported binding or a value here. */
const NOT_A_BINDING = new Set([
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
  "undefined",
  "handlers",
]);

interface GeneratedShape {
  /** Line index just past the last import. */
  importsEnd: number;
  /** Line index of `} satisfies ToolHandlers;`. */
  closeLine: number;
  /** Line index of `export const handlers = {} satisfies ToolHandlers;`, when the object is empty. */
  emptyObjectLine?: number;
  properties: Array<{ key: string; line: number }>;
  /** Names bound at the top level: the imports and `handlers`. */
  declared: Set<string>;
  /** The module paths imported. */
  modules: string[];
}

/** The index's parts when `text` is exactly in the generated shape; `undefined` for anything else. */
function readGeneratedShape(text: string): GeneratedShape | undefined {
  if (!text.endsWith("\n") || text.includes("\r")) return undefined;
  const lines = text.split("\n");
  const declared = new Set<string>(["handlers"]);
  const modules: string[] = [];
  let at = 0;
  for (let match; at < lines.length && (match = IMPORT_LINE.exec(lines[at])); at++) {
    if (declared.has(match[1]) || NOT_A_BINDING.has(match[1])) return undefined;
    declared.add(match[1]);
    modules.push(match[2]);
  }
  const importsEnd = at;
  if (importsEnd === 0 || lines[at++] !== "") return undefined;

  const shape: GeneratedShape = { importsEnd, closeLine: -1, properties: [], declared, modules };
  if (lines[at] === EMPTY_OBJECT) {
    shape.emptyObjectLine = at++;
  } else {
    if (lines[at++] !== OPEN_OBJECT) return undefined;
    const keys = new Set<string>();
    for (let match; at < lines.length && (match = PROPERTY_LINE.exec(lines[at])); at++) {
      const key = match[1] ?? match[2] ?? match[3];
      // `__proto__: x` sets the prototype: what to make of it is the parser's call.
      if (keys.has(key) || NOT_A_BINDING.has(match[4]) || (key === "__proto__" && match[3] === undefined)) return undefined;
      keys.add(key);
      shape.properties.push({ key, line: at + 1 });
    }
    if (lines[at] !== CLOSE_OBJECT) return undefined;
    shape.closeLine = at++;
  }
  // Only the final newline may follow.
  return at === lines.length - 1 && lines[at] === "" ? shape : undefined;
}
