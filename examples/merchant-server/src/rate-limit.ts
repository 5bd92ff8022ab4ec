// Owns request rate limits: a token bucket per key (a client address, an
// order), so one caller polling in a loop is slowed down without holding up
// anybody else. Idle buckets are forgotten, so the table cannot grow without
// bound however many keys a caller invents.

/** How many requests a key may make at once, and how fast it earns new ones. */
export interface RateLimit {
  /** Requests allowed in a burst. */
  burst: number;
  /** Requests earned back per second. */
  perSecond: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets kept before idle ones are swept. */
const SWEEP_ABOVE = 10_000;

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #limit: RateLimit;
  readonly #now: () => number;

  constructor(limit: RateLimit, now: () => number = Date.now) {
    this.#limit = limit;
    this.#now = now;
  }

  /** Takes one request for `key`: 0 when allowed, else the milliseconds until the next one would be. */
  take(key: string): number {
    const now = this.#now();
    if (this.#buckets.size > SWEEP_ABOVE) this.#sweep(now);
    const bucket = this.#buckets.get(key) ?? { tokens: this.#limit.burst, updatedAt: now };
    bucket.tokens = Math.min(this.#limit.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.#limit.perSecond);
    bucket.updatedAt = now;
    this.#buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - bucket.tokens) / this.#limit.perSecond) * 1000);
  }

  /** Forgets buckets that have refilled: they hold nothing a new bucket would not. */
  #sweep(now: number): void {
    const fullAfterMs = (this.#limit.burst / this.#limit.perSecond) * 1000;
    for (const [key, bucket] of this.#buckets) if (now - bucket.updatedAt >= fullAfterMs) this.#buckets.delete(key);
  }
}
