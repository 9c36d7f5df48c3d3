/** Seeded randomness for the generated test cases: the same seed gives the same sequence everywhere. */

/** mulberry32: small, fast, and good enough to spread test cases. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Rng = ReturnType<typeof rng>;

/**
 * The seed of a random test: its fixed default, so that every run checks the same cases,
 * unless MCP_GEN_SEED asks for another (a number replays one run, `random` draws a new one).
 */
export function testSeed(fallback: number): number {
  const asked = process.env.MCP_GEN_SEED?.trim();
  if (!asked) return fallback;
  if (asked === "random") return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(asked);
  if (!Number.isSafeInteger(seed)) throw new Error(`MCP_GEN_SEED is an integer or "random", not ${JSON.stringify(asked)}`);
  return seed;
}

/** The words every failure of a seeded test carries, so that anyone can replay it. */
export const seedNote = (seed: number): string => `(seed ${seed}; replay with MCP_GEN_SEED=${seed})`;
