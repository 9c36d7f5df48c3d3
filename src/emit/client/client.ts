/**
 * `generated/client.ts`: `createToolsClient(client)`, one typed method per tool over the
 * SDK's client, on `mcp-gen/runtime/client` (never the server runtime, so a client does
 * not load the server and a server never loads this file).
 */
import type { JsonObject, ProjectModel, ToolModel } from "../../spec/model.js";
import type { EmitContext } from "../shared/emitter.js";
import type { GeneratedFile } from "../shared/generated-file.js";
import { generatedHeader, sanitizeForComment, specFiles, withoutControlCharacters } from "../shared/header.js";
import { renderKey, renderTemplate, tsIdentifier, tsString } from "../shared/templates.js";

export interface ClientEmitOptions {
  /**
   * `validators.js` is generated beside the client, so `validateArguments` can use it.
   * `mcp-gen client` writes no validators (a server you do not own may list schemas
   * ajv cannot compile); there the option checks nothing.
   */
  validators: boolean;
  /** The first line; by default the header every generated file has. */
  header?: string;
}

/** The emitter (src/emit/shared/emitter.ts). */
export function emit(model: ProjectModel, _context?: EmitContext): GeneratedFile[] {
  return emitClient(model);
}

/**
 * What a caller sends (`<Tool>Arguments`: a parameter with a `default` may be left out),
 * not what the handler gets (`<Tool>Input`, defaults filled in).
 */
const argumentsType = (tool: ToolModel): string => tool.ids.argumentsType;

export function emitClient(model: ProjectModel, options: ClientEmitOptions = { validators: true }): GeneratedFile[] {
  const tools = model.tools.map((tool) => {
    const structured = tool.wire.outputSchema !== undefined;
    const types = [argumentsType(tool), ...(structured ? [tool.ids.outputType] : [])];
    return {
      method: tsIdentifier(tool.ids.method),
      definition: tsIdentifier(tool.ids.definition),
      module: tsString(`./${tool.ids.module}.js`),
      typeImports: [...new Set(types)].map((name) => `type ${tsIdentifier(name)}`).join(", "),
      argumentsType: argumentsType(tool),
      argsOptional: argumentsMayBeLeftOut(tool.wire.inputSchema),
      resultType: structured ? tool.ids.outputType : "ToolResultContent",
      callKind: structured ? "structured" : "content",
      typeArgument: structured ? `<${tool.ids.outputType}>` : "",
      validateInput: options.validators ? tsIdentifier(tool.ids.inputValidator) : null,
      doc: methodDoc(tool, structured),
    };
  });
  const runtimeImports = [
    "type McpClient",
    ...(tools.length > 0 ? ["type ToolCallOptions"] : []),
    ...(tools.some((tool) => tool.callKind === "content") ? ["type ToolResultContent"] : []),
    "type ToolsClientOptions",
    ...(tools.length > 0 ? ["toolCaller"] : []),
  ];
  const context = {
    header: options.header ?? generatedHeader(specFiles(model)),
    runtimeImports: runtimeImports.join(", "),
    tools,
    validators: tools.flatMap((tool) => (tool.validateInput ? [tool.validateInput] : [])),
    example: tools[0]?.method ?? null,
  };
  return [
    { area: "generated", path: "client.ts", mode: "generated", key: renderKey("client.ts", context), render: () => renderTemplate("client.ts", context) },
  ];
}

/**
 * A call may leave the arguments out (`tools.launchConfetti()`) when the input schema
 * requires nothing at its root and says nothing else about the object as a whole.
 */
function argumentsMayBeLeftOut(schema: JsonObject): boolean {
  const required = schema.required;
  if (Array.isArray(required) && required.length > 0) return false;
  return !["anyOf", "oneOf", "allOf", "$ref", "not", "if", "minProperties", "dependentRequired", "dependentSchemas"].some((key) => key in schema);
}

/** The doc comment's lines (each after ` *`): the description's first paragraph, then what the call resolves to. */
function methodDoc(tool: ToolModel, structured: boolean): string[] {
  const description = withoutControlCharacters(tool.wire.description ?? tool.wire.title ?? "").trim();
  const paragraph = description.split(/\n\s*\n/)[0] ?? "";
  const lines = paragraph === "" ? [] : paragraph.split("\n").map((line) => ` ${sanitizeForComment(line.trimEnd())}`.trimEnd());
  const calls = `Calls \`${sanitizeForComment(tool.name).replace(/`/g, "'")}\`; resolves to ${structured ? "its structured output" : "the result's content blocks"}.`;
  return [...lines, ...(lines.length > 0 ? [""] : []), ` ${calls}`];
}
