// Owns the shape of a settled order: its payment lifecycle state, what the
// gateway said of its payment, the follow-ups (refunds, reversal, chargebacks)
// recorded on it, and the merchant's own data carried along. Plain data: the
// store keeps it, the rules (rules.ts) decide its changes.
import type { PaymentMismatch } from '../verify.js';

/**
 * Where an order's payment stands.
 *
 * - `open`: the checkout is out; no payment is known.
 * - `uncertain`: a payment was tried and its outcome is not known yet
 *   (pending, a timeout, a system error, an unknown code): re-checked until final.
 *   Its cart gets no new checkout meanwhile.
 * - `paid`: charged as ordered.
 * - `declined`: the payment itself was refused; final.
 * - `expired`: the checkout lapsed without a payment (the gateway no longer knows it).
 * - `needsReview`: charged, but not as ordered (amount, currency, type) or the
 *   gateway asks for a manual review: refund it or accept it.
 * - `duplicate`: charged for a cart another order had paid: refund it.
 * - `partiallyRefunded`, `refunded`: refunds summed from the gateway's notifications.
 * - `reversed`: the payment was reversed (no booking for the shopper).
 * - `chargedBack`, `chargebackReversed`: the shopper's bank took the money back; and gave it back.
 */
export type OrderState =
  | 'open'
  | 'uncertain'
  | 'paid'
  | 'declined'
  | 'expired'
  | 'needsReview'
  | 'duplicate'
  | 'partiallyRefunded'
  | 'refunded'
  | 'reversed'
  | 'chargedBack'
  | 'chargebackReversed';

/** Where the knowledge that settled an order came from. */
export type SettlementChannel = 'status-read' | 'webhook' | 'shopper-result-call' | 'recheck';

/** What a follow-up did to the money of a paid order. */
export type FollowUpKind = 'refund' | 'reversal' | 'chargeback' | 'chargebackReversal' | 'capture';

/** A refund, reversal, chargeback or capture the gateway notified, recorded once by its own payment id. */
export interface FollowUp {
  /** The follow-up's own payment id: a repeated notification is recognised by it. */
  id: string;
  kind: FollowUpKind;
  /** Two-decimal string. */
  amount: string;
  currency: string;
  code: string;
  /** When this server recorded it (ISO 8601). */
  recordedAt: string;
}

/** Why a charged order is held for review. */
export type ReviewReason = 'mismatch' | 'gateway-review';

/** An order and its payment's lifecycle, as the store keeps it. */
export interface SettlementOrder {
  /** The merchant's order id; sent as `merchantTransactionId`. */
  orderId: string;
  /** The gateway's checkout for this order. */
  checkoutId: string;
  /** The storefront's cart this order was opened for: one payable checkout per cart. */
  cartKey?: string;
  /**
   * What the cart held when the checkout was opened (the caller's own text,
   * e.g. its lines and result URL): an open checkout is handed out again only
   * for the same fingerprint.
   */
  cartFingerprint?: string;
  /** Two-decimal string. */
  amount: string;
  currency: string;
  /** The payment type the checkout was prepared with, e.g. `DB`. */
  paymentType: string;
  createdAt: Date;
  /** The checkout's expiry (30 minutes after creation). */
  expiresAt: Date;
  state: OrderState;
  /** True once this order is the one that paid its cart; never unset. */
  paidCart: boolean;
  /** The gateway's id of this order's payment, once known. */
  paymentId?: string;
  /** The last result the gateway gave for the payment itself. */
  result?: { code: string; description?: string };
  /** For `needsReview`: what was charged otherwise than ordered. */
  mismatches: PaymentMismatch[];
  reviewReason?: ReviewReason;
  /** For `duplicate`: the order that paid the cart first. */
  duplicateOf?: string;
  /** Who brought the first final verdict. */
  settledBy?: SettlementChannel;
  settledAt?: Date;
  followUps: FollowUp[];
  /** Status reads made by re-checks of an uncertain order. */
  checks: number;
  /** When an uncertain (or lapsed open) order is next read from the gateway. */
  nextCheckAt?: Date;
  /**
   * The settlement's `onSettled` has not yet returned for this order's latest
   * change: it is told again (on the payment's next notification, or by a
   * re-check) until it does, so a process that ends in between loses nothing.
   */
  settledHookDue?: boolean;
  /** The merchant's own data (lines, result URL, shopper …), kept as JSON. */
  details: Record<string, unknown>;
}

/** States in which money was taken for the order (whatever happened after). */
export const CHARGED_STATES: ReadonlySet<OrderState> = new Set([
  'paid',
  'needsReview',
  'duplicate',
  'partiallyRefunded',
  'refunded',
  'reversed',
  'chargedBack',
  'chargebackReversed',
]);

/** States that say the payment's own outcome is known: no status read changes them. */
export const FINAL_STATES: ReadonlySet<OrderState> = new Set([...CHARGED_STATES, 'declined']);

/** A new order's fields before anything happened to it. */
export type NewOrder = Pick<
  SettlementOrder,
  'orderId' | 'checkoutId' | 'cartKey' | 'cartFingerprint' | 'amount' | 'currency' | 'paymentType' | 'createdAt' | 'expiresAt'
> & { details?: Record<string, unknown> };

/** The order as first stored. */
export function openOrder(order: NewOrder): SettlementOrder {
  return {
    ...order,
    details: order.details ?? {},
    state: 'open',
    paidCart: false,
    mismatches: [],
    followUps: [],
    checks: 0,
  };
}

/** What the order's refunds add up to, in minor units (cents). */
export function refundedMinor(order: SettlementOrder): number {
  return order.followUps.filter((f) => f.kind === 'refund').reduce((sum, f) => sum + toMinor(f.amount), 0);
}

/** A two-decimal amount in minor units; amounts are exact decimals, never floats. */
export function toMinor(amount: string): number {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new RangeError(`not a two-decimal amount: ${JSON.stringify(amount)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units back to a two-decimal string. */
export function fromMinor(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
