// Owns the sandbox's notion of "now": the injected clock (or Date.now) plus an
// offset that tests move forward to reach checkout expiry and the shopper
// result call without waiting.

/** A clock the sandbox reads for every time-based rule. */
export interface SandboxClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Moves the clock forward by `ms` (never backwards). */
  advance(ms: number): void;
}

/** Wraps `source` (default `Date.now`) with an advanceable offset. */
export function createClock(source: () => number = Date.now): SandboxClock {
  let offset = 0;
  return {
    now: () => source() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advanceClock: ms must be a finite number of 0 or more, got ${ms}`);
      offset += ms;
    },
  };
}
