/**
 * Type names for schema definitions. json-schema-to-typescript derives a declared
 * type's name from its `$defs` key through its own `toSafeString`; handing it keys
 * that are already in that form (and stable under it) lets us choose every name and
 * rule out collisions before it runs.
 */

/**
 * `my-address` -> `MyAddress`, `user_role` -> `UserRole`, `2fa code` -> `FaCode`:
 * the same transformation json-schema-to-typescript applies, so `typeNameFromKey(k)`
 * is a fixed point of it. Empty when nothing usable is left.
 */
export function typeNameFromKey(key: string): string {
  const name = stripAccents(key)
    .replace(/(^\s*[^a-zA-Z_$])|([^a-zA-Z_$\d])/g, " ")
    .replace(/^_[a-z]/g, (match) => match.toUpperCase())
    .replace(/_[a-z]/g, (match) => match.slice(1).toUpperCase())
    .replace(/([\d$]+[a-zA-Z])/g, (match) => match.toUpperCase())
    .replace(/\s+([a-zA-Z])/g, (match) => match.trim().toUpperCase())
    .replace(/\s/g, "")
    .replace(/^\d+/, "");
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function stripAccents(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * Picks the first of `candidates` not in `used`, else the last one with a counter,
 * and records the choice: deterministic, because callers visit keys in a fixed order.
 */
export function claimName(candidates: readonly string[], used: Set<string>): string {
  for (const candidate of candidates) {
    if (!used.has(candidate)) {
      used.add(candidate);
      return candidate;
    }
  }
  const stem = candidates[candidates.length - 1];
  let counter = 2;
  while (used.has(`${stem}${counter}`)) counter++;
  const name = `${stem}${counter}`;
  used.add(name);
  return name;
}
