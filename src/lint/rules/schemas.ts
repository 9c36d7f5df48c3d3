/** MG108–MG111, MG113: schema habits that make tools harder to call correctly. */
import type { JsonValue } from "../../spec/model.js";
import { pointerToPath } from "../../yaml/positions.js";
import { forEachSchemaExcept } from "../../spec/vocabulary.js";
import { createDiagnostic } from "../../diagnostics/messages.js";
import { VALUE_TEST_KEYWORDS, type Finding, type SchemaKey, type ToolLintContext } from "../context.js";

type SchemaNode = Record<string, JsonValue>;

/** Mentions of a default in prose: "defaults to 10", "(default: metric)", "if omitted, ...". */
const MENTIONS_DEFAULT = /\bdefault|\bif (omitted|not (given|set|provided|specified))|\bwhen (omitted|not (given|set|provided|specified))/i;

function isObject(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function schemaRules(ctx: ToolLintContext): Finding[] {
  const findings: Finding[] = [];
  const schemas: Array<[SchemaKey, SchemaNode | undefined]> = [
    ["inputSchema", ctx.tool.wire.inputSchema],
    ["outputSchema", ctx.tool.wire.outputSchema],
  ];
  for (const [key, schema] of schemas) {
    if (!schema) continue;
    forEachSchemaExcept(schema, VALUE_TEST_KEYWORDS, (node, schemaPath) => {
      if ("enum" in node && !("type" in node)) {
        findings.push(
          createDiagnostic({ code: "MG108", format: { tool: ctx.tool.name, schema: key }, location: ctx.atSchema(key, [...schemaPath, "enum"], "key") }),
        );
      }
      if (key !== "inputSchema" || !isInputObject(node)) return;
      // An `allOf` branch is part of an object: closing it would reject the other branches' properties.
      const inAllOf = schemaPath.at(-2) === "allOf";
      if (!inAllOf && !("additionalProperties" in node) && !("unevaluatedProperties" in node)) {
        findings.push(
          schemaPath.length === 0
            ? createDiagnostic({ code: "MG109", format: { tool: ctx.tool.name }, location: ctx.at(["inputSchema"], "key") })
            : createDiagnostic({
                code: "MG109",
                messageId: "nested",
                format: { path: schemaPath.join("."), tool: ctx.tool.name },
                location: ctx.atSchema(key, schemaPath, "key"),
              }),
        );
      }
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const [name, property] of Object.entries(isObject(node.properties) ? node.properties : {})) {
        if (required.has(name) || !isObject(property) || "default" in property || "const" in property || "$ref" in property) continue;
        if (typeof property.description === "string" && MENTIONS_DEFAULT.test(property.description)) continue;
        findings.push(
          createDiagnostic({
            code: "MG111",
            format: { property: name, tool: ctx.tool.name },
            location: ctx.atSchema(key, [...schemaPath, "properties", name], "key"),
          }),
        );
      }
    });
    findings.push(...unusedDefs(ctx, key, schema));
  }
  const wrapped = wrappedOutput(ctx);
  if (wrapped) findings.push(wrapped);
  return findings;
}

/**
 * MG113: an outputSchema whose root (after a lone `$ref` to another file's object schema
 * became that object) is not `type: object`, which the server wraps in `{ result }` for
 * 2025-era clients; the finding points at what the spec wrote: the `$ref`, else `type`.
 */
function wrappedOutput(ctx: ToolLintContext): Finding | undefined {
  const output = ctx.tool.wire.outputSchema;
  if (output === undefined || output.type === "object") return undefined;
  const tool = ctx.tool.name;
  const written = ctx.source.yaml.value && locateIn(ctx.source.yaml.value, [...ctx.source.path, "outputSchema"]);
  if (isObject(written) && typeof written.$ref === "string") {
    const alone = Object.keys(written).every((k) => k === "$ref" || k === "$schema");
    return createDiagnostic({
      code: "MG113",
      messageId: alone ? "refNotObject" : "refWithSiblings",
      format: { tool },
      location: ctx.at(["outputSchema", "$ref"]),
    });
  }
  if (isObject(written) && "type" in written) {
    const found = typeof written.type === "string" ? written.type : JSON.stringify(written.type);
    return createDiagnostic({ code: "MG113", format: { tool, found }, location: ctx.at(["outputSchema", "type"]) });
  }
  return createDiagnostic({ code: "MG113", messageId: "noType", format: { tool }, location: ctx.at(["outputSchema"], "key") });
}

function locateIn(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function isInputObject(node: SchemaNode): boolean {
  return node.type === "object" || (Array.isArray(node.type) && node.type.includes("object")) || (!("type" in node) && isObject(node.properties));
}

/** Root `$defs`/`definitions` entries no `$ref` reaches, starting from the schema outside them. */
function unusedDefs(ctx: ToolLintContext, key: SchemaKey, schema: SchemaNode): Finding[] {
  const findings: Finding[] = [];
  for (const defsKey of ["$defs", "definitions"] as const) {
    const defs = schema[defsKey];
    if (!isObject(defs)) continue;
    const refsOf = (value: unknown): string[] => {
      const found: string[] = [];
      collectLocalRefs(value, defsKey, found);
      return found;
    };
    const outside = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== defsKey));
    const reached = new Set<string>();
    const queue = refsOf(outside);
    while (queue.length > 0) {
      const name = queue.shift()!;
      if (reached.has(name) || !Object.hasOwn(defs, name)) continue;
      reached.add(name);
      queue.push(...refsOf(defs[name]));
    }
    for (const name of Object.keys(defs)) {
      if (reached.has(name)) continue;
      findings.push(
        createDiagnostic({
          code: "MG110",
          format: { entry: `${defsKey}/${name}`, tool: ctx.tool.name, schema: key },
          location: ctx.atSchema(key, [defsKey, name], "key"),
        }),
      );
    }
  }
  return findings;
}

/** Names of `<defsKey>` entries that `$ref`s anywhere below `value` point at (`#/$defs/a/properties/b` counts for `a`). */
function collectLocalRefs(value: unknown, defsKey: string, out: string[], seen = new Set<unknown>()): void {
  if (typeof value !== "object" || value === null || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) collectLocalRefs(item, defsKey, out, seen);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === "$ref" && typeof v === "string" && v.startsWith("#/")) {
      const segments = pointerToPath(v);
      if (segments[0] === defsKey && segments.length >= 2) out.push(segments[1]);
    } else {
      collectLocalRefs(v, defsKey, out, seen);
    }
  }
}
