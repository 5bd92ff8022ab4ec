// Owns the chaos run's randomness: one seeded generator (mulberry32), so a
// run printed with its seed can be planned again the same way.

/** A random source in [0, 1) and the few draws the run makes from it. */
export interface Random {
  (): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** One of `items`. */
  pick<T>(items: readonly T[]): T;
  /** A new generator seeded from this one (a part of the run with its own sequence). */
  fork(): Random;
}

/** A seeded generator: the same seed gives the same sequence. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (() => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Random;
  next.chance = (p) => next() < p;
  next.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  next.pick = (items) => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)] as (typeof items)[number];
  };
  next.fork = () => seededRandom(Math.floor(next() * 4294967296));
  return next;
}

/** A fresh seed for a run that was given none. */
export function newSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
