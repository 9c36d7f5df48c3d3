/**
 * The generator's copy of the rule in src/runtime/results.ts (`normalizeReturn`) for what
 * a tool without `outputSchema` may return: the spec checker holds an example's `output`
 * to it, and the runtime cannot share a module with the generator (it loads without it).
 * test/unit/util/runtime-copies.test.ts holds the two copies to the same answers.
 */

/** Each content type's required string fields. */
const REQUIRED_FIELDS: Record<string, readonly string[]> = {
  text: ["text"],
  image: ["data", "mimeType"],
  audio: ["data", "mimeType"],
  resource_link: ["uri", "name"],
  resource: [],
};

/** A string, one content block, a list of them or a whole `CallToolResult` (and `undefined`: no content). */
export function isToolReturn(value: unknown): boolean {
  if (value === undefined || typeof value === "string") return true;
  if (Array.isArray(value)) return value.every(isContentBlock);
  return isContentBlock(value) || isCallToolResult(value);
}

function isContentBlock(value: unknown): boolean {
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

function isCallToolResult(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const content = (value as { content?: unknown }).content;
  return Array.isArray(content) && content.every(isContentBlock);
}
