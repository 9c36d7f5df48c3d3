/**
 * A call's arguments as plain JSON data, within the size limit. Parsers upstream may have
 * turned a `"__proto__"` key into an object's prototype, whose properties a handler would
 * read without any validator seeing them as the arguments' own; and BigInts, functions,
 * cycles or absurd depth are not JSON at all. Arguments that already are plain data (what
 * `JSON.parse` builds, which is what every transport delivers) are used as they are, after
 * one walk that also bounds their size; anything else goes through a JSON round trip, which
 * keeps exactly the own, enumerable data.
 */
export type PlainArguments = { value: unknown } | { notJson: true } | { tooLarge: number };

const NOT_JSON = { notJson: true } as const;
/** Deeper or bigger arguments are left to `JSON.stringify`, which knows its own limits (and shared subtrees cannot make the walk explode). */
const MAX_WALK_DEPTH = 64;
const MAX_WALK_VALUES = 10_000;

export function plainArguments(value: unknown, maxBytes: number | undefined): PlainArguments {
  const bound = plainSizeBound(value, 0, { left: MAX_WALK_VALUES });
  if (bound !== undefined && (maxBytes === undefined || bound <= maxBytes)) return { value };
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return NOT_JSON;
  }
  if (json === undefined) return NOT_JSON;
  // A UTF-16 code unit takes at most 3 bytes in UTF-8: short text needs no exact count.
  if (maxBytes !== undefined && json.length * 3 > maxBytes) {
    const size = utf8Length(json);
    if (size > maxBytes) return { tooLarge: size };
  }
  return { value: bound === undefined ? JSON.parse(json) : value };
}

/**
 * An upper bound of the UTF-8 bytes of `value` as JSON when it is plain JSON data (objects
 * whose prototype is Object.prototype, dense arrays, strings, finite numbers, booleans,
 * null); `undefined` otherwise. Every string counts 6 bytes per UTF-16 unit (`\uXXXX`).
 */
export function plainSizeBound(value: unknown, depth: number, budget: { left: number }): number | undefined {
  if (--budget.left < 0) return undefined;
  switch (typeof value) {
    case "string":
      return 2 + 6 * value.length;
    case "number":
      return Number.isFinite(value) ? 24 : undefined;
    case "boolean":
      return 5;
    case "object": {
      if (value === null) return 4;
      if (depth >= MAX_WALK_DEPTH) return undefined;
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return undefined;
        let size = 2 + value.length;
        for (let i = 0; i < value.length; i++) {
          if (!Object.hasOwn(value, i)) return undefined;
          const item = plainSizeBound(value[i], depth + 1, budget);
          if (item === undefined) return undefined;
          size += item;
        }
        return size;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
      let size = 2;
      for (const key in value) {
        // An enumerable property inherited from Object.prototype (pollution) is not the arguments' own.
        if (!Object.hasOwn(value, key)) return undefined;
        const item = plainSizeBound((value as Record<string, unknown>)[key], depth + 1, budget);
        if (item === undefined) return undefined;
        size += 4 + 6 * key.length + item;
      }
      return size;
    }
    default:
      return undefined;
  }
}

/** The UTF-8 length of `text`, without Node's Buffer (the runtime also runs on Workers). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}
