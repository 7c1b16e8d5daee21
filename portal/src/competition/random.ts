// A small seeded generator for draws that tests must repeat: the same seed gives the same order.
import crypto from 'node:crypto';

/** mulberry32: 32 bits of state, uniform enough for shuffling a few dozen teams. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed for a draw nobody can predict. */
export function randomSeed(): number {
  return crypto.randomInt(0, 2 ** 32);
}

/** A Fisher–Yates shuffle of a copy of items, driven by the seed. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const next = mulberry32(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
