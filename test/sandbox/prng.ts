import type { Hex } from 'viem';

/**
 * Seeded randomness (mulberry32). Every draw the sandbox makes (pools, holders,
 * shuffles, fault decisions, tx hashes) comes from here, so a given seed
 * reproduces a run exactly; Math.random would make failures unrepeatable.
 */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  hex(bytes: number): Hex;
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number): number => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)] as (typeof items)[number];
    },
    hex: (bytes) => {
      let out = '0x';
      for (let i = 0; i < bytes; i += 1) out += int(256).toString(16).padStart(2, '0');
      return out as Hex;
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
  };
}

/**
 * A seed derived from the run seed and a key (FNV-1a), for fixtures that must not
 * depend on the order in which they are first requested (pools per chain,
 * holders per token).
 */
export function derivedSeed(seed: number, ...parts: (string | number)[]): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (const char of parts.join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
