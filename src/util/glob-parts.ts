/** Segments of a glob that can hold a wildcard: `*`, `?`, `[...]`, `{a,b}` and extglobs. */
const WILDCARD = /[*?[\]{}()!+@]/;

/**
 * A glob split at its first segment with a wildcard: the literal folders before it, and the
 * segments from it on (empty for a glob without wildcards), and whether those can reach any depth (`**`).
 */
export function splitGlob(glob: string): { literal: string[]; rest: string[]; anyDepth: boolean } {
  const segments = glob.replace(/\\/g, "/").split("/");
  const first = segments.findIndex((segment) => WILDCARD.test(segment));
  const at = first === -1 ? segments.length : first;
  const rest = segments.slice(at);
  return { literal: segments.slice(0, at), rest, anyDepth: rest.some((segment) => segment.includes("**")) };
}
