// Owns the webhook settings startSandbox takes (and setWebhooks and
// setWebhookFaults change): the endpoints with their keys, the retry schedule,
// the attempt timeout and the test faults, their defaults, and the checks that
// turn what a caller passed into them, throwing a TypeError that names the
// option and the rule.

import { isLoopbackUrl } from './shopper-callback.js';

/** An endpoint the sandbox sends notifications to: the merchant's URL and the webhook's secret key. */
export interface WebhookEndpoint {
  /** `http:` or `https:` URL on a loopback host (`localhost`, `127.0.0.0/8`, `[::1]`). */
  url: string;
  /** The secret key as 64 hexadecimal characters (32 bytes, AES-256). */
  key: string;
}

/** Faults for tests of a merchant's webhook handling; each one applied is counted in the sandbox's `webhookStats()`. */
export interface WebhookFaults {
  /** Probability (0..1) that a delivered notification is sent a second time, at once. */
  duplicate?: number;
  /** Hold each notification this long (ms, or a random time in `[min, max]`) before its first attempt. */
  delayMs?: number | readonly [min: number, max: number];
  /** Hold notifications for {@link WebhookFaults.reorderWindowMs} and send each batch in reverse order, one after another. */
  reorder?: boolean;
  /** The window `reorder` collects notifications in; default 200 ms. */
  reorderWindowMs?: number;
  /**
   * The first N attempts of each notification are sent, but their answer is
   * ignored and counted as a failure, so the merchant sees the notification
   * again on a retry although it answered 2xx.
   */
  failFirst?: number;
  /** Source of randomness for `duplicate` and `delayMs` (seed it for repeatable runs); default `Math.random`. */
  random?: () => number;
}

/**
 * When a failed attempt is tried again: after 1 s, 2 s, 4 s, 8 s, 16 s, 32 s,
 * 1 min, 2 min and 5 min (10 attempts over about 9 minutes), then given up.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = Object.freeze([
  1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 120_000, 300_000,
]);

/** How long one attempt may take, answer included, before it counts as failed. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;

const KEY_PATTERN = /^[0-9a-fA-F]{64}$/;

/** The endpoints as given to startSandbox, checked; throws a TypeError naming the option and the rule. */
export function checkWebhookEndpoints(endpoints: unknown, caller = 'startSandbox: webhooks'): WebhookEndpoint[] {
  if (endpoints === undefined) return [];
  if (!Array.isArray(endpoints)) throw new TypeError(`${caller} must be an array of { url, key }`);
  return endpoints.map((endpoint: unknown, i) => {
    const name = `${caller}[${i}]`;
    if (typeof endpoint !== 'object' || endpoint === null) throw new TypeError(`${name} must be an object { url, key }`);
    const { url, key } = endpoint as Record<string, unknown>;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new TypeError(`${name}.key must be 64 hexadecimal characters (the 32-byte AES-256 key)`);
    }
    let parsed: URL;
    try {
      parsed = new URL(typeof url === 'string' ? url : '');
    } catch {
      throw new TypeError(`${name}.url must be an absolute http(s) URL, got ${JSON.stringify(url)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new TypeError(`${name}.url must be an http(s) URL, got ${JSON.stringify(url)}`);
    }
    if (!isLoopbackUrl(parsed.href)) {
      throw new TypeError(
        `${name}.url must be on a loopback host (localhost, 127.0.0.0/8 or [::1]): the sandbox never calls out, got ${parsed.host}`,
      );
    }
    return { url: parsed.href, key: key.toLowerCase() };
  });
}

/** The retry delays as given, checked. */
export function checkRetryDelays(delays: unknown): readonly number[] {
  if (delays === undefined) return DEFAULT_WEBHOOK_RETRY_DELAYS_MS;
  if (!Array.isArray(delays) || delays.some((d) => typeof d !== 'number' || !Number.isFinite(d) || d < 0)) {
    throw new TypeError('startSandbox: webhookRetryDelaysMs must be an array of finite numbers of 0 or more (ms before each retry)');
  }
  return [...(delays as number[])];
}

/** A timeout in ms, checked. */
export function checkTimeout(timeoutMs: unknown): number {
  if (timeoutMs === undefined) return DEFAULT_WEBHOOK_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError('startSandbox: webhookTimeoutMs must be a finite number of ms greater than 0');
  }
  return timeoutMs;
}

/** The faults as given, checked; `null` or `undefined` means none. */
export function checkWebhookFaults(faults: unknown, where: string): WebhookFaults {
  if (faults === undefined || faults === null) return {};
  if (typeof faults !== 'object') throw new TypeError(`${where} must be an object or null`);
  const f = faults as Record<string, unknown>;
  const probability = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 1;
  const ms = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  if (f.duplicate !== undefined && !probability(f.duplicate)) throw new TypeError(`${where}.duplicate must be a probability from 0 to 1`);
  if (f.delayMs !== undefined) {
    const range =
      Array.isArray(f.delayMs) && f.delayMs.length === 2 && ms(f.delayMs[0]) && ms(f.delayMs[1]) && f.delayMs[0] <= f.delayMs[1];
    if (!ms(f.delayMs) && !range) throw new TypeError(`${where}.delayMs must be ms of 0 or more, or a range [min, max] with min <= max`);
  }
  if (f.reorder !== undefined && typeof f.reorder !== 'boolean') throw new TypeError(`${where}.reorder must be a boolean`);
  if (f.reorderWindowMs !== undefined && !ms(f.reorderWindowMs)) throw new TypeError(`${where}.reorderWindowMs must be ms of 0 or more`);
  if (f.failFirst !== undefined && !(Number.isInteger(f.failFirst) && (f.failFirst as number) >= 0)) {
    throw new TypeError(`${where}.failFirst must be a whole number of 0 or more`);
  }
  if (f.random !== undefined && typeof f.random !== 'function') throw new TypeError(`${where}.random must be a function returning [0, 1)`);
  return { ...(faults as WebhookFaults) };
}
