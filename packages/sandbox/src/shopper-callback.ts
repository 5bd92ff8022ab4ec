// Owns the interface's "unread payment" rule: when a submitted payment's
// status has not been read for 29 minutes, the gateway sends
// GET {shopperResultUrl}?resourcePath=… so the merchant reads it. The sandbox
// only calls loopback hosts, once per submission, with a short timeout.

import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** 29 minutes, from the interface's limits table. */
export const UNREAD_CALLBACK_DELAY_MS = 29 * 60 * 1000;
const CALL_TIMEOUT_MS = 5000;

/** One submission the rule watches. */
export interface WatchedSubmission {
  /** Id sent as `id` (the checkout id). */
  id: string;
  /** Sent as `resourcePath`, e.g. `/v1/checkouts/{id}/payment`. */
  resourcePath: string;
  /** The shopper result URL to call. */
  url: string;
  submittedAt: number;
  /** True once the merchant has read the status; no call is made then. */
  isRead(): boolean;
}

/** True for localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackUrl(value: string): boolean {
  try {
    const { hostname, protocol } = new URL(value);
    if (protocol !== 'http:' && protocol !== 'https:') return false;
    return hostname === 'localhost' || hostname === '[::1]' || /^127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$/.test(hostname);
  } catch {
    return false;
  }
}

/** Watches submissions and makes the 29-minute call; {@link check} runs on a timer and after clock jumps. */
export class UnreadPaymentNotifier {
  private readonly watched = new Set<WatchedSubmission>();
  private readonly inFlight = new Set<{ destroy(): void }>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly now: () => number,
    private readonly log: (line: string) => void,
    pollMs = 1000,
  ) {
    this.timer = setInterval(() => this.check(), pollMs);
    this.timer.unref();
  }

  /** Starts watching; a non-loopback URL is skipped (the sandbox never calls out). */
  watch(submission: WatchedSubmission): void {
    if (!isLoopbackUrl(submission.url)) {
      this.log(`shopper result call skipped: ${submission.url} is not a loopback address`);
      return;
    }
    this.watched.add(submission);
  }

  /** Makes every call that is due now. */
  check(): void {
    const now = this.now();
    for (const submission of this.watched) {
      if (submission.isRead()) {
        this.watched.delete(submission);
      } else if (now - submission.submittedAt >= UNREAD_CALLBACK_DELAY_MS) {
        this.watched.delete(submission);
        this.call(submission);
      }
    }
  }

  private call(submission: WatchedSubmission): void {
    const target = new URL(submission.url);
    target.searchParams.set('id', submission.id);
    target.searchParams.set('resourcePath', submission.resourcePath);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: 'GET', timeout: CALL_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => this.inFlight.delete(req));
      this.log(`shopper result call GET ${target.href} -> ${res.statusCode}`);
    });
    this.inFlight.add(req);
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => {
      this.inFlight.delete(req);
      this.log(`shopper result call GET ${target.href} failed: ${error.message}`);
    });
    req.end();
  }

  /** Stops the timer and aborts calls in flight. */
  close(): void {
    clearInterval(this.timer);
    this.watched.clear();
    for (const req of this.inFlight) req.destroy();
    this.inFlight.clear();
  }
}
