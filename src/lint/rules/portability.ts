/**
 * MG120–MG125: what real clients reject or mangle although MCP allows it. Each message
 * names the client and its limit; the catalogue's docs text says where that is recorded.
 */
import type { JsonValue } from "../../spec/model.js";
import { dialectOf } from "../../spec/dialect.js";
import { forEachSchema, forEachSchemaExcept, type SchemaPath } from "../../spec/vocabulary.js";
import { createDiagnostic } from "../../diagnostics/messages.js";
import { VALUE_TEST_KEYWORDS, type Finding, type SchemaKey, type ToolLintContext } from "../context.js";

type SchemaNode = Record<string, JsonValue>;

/** What the OpenAI (`^[a-zA-Z0-9_-]+$`) and Claude (`^[a-zA-Z0-9_-]{1,64}$`) APIs accept in a tool name. */
const MODEL_API_NAME_CHARACTER = /[A-Za-z0-9_-]/;

const ROOT_UNIONS = ["anyOf", "oneOf", "allOf"] as const;

/** The fields of Gemini's `Schema` object (https://ai.google.dev/api/caching#Schema): all it accepts. */
const GEMINI_SCHEMA_FIELDS: ReadonlySet<string> = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);

export function portabilityRules(ctx: ToolLintContext): Finding[] {
  const input = ctx.tool.wire.inputSchema;
  const output = ctx.tool.wire.outputSchema;
  return [
    ...nameCharacters(ctx),
    ...typeLists(ctx, "inputSchema", input),
    ...typeLists(ctx, "outputSchema", output),
    ...rootUnions(ctx, input),
    ...draft07Output(ctx, output),
    ...arraysWithoutItems(ctx, input),
    ...geminiKeywords(ctx, input),
  ];
}

function nameCharacters(ctx: ToolLintContext): Finding[] {
  const name = ctx.tool.name;
  const others = [...new Set([...name].filter((c) => !MODEL_API_NAME_CHARACTER.test(c)))];
  if (others.length === 0) return [];
  const characters = others.map((c) => `\`${c}\``).join(", ");
  return [createDiagnostic({ code: "MG120", format: { name, characters }, location: ctx.at(["name"]) })];
}

function typeLists(ctx: ToolLintContext, key: SchemaKey, schema: SchemaNode | undefined): Finding[] {
  if (!schema) return [];
  const findings: Finding[] = [];
  forEachSchema(schema, (node, schemaPath) => {
    if (!Array.isArray(node.type)) return;
    findings.push(
      createDiagnostic({
        code: "MG121",
        format: { types: JSON.stringify(node.type), path: shownPath(schemaPath), tool: ctx.tool.name, schema: key },
        location: ctx.atSchema(key, [...schemaPath, "type"]),
      }),
    );
  });
  return findings;
}

function rootUnions(ctx: ToolLintContext, input: SchemaNode): Finding[] {
  return ROOT_UNIONS.filter((keyword) => keyword in input).map((keyword) =>
    createDiagnostic({ code: "MG122", format: { keyword, tool: ctx.tool.name }, location: ctx.atSchema("inputSchema", [keyword], "key") }),
  );
}

function draft07Output(ctx: ToolLintContext, output: SchemaNode | undefined): Finding[] {
  if (!output || !("$schema" in output) || dialectOf(output.$schema) !== "draft-07") return [];
  return [
    createDiagnostic({ code: "MG123", format: { tool: ctx.tool.name, schema: String(output.$schema) }, location: ctx.atSchema("outputSchema", ["$schema"]) }),
  ];
}

function arraysWithoutItems(ctx: ToolLintContext, input: SchemaNode): Finding[] {
  const findings: Finding[] = [];
  // Subschemas that test a value (`not`, `if`, ...) are no parameters a client builds a form or a call from.
  forEachSchemaExcept(input, VALUE_TEST_KEYWORDS, (node, schemaPath) => {
    const isArray = node.type === "array" || (Array.isArray(node.type) && node.type.includes("array"));
    if (!isArray || "items" in node || "prefixItems" in node || "$ref" in node) return;
    findings.push(
      createDiagnostic({
        code: "MG124",
        format: { path: shownPath(schemaPath), tool: ctx.tool.name },
        location: ctx.atSchema("inputSchema", schemaPath.length === 0 ? ["type"] : schemaPath, "key"),
      }),
    );
  });
  return findings;
}

/** Each keyword Gemini does not accept, once per tool, where it first appears. */
function geminiKeywords(ctx: ToolLintContext, input: SchemaNode): Finding[] {
  const first = new Map<string, SchemaPath>();
  forEachSchema(input, (node, schemaPath) => {
    for (const keyword of Object.keys(node)) {
      if (!GEMINI_SCHEMA_FIELDS.has(keyword) && !first.has(keyword)) first.set(keyword, schemaPath);
    }
  });
  return [...first].map(([keyword, schemaPath]) =>
    createDiagnostic({
      code: "MG125",
      format: { keyword, path: shownPath(schemaPath), tool: ctx.tool.name },
      location: ctx.atSchema("inputSchema", [...schemaPath, keyword], "key"),
    }),
  );
}

/** `properties.tags` in backquotes, or `the root`. */
function shownPath(schemaPath: SchemaPath): string {
  return schemaPath.length === 0 ? "the root" : `\`${schemaPath.join(".")}\``;
}
