/**
 * A spec example as the `tools/call` exchange a client would see: the JSON-RPC request,
 * and the response the generated server sends for it. The response follows the
 * runtime (src/runtime/results.ts, call-tool.ts): an output becomes `structuredContent`
 * plus the same JSON as a text block; arguments the validator rejects become an
 * `isError` result listing every violation, worded exactly as the runtime words it.
 */
import { describeViolations, type ValidationError } from "../../util/violation-lines.js";
import { CompiledSchemas } from "../../spec/schemas.js";
import type { JsonObject, JsonValue, ToolExample, ToolModel } from "../../spec/model.js";

export interface Exchange {
  title: string;
  request: JsonObject;
  /** Absent when the example gives no output and the tool has no schema to predict it from. */
  response?: JsonObject;
  /** `output`: a successful call; `error`: an isError result; `input`: the response is the handler's. */
  kind: "output" | "error" | "input";
}

/** `schemas`: the session's compiled schemas (error examples show the runtime's input check). */
export function exampleExchanges(tool: ToolModel, schemas: CompiledSchemas = new CompiledSchemas()): Exchange[] {
  let validate: ((input: JsonValue) => ValidationError[] | undefined) | undefined;
  return tool.examples.map((example, index) => {
    const title = example.title ?? `Example ${index + 1}`;
    const id = index + 1;
    const request: JsonObject = { jsonrpc: "2.0", id, method: "tools/call", params: { name: tool.name, arguments: example.input } };
    if (example.error) {
      validate ??= inputValidator(tool, schemas);
      return { title, request, response: { jsonrpc: "2.0", id, result: errorResult(tool, example, validate) }, kind: "error" };
    }
    if (example.output !== undefined) {
      return { title, request, response: { jsonrpc: "2.0", id, result: outputResult(tool, example.output) }, kind: "output" };
    }
    return { title, request, kind: "input" };
  });
}

function outputResult(tool: ToolModel, output: JsonValue): JsonObject {
  if (tool.wire.outputSchema) return { content: [{ type: "text", text: JSON.stringify(output) }], structuredContent: output };
  // Without an outputSchema a handler returns content; a string is one text block.
  return { content: [{ type: "text", text: typeof output === "string" ? output : JSON.stringify(output) }] };
}

function errorResult(tool: ToolModel, example: ToolExample, validate: (input: JsonValue) => ValidationError[] | undefined): JsonObject {
  const violations = describeViolations(validate(example.input));
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
