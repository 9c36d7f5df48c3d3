/**
 * Finds the tools in a `tools/list` dump, whichever way it was captured: the bare
 * array, the result object, or the whole JSON-RPC response.
 */
export type DumpPath = Array<string | number>;

export type ToolListShape = { tools: unknown[]; path: DumpPath; nextCursor?: { value: string; path: DumpPath } } | { error: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export function findToolList(data: unknown): ToolListShape {
  if (Array.isArray(data)) return { tools: data, path: [] };
  if (isObject(data)) {
    if (Array.isArray(data.tools)) return { tools: data.tools, path: ["tools"], ...cursorOf(data, []) };
    if (isObject(data.result) && Array.isArray(data.result.tools)) {
      return { tools: data.result.tools, path: ["result", "tools"], ...cursorOf(data.result, ["result"]) };
    }
    if (isObject(data.error)) {
      const message = typeof data.error.message === "string" ? `: ${data.error.message}` : "";
      return { error: `the dump is a JSON-RPC error response${message}` };
    }
  }
  return {
    error: "expected a tools/list dump: an array of tools, a `{ tools: [...] }` result or a JSON-RPC response `{ result: { tools: [...] } }`",
  };
}

/** A page's `nextCursor`: more tools were listed than the dump holds. */
function cursorOf(result: Record<string, unknown>, at: DumpPath): { nextCursor?: { value: string; path: DumpPath } } {
  const cursor = result.nextCursor;
  return typeof cursor === "string" && cursor !== "" ? { nextCursor: { value: cursor, path: [...at, "nextCursor"] } } : {};
}
