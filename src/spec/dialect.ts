/** Which JSON Schema dialect a schema is written in, from its `$schema`. */
import type { Dialect } from "./model.js";

const DIALECT_URIS: Record<string, Dialect> = {
  "https://json-schema.org/draft/2020-12/schema": "2020-12",
  "http://json-schema.org/draft-07/schema": "draft-07",
};

/**
 * The dialect named by a `$schema` value: undefined `$schema` means 2020-12 (MCP
 * 2025-11-25); an unsupported URI returns `undefined` so the checker can report it.
 */
export function dialectOf(schemaUri: unknown): Dialect | undefined {
  if (schemaUri === undefined) return "2020-12";
  if (typeof schemaUri !== "string") return undefined;
  const normalized = schemaUri
    .trim()
    .replace(/#$/, "")
    .replace(/^https?:\/\//, "");
  for (const [uri, dialect] of Object.entries(DIALECT_URIS)) {
    if (uri.replace(/^https?:\/\//, "") === normalized) return dialect;
  }
  return undefined;
}

export const SUPPORTED_DIALECT_URIS = Object.keys(DIALECT_URIS);
