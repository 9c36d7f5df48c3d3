/**
 * A spec example as the `tools/call` exchange a client would see: the JSON-RPC request,
 * and the response the generated server sends for it. The response follows the
 * runtime (src/runtime/results.ts, call-tool.ts): an output becomes `structuredContent`
 * plus the same JSON as a text block; arguments the validator rejects become an
 * `isError` result listing every violation, worded exactly as the runtime words it.
 */
import { describeViolations, type ValidationError } from "../../util/violation-lines.js";
import { CompiledSchemas } from "../../spec/compiled-schemas.js";
import type { ExampleStep, JsonObject, JsonValue, ToolExample, ToolModel } from "../../spec/model.js";

export interface Exchange {
  title: string;
  request: JsonObject;
  /** Absent when the example gives no output and the tool has no schema to predict it from. */
  response?: JsonObject;
  /** `output`: a successful call; `error`: an isError result; `input`: the response is the handler's. */
  kind: "output" | "error" | "input";
}

/**
 * `schemas`: the session's compiled schemas (error examples show the runtime's input check).
 * `toolNamed`: the project's tools, for the steps of a sequence that call another tool.
 * A sequence gives one exchange per step, in order, titled `<sequence> — step N: <tool>`.
 */
export function exampleExchanges(
  tool: ToolModel,
  schemas: CompiledSchemas = new CompiledSchemas(),
  toolNamed: (name: string) => ToolModel | undefined = () => undefined,
): Exchange[] {
  const validators = new Map<ToolModel, (input: JsonValue) => ValidationError[] | undefined>();
  const exchange = (called: ToolModel, title: string, id: number, call: Pick<ToolExample, "input" | "output" | "error">): Exchange => {
    const request: JsonObject = { jsonrpc: "2.0", id, method: "tools/call", params: { name: called.name, arguments: call.input } };
    if (call.error) {
      let validate = validators.get(called);
      if (!validate) validators.set(called, (validate = inputValidator(called, schemas)));
      return { title, request, response: { jsonrpc: "2.0", id, result: errorResult(called, call.input, validate) }, kind: "error" };
    }
    if (call.output !== undefined) {
      return { title, request, response: { jsonrpc: "2.0", id, result: outputResult(called, call.output) }, kind: "output" };
    }
    return { title, request, kind: "input" };
  };
  let id = 0;
  return tool.examples.flatMap((example, index) => {
    const title = example.title ?? `Example ${index + 1}`;
    if (!example.steps) return [exchange(tool, title, ++id, example)];
    const outputs = new Map<string, JsonValue | undefined>();
    return example.steps.map((step, stepIndex) => {
      const called = step.tool === tool.name ? tool : (toolNamed(step.tool) ?? tool);
      const shown = shownStep(step, outputs);
      if (step.as !== undefined) outputs.set(step.as, step.output === undefined ? undefined : shown.output);
      return exchange(called, `${title} — step ${stepIndex + 1}: ${step.title ?? called.name}`, ++id, { ...shown, ...(step.error ? { error: true } : {}) });
    });
  });
}

/**
 * A step as the docs show it: a value taken from an earlier step is that step's example
 * output at the path, when the example gives it; otherwise the `{ "$from": ... }` stays.
 */
function shownStep(step: ExampleStep, outputs: ReadonlyMap<string, JsonValue | undefined>): { input: JsonValue; output?: JsonValue } {
  const shown = JSON.parse(JSON.stringify({ input: step.input, output: step.output })) as { input: JsonValue; output?: JsonValue };
  for (const use of step.uses ?? []) {
    const value = pointerValue(outputs.get(use.step), use.path);
    if (value === undefined) continue;
    const path = pointerTokens(use.at);
    const last = path.pop()!;
    const parent = path.reduce<JsonValue | undefined>(
      (node, token) => (node !== null && typeof node === "object" ? (node as Record<string, JsonValue>)[token] : undefined),
      shown as unknown as JsonValue,
    );
    if (parent !== null && typeof parent === "object") (parent as Record<string, JsonValue>)[last] = value;
  }
  return shown;
}

function pointerTokens(pointer: string): string[] {
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function pointerValue(value: JsonValue | undefined, pointer: string): JsonValue | undefined {
  let current = value;
  for (const token of pointerTokens(pointer)) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, token)) return undefined;
    current = (current as Record<string, JsonValue>)[token];
  }
  return current;
}

function outputResult(tool: ToolModel, output: JsonValue): JsonObject {
  if (tool.wire.outputSchema) return { content: [{ type: "text", text: JSON.stringify(output) }], structuredContent: output };
  // Without an outputSchema a handler returns content; a string is one text block.
  return { content: [{ type: "text", text: typeof output === "string" ? output : JSON.stringify(output) }] };
}

function errorResult(tool: ToolModel, input: JsonValue, validate: (input: JsonValue) => ValidationError[] | undefined): JsonObject {
  const violations = describeViolations(validate(input));
  const text =
    violations.length > 0
      ? `Invalid arguments for tool "${tool.name}":\n${violations.join("\n")}`
      : // Valid arguments the tool refuses: the message is whatever its handler throws.
        "(the message of the handler's ToolError)";
  return { content: [{ type: "text", text }], isError: true };
}

/**
 * The runtime's input check: the function the checker compiled and the validators
 * emitter writes out (compiled once per run, shared by equal schemas).
 */
function inputValidator(tool: ToolModel, schemas: CompiledSchemas): (input: JsonValue) => ValidationError[] | undefined {
  const check = schemas.compile(tool.wire.inputSchema, tool.inputDialect).validate;
  // The checker already compiled this schema; should ajv still refuse, the docs stay generic.
  if (!check) return () => undefined;
  // A copy: the validator fills in defaults, and the example is shown as written.
  return (input) => (check(structuredClone(input)) ? undefined : ((check.errors as ValidationError[] | null | undefined) ?? undefined));
}

/**
 * For an outputSchema whose root is not `type: object`: the note that older clients get
 * the output wrapped (the SDK lists such a schema as `{ result: ... }` to clients before
 * 2026-07-28, and the runtime sends `structuredContent` to match); undefined otherwise.
 */
export function wrappedOutputNote(tool: ToolModel): string | undefined {
  const schema = tool.wire.outputSchema;
  if (schema === undefined || schema.type === "object") return undefined;
  return 'Clients on a protocol revision before 2026-07-28 get this output wrapped in an object, as `structuredContent: { "result": ... }`, matching the wrapped `outputSchema` they are listed.';
}
