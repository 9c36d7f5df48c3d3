/**
 * `target[key] = value` for JSON data built from untrusted input: a property named
 * `__proto__` is defined as an own property, where assignment would take it for the
 * prototype. Every other key is simply assigned.
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
