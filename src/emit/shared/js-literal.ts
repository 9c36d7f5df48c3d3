import type { JsonValue } from "../../spec/model.js";

/**
 * JSON as a JavaScript expression that evaluates to exactly `value`: U+2028/U+2029
 * escaped, and a `__proto__` key written as a computed key, because a plain
 * `"__proto__": x` in an object literal sets the prototype instead of a property.
 */
export function jsLiteral(value: JsonValue): string {
  return JSON.stringify(value, null, 2)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")
    .replace(/^(\s*)"__proto__": /gm, '$1["__proto__"]: ');
}
