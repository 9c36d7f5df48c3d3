/**
 * Examples are checked at generate time: an example that does not validate is a lie
 * in the docs and a broken test, so each violation is reported at the offending node.
 */
import type { ErrorObject } from "ajv";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { createDiagnostic, diagnosticMessage } from "../diagnostics/messages.js";
import type { YamlFile } from "../yaml/load.js";
import type { Dialect, JsonObject, JsonValue, ToolExample } from "./model.js";
import { locate, pointerToPath, type DataPath } from "../yaml/positions.js";
import type { CompiledSchemas } from "./schemas.js";
import { isToolReturn } from "../util/tool-return.js";

export interface ExampleSchema {
  schema: JsonObject;
  dialect: Dialect;
}

export interface ExamplesArgs {
  yaml: YamlFile;
  toolPath: DataPath;
  examples: unknown[];
  input: ExampleSchema;
  /** Present when the tool has an outputSchema. */
  output?: ExampleSchema;
  /** The session's compiled schemas, which the examples are validated with. */
  schemas: CompiledSchemas;
}

export interface ExamplesResult {
  examples: ToolExample[];
  diagnostics: Diagnostic[];
}

export function checkExamples(args: ExamplesArgs): ExamplesResult {
  const examples: ToolExample[] = [];
  const diagnostics: Diagnostic[] = [];
  args.examples.forEach((raw, index) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return;
    const entry = raw as Record<string, unknown>;
    const path = [...args.toolPath, "examples", index];
    const label = typeof entry.title === "string" ? `example "${entry.title}"` : `example ${index + 1}`;
    // A call without arguments sends none; the schema then sees an empty object.
    const input = (entry.input ?? {}) as JsonValue;
    const example: ToolExample = { input, location: locate(args.yaml, path) };
    if (typeof entry.title === "string") example.title = entry.title;
    if (entry.output !== undefined) example.output = entry.output as JsonValue;
    if (entry.error === true) example.error = true;
    if (entry.match === "exact" || entry.match === "schema") example.match = entry.match;
    examples.push(example);

    if (!example.error) {
      diagnostics.push(...violations(args.yaml, [...path, "input"], "MG040", label, "input", args.input, input, args.schemas));
    }
    if (args.output && example.output !== undefined && !example.error) {
      diagnostics.push(...violations(args.yaml, [...path, "output"], "MG041", label, "output", args.output, example.output, args.schemas));
    }
    diagnostics.push(...unusedFields(args, entry, example, path, label));
  });
  return { examples, diagnostics };
}

/**
 * Fields an example has that its test cannot use (MG042): it would pass, or fail, whatever
 * the handler does.
 */
function unusedFields(args: ExamplesArgs, entry: Record<string, unknown>, example: ToolExample, path: DataPath, label: string): Diagnostic[] {
  const at = (field: string) => locate(args.yaml, [...path, field], "key");
  if (example.error) {
    const unused = ["output", "match"].filter((field) => entry[field] !== undefined);
    return unused.map((field) =>
      createDiagnostic({
        code: "MG042",
        messageId: "unusedWithError",
        format: { example: label, field },
        location: at(field),
        hint: `remove \`${field}\`, or drop \`error: true\``,
      }),
    );
  }
  if (example.match === "exact" && example.output === undefined) {
    return [
      createDiagnostic({
        code: "MG042",
        messageId: "exactWithoutOutput",
        format: { example: label },
        location: at("match"),
        hint: "add the expected `output`",
      }),
    ];
  }
  if (!args.output && example.output !== undefined && !isToolReturn(example.output)) {
    // Without an outputSchema, `output` is what the handler returns: text, content blocks or a CallToolResult.
    const exact = example.match === "exact";
    return [
      createDiagnostic({
        code: "MG042",
        messageId: exact ? "notReturnableExact" : "notReturnable",
        severity: exact ? "error" : "warning",
        format: { example: label, output: display(example.output).slice(0, 60) },
        location: at("output"),
        hint: "add an outputSchema for structured output, or write `output` as text",
      }),
    ];
  }
  return [];
}

function violations(
  yaml: YamlFile,
  valuePath: DataPath,
  code: "MG040" | "MG041",
  label: string,
  role: "input" | "output",
  { schema, dialect }: ExampleSchema,
  value: JsonValue,
  schemas: CompiledSchemas,
): Diagnostic[] {
  // A schema that does not compile is reported by the schema checks; nothing to validate against.
  const validate = schemas.compile(schema, dialect).validate;
  // The validator fills in defaults: the example as written must stay as written (docs, tests).
  if (!validate || validate(structuredClone(value))) return [];
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const error of validate.errors ?? []) {
    const message = diagnosticMessage({ code, format: { example: label, path: error.instancePath || role, reason: reason(error) } });
    if (seen.has(message)) continue;
    seen.add(message);
    const extra = (error.params as { additionalProperty?: string }).additionalProperty;
    const at = [...valuePath, ...pointerToPath(error.instancePath), ...(extra === undefined ? [] : [extra])];
    diagnostics.push({ code, severity: "error", message, location: locate(yaml, at, extra === undefined ? "value" : "key") });
  }
  return diagnostics;
}

/** ajv's message, with the values it leaves out (enum members, the unexpected property). */
function reason(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "enum":
      return `must be one of ${(params.allowedValues as unknown[]).map(display).join(", ")}`;
    case "const":
      return `must be ${display(params.allowedValue)}`;
    case "required":
      return `must have required property \`${String(params.missingProperty)}\``;
    case "additionalProperties":
      return `must not have additional property \`${String(params.additionalProperty)}\``;
    default:
      return error.message ?? "is invalid";
  }
}

function display(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
