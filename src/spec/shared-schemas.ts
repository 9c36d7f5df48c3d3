/**
 * One type per shared schema. Every schema a tool's `$ref` takes from another file (a whole
 * file, or a pointer into one) is declared once, in `generated/schemas.ts`, and every tool
 * module that uses it imports it; the bundler still copies it into each tool's wire schema,
 * since a client cannot follow a path on the author's disk.
 *
 * The type is named after the schema's `title`, else its file stem and pointer
 * (`schemas/note.yaml` → `Note`, `common.yaml#/$defs/id` → `CommonId`). A name another
 * shared schema or a tool's own types already take is qualified with the file's folders
 * (then numbered), with a warning (MG035) that says how to choose. The first schema by
 * file and pointer keeps the name, so the outcome does not depend on which tools changed.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { createDiagnostic } from "../diagnostics/messages.js";
import { pointerToPath } from "../yaml/positions.js";
import type { JsonObject, JsonValue, SharedSchema, SharedSchemaUse, ToolModel } from "./model.js";
import { typeNameFromKey } from "./ts-names.js";
import { setOwn } from "../util/set-own.js";

/** Names every tool module imports or declares besides its tool's own types. */
const RUNTIME_TYPES = ["ToolDefinition", "ToolHandler"];

/** Values that hold data, not schemas: a `$ref` key inside them is no reference. */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);

interface Use {
  tool: ToolModel;
  use: SharedSchemaUse;
}

export function sharedSchemas(tools: readonly ToolModel[]): { schemas: SharedSchema[]; diagnostics: Diagnostic[] } {
  const first = new Map<string, Use>();
  for (const tool of tools) for (const use of tool.shared ?? []) if (!first.has(use.id)) first.set(use.id, { tool, use });

  // Each schema's refs, as the ids of the shared schemas they name; undefined for a ref to
  // something else (a tool's own `$defs`), which keeps the schema in the tool's own module.
  const refs = new Map<string, string[] | undefined>();
  const contents = new Map<string, JsonValue>();
  for (const [id, { tool, use }] of first) {
    const content = contentOf(tool, use);
    contents.set(id, content);
    const byRef = refTargets(tool, use.schema);
    const targets: string[] = [];
    let resolved = true;
    forEachRef(content, (ref) => {
      const target = byRef(ref);
      if (target === undefined) resolved = false;
      else targets.push(target);
    });
    refs.set(id, resolved ? targets : undefined);
  }
  const shareable = new Set([...first.keys()].filter((id) => refs.get(id) !== undefined));
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of shareable) {
      if (refs.get(id)!.every((target) => shareable.has(target))) continue;
      shareable.delete(id);
      changed = true;
    }
  }

  const diagnostics: Diagnostic[] = [];
  const taken = new Map<string, { id?: string; tool?: string }>();
  for (const name of RUNTIME_TYPES) taken.set(name, {});
  for (const tool of tools) {
    const { inputType, argumentsType, outputType, handlerType } = tool.ids;
    for (const name of [inputType, argumentsType, outputType, handlerType]) taken.set(name, { tool: tool.name });
  }
  const names = new Map<string, string>();
  for (const id of [...shareable].sort()) {
    const { use } = first.get(id)!;
    const { name: wanted, qualifiers } = preferredName(use);
    let chosen = wanted;
    for (let level = 1; taken.has(chosen) && level <= qualifiers.length; level++) chosen = [...qualifiers.slice(0, level).reverse(), wanted].join("");
    for (let n = 2; taken.has(chosen); n++) chosen = `${wanted}${n}`;
    const holder = taken.get(wanted);
    if (chosen !== wanted && holder) {
      diagnostics.push(
        holder.id !== undefined || holder.tool === undefined
          ? createDiagnostic({
              code: "MG035",
              format: { id, name: wanted, other: holder.id ?? "mcp-gen/runtime", chosen },
              location: use.location,
              hint: "give it a `title:` to name its type",
            })
          : createDiagnostic({
              code: "MG035",
              messageId: "toolType",
              format: { id, name: wanted, tool: holder.tool, chosen },
              location: use.location,
              hint: "give it a `title:` to name its type",
            }),
      );
    }
    taken.set(chosen, { id });
    names.set(id, chosen);
  }

  // Every use learns its type's name now: a tool modelled in an earlier run may carry an old one.
  for (const tool of tools) {
    for (const use of tool.shared ?? []) {
      const name = names.get(use.id);
      if (name === undefined) delete use.typeName;
      else use.typeName = name;
    }
  }
  const schemas: SharedSchema[] = [];
  for (const id of shareable) {
    const { tool, use } = first.get(id)!;
    const byRef = refTargets(tool, use.schema);
    const schema = mapRefs(contents.get(id)!, (ref) => `#/$defs/${names.get(byRef(ref)!)!}`);
    schemas.push({ id, typeName: names.get(id)!, schema, file: id.slice(0, id.indexOf("#")) });
  }
  schemas.sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0));
  return { schemas, diagnostics };
}

/** The schema a use stands for, as the tool's wire schema holds it. */
function contentOf(tool: ToolModel, use: SharedSchemaUse): JsonValue {
  const root = use.schema === "inputSchema" ? tool.wire.inputSchema : tool.wire.outputSchema!;
  if (use.entry === "") {
    const { $schema: _dialect, [use.defsKey]: _defs, ...content } = root;
    return content;
  }
  return (root[use.defsKey] as JsonObject)[use.entry];
}

/** The id of the shared schema a ref in one of a tool's schemas names, or undefined. */
function refTargets(tool: ToolModel, schema: SharedSchemaUse["schema"]): (ref: string) => string | undefined {
  const byEntry = new Map<string, string>();
  for (const use of tool.shared ?? []) if (use.schema === schema) byEntry.set(use.entry === "" ? "" : `${use.defsKey}\0${use.entry}`, use.id);
  return (ref) => {
    if (ref === "#") return byEntry.get("");
    if (!ref.startsWith("#/")) return undefined;
    const segments = pointerToPath(ref);
    return segments.length === 2 ? byEntry.get(`${segments[0]}\0${segments[1]}`) : undefined;
  };
}

/** The type name a shared schema asks for: its title's, else its file stem's and pointer's; and the folders above the file, nearest first. */
function preferredName(use: SharedSchemaUse): { name: string; qualifiers: string[] } {
  const hash = use.id.indexOf("#");
  const file = use.id.slice(0, hash);
  const segments = pointerToPath(use.id.slice(hash)).filter((s) => s !== "$defs" && s !== "definitions");
  const stem = path.posix.basename(file).replace(/\.(ya?ml|json)$/i, "");
  const fromTitle = use.title === undefined ? "" : typeNameFromKey(use.title);
  const name = fromTitle || typeNameFromKey([stem, ...segments].join("_")) || "Schema";
  const qualifiers = path.posix
    .dirname(file)
    .split("/")
    .filter((d) => d !== "." && d !== ".." && d !== "")
    .reverse()
    .map(typeNameFromKey)
    .filter(Boolean);
  return { name, qualifiers };
}

function forEachRef(value: JsonValue, visit: (ref: string) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) forEachRef(item, visit);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") visit(item);
      else if (!DATA_KEYWORDS.has(key)) forEachRef(item, visit);
    }
  }
}

/** A copy of `value` with every `$ref` rewritten. */
function mapRefs(value: JsonValue, rewrite: (ref: string) => string): JsonValue {
  if (Array.isArray(value)) return value.map((item) => mapRefs(item, rewrite));
  if (typeof value !== "object" || value === null) return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    const mapped = key === "$ref" && typeof item === "string" ? rewrite(item) : DATA_KEYWORDS.has(key) ? item : mapRefs(item, rewrite);
    setOwn(copy, key, mapped);
  }
  return copy;
}
