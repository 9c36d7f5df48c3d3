/** Deep equality of JSON-like data that also requires the same key order and tells -0 from 0. */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  return firstDifference(a, b, []) === undefined;
}

/** The path of the first place where `b` differs from `a`, or undefined when they are the same. */
export function firstDifference(a: unknown, b: unknown, path: Array<string | number>): Array<string | number> | undefined {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return Object.is(a, b) ? undefined : path;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return path;
    for (let i = 0; i < a.length; i++) {
      const diff = firstDifference(a[i], other[i], [...path, i]);
      if (diff) return diff;
    }
    return undefined;
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length || keysA.some((k, i) => k !== keysB[i])) return path;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return path;
  for (const key of keysA) {
    const diff = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], [...path, key]);
    if (diff) return diff;
  }
  return undefined;
}
