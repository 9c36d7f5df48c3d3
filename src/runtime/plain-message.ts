/**
 * Which JSON-RPC lines the runtime's stdio transport may hand on as parsed, without the SDK's
 * exported `parseJSONRPCMessage`: those that function accepts and would return unchanged,
 * decided by one cheap walk. (The SDK's router checks every message again either way.)
 */
const MESSAGE_KEYS = new Set(["jsonrpc", "id", "method", "params"]);

/**
 * A request or notification the SDK's JSON-RPC schema accepts and would copy unchanged:
 * only the four JSON-RPC keys, version "2.0", a string method, an id that is a string or
 * an integer, and params absent or a plain object (whose `_meta`, if any, is a plain object
 * with a string or integer progress token). `__proto__` keys, which the SDK strips, and
 * related-task metadata are left to the SDK.
 */
export function isPlainMessage(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key in value) if (!MESSAGE_KEYS.has(key)) return false;
  const { jsonrpc, id, method, params } = value as Record<string, unknown>;
  if (jsonrpc !== "2.0" || typeof method !== "string") return false;
  if (Object.hasOwn(value, "id") && typeof id !== "string" && !Number.isSafeInteger(id)) return false;
  if (params === undefined) return !Object.hasOwn(value, "params");
  if (!isPlainObject(params) || Object.hasOwn(params, "__proto__")) return false;
  const meta = (params as Record<string, unknown>)._meta;
  if (meta === undefined) return !Object.hasOwn(params, "_meta");
  if (!isPlainObject(meta) || Object.hasOwn(meta, "__proto__")) return false;
  const { progressToken } = meta as Record<string, unknown>;
  if (progressToken !== undefined && typeof progressToken !== "string" && !Number.isSafeInteger(progressToken)) return false;
  return !Object.hasOwn(meta, "io.modelcontextprotocol/related-task");
}

function isPlainObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}
