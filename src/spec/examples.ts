/**
 * Examples are checked at generate time: an example that does not validate is a lie
 * in the docs and a broken test, so each violation is reported at the offending node.
 */
import type { ErrorObject } from "ajv";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { createDiagnostic, diagnosticMessage } from "../diagnostics/messages.js";
import type { YamlFile } from "../yaml/load.js";
import type { Dialect, ExampleStep, ExampleUse, JsonObject, JsonValue, ToolExample, ToolModel } from "./model.js";
import { suggest } from "../util/suggest.js";
import { locate, pointerToPath, type DataPath } from "../yaml/positions.js";
import type { CompiledSchemas } from "./compiled-schemas.js";
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
  /** The tool's name in the model (namespaced): a sequence step without `tool:` calls it. */
  toolName?: string;
  /** A step's `tool:` as the model names it (the config's namespace applied). */
  modelName?: (specName: string) => string;
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
    if (Array.isArray(entry.steps)) {
      examples.push(checkSequence(args, entry, entry.steps, path, label, diagnostics));
      return;
    }
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
  /** JSON pointers (into `value`) of values an earlier step gives: not known until the sequence runs. */
  given: readonly string[] = [],
): Diagnostic[] {
  // A schema that does not compile is reported by the schema checks; nothing to validate against.
  const validate = schemas.compile(schema, dialect).validate;
  // The validator fills in defaults: the example as written must stay as written (docs, tests).
  if (!validate || validate(structuredClone(value))) return [];
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const error of validate.errors ?? []) {
    if (given.some((pointer) => error.instancePath === pointer || error.instancePath.startsWith(`${pointer}/`))) continue;
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

/** A step's name (`as:`) and the step part of a reference: `created` in `created.id`. */
const REFERENCE = /^([A-Za-z_][A-Za-z0-9_-]*)((?:\.[^.]+)*)$/;

interface FoundReference {
  /** JSON pointer into the value that holds it. */
  pointer: string;
  /** Data path into the value that holds it. */
  path: DataPath;
  from: unknown;
  /** `$from` is the object's only key. */
  alone: boolean;
}

/** Every `{ $from: ... }` in a value, outermost only. */
export function findReferences(value: unknown, pointer = "", path: DataPath = []): FoundReference[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => findReferences(item, `${pointer}/${i}`, [...path, i]));
  if (typeof value !== "object" || value === null) return [];
  const object = value as Record<string, unknown>;
  if (Object.hasOwn(object, "$from")) return [{ pointer, path, from: object.$from, alone: Object.keys(object).length === 1 }];
  return Object.entries(object).flatMap(([key, item]) => findReferences(item, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, [...path, key]));
}

/** `created.items.0.id` → step `created`, pointer `/items/0/id`. */
export function parseReference(from: string): { step: string; path: string } | undefined {
  const match = REFERENCE.exec(from);
  if (!match) return undefined;
  const path = match[2]
    .split(".")
    .slice(1)
    .map((part) => `/${part.replace(/~/g, "~0").replace(/\//g, "~1")}`)
    .join("");
  return { step: match[1], path };
}

/**
 * A sequence (`steps:`): calls in order, a later input or output taking values from an
 * earlier step's result through `{ $from: <step>.<field>... }`, the step named by its `as`.
 * What needs only this tool is checked here; a step calling another tool is checked once
 * every tool is known (`checkSequenceTools`).
 */
function checkSequence(
  args: ExamplesArgs,
  entry: Record<string, unknown>,
  rawSteps: unknown[],
  path: DataPath,
  label: string,
  diagnostics: Diagnostic[],
): ToolExample {
  const own = args.toolName ?? "";
  const example: ToolExample = { input: {}, steps: [], location: locate(args.yaml, path) };
  if (typeof entry.title === "string") example.title = entry.title;
  const names = rawSteps.map((raw) =>
    typeof raw === "object" && raw !== null && typeof (raw as { as?: unknown }).as === "string" ? (raw as { as: string }).as : undefined,
  );
  const earlier = new Map<string, ExampleStep>();
  rawSteps.forEach((raw, index) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return;
    const stepEntry = raw as Record<string, unknown>;
    const stepPath = [...path, "steps", index];
    const stepLabel = `${label}, step ${index + 1}`;
    const tool = typeof stepEntry.tool === "string" ? (args.modelName?.(stepEntry.tool) ?? stepEntry.tool) : own;
    const step: ExampleStep = { tool, input: (stepEntry.input ?? {}) as JsonValue, location: locate(args.yaml, stepPath) };
    if (typeof stepEntry.title === "string") step.title = stepEntry.title;
    if (stepEntry.output !== undefined) step.output = stepEntry.output as JsonValue;
    if (stepEntry.error === true) step.error = true;
    if (stepEntry.match === "exact" || stepEntry.match === "schema") step.match = stepEntry.match;
    const given: Record<"input" | "output", string[]> = { input: [], output: [] };
    const uses: ExampleUse[] = [];
    for (const role of ["input", "output"] as const) {
      if (stepEntry[role] === undefined) continue;
      for (const found of findReferences(stepEntry[role])) {
        const at = locate(args.yaml, [...stepPath, role, ...found.path, "$from"]);
        const problem = (messageId: string, format: Record<string, string>, hint?: string) =>
          diagnostics.push(
            createDiagnostic({
              code: "MG043",
              messageId: messageId as never,
              format: { example: stepLabel, ...format } as never,
              location: at,
              ...(hint ? { hint } : {}),
            }),
          );
        given[role].push(found.pointer);
        const parsed = typeof found.from === "string" ? parseReference(found.from) : undefined;
        if (!found.alone || !parsed) {
          problem(
            "badReference",
            { from: JSON.stringify(found.from) ?? "nothing" },
            "write `{ $from: <step>.<field> }` alone, e.g. `{ $from: created.id }`, where an earlier step says `as: created`",
          );
          continue;
        }
        const source = earlier.get(parsed.step);
        if (!source) {
          const later = names.indexOf(parsed.step, index);
          const close = suggest(parsed.step, [...earlier.keys()]);
          const hint =
            later >= 0
              ? `step ${later + 1} is named \`${parsed.step}\`, but a step takes values only from the steps before it`
              : close
                ? `did you mean \`${close}\`?`
                : earlier.size > 0
                  ? `the earlier steps are named ${[...earlier.keys()].map((name) => `\`${name}\``).join(", ")}`
                  : `name an earlier step with \`as: ${parsed.step}\``;
          problem("unknownStep", { from: found.from as string, step: parsed.step }, hint);
          continue;
        }
        if (source.error) {
          problem("failingStep", { from: found.from as string, step: parsed.step }, "take the value from a step that succeeds");
          continue;
        }
        uses.push({ at: `/${role}${found.pointer}`, step: parsed.step, path: parsed.path });
      }
    }
    if (uses.length > 0) step.uses = uses;
    if (typeof stepEntry.as === "string") {
      if (earlier.has(stepEntry.as)) {
        diagnostics.push(
          createDiagnostic({
            code: "MG043",
            messageId: "duplicateName",
            format: { example: stepLabel, step: stepEntry.as },
            location: locate(args.yaml, [...stepPath, "as"]),
            hint: "give each step its own name",
          }),
        );
      } else {
        step.as = stepEntry.as;
        earlier.set(stepEntry.as, step);
      }
    }
    example.steps!.push(step);
    if (tool !== own) return;
    // A step of this tool is checked as any example of it; another tool's, once every tool is known.
    if (!step.error) {
      diagnostics.push(...violations(args.yaml, [...stepPath, "input"], "MG040", stepLabel, "input", args.input, step.input, args.schemas, given.input));
    }
    if (args.output && step.output !== undefined && !step.error) {
      diagnostics.push(...violations(args.yaml, [...stepPath, "output"], "MG041", stepLabel, "output", args.output, step.output, args.schemas, given.output));
    }
    diagnostics.push(...unusedFields(args, stepEntry, { ...step, location: step.location }, stepPath, stepLabel));
  });
  return example;
}

/**
 * The checks of sequences that need every tool: a step's `tool:` names one, its input and
 * output validate against that tool's schemas, and a step taken values from has a tool
 * with an outputSchema (its result's structured content is what `$from` reads).
 */
export function checkSequenceTools(tools: readonly ToolModel[], schemas: CompiledSchemas): Diagnostic[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const diagnostics: Diagnostic[] = [];
  for (const owner of tools) {
    owner.examples.forEach((example, index) => {
      if (!example.steps) return;
      const label = example.title !== undefined ? `example "${example.title}"` : `example ${index + 1}`;
      const named = new Map<string, ExampleStep>();
      example.steps.forEach((step, stepIndex) => {
        const stepLabel = `${label}, step ${stepIndex + 1}`;
        const tool = byName.get(step.tool);
        if (!tool) {
          const close = suggest(step.tool, [...byName.keys()]);
          diagnostics.push(
            createDiagnostic({
              code: "MG043",
              messageId: "unknownTool",
              format: { example: stepLabel, tool: step.tool },
              location: step.location,
              hint: close ? `did you mean \`${close}\`?` : "name a tool of this project, or leave `tool:` out to call this spec's tool",
            }),
          );
        } else if (tool !== owner) {
          const given = (role: string) => (step.uses ?? []).filter((use) => use.at.startsWith(`/${role}`)).map((use) => use.at.slice(role.length + 1));
          const check = (
            role: "input" | "output",
            code: "MG040" | "MG041",
            schema: JsonObject | undefined,
            dialect: Dialect | undefined,
            value: JsonValue | undefined,
          ) => {
            if (!schema || !dialect || value === undefined || step.error) return;
            const validate = schemas.compile(schema, dialect).validate;
            if (!validate || validate(value)) return;
            for (const error of validate.errors ?? []) {
              if (given(role).some((pointer) => error.instancePath === pointer || error.instancePath.startsWith(`${pointer}/`))) continue;
              diagnostics.push(
                createDiagnostic({
                  code,
                  format: { example: `${stepLabel} (${tool.name})`, path: error.instancePath || role, reason: reason(error) },
                  location: step.location,
                }),
              );
            }
          };
          check("input", "MG040", tool.wire.inputSchema, tool.inputDialect, step.input);
          check("output", "MG041", tool.wire.outputSchema, tool.outputDialect, step.output);
        }
        for (const use of step.uses ?? []) {
          const source = named.get(use.step);
          const sourceTool = source && byName.get(source.tool);
          if (sourceTool && !sourceTool.wire.outputSchema) {
            diagnostics.push(
              createDiagnostic({
                code: "MG043",
                messageId: "noStructured",
                format: { example: stepLabel, step: use.step, tool: sourceTool.name },
                location: step.location,
                hint: `give \`${sourceTool.name}\` an outputSchema`,
              }),
            );
          }
        }
        if (step.as !== undefined) named.set(step.as, step);
      });
    });
  }
  return diagnostics;
}
