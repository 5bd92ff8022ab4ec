// Owns request throttling: a sliding window per operation, read from the
// sandbox clock, so a test can both trip and outwait a limit.

/** A limit of `limit` requests per `windowMs` milliseconds. */
export interface ThrottleLimit {
  limit: number;
  windowMs: number;
}

/** The throttleable operations of the sandbox. */
export type SandboxOperation =
  | 'checkout'
  | 'checkoutStatus'
  | 'checkoutPayment'
  | 'registrationStatus'
  | 'registration'
  | 'payment'
  | 'paymentStatus'
  | 'reference'
  | 'widgetSession';

const OPERATIONS: readonly SandboxOperation[] = [
  'checkout',
  'checkoutStatus',
  'checkoutPayment',
  'registrationStatus',
  'registration',
  'payment',
  'paymentStatus',
  'reference',
  'widgetSession',
];

/** Limits per operation; an operation without an entry is not throttled. */
export type ThrottleConfig = Partial<Record<SandboxOperation, ThrottleLimit>>;

/** Counts requests per operation and says when one is over its limit. */
export class Throttle {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleConfig,
    private readonly now: () => number,
  ) {
    for (const [operation, limit] of Object.entries(limits)) {
      if (!OPERATIONS.includes(operation as SandboxOperation)) {
        throw new RangeError(`throttle.${operation} is not an operation; use one of ${OPERATIONS.join(', ')}`);
      }
      if (!limit) continue;
      if (!Number.isInteger(limit.limit) || limit.limit < 0 || !(limit.windowMs > 0)) {
        throw new RangeError(`throttle.${operation} must have an integer limit >= 0 and a windowMs > 0`);
      }
    }
  }

  /** Records a request; returns the milliseconds to wait when it is over the limit, else 0. */
  take(operation: string): number {
    const limit = this.limits[operation as SandboxOperation];
    if (!limit) return 0;
    const now = this.now();
    const recent = (this.hits.get(operation) ?? []).filter((at) => at > now - limit.windowMs);
    if (recent.length >= limit.limit) {
      this.hits.set(operation, recent);
      const oldest = recent[0] ?? now;
      return Math.max(1, oldest + limit.windowMs - now);
    }
    recent.push(now);
    this.hits.set(operation, recent);
    return 0;
  }
}
