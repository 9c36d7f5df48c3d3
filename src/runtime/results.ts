/** What a handler returned, turned into the `CallToolResult` MCP sends. */
import type { CallToolResult, ContentBlock, ToolReturn } from "./types.js";

const CONTENT_TYPES = new Set(["text", "image", "audio", "resource_link", "resource"]);

export function textResult(text: string, isError = false): CallToolResult {
  return isError ? { content: [{ type: "text", text }], isError: true } : { content: [{ type: "text", text }] };
}

/** A tool with `outputSchema`: the object goes out as `structuredContent` and as JSON text. */
export function structuredResult(output: unknown): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(output) }],
    structuredContent: output as { [key: string]: unknown },
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
  return typeof value === "object" && value !== null && CONTENT_TYPES.has((value as { type?: unknown }).type as string);
}

function isCallToolResult(value: unknown): value is CallToolResult {
  if (typeof value !== "object" || value === null) return false;
  const content = (value as { content?: unknown }).content;
  return Array.isArray(content) && content.every(isContentBlock);
}
