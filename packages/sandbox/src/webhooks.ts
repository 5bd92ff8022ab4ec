// Owns the webhook notifications the sandbox sends, as the real gateway does:
// one encrypted POST (AES-256-GCM, hex body, IV and tag in headers) per
// notification per endpoint, delivered at least once with bounded retries,
// and the test faults (duplicates, delays, reordering, failed first attempts)
// with a count of everything that happened. Delivery runs on real time, not
// the sandbox clock; it only ever calls loopback hosts.

import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { sealWebhook } from '@wpwl/gateway-spec/webhook-cipher';
import type { WebhookEndpoint, WebhookFaults } from './webhook-options.js';

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

/** Encrypts a notification for one key: hex ciphertext, IV (12 random bytes) and tag (16 bytes), as the gateway does. */
export function encryptNotification(plaintext: string, keyHex: string): { body: string; iv: string; tag: string } {
  return sealWebhook(plaintext, keyHex);
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
