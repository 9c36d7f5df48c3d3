/**
 * `generated/docs/`: a markdown page per tool, an index, and `catalog.json` (the same
 * facts as data, for docs sites). All spec text goes through `markdown.ts` escaping
 * before it reaches a template.
 */
import type { JsonObject, JsonValue, ProjectModel, ToolExample, ToolModel } from "../spec/model.js";
import type { GeneratedFile } from "./generated-file.js";
import { generatedHeader } from "./header.js";
import { codeBlock, escapeBlock, escapeCell, escapeText, firstSentence, inlineCode, inlineCodeCell } from "./markdown.js";
import { specFiles } from "./registry.js";
import { renderTemplate } from "./templates.js";

export function emitDocs(model: ProjectModel): GeneratedFile[] {
  const files: GeneratedFile[] = model.tools.map((tool) => ({
    area: "generated",
    path: `docs/${tool.ids.file}.md`,
    contents: renderToolPage(tool),
    mode: "generated",
  }));
  files.push({ area: "generated", path: "docs/index.md", contents: renderIndex(model), mode: "generated" });
  files.push({ area: "generated", path: "docs/catalog.json", contents: renderCatalog(model), mode: "generated" });
  return files;
}

/** The tool's display name, as MCP clients choose it. */
export function toolTitle(tool: ToolModel): string {
  const annotationTitle = tool.wire.annotations?.title;
  return tool.wire.title ?? (typeof annotationTitle === "string" ? annotationTitle : undefined) ?? tool.name;
}

function renderToolPage(tool: ToolModel): string {
  const input = renderTemplate("docs-schema.md", schemaSection(tool.wire.inputSchema, "No parameters.")).trimEnd();
  const output = tool.wire.outputSchema ? renderTemplate("docs-schema.md", schemaSection(tool.wire.outputSchema, "No properties.")).trimEnd() : null;
  return endWithOneNewline(renderTemplate("docs-tool.md", {
    header: generatedHeader(tool.sources, "html"),
    title: escapeText(toolTitle(tool)),
    name: inlineCode(tool.name),
    source: tool.sources.length > 0 ? inlineCode(tool.sources[0]) : null,
    description: tool.wire.description?.trim() ? escapeBlock(tool.wire.description) : null,
    behaviour: behaviourLines(tool.wire.annotations ?? {}),
    input,
    output,
    examples: tool.examples.map((example, index) => renderExample(example, index)),
  }));
}

function endWithOneNewline(text: string): string {
  return `${text.trimEnd()}\n`;
}

function renderIndex(model: ProjectModel): string {
  const tools = model.tools.map((tool) => {
    const hints = effectiveHints(tool.wire.annotations ?? {});
    return {
      link: `[${inlineCode(tool.name)}](./${encodeURIComponent(tool.ids.file)}.md)`,
      title: escapeText(toolTitle(tool)),
      summary: escapeCell(firstSentence(tool.wire.description ?? "")),
      readOnly: hints.readOnly ? "yes" : "no",
      destructive: hints.readOnly ? "—" : hints.destructive ? "yes" : "no",
    };
  });
  return endWithOneNewline(renderTemplate("docs-index.md", {
    header: generatedHeader(specFiles(model), "html"),
    server: escapeText(model.server.name),
    version: inlineCode(model.server.version),
    count: model.tools.length === 1 ? "1 tool" : `${model.tools.length} tools`,
    tools,
  }));
}

function renderCatalog(model: ProjectModel): string {
  const catalog = {
    server: { name: model.server.name, version: model.server.version },
    tools: model.tools.map((tool) => ({
      name: tool.name,
      file: `${tool.ids.file}.md`,
      source: tool.sources[0] ?? null,
      definition: tool.wire,
      examples: tool.examples.map(exampleData),
    })),
  };
  return `${JSON.stringify(catalog, null, 2)}\n`;
}

/** An example as data: its location is about the spec, not the tool. */
function exampleData(example: ToolExample): JsonObject {
  const data: JsonObject = {};
  if (example.title !== undefined) data.title = example.title;
  data.input = example.input;
  if (example.output !== undefined) data.output = example.output;
  if (example.error) data.error = true;
  return data;
}

function renderExample(example: ToolExample, index: number) {
  return {
    title: escapeText(example.title ?? `Example ${index + 1}`),
    input: codeBlock("json", JSON.stringify(example.input, null, 2)),
    output: example.output !== undefined && !example.error ? codeBlock("json", JSON.stringify(example.output, null, 2)) : null,
    rejected: example.error === true,
  };
}

// --- Behaviour: annotations in plain words, with MCP's defaults --------------------

interface Hints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

const HINT_DEFAULTS: Hints = { readOnly: false, destructive: true, idempotent: false, openWorld: true };
const HINT_KEYS = { readOnly: "readOnlyHint", destructive: "destructiveHint", idempotent: "idempotentHint", openWorld: "openWorldHint" } as const;

const HINT_WORDS: { [hint in keyof Hints]: { true: string; false: string } } = {
  readOnly: {
    true: "**Read-only**: does not change anything.",
    false: "**Not read-only**: may change its environment.",
  },
  destructive: {
    true: "**Destructive**: may delete or overwrite data.",
    false: "**Not destructive**: only adds; never deletes or overwrites data.",
  },
  idempotent: {
    true: "**Idempotent**: calling it again with the same arguments has no further effect.",
    false: "**Not idempotent**: calling it again with the same arguments may have a further effect.",
  },
  openWorld: {
    true: "**Open world**: may interact with external systems, such as the web.",
    false: "**Closed world**: works only within its own domain, such as a local data store.",
  },
};

function hintValue(annotations: JsonObject, hint: keyof Hints): boolean | undefined {
  const value = annotations[HINT_KEYS[hint]];
  return typeof value === "boolean" ? value : undefined;
}

function effectiveHints(annotations: JsonObject): Hints {
  const hints = { ...HINT_DEFAULTS };
  for (const hint of Object.keys(HINT_DEFAULTS) as Array<keyof Hints>) hints[hint] = hintValue(annotations, hint) ?? HINT_DEFAULTS[hint];
  return hints;
}

function hintLine(annotations: JsonObject, hint: keyof Hints): string {
  const set = hintValue(annotations, hint);
  const value = set ?? HINT_DEFAULTS[hint];
  const words = HINT_WORDS[hint][value ? "true" : "false"];
  return `${words} ${set === undefined ? "(default)" : `(${inlineCode(`${HINT_KEYS[hint]}: ${set}`)})`}`;
}

function behaviourLines(annotations: JsonObject): string[] {
  const lines = [hintLine(annotations, "readOnly")];
  if (effectiveHints(annotations).readOnly) {
    const ignored = (["destructive", "idempotent"] as const).filter((hint) => hintValue(annotations, hint) !== undefined);
    const note = ignored.length > 0 ? ` (${ignored.map((hint) => inlineCode(`${HINT_KEYS[hint]}: ${hintValue(annotations, hint)}`)).join(", ")} ${ignored.length > 1 ? "are" : "is"} ignored.)` : "";
    lines.push(`Destructive and idempotent hints apply only to tools that are not read-only.${note}`);
  } else {
    lines.push(hintLine(annotations, "destructive"), hintLine(annotations, "idempotent"));
  }
  lines.push(hintLine(annotations, "openWorld"));
  const known = new Set<string>(["title", ...Object.values(HINT_KEYS)]);
  for (const key of Object.keys(annotations)) {
    if (known.has(key) && (key === "title" || typeof annotations[key] === "boolean")) continue;
    lines.push(`${inlineCode(key)}: ${inlineCode(JSON.stringify(annotations[key]))}`);
  }
  return lines;
}

// --- Schemas as tables -------------------------------------------------------------

interface PropertyRow {
  name: string;
  type: string;
  required: string;
  default: string;
  description: string;
}

interface SchemaSection {
  /** What to say when the root has no properties. */
  empty: string;
  rows: PropertyRow[];
  definitions: Array<{ name: string; type: string; description: string | null; rows: PropertyRow[] }>;
}

function schemaSection(schema: JsonObject, noProperties: string): SchemaSection {
  const definitions = (["$defs", "definitions"] as const).flatMap((keyword) => {
    const defs = schema[keyword];
    if (!isObject(defs)) return [];
    return Object.entries(defs).map(([name, def]) => ({
      name: inlineCode(name),
      type: inlineCode(typeOf(def)),
      description: isObject(def) && typeof def.description === "string" && def.description.trim() ? escapeBlock(def.description) : null,
      rows: propertyRows(def, ""),
    }));
  });
  const type = typeOf(schema);
  const empty = type === "object" ? noProperties : `Type: ${inlineCode(type)}.`;
  return { empty, rows: propertyRows(schema, ""), definitions };
}

/** A row per property, nested objects (and objects in arrays) flattened as `parent.child` / `parent[].child`. */
function propertyRows(schema: JsonValue, prefix: string): PropertyRow[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);
  const rows: PropertyRow[] = [];
  for (const [key, property] of Object.entries(schema.properties)) {
    const name = `${prefix}${key}`;
    const details = isObject(property) ? property : {};
    rows.push({
      name: inlineCodeCell(name),
      type: inlineCodeCell(typeOf(property)),
      required: required.has(key) ? "yes" : "no",
      default: "default" in details ? inlineCodeCell(JSON.stringify(details.default)) : "",
      description: describe(details),
    });
    rows.push(...propertyRows(property, `${name}.`));
    if (isObject(details.items)) rows.push(...propertyRows(details.items, `${name}[].`));
  }
  return rows;
}

const CONSTRAINTS = [
  "format",
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
] as const;

function describe(schema: JsonObject): string {
  const parts: string[] = [];
  if (schema.deprecated === true) parts.push("**Deprecated.**");
  if (typeof schema.description === "string" && schema.description.trim()) parts.push(escapeCell(schema.description));
  const constraints = CONSTRAINTS.filter((keyword) => keyword in schema).map((keyword) => inlineCodeCell(`${keyword}: ${JSON.stringify(schema[keyword])}`));
  if (constraints.length > 0) parts.push(constraints.join(", "));
  return parts.join("<br>");
}

/** A schema's type, written as a reader would guess it: `string`, `"a" | "b"`, `number[]`, `Address`. */
export function typeOf(schema: JsonValue): string {
  if (schema === true) return "any";
  if (schema === false) return "never";
  if (!isObject(schema)) return "any";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return unique(schema.enum.map((value) => JSON.stringify(value))).join(" | ");
  for (const [keyword, joiner] of [["anyOf", " | "], ["oneOf", " | "], ["allOf", " & "]] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && branches.length > 0 && !("type" in schema)) {
      return unique(branches.map((branch) => wrapCompound(typeOf(branch)))).join(joiner);
    }
  }
  const types = Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === "string") : typeof schema.type === "string" ? [schema.type] : [];
  if (types.length === 0) {
    if (isObject(schema.properties)) types.push("object");
    else if ("items" in schema || "prefixItems" in schema) types.push("array");
    else return "any";
  }
  return unique(types.map((type) => singleType(schema, type))).join(" | ");
}

function singleType(schema: JsonObject, type: string): string {
  if (type !== "array") return type;
  if (Array.isArray(schema.prefixItems)) return `[${schema.prefixItems.map(typeOf).join(", ")}]`;
  if (Array.isArray(schema.items)) return `[${schema.items.map(typeOf).join(", ")}]`;
  return "items" in schema ? `${wrapCompound(typeOf(schema.items))}[]` : "array";
}

function wrapCompound(type: string): string {
  return / [|&] /.test(type) ? `(${type})` : type;
}

/** `#/$defs/Address` → `Address`: the name a reader finds under "Definitions". */
function refName(ref: string): string {
  const match = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref);
  return match ? match[1].replace(/~1/g, "/").replace(/~0/g, "~") : ref;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
