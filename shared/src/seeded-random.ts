/**
 * A deterministic random generator (mulberry32): small, fast, and the same sequence on every machine,
 * so seeded data (the demo catalogue, the bench and browser-test catalogues) and seeded algorithms
 * (community detection on every replica) come out the same each time. Returns numbers in [0, 1).
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
