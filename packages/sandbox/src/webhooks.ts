// Owns the webhook notifications the sandbox sends, as the real gateway does:
// one encrypted POST (AES-256-GCM, hex body, IV and tag in headers) per
// notification per endpoint, delivered at least once with bounded retries,
// and the test faults (duplicates, delays, reordering, failed first attempts)
// with a count of everything that happened. Delivery runs on real time, not
// the sandbox clock; it only ever calls loopback hosts.

import { createCipheriv, randomBytes } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isLoopbackUrl } from './shopper-callback.js';

/** An endpoint the sandbox sends notifications to: the merchant's URL and the webhook's secret key. */
export interface WebhookEndpoint {
  /** `http:` or `https:` URL on a loopback host (`localhost`, `127.0.0.0/8`, `[::1]`). */
  url: string;
  /** The secret key as 64 hexadecimal characters (32 bytes, AES-256). */
  key: string;
}

/** Faults for tests of a merchant's webhook handling; each one applied is counted in {@link WebhookStats}. */
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

/** What the webhook sender has done since the sandbox started. */
export interface WebhookStats {
  /** Notifications created, once per endpoint. */
  notifications: number;
  /** POST requests made (first attempts, retries and duplicates). */
  attempts: number;
  /** Deliveries (originals and duplicates) ended by a 2xx answer. */
  delivered: number;
  /** Attempts that were retries of a failed one. */
  retried: number;
  /** Deliveries given up after the last attempt of the schedule. */
  failed: number;
  /** Deliveries stopped by `close()` before they ended. */
  dropped: number;
  /** Notifications sent a second time (fault `duplicate`). */
  duplicated: number;
  /** Notifications held before their first attempt (fault `delayMs`). */
  delayed: number;
  /** Notifications sent in reverse order within a batch of two or more (fault `reorder`). */
  reordered: number;
  /** Attempts whose answer was counted as a failure (fault `failFirst`). */
  failedFirst: number;
  /** Deliveries not ended yet (held, waiting for a retry or in flight). */
  pending: number;
}

/** What a notification says, before encryption. */
export interface WebhookNotification {
  type: 'PAYMENT' | 'REGISTRATION';
  /** Registrations only. */
  action?: 'CREATED' | 'DELETED';
  payload: Record<string, unknown>;
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

/** Encrypts a notification for one key: hex ciphertext, IV (12 random bytes) and tag (16 bytes). */
export function encryptNotification(plaintext: string, keyHex: string): { body: string; iv: string; tag: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('hex');
  return { body, iv: iv.toString('hex'), tag: cipher.getAuthTag().toString('hex') };
}

interface Delivery {
  endpoint: WebhookEndpoint;
  label: string;
  plaintext: string;
  /** Attempts made so far. */
  attempt: number;
  duplicate: boolean;
  timer?: NodeJS.Timeout | undefined;
  request?: ClientRequest | undefined;
  /** Called once when the first attempt has ended (reorder sends a batch one after another). */
  afterFirstAttempt?: (() => void) | undefined;
}

interface SenderOptions {
  endpoints: WebhookEndpoint[];
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  faults: WebhookFaults;
  log: (line: string) => void;
}

/** Sends notifications to the configured endpoints; see the README's Webhooks section. */
export class WebhookSender {
  private readonly active = new Set<Delivery>();
  private readonly settledWaiters = new Set<() => void>();
  private reorderBatch: Delivery[] = [];
  private reorderTimer: NodeJS.Timeout | undefined;
  private faults: WebhookFaults;
  private closed = false;
  private readonly counts: Omit<WebhookStats, 'pending'> = {
    notifications: 0,
    attempts: 0,
    delivered: 0,
    retried: 0,
    failed: 0,
    dropped: 0,
    duplicated: 0,
    delayed: 0,
    reordered: 0,
    failedFirst: 0,
  };

  constructor(private readonly options: SenderOptions) {
    this.faults = options.faults;
  }

  /** Where notifications from now on go (deliveries under way keep their endpoint). */
  setEndpoints(endpoints: WebhookEndpoint[]): void {
    this.options.endpoints = endpoints;
  }

  /** True when there is at least one endpoint. */
  get enabled(): boolean {
    return this.options.endpoints.length > 0;
  }

  setFaults(faults: WebhookFaults): void {
    this.faults = faults;
  }

  stats(): WebhookStats {
    return { ...this.counts, pending: this.active.size };
  }

  /** Resolves once nothing is pending; rejects after `timeoutMs` when given. */
  settled(timeoutMs?: number): Promise<void> {
    if (this.active.size === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        this.settledWaiters.delete(done);
        resolve();
      };
      this.settledWaiters.add(done);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.settledWaiters.delete(done);
          reject(new Error(`webhooksSettled: ${this.active.size} notification(s) still pending after ${timeoutMs} ms`));
        }, timeoutMs);
        timer.unref();
      }
    });
  }

  /** Queues one notification to every endpoint. */
  notify(notification: WebhookNotification): void {
    if (this.closed || !this.enabled) return;
    const plaintext = JSON.stringify(notification);
    const id = typeof notification.payload.id === 'string' ? notification.payload.id : '?';
    const label = `${notification.type}${notification.action ? ` ${notification.action}` : ''} ${id}`;
    for (const endpoint of this.options.endpoints) {
      this.counts.notifications++;
      const delivery: Delivery = { endpoint, label, plaintext, attempt: 0, duplicate: false };
      this.active.add(delivery);
      if (this.faults.reorder) this.holdForReorder(delivery);
      else this.start(delivery);
    }
  }

  private random(): number {
    return (this.faults.random ?? Math.random)();
  }

  private holdForReorder(delivery: Delivery): void {
    this.reorderBatch.push(delivery);
    if (this.reorderTimer) return;
    this.reorderTimer = setTimeout(() => {
      this.reorderTimer = undefined;
      const batch = this.reorderBatch.reverse();
      this.reorderBatch = [];
      if (batch.length >= 2) this.counts.reordered += batch.length;
      // One after another, so they arrive in the order sent.
      const next = (i: number) => {
        const delivery = batch[i];
        if (!delivery || this.closed) return;
        delivery.afterFirstAttempt = () => next(i + 1);
        this.start(delivery);
      };
      next(0);
    }, this.faults.reorderWindowMs ?? 200);
    this.reorderTimer.unref();
  }

  /** The first attempt, after the `delayMs` fault if any. */
  private start(delivery: Delivery): void {
    const delay = this.faults.delayMs;
    let wait = 0;
    if (typeof delay === 'number') wait = delay;
    else if (delay) wait = delay[0] + this.random() * (delay[1] - delay[0]);
    if (wait > 0 && !delivery.duplicate) this.counts.delayed++;
    this.schedule(delivery, delivery.duplicate ? 0 : wait);
  }

  private schedule(delivery: Delivery, waitMs: number): void {
    delivery.timer = setTimeout(() => {
      delivery.timer = undefined;
      this.attempt(delivery);
    }, waitMs);
    delivery.timer.unref();
  }

  private attempt(delivery: Delivery): void {
    if (this.closed) return;
    delivery.attempt++;
    const attempt = delivery.attempt;
    this.counts.attempts++;
    if (attempt > 1 && !delivery.duplicate) this.counts.retried++;
    const { url, key } = delivery.endpoint;
    const encrypted = encryptNotification(delivery.plaintext, key);
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let ended = false;
    const end = (status: number | undefined, error?: string) => {
      if (ended) return;
      ended = true;
      clearTimeout(timeout);
      delivery.request = undefined;
      if (!this.closed) this.attempted(delivery, status, error);
    };
    const req = send(target, {
      method: 'POST',
      agent: false,
      headers: {
        'Content-Type': 'text/plain',
        'Content-Length': Buffer.byteLength(encrypted.body),
        'X-Initialization-Vector': encrypted.iv,
        'X-Authentication-Tag': encrypted.tag,
      },
    });
    delivery.request = req;
    const timeout = setTimeout(() => req.destroy(new Error(`timed out after ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
    timeout.unref();
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => end(res.statusCode));
      res.on('error', (error) => end(undefined, error.message));
    });
    req.on('error', (error) => end(undefined, error.message));
    req.on('close', () => end(undefined, 'connection closed before the answer ended'));
    req.end(encrypted.body);
  }

  private attempted(delivery: Delivery, status: number | undefined, error: string | undefined): void {
    const attempt = delivery.attempt;
    const outcome = status === undefined ? `failed: ${error ?? 'no answer'}` : String(status);
    const where = `webhook ${delivery.label} -> ${delivery.endpoint.url} ${outcome}`;
    const failFirst = delivery.duplicate ? 0 : (this.faults.failFirst ?? 0);
    const forced = attempt <= failFirst;
    if (forced) this.counts.failedFirst++;
    const ok = status !== undefined && status >= 200 && status < 300 && !forced;
    const note = `${delivery.duplicate ? ', duplicate' : ''}${forced ? ', counted as failed (failFirst)' : ''}`;
    const first = attempt === 1 ? delivery.afterFirstAttempt : undefined;
    if (ok) {
      this.options.log(`${where} (attempt ${attempt}${note})`);
      this.counts.delivered++;
      // The copy is pending before the original ends, so webhooksSettled waits for it.
      if (!delivery.duplicate && (this.faults.duplicate ?? 0) > 0 && this.random() < (this.faults.duplicate ?? 0)) {
        this.counts.duplicated++;
        const copy: Delivery = {
          ...delivery,
          attempt: 0,
          duplicate: true,
          timer: undefined,
          request: undefined,
          afterFirstAttempt: undefined,
        };
        this.active.add(copy);
        this.start(copy);
      }
      this.finish(delivery);
    } else {
      const retryIn = this.options.retryDelaysMs[attempt - 1];
      if (retryIn === undefined) {
        this.options.log(`${where} (attempt ${attempt}${note}; given up)`);
        this.counts.failed++;
        this.finish(delivery);
      } else {
        this.options.log(`${where} (attempt ${attempt}${note}; retry in ${retryIn} ms)`);
        this.schedule(delivery, retryIn);
      }
    }
    first?.();
  }

  private finish(delivery: Delivery): void {
    this.active.delete(delivery);
    if (this.active.size === 0) for (const done of [...this.settledWaiters]) done();
  }

  /** Stops every timer and aborts deliveries in flight; what was pending counts as dropped. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.reorderTimer);
    this.reorderBatch = [];
    for (const delivery of this.active) {
      clearTimeout(delivery.timer);
      delivery.request?.destroy();
    }
    this.counts.dropped += this.active.size;
    this.active.clear();
    for (const done of [...this.settledWaiters]) done();
  }
}
