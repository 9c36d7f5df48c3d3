/** What a handler returned, turned into the `CallToolResult` MCP sends. */
import type { CallToolResult, ContentBlock, ToolReturn } from "./types.js";

/** Each content type's required string fields, so a malformed block never reaches the wire. */
const REQUIRED_FIELDS: Record<string, readonly string[]> = {
  text: ["text"],
  image: ["data", "mimeType"],
  audio: ["data", "mimeType"],
  resource_link: ["uri", "name"],
  resource: [],
};

export function textResult(text: string, isError = false): CallToolResult {
  return isError ? { content: [{ type: "text", text }], isError: true } : { content: [{ type: "text", text }] };
}

/**
 * A tool with `outputSchema`: the output goes out as JSON text and as `structuredContent`.
 * What the client reads is that JSON, so `structuredContent` is the JSON parsed back (NaN
 * becomes null, `toJSON` is called, undefined members are gone): that is the value to
 * check against the schema. `undefined` when the output has no JSON form at all; throws
 * when JSON cannot write it (a cycle, a BigInt).
 */
export function structuredResult(output: unknown): CallToolResult | undefined {
  const text = JSON.stringify(output);
  if (text === undefined) return undefined;
  return {
    content: [{ type: "text", text }],
    structuredContent: JSON.parse(text) as { [key: string]: unknown },
  };
}

/**
 * A tool without `outputSchema` may return a string, one content block, a list of them
 * or a whole `CallToolResult`. Anything else is a bug in the handler: `undefined`.
 */
export function normalizeReturn(value: ToolReturn | undefined | void): CallToolResult | undefined {
  if (value === undefined) return { content: [] };
  if (typeof value === "string") return textResult(value);
  if (Array.isArray(value)) return value.every(isContentBlock) ? { content: value } : undefined;
  if (isContentBlock(value)) return { content: [value] };
  if (isCallToolResult(value)) return value;
  return undefined;
}

function isContentBlock(value: unknown): value is ContentBlock {
  if (typeof value !== "object" || value === null) return false;
  const block = value as Record<string, unknown>;
  const required = typeof block.type === "string" && Object.hasOwn(REQUIRED_FIELDS, block.type) ? REQUIRED_FIELDS[block.type] : undefined;
  if (!required?.every((field) => typeof block[field] === "string")) return false;
  if (block.type === "resource") {
    const resource = block.resource as Record<string, unknown> | null | undefined;
    return (
      typeof resource === "object" &&
      resource !== null &&
      typeof resource.uri === "string" &&
      (typeof resource.text === "string" || typeof resource.blob === "string")
    );
  }
  return true;
}

function isCallToolResult(value: unknown): value is CallToolResult {
  if (typeof value !== "object" || value === null) return false;
  const content = (value as { content?: unknown }).content;
  return Array.isArray(content) && content.every(isContentBlock);
}
