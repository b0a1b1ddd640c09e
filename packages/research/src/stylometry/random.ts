/**
 * A small seeded pseudo-random generator (Mulberry32: a 32-bit state advanced by a Weyl sequence,
 * then mixed), so bootstrap results repeat exactly for a seed on any machine. Not for cryptography.
 */

/** A function returning uniform numbers in [0, 1), the same sequence for the same seed. */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The 32-bit FNV-1a hash of `text` (UTF-16 code units), its offset basis xor-ed with `seed`: stable
 * on every machine, for choosing rows by id (shards, samples) without depending on their order.
 */
export function fnv1a(text: string, seed = 0): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
