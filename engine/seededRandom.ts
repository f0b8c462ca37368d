/**
 * A small deterministic pseudo-random generator (mulberry32, Tommy Ettinger's 32-bit mixer):
 * uniform numbers in [0, 1) from a seed. The engine uses it where a method needs reproducible
 * "random" starts (decline.fit's multistart), so the same call always answers the same; the
 * tests use it for their seeded property cases.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
