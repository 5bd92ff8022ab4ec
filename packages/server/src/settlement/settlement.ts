// Owns an order's payment lifecycle from the merchant's side: one payable
// checkout per cart (across instances), settling from the three channels the
// gateway offers (the shopper's status read, a webhook, the gateway's own
// 29-minute call) by one rule set (rules.ts), the re-checks of uncertain and
// lapsed orders within the gateway's throttling, and the notifications kept
// when they cannot be placed. Framework-free: routes call it.
import { randomUUID } from 'node:crypto';
import type { GatewayClient } from '../client.js';
import { isWpwlServerError } from '../errors.js';
import { readPaymentResult, type PaymentResult } from '../response.js';
import type { WebhookNotification } from '../webhook.js';
import { CHARGED_STATES, FINAL_STATES, openOrder, type NewOrder, type SettlementChannel, type SettlementOrder } from './order.js';
import { applyFollowUp, applyLapse, applyReading, readFollowUp, readPayment, type FollowUpNotice, type PaymentReading } from './rules.js';
import { SettlementStoreError, type OrderKey, type SettlementStore } from './store.js';

/** Options of {@link createSettlement}. */
export interface SettlementOptions {
  store: SettlementStore;
  /** The gateway client (only its status read is used here). */
  gateway: Pick<GatewayClient, 'getPaymentStatus'>;
  /** Longest one status read waits, the client's retries included. Default 8000 ms. */
  statusReadDeadlineMs?: number;
  /** How long a read of an order that may still change is reused before the gateway is asked again. Default 3000 ms. */
  readReuseMs?: number;
  /** First re-check of an uncertain order; each later one waits twice as long. Default 10 s. */
  recheckAfterMs?: number;
  /** Longest wait between re-checks. Default 15 minutes. */
  maxRecheckIntervalMs?: number;
  /**
   * An order still open this long after its checkout expired is read once
   * more: a payment whose result page never ran, whose webhooks were lost and
   * whose 29-minute call did not arrive is still found. Default 2 minutes.
   */
  lapseCheckAfterMs?: number;
  /** Longest a checkout request waits for another request of the same cart. Default 15 s. */
  cartWaitMs?: number;
  /**
   * Told after a payment reading changed an order (e.g. to keep a card the
   * shopper saved with a paid order, or to ship it). At least once: until it
   * returns, it is told again on the payment's next notification or by a
   * re-check (then with the payment read from the gateway), also after this
   * process ended in between; so it must do its work once per order (key it
   * by `order.orderId` and `order.state`).
   */
  onSettled?: (order: SettlementOrder, payment: PaymentResult, channel: SettlementChannel) => void | Promise<void>;
  /** Where notes go (kept notifications, contradictions). Default `console.error`. */
  log?: (line: string) => void;
  /** The clock. */
  now?: () => Date;
}

/** What {@link Settlement.openCheckout} is asked. */
export interface OpenCheckoutRequest {
  /** The storefront's cart: one payable checkout per cart. Without it every call prepares a new checkout. */
  cartKey?: string;
  /** What the cart holds now (any text): an open checkout is handed out again only for the same fingerprint. */
  cartFingerprint?: string;
  /** Two-decimal string: what the checkout charges. */
  amount: string;
  currency: string;
  /** e.g. `DB`; the payment is verified against it. */
  paymentType: string;
  /** The checkout id the shopper asks to replace (it expired, or they want more time). */
  renew?: string;
  /** An open checkout is handed out again only with this much time left. Default 5 minutes. */
  reuseMinLeftMs?: number;
  /** The checkout's lifetime at the gateway. Default 30 minutes. */
  lifetimeMs?: number;
  /** Prepares the gateway checkout for the new order (send `orderId` as merchantTransactionId). */
  prepare: (orderId: string) => Promise<{ id: string; integrity?: string }>;
  /** The merchant's own data for the order. */
  details?: Record<string, unknown>;
}

/** What {@link Settlement.openCheckout} answers. */
export type OpenCheckoutResult =
  /** A new checkout for the cart (`integrity` as the gateway gave it). */
  | { kind: 'created'; order: SettlementOrder; integrity?: string }
  /** The cart's open checkout, handed out again. */
  | { kind: 'reused'; order: SettlementOrder }
  /** The cart was paid by `order`: no new checkout. */
  | { kind: 'cartPaid'; order: SettlementOrder }
  /** A payment of the cart is being confirmed: no new checkout until it is final. */
  | { kind: 'paymentUncertain'; order: SettlementOrder }
  /**
   * The cart holds more open checkouts than are read before another goes out
   * ({@link MAX_OPEN_CHECKOUTS_PER_CART}): any of them may have been paid in a
   * tab still open, so no new one until they are paid or expire. `order` is the oldest.
   */
  | { kind: 'tooManyOpen'; order: SettlementOrder };

/** What a webhook notification did. */
export type WebhookOutcome =
  | { kind: 'settled'; order: SettlementOrder }
  | { kind: 'unchanged'; order: SettlementOrder }
  /** Kept for later or for a person (`reason`), answered 2xx all the same. */
  | { kind: 'kept'; reason: string }
  /** Not about payments (registrations, schedules, risk checks): nothing to settle. */
  | { kind: 'ignored' };

/** What one {@link Settlement.recheck} run did. */
export interface RecheckReport {
  /** Orders read. */
  checked: number;
  /** Orders whose state changed. */
  changed: number;
  /** Orders still uncertain afterwards. */
  uncertain: number;
  /** Reads that failed (rescheduled). */
  failed: number;
  /** The gateway throttled: the run stopped early. */
  throttled: boolean;
}

/** The settlement of one shop's orders. */
export interface Settlement {
  readonly store: SettlementStore;
  /** A checkout for a cart: the open one again, a refusal (paid, or a payment being confirmed), or a new one. */
  openCheckout(request: OpenCheckoutRequest): Promise<OpenCheckoutResult>;
  /**
   * The order of `checkoutId`, settled from a status read when its outcome is
   * not final yet (reads in flight are shared; a recent read is reused unless
   * `fresh`). Undefined when no order has this checkout.
   */
  readStatus(checkoutId: string, options?: { channel?: SettlementChannel; fresh?: boolean }): Promise<SettlementOrder | undefined>;
  /** Settles from an authentic webhook notification; keeps what it cannot place. */
  settleFromWebhook(notification: WebhookNotification): Promise<WebhookOutcome>;
  /** Keeps an authentic notification that could not be read (`reason` from the decryption error). */
  keepUnreadable(reason: string, body: unknown): Promise<void>;
  /**
   * Marks an order due for a read now (kept in the store: a re-check reads it
   * even if this process stops), unless its outcome is final. For the
   * gateway's own call to the shopper result URL, which it makes once.
   */
  scheduleCheck(checkoutId: string): Promise<SettlementOrder | undefined>;
  /** Reads the orders that are due (uncertain ones, lapsed open ones), at most `limit` per run (default 50). */
  recheck(options?: { limit?: number }): Promise<RecheckReport>;
  find(key: OrderKey): Promise<SettlementOrder | undefined>;
}

const MINUTE = 60_000;

/**
 * The most open checkouts one cart may hold when another is asked for: each is
 * read from the gateway before a new one goes out (any may have been paid in a
 * tab still open), so this bounds the reads one request makes.
 */
export const MAX_OPEN_CHECKOUTS_PER_CART = 10;

/** "invalid or missing parameter": what the gateway answers a status read of a checkout id it no longer knows. */
const CHECKOUT_UNKNOWN_CODE = '200.300.404';

/**
 * Creates the settlement over a store and the gateway.
 *
 * @example
 * const settlement = createSettlement({ store, gateway: createGatewayClient({ baseUrl, accessToken, entityId }) });
 * // It rejects while the database is away: catch it, or the unhandled rejection ends the process.
 * setInterval(() => settlement.recheck().catch((error) => console.error(error)), 30_000);
 */
export function createSettlement(options: SettlementOptions): Settlement {
  const { store, gateway } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.error(`wpwl settlement: ${line}`));
  const deadlineMs = options.statusReadDeadlineMs ?? 8000;
  const reuseMs = options.readReuseMs ?? 3000;
  const recheckAfterMs = options.recheckAfterMs ?? 10_000;
  const maxIntervalMs = options.maxRecheckIntervalMs ?? 15 * MINUTE;
  const lapseAfterMs = options.lapseCheckAfterMs ?? 2 * MINUTE;
  const cartWaitMs = options.cartWaitMs ?? 15_000;
  const readsInFlight = new Map<string, Promise<SettlementOrder>>();
  const lastReadAt = new Map<string, number>();

  const backoff = (checks: number) => Math.min(recheckAfterMs * 2 ** Math.min(checks, 20), maxIntervalMs);

  /** The order's next re-check after a reading left it as it is (sooner while `onSettled` is due). */
  function scheduled(order: SettlementOrder, at: Date): SettlementOrder {
    let nextCheckAt: Date | undefined;
    if (order.state === 'uncertain') nextCheckAt = new Date(at.getTime() + backoff(order.checks));
    else if (order.state === 'open')
      nextCheckAt = new Date(Math.max(order.expiresAt.getTime() + lapseAfterMs, at.getTime() + backoff(order.checks)));
    if (order.settledHookDue) {
      const hookAgainAt = at.getTime() + recheckAfterMs;
      if (!nextCheckAt || nextCheckAt.getTime() > hookAgainAt) nextCheckAt = new Date(hookAgainAt);
    }
    return { ...order, nextCheckAt };
  }

  /** Tells `onSettled` of the order's latest change, then marks it told. */
  async function tellSettled(order: SettlementOrder, payment: PaymentResult, channel: SettlementChannel): Promise<SettlementOrder> {
    await options.onSettled?.(order, payment, channel);
    return update(order.checkoutId, (current) => {
      if (!current.settledHookDue) return undefined;
      const { settledHookDue: _told, ...told } = current;
      return scheduled(told, now());
    });
  }

  /** Runs an update, once more if two orders of one cart were charged at the same moment. */
  async function update(checkoutId: string, change: Parameters<SettlementStore['update']>[1]): Promise<SettlementOrder> {
    try {
      return await store.update(checkoutId, change);
    } catch (error) {
      if (!(error instanceof SettlementStoreError) || error.code !== 'CART_CONFLICT') throw error;
      return store.update(checkoutId, change);
    }
  }

  /** Applies a payment reading; a charge then places the follow-ups that waited for it. */
  async function settleWith(
    order: SettlementOrder,
    reading: PaymentReading,
    payment: PaymentResult,
    channel: SettlementChannel,
    counted: boolean,
  ): Promise<SettlementOrder> {
    let changed = false;
    const at = now();
    // Only the gateway's word that the checkout holds no payment closes a checkout past its expiry: its own
    // pending answer, or its "checkout id expired or unknown". A system error, a timeout or a configuration
    // error says nothing of the payment: the order stays open and is read again later.
    const lapses = (o: SettlementOrder) =>
      o.state === 'open' &&
      at >= o.expiresAt &&
      (reading.kind === 'noPayment' || (reading.kind === 'nothing' && reading.result.code === CHECKOUT_UNKNOWN_CODE));
    const stored = await update(order.checkoutId, (current, cart) => {
      const next = applyReading(current, reading, channel, cart, at) ?? (lapses(current) ? applyLapse(current) : undefined);
      const checks = counted ? current.checks + 1 : current.checks;
      if (next) {
        changed = next.state !== current.state || next.paymentId !== current.paymentId;
        // A verdict is told at least once; a step on the way (uncertain, expired) once, as it happens.
        const hookDue = changed && options.onSettled !== undefined && FINAL_STATES.has(next.state);
        return scheduled({ ...next, checks: next.state === current.state ? checks : 0, ...(hookDue ? { settledHookDue: true } : {}) }, at);
      }
      // Nothing learnt: an uncertain or open order is read again later.
      if (counted && !FINAL_STATES.has(current.state)) return scheduled({ ...current, checks }, at);
      return undefined;
    });
    // Also when nothing changed: the charge may have been written by a process that ended before
    // placing what waited for it, and this redelivery is the next chance.
    if (CHARGED_STATES.has(stored.state) && stored.paymentId) await placeWaiting(stored.paymentId);
    if (changed && stored.state === 'duplicate') noteContradiction(stored, reading);
    if (!changed && (reading.kind === 'paid' || reading.kind === 'needsReview') && stored.state === 'declined') {
      noteContradiction(stored, reading);
    }
    // Also when this reading changed nothing: the hook may not have returned for an earlier one.
    if (stored.settledHookDue) return tellSettled(stored, payment, channel);
    if (changed) await options.onSettled?.(stored, payment, channel);
    return stored;
  }

  function noteContradiction(order: SettlementOrder, reading: PaymentReading): void {
    if (order.state === 'duplicate') {
      log(
        `order ${order.orderId} was paid, but its cart was paid by ${order.duplicateOf ?? '?'}: refund payment ${order.paymentId ?? '?'}`,
      );
    } else if (order.state === 'declined') {
      log(
        `order ${order.orderId} is declined, but the gateway now reports a charge (${reading.kind}): look at payment ${order.paymentId ?? '?'}`,
      );
    }
  }

  async function readFromGateway(order: SettlementOrder, channel: SettlementChannel, counted: boolean): Promise<SettlementOrder> {
    let payment: PaymentResult;
    try {
      payment = await gateway.getPaymentStatus(`/v1/checkouts/${order.checkoutId}/payment`, { deadlineMs });
    } catch (error) {
      if (isWpwlServerError(error) && error.code === 'NOT_FOUND' && order.state === 'open' && now() >= order.expiresAt) {
        // The gateway forgets a checkout that lapsed unpaid (a paid one it still answers for).
        return update(order.checkoutId, (o) => applyLapse(o));
      }
      if (counted) {
        const throttled = isWpwlServerError(error) && error.code === 'THROTTLED';
        const waitMs = throttled && typeof error.details.retryAfterMs === 'number' ? error.details.retryAfterMs : 0;
        const gone = isWpwlServerError(error) && error.code === 'NOT_FOUND';
        await update(order.checkoutId, (o) => {
          if (FINAL_STATES.has(o.state)) return undefined;
          const next = scheduled({ ...o, checks: o.checks + 1 }, now());
          // An expired order read for the gateway's call: done once the gateway no longer knows the
          // checkout (it would answer for a payment), else read again after the usual wait.
          const again = next.nextCheckAt ?? (o.state === 'expired' && !gone ? new Date(now().getTime() + backoff(o.checks)) : undefined);
          if (!again) return next;
          return { ...next, nextCheckAt: new Date(Math.max(again.getTime(), now().getTime() + waitMs)) };
        });
      }
      throw error;
    }
    return settleWith(order, readPayment(order, payment, payment.checkoutId), payment, channel, counted);
  }

  async function readStatus(
    checkoutId: string,
    { channel = 'status-read', fresh = false }: { channel?: SettlementChannel; fresh?: boolean } = {},
  ): Promise<SettlementOrder | undefined> {
    const order = await store.find({ checkoutId });
    if (!order) return undefined;
    // A final outcome is kept: a reload of the result page needs no read, and the gateway throttles reads.
    if (FINAL_STATES.has(order.state)) return order;
    // An expired order is read again only when the gateway's call for its unread payment marked it due:
    // the gateway makes that call only for a checkout that holds a payment.
    if (order.state === 'expired' && (channel === 'status-read' || !order.nextCheckAt)) return order;
    if (fresh) lastReadAt.delete(checkoutId);
    const last = lastReadAt.get(checkoutId);
    if (last !== undefined && Date.now() - last < reuseMs && channel !== 'recheck') return order;
    let read = readsInFlight.get(checkoutId);
    if (!read) {
      read = readFromGateway(order, channel, channel === 'recheck').finally(() => {
        readsInFlight.delete(checkoutId);
        lastReadAt.set(checkoutId, Date.now());
        for (const [id, at] of lastReadAt) if (Date.now() - at >= reuseMs) lastReadAt.delete(id);
      });
      readsInFlight.set(checkoutId, read);
    }
    return read;
  }

  async function keep(
    reason: string,
    body: unknown,
    extra: { type?: string; referencedId?: string } = {},
  ): Promise<{ kind: 'kept'; reason: string }> {
    await store.keepUnplaced({ receivedAt: now(), reason, body, ...extra });
    log(`notification kept, not placed: ${reason}${extra.referencedId ? ` (refers to payment ${extra.referencedId})` : ''}`);
    return { kind: 'kept', reason };
  }

  /**
   * Places a follow-up on the order of its payment; keeps it when it cannot be
   * placed yet. With `waiting` (the id of its kept copy) it keeps nothing new
   * unless it is refused for good.
   */
  async function placeFollowUp(payment: PaymentResult, waiting?: string): Promise<WebhookOutcome | 'no-longer-waiting'> {
    const notice = readFollowUp(payment);
    if ('unreadable' in notice)
      return waiting ? 'no-longer-waiting' : keep(`follow-up unreadable: ${notice.unreadable}`, payment.raw, { type: 'PAYMENT' });
    const order = (await store.find({ paymentId: notice.referencedId })) ?? (await orderOfChargeback(payment, notice));
    if (!order) {
      if (waiting) return { kind: 'kept', reason: 'unknown-payment' };
      return keepWaiting('unknown-payment', payment, notice.referencedId);
    }
    let refusal: string | undefined;
    let changed = false;
    const stored = await update(order.checkoutId, (o) => {
      const outcome = applyFollowUp(o, notice, now());
      if ('refused' in outcome) refusal = outcome.refused;
      if (!('order' in outcome)) return undefined;
      changed = true;
      return outcome.order;
    });
    if (refusal) {
      if (waiting && refusal === 'not-charged') return { kind: 'kept', reason: refusal };
      if (waiting) {
        // Its payment is charged now and it still cannot be placed: kept for a person, no longer waiting
        // (in one step, so two instances placing it at once, or a retry after a crash, keep it once).
        await store.markPlaced([waiting], { receivedAt: now(), reason: refusal, body: payment.raw, type: 'PAYMENT' });
        log(`notification kept, not placed: ${refusal}`);
        return 'no-longer-waiting';
      }
      // A refund that came before its payment's outcome: placed once the payment is charged.
      if (refusal === 'not-charged') return keepWaiting(refusal, payment, notice.referencedId);
      return keep(refusal, payment.raw, { type: 'PAYMENT' });
    }
    // A chargeback's reversal names the chargeback: one that came first is placed now (also on a
    // redelivery, in case the process that recorded the chargeback ended before it got there).
    const chargebackId = notice.followUp.kind === 'chargeback' ? notice.followUp.id : undefined;
    if (chargebackId && stored.followUps.some((f) => f.id === chargebackId)) await placeWaiting(chargebackId);
    return changed ? { kind: 'settled', order: stored } : { kind: 'unchanged', order: stored };
  }

  /**
   * Keeps a follow-up to be placed once the payment (or chargeback) it names
   * is charged, then looks once more: a charge written by another instance
   * between this one's look and its keep placed nothing, since nothing was kept yet.
   */
  async function keepWaiting(reason: string, payment: PaymentResult, referencedId: string): Promise<WebhookOutcome> {
    const kept = await keep(reason, payment.raw, { type: 'PAYMENT', referencedId });
    await placeWaiting(referencedId);
    return kept;
  }

  /**
   * The order of a chargeback reversal, whose referencedId is the chargeback
   * rather than the order's payment: the order its merchantTransactionId
   * names, only if that order recorded this very chargeback.
   */
  async function orderOfChargeback(payment: PaymentResult, notice: FollowUpNotice): Promise<SettlementOrder | undefined> {
    if (notice.followUp.kind !== 'chargebackReversal' || !payment.merchantTransactionId) return undefined;
    const order = await store.find({ orderId: payment.merchantTransactionId });
    return order?.followUps.some((f) => f.kind === 'chargeback' && f.id === notice.referencedId) ? order : undefined;
  }

  /** Follow-ups that arrived before their payment was known, placed now that it is. */
  async function placeWaiting(paymentId: string): Promise<void> {
    const waiting = await store.unplacedFor(paymentId);
    const placed: string[] = [];
    for (const notification of waiting) {
      let payment: PaymentResult;
      try {
        payment = readPaymentResult(notification.body, 200);
      } catch {
        continue;
      }
      const outcome = await placeFollowUp(payment, notification.id);
      if (outcome === 'no-longer-waiting' || outcome.kind === 'settled' || outcome.kind === 'unchanged') placed.push(notification.id!);
    }
    await store.markPlaced(placed);
  }

  /**
   * The order a payment notification is about: the checkout it was paid
   * through (`ndc`), whose order id must also be the payment's
   * merchantTransactionId when it has one. A shopper's own payment form can
   * name any merchantTransactionId, so that alone never picks an order.
   */
  async function orderOfNotification(payment: PaymentResult): Promise<SettlementOrder | undefined> {
    if (!payment.ndc) return undefined;
    const order = await store.find({ checkoutId: payment.ndc });
    if (!order || (payment.merchantTransactionId !== undefined && payment.merchantTransactionId !== order.orderId)) return undefined;
    return order;
  }

  return {
    store,

    async openCheckout(request) {
      const { cartKey } = request;
      const create = async (): Promise<OpenCheckoutResult> => {
        const orderId = `order-${randomUUID()}`;
        const checkout = await request.prepare(orderId);
        const createdAt = now();
        const fresh: NewOrder = {
          orderId,
          checkoutId: checkout.id,
          ...(cartKey ? { cartKey } : {}),
          ...(request.cartFingerprint !== undefined ? { cartFingerprint: request.cartFingerprint } : {}),
          amount: request.amount,
          currency: request.currency,
          paymentType: request.paymentType,
          createdAt,
          expiresAt: new Date(createdAt.getTime() + (request.lifetimeMs ?? 30 * MINUTE)),
          details: { ...request.details, ...(checkout.integrity ? { integrity: checkout.integrity } : {}) },
        };
        const order = scheduled(openOrder(fresh), createdAt);
        // Committed before the checkout id reaches the browser: a payment for it always finds its order.
        await store.insert(order);
        return { kind: 'created', order, ...(checkout.integrity ? { integrity: checkout.integrity } : {}) };
      };
      if (!cartKey) return create();
      return store.withCart(cartKey, cartWaitMs, async () => {
        const orders = await store.cartOrders(cartKey);
        const paid = orders.find((o) => o.paidCart);
        if (paid) return { kind: 'cartPaid', order: paid };
        const uncertain = orders.find((o) => o.state === 'uncertain');
        if (uncertain) return { kind: 'paymentUncertain', order: uncertain };
        const latest = orders[0];
        const timeLeft = latest ? latest.expiresAt.getTime() - now().getTime() : 0;
        if (
          latest?.state === 'open' &&
          latest.cartFingerprint === request.cartFingerprint &&
          request.renew !== latest.checkoutId &&
          timeLeft > (request.reuseMinLeftMs ?? 5 * MINUTE)
        ) {
          return { kind: 'reused', order: latest };
        }
        // A checkout about to be replaced may have been paid in a tab whose result page has not run:
        // it stays payable at the gateway, so each still open one is read before another goes out
        // (every one: the oldest is as payable as the newest). Too many to read: none goes out.
        const open = orders.filter((o) => o.state === 'open');
        const tooManyOpen = (): OpenCheckoutResult => ({ kind: 'tooManyOpen', order: open[open.length - 1]! });
        if (open.length > MAX_OPEN_CHECKOUTS_PER_CART) return tooManyOpen();
        let stillOpen = 0;
        for (const each of open) {
          let read: SettlementOrder | undefined;
          try {
            read = await readStatus(each.checkoutId, { fresh: true });
          } catch (error) {
            // The gateway no longer knows the checkout (it expired on its clock): it holds no payment,
            // since the gateway still answers for a paid one. Any other failure leaves the cart as it is.
            if (isWpwlServerError(error) && error.code === 'NOT_FOUND') continue;
            throw error;
          }
          if (read?.paidCart) return { kind: 'cartPaid', order: read };
          if (read && CHARGED_STATES.has(read.state)) return { kind: 'cartPaid', order: read };
          if (read?.state === 'uncertain') return { kind: 'paymentUncertain', order: read };
          if (read?.state === 'open') stillOpen += 1;
        }
        // The new checkout is one more: the cart may hold MAX_OPEN_CHECKOUTS_PER_CART at most.
        if (stillOpen >= MAX_OPEN_CHECKOUTS_PER_CART) return tooManyOpen();
        return create();
      });
    },

    readStatus,

    async settleFromWebhook(notification) {
      if (notification.type === 'UNKNOWN') return keep(`unknown notification type ${notification.receivedType}`, notification.payload.raw);
      if (notification.type !== 'PAYMENT') return { kind: 'ignored' };
      const payment = notification.payload;
      if (payment.referencedId) {
        const outcome = await placeFollowUp(payment);
        return outcome === 'no-longer-waiting' ? { kind: 'ignored' } : outcome;
      }
      const order = await orderOfNotification(payment);
      if (!order) return keep('unknown-order', payment.raw, { type: 'PAYMENT' });
      const reading = readPayment(order, payment, payment.ndc);
      if (reading.kind === 'nothing') return keep(`no outcome: ${reading.why}`, payment.raw, { type: 'PAYMENT' });
      lastReadAt.delete(order.checkoutId);
      const before = order.state;
      const stored = await settleWith(order, reading, payment, 'webhook', false);
      if (stored.state === 'declined' && (reading.kind === 'paid' || reading.kind === 'needsReview')) {
        return keep('contradicts-final', payment.raw, { type: 'PAYMENT' });
      }
      return stored.state !== before ? { kind: 'settled', order: stored } : { kind: 'unchanged', order: stored };
    },

    async keepUnreadable(reason, body) {
      await keep(`unreadable: ${reason}`, body);
    },

    async scheduleCheck(checkoutId) {
      const at = now();
      try {
        return await update(checkoutId, (o) => {
          // An expired one too: the gateway calls only for a checkout that holds a payment.
          if (FINAL_STATES.has(o.state)) return undefined;
          if (o.nextCheckAt && o.nextCheckAt <= at) return undefined;
          return { ...o, nextCheckAt: at };
        });
      } catch (error) {
        // No such order: nothing to check (one read, not a lookup before the update).
        if (error instanceof SettlementStoreError && error.code === 'ORDER_NOT_FOUND') return undefined;
        throw error;
      }
    },

    async recheck({ limit = 50 } = {}) {
      const report: RecheckReport = { checked: 0, changed: 0, uncertain: 0, failed: 0, throttled: false };
      // Follow-ups left waiting on a payment that is charged by now: the process that wrote the
      // charge ended before placing them, and no redelivery came.
      for (const paymentId of await store.waitingOnPayments([...CHARGED_STATES], limit)) await placeWaiting(paymentId);
      for (const order of await store.due(now(), limit)) {
        report.checked += 1;
        try {
          if (order.settledHookDue && FINAL_STATES.has(order.state)) {
            // Its verdict is kept, but onSettled never returned for it: told now, with the payment read again.
            await tellSettled(
              order,
              await gateway.getPaymentStatus(`/v1/checkouts/${order.checkoutId}/payment`, { deadlineMs }),
              'recheck',
            );
            continue;
          }
          const read = await readStatus(order.checkoutId, { channel: 'recheck' });
          if (read && read.state !== order.state) report.changed += 1;
          if (read?.state === 'uncertain') report.uncertain += 1;
        } catch (error) {
          report.failed += 1;
          // Not told yet: again after the usual wait, not at once in the next round.
          if (order.settledHookDue) await update(order.checkoutId, (o) => (o.settledHookDue ? scheduled(o, now()) : undefined));
          if (isWpwlServerError(error) && error.code === 'THROTTLED') {
            report.throttled = true;
            break;
          }
          if (error instanceof SettlementStoreError) throw error;
        }
      }
      return report;
    },

    find: (key) => store.find(key),
  };
}
