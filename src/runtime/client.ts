/**
 * `mcp-gen/runtime/client`: what a generated `client.ts` imports. An entry apart from
 * `mcp-gen/runtime` on purpose: a client loads the SDK's client and nothing of the
 * server, and a server never loads this. Built on the SDK client's public API only
 * (`Client.callTool` with its documented `toolDefinition` option).
 */
import type { CallToolRequestOptions, CallToolResult, Client, Tool } from "@modelcontextprotocol/client";
import type { CompiledValidator, ToolDefinition } from "./types.js";
import { describeViolations } from "./validation-message.js";

/** The SDK's client, connected to the server by the caller. */
export type McpClient = Client;

/** The content blocks of a tool's result: what a tool without an `outputSchema` returns. */
export type ToolResultContent = CallToolResult["content"];

/** Per-call options (signal, timeout, progress ...), as the SDK's `callTool` takes them. */
export type ToolCallOptions = Omit<CallToolRequestOptions, "toolDefinition">;

export interface ToolsClientOptions {
  /**
   * Check each call's arguments with the tool's precompiled validator before sending it:
   * a violation throws `InvalidToolArgumentsError` without a round trip. Off by default,
   * since the server checks them anyway; the types already catch what the compiler can see.
   */
  validateArguments?: boolean;
}

/** A tool as the generated client hands it over: its wire definition and, when generated, its input validator. */
export interface ClientTool {
  definition: ToolDefinition;
  validateInput?: CompiledValidator;
}

/** The tool ran and reported a failure (`isError: true`); `content` is what it said. */
export class ToolCallError extends Error {
  override readonly name = "ToolCallError";
  constructor(
    /** The tool's name, as the server lists it. */
    readonly tool: string,
    readonly content: ToolResultContent,
    /** The whole result, for `_meta` or `structuredContent` an error may carry. */
    readonly result: CallToolResult,
  ) {
    super(`${tool}: ${textOf(content) || "the tool reported an error without a message"}`);
  }
}

/** The arguments broke the tool's input schema (only with `validateArguments`); nothing was sent. */
export class InvalidToolArgumentsError extends Error {
  override readonly name = "InvalidToolArgumentsError";
  constructor(
    readonly tool: string,
    /** One line per violation: `/units: must be one of metric, imperial`. */
    readonly violations: string[],
  ) {
    super(`invalid arguments for ${tool}:\n${violations.map((line) => `  ${line}`).join("\n")}`);
  }
}

/** The server answered a tool with an `outputSchema` without `structuredContent`. */
export class MissingStructuredContentError extends Error {
  override readonly name = "MissingStructuredContentError";
  constructor(
    readonly tool: string,
    readonly result: CallToolResult,
  ) {
    super(`${tool} declares an outputSchema but its result has no structuredContent`);
  }
}

/** What the generated methods call: one function for tools with an `outputSchema`, one for the others. */
export interface ToolCaller {
  structured<Output>(tool: ClientTool, args: object, options?: ToolCallOptions): Promise<Output>;
  content(tool: ClientTool, args: object, options?: ToolCallOptions): Promise<ToolResultContent>;
}

export function toolCaller(client: McpClient, options: ToolsClientOptions = {}): ToolCaller {
  const call = async (tool: ClientTool, args: object, callOptions: ToolCallOptions | undefined): Promise<CallToolResult> => {
    const name = tool.definition.name;
    // On a copy: validators that fill in defaults would change the caller's object (the server fills them in anyway).
    if (options.validateArguments && tool.validateInput && !tool.validateInput(structuredClone(args))) {
      throw new InvalidToolArgumentsError(name, describeViolations(tool.validateInput.errors));
    }
    // The definition the client was generated from: the SDK validates structured output
    // against it without listing the tools first.
    const result = await client.callTool({ name, arguments: args as Record<string, unknown> }, { ...callOptions, toolDefinition: tool.definition as Tool });
    if (result.isError) throw new ToolCallError(name, result.content, result);
    return result;
  };
  return {
    async structured<Output>(tool: ClientTool, args: object, callOptions?: ToolCallOptions): Promise<Output> {
      const result = await call(tool, args, callOptions);
      if (result.structuredContent === undefined) throw new MissingStructuredContentError(tool.definition.name, result);
      return result.structuredContent as Output;
    },
    async content(tool: ClientTool, args: object, callOptions?: ToolCallOptions): Promise<ToolResultContent> {
      return (await call(tool, args, callOptions)).content;
    },
  };
}

/** The text blocks of a result, one per line: what a tool's error says. */
function textOf(content: ToolResultContent): string {
  return content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("\n")
    .trim();
}
