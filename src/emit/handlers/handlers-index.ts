/**
 * `handlers/index.ts` without a parser. A new index is written from a template. An
 * existing one is read line by line while it keeps the shape the generator writes (one
 * `import { x } from "...";` per line, one `key: x,` per line of the `handlers` object),
 * which is what nearly every run finds: the generator's own edits keep that shape. Any
 * other text (author edits, comments, CRLF, a rename to follow) gets `undefined`, and
 * the caller edits it through its syntax tree (index-update.ts), with the same result.
 */
import { toolIdentifiers } from "../../spec/identifiers.js";
import type { ProjectModel, ToolIdentifiers, ToolModel } from "../../spec/model.js";
import { tsIdentifier, tsString } from "../shared/templates.js";

/** The handlers folder's index, which mcp-gen creates and then only adds to (and follows renames in). */
export const HANDLERS_INDEX = "index.ts";

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
  /** Keys of tools that are gone whose entry and import, as mcp-gen writes them, this run takes out; sorted. */
  removedKeys: string[];
}

export interface IndexRenames {
  /** By new tool name: the old name and identifiers, whose index entry follows the rename. */
  indexRenames: ReadonlyMap<string, { fromName: string; from: ToolIdentifiers }>;
  /** Tools that get no index entry. */
  blocked: ReadonlySet<string>;
  /**
   * Whether the entry of `key`, a tool that is gone, may be taken out (with its import) when
   * it is still as mcp-gen writes it (`key: handler` and `import { handler } from "./file.js"`).
   * Absent: no entry is taken out.
   */
  takeBack?: (key: string) => boolean;
}

/**
 * The import an entry mcp-gen wrote for `key` came with: `import { handler } from "./file.js"`,
 * when `value` (the entry's value) is that handler.
 */
export function takenBackImport(key: string, value: string): { handler: string; module: string } | undefined {
  const ids = toolIdentifiers(key);
  return value === tsIdentifier(ids.handler) ? { handler: value, module: `./${ids.file}.js` } : undefined;
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
  const takenBack = takeBackLines(index, toolNames, renames);
  if (takenBack.size > 0) return rebuilt(index, text, missing, toImport, takenBack, toolNames, existingKeys);
  // Lines in the file as this run leaves it: the new imports go above every property.
  const orphanKeys = index.properties
    .filter((property) => !toolNames.has(property.key))
    .map(({ key, line }) => ({ key, line: line + toImport.length, column: PROPERTY_INDENT.length + 1 }));
  if (missing.length === 0) return { text, orphanKeys, keys: existingKeys, modules, removedKeys: [] };

  const lines = text.split("\n");
  const entries = missing.map(propertyLine);
  // From the end, so that the earlier line numbers still hold.
  if (index.emptyObjectLine !== undefined) lines.splice(index.emptyObjectLine, 1, OPEN_OBJECT, ...entries, CLOSE_OBJECT);
  else lines.splice(index.closeLine, 0, ...entries);
  lines.splice(index.importsEnd, 0, ...toImport.map(importLine));
  return { text: lines.join("\n"), orphanKeys, keys: existingKeys, modules, removedKeys: [] };
}

/** Line indexes (0-based) of the entries of gone tools taken back, and of their imports, by key. */
function takeBackLines(index: GeneratedShape, toolNames: ReadonlySet<string>, renames: IndexRenames): Map<string, [number, number]> {
  const lines = new Map<string, [number, number]>();
  if (!renames.takeBack) return lines;
  for (const property of index.properties) {
    if (toolNames.has(property.key) || !renames.takeBack(property.key)) continue;
    const wrote = takenBackImport(property.key, property.value);
    // Only an import of that one binding, used by no other entry, goes with it.
    const at = index.imports.findIndex((entry) => !entry.typeOnly && entry.name === wrote?.handler && entry.module === wrote.module);
    if (at < 0 || index.properties.some((other) => other !== property && other.value === property.value)) continue;
    lines.set(property.key, [property.line - 1, at]);
  }
  return lines;
}

/** The index written again from its parts, without the entries taken back and with the missing ones added. */
function rebuilt(
  index: GeneratedShape,
  text: string,
  missing: readonly ToolModel[],
  toImport: readonly ToolModel[],
  takenBack: ReadonlyMap<string, [number, number]>,
  toolNames: ReadonlySet<string>,
  keys: string[],
): IndexRead {
  const lines = text.split("\n");
  const dropped = new Set([...takenBack.values()].flat());
  const imports = [...lines.slice(0, index.importsEnd).filter((_, at) => !dropped.has(at)), ...toImport.map(importLine)];
  const kept = index.properties.filter((property) => !takenBack.has(property.key));
  const entries = [...kept.map((property) => lines[property.line - 1]), ...missing.map(propertyLine)];
  const object = entries.length === 0 ? [EMPTY_OBJECT] : [OPEN_OBJECT, ...entries, CLOSE_OBJECT];
  const orphanKeys = kept
    .map((property, at) => ({ key: property.key, line: imports.length + 3 + at, column: PROPERTY_INDENT.length + 1 }))
    .filter((orphan) => !toolNames.has(orphan.key));
  const modules = sortedUnique(imports.map((line) => IMPORT_LINE.exec(line)![3]));
  return { text: [...imports, "", ...object, ""].join("\n"), orphanKeys, keys, modules, removedKeys: sortedUnique(takenBack.keys()) };
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
const IMPORT_LINE = new RegExp(String.raw`^import (type )?\{ (${NAME}) \} from "(${PLAIN_STRING_CHARS})";$`);
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
  /** 1-based lines; `value` is the entry's identifier. */
  properties: Array<{ key: string; line: number; value: string }>;
  /** The import lines, in order (line index = position). */
  imports: Array<{ name: string; module: string; typeOnly: boolean }>;
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
  const imports: GeneratedShape["imports"] = [];
  let at = 0;
  for (let match; at < lines.length && (match = IMPORT_LINE.exec(lines[at])); at++) {
    if (declared.has(match[2]) || NOT_A_BINDING.has(match[2])) return undefined;
    declared.add(match[2]);
    modules.push(match[3]);
    imports.push({ name: match[2], module: match[3], typeOnly: match[1] !== undefined });
  }
  const importsEnd = at;
  if (importsEnd === 0 || lines[at++] !== "") return undefined;

  const shape: GeneratedShape = { importsEnd, closeLine: -1, properties: [], declared, modules, imports };
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
      shape.properties.push({ key, line: at + 1, value: match[4] });
    }
    if (lines[at] !== CLOSE_OBJECT) return undefined;
    shape.closeLine = at++;
  }
  // Only the final newline may follow.
  return at === lines.length - 1 && lines[at] === "" ? shape : undefined;
}
