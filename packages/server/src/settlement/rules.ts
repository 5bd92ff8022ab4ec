// Owns the rule set that settles orders: what a payment result read from the
// gateway (a status read, a webhook, the gateway's 29-minute call) says about
// an order's payment, and how that and the follow-ups (refunds, reversals,
// chargebacks) move the order's state. Pure functions: the same rules for
// every channel, every store and every instance.
//
// The rule the rest rests on: only a result that describes this order's
// payment may be final. A success counts only from an HTTP 200 answer naming
// the order's checkout; a decline only when the answer is about the payment
// itself. Request-level errors (a bad parameter, configuration, throttling),
// timeouts, system errors and codes no published group claims say nothing
// final: the order stays as it was, or becomes uncertain and is read again.
import type { PaymentResult } from '../response.js';
import type { ResultClassification } from '../result-codes.js';
import { verifyPayment, type PaymentMismatch } from '../verify.js';
import {
  CHARGED_STATES,
  FINAL_STATES,
  fromMinor,
  refundedMinor,
  toMinor,
  type FollowUp,
  type FollowUpKind,
  type ReviewReason,
  type SettlementChannel,
  type SettlementOrder,
} from './order.js';

/** What one payment result says about an order's payment. */
export type PaymentReading =
  /** The checkout holds no payment yet (the gateway's "pending" for an unpaid checkout). */
  | { kind: 'noPayment' }
  | { kind: 'paid'; paymentId: string; result: ResultOf }
  | { kind: 'needsReview'; paymentId: string; result: ResultOf; reason: ReviewReason; mismatches: PaymentMismatch[] }
  | { kind: 'declined'; paymentId: string; result: ResultOf }
  /** A payment exists, its outcome is open: pending, a timeout, a system error, an unknown code. */
  | { kind: 'uncertain'; paymentId?: string; result: ResultOf }
  /** Nothing about this payment: a request-level error, throttling, an answer for another checkout. */
  | { kind: 'nothing'; result: ResultOf; why: string };

type ResultOf = { code: string; description?: string };

/** The payment's own refusals: final when the answer describes the payment. */
const DECLINES: ReadonlySet<ResultClassification> = new Set([
  'rejected3DSecureRisk',
  'rejected3DSecure',
  'rejectedBank',
  'softDecline',
  'asyncError',
  'externalRisk',
  'blacklist',
  'riskValidation',
  'riskManagement',
  'accountValidation',
  'amountValidation',
  'addressValidation',
  'contactValidation',
]);

/** Outcomes that may still turn either way: a payment exists, its fate is open. */
const OPEN_OUTCOMES: ReadonlySet<ResultClassification> = new Set([
  'pending',
  'pendingMayChange',
  'rejectedCommunication',
  'systemError',
  'unknown',
]);

const PAYMENT_ID = /^[A-Za-z0-9]{32}$/;

/** True when the answer is a payment (its own id, type and amount), not a request-level error. */
function describesPayment(payment: PaymentResult): payment is PaymentResult & { id: string } {
  return typeof payment.id === 'string' && PAYMENT_ID.test(payment.id) && payment.paymentType !== undefined && payment.amount !== undefined;
}

function resultOf(payment: PaymentResult): ResultOf {
  return { code: payment.result.code, ...(payment.result.description ? { description: payment.result.description } : {}) };
}

/**
 * What a payment result says about `order`'s payment. `checkoutId` is the
 * checkout the answer is about: the status read's path, or a notification's
 * `ndc`. The caller has matched the answer to the order; this checks it again.
 */
export function readPayment(order: SettlementOrder, payment: PaymentResult, checkoutId: string | undefined): PaymentReading {
  const result = resultOf(payment);
  if (checkoutId !== order.checkoutId) return { kind: 'nothing', result, why: 'the answer names another checkout' };
  const group = payment.classification;
  if (group === 'throttled') return { kind: 'nothing', result, why: 'throttled' };
  const isPayment = describesPayment(payment);
  if (group === 'success' || group === 'successNeedsReview') {
    if (!isPayment || payment.httpStatus !== 200)
      return { kind: 'nothing', result, why: 'a success that describes no payment of HTTP 200' };
    const verdict = verifyPayment(
      { ...payment, checkoutId },
      {
        checkoutId: order.checkoutId,
        amount: order.amount,
        currency: order.currency,
        paymentType: order.paymentType,
      },
    );
    if (verdict.mismatches.length > 0) {
      return { kind: 'needsReview', paymentId: payment.id, result, reason: 'mismatch', mismatches: verdict.mismatches };
    }
    if (verdict.needsReview) return { kind: 'needsReview', paymentId: payment.id, result, reason: 'gateway-review', mismatches: [] };
    return { kind: 'paid', paymentId: payment.id, result };
  }
  if (group === 'pending' || group === 'pendingMayChange') {
    // An unpaid checkout answers "pending" about itself, without a payment.
    return isPayment ? { kind: 'uncertain', paymentId: payment.id, result } : { kind: 'noPayment' };
  }
  if (DECLINES.has(group)) {
    return isPayment
      ? { kind: 'declined', paymentId: payment.id, result }
      : { kind: 'nothing', result, why: `a ${group} code about no payment` };
  }
  if (OPEN_OUTCOMES.has(group)) {
    return isPayment
      ? { kind: 'uncertain', paymentId: payment.id, result }
      : { kind: 'nothing', result, why: `a ${group} code about no payment` };
  }
  // Format, configuration, reference, registration and job validation: the request, not the payment.
  return { kind: 'nothing', result, why: `a request-level ${group} code` };
}

/** What the order needs to know about its cart when a charge lands. */
export interface CartContext {
  /** The order that paid the cart, if another one did. */
  paidBy?: string;
}

/** The order after a reading, or undefined when nothing changes. */
export function applyReading(
  order: SettlementOrder,
  reading: PaymentReading,
  channel: SettlementChannel,
  cart: CartContext,
  now: Date,
): SettlementOrder | undefined {
  const settled = { settledBy: order.settledBy ?? channel, settledAt: order.settledAt ?? now };
  // A final outcome never moves back; a lapsed checkout (expired) can still turn out paid.
  if (FINAL_STATES.has(order.state)) return undefined;
  switch (reading.kind) {
    case 'noPayment':
    case 'nothing':
      return undefined;
    case 'uncertain':
      // An expired order that turns out to hold a payment (the gateway's call for it) is re-checked until final.
      return {
        ...order,
        state: 'uncertain',
        result: reading.result,
        ...(reading.paymentId ? { paymentId: reading.paymentId } : {}),
        // The first re-check is scheduled by the caller (settlement.ts), which knows the pace.
      };
    case 'declined':
      if (order.state === 'expired') return undefined;
      return { ...order, ...settled, state: 'declined', paymentId: reading.paymentId, result: reading.result, nextCheckAt: undefined };
    case 'paid':
    case 'needsReview': {
      const charged = { ...order, ...settled, paymentId: reading.paymentId, result: reading.result, nextCheckAt: undefined };
      if (cart.paidBy && cart.paidBy !== order.orderId) return { ...charged, state: 'duplicate', duplicateOf: cart.paidBy };
      if (reading.kind === 'needsReview') {
        return {
          ...charged,
          state: 'needsReview',
          reviewReason: reading.reason,
          mismatches: reading.mismatches,
          paidCart: Boolean(order.cartKey),
        };
      }
      return { ...charged, state: 'paid', paidCart: Boolean(order.cartKey) };
    }
  }
}

/** The order lapsed: its checkout expired and the gateway holds no payment for it. */
export function applyLapse(order: SettlementOrder): SettlementOrder | undefined {
  return order.state === 'open' ? { ...order, state: 'expired', nextCheckAt: undefined } : undefined;
}

/** A follow-up read from a notification, before it is placed on an order. */
export interface FollowUpNotice {
  /** The order's payment it refers to. */
  referencedId: string;
  followUp: Omit<FollowUp, 'recordedAt'>;
  /** Whether the gateway says it went through. */
  succeeded: boolean;
}

const FOLLOW_UP_KINDS: Record<string, FollowUpKind> = {
  RF: 'refund',
  RV: 'reversal',
  CB: 'chargeback',
  CR: 'chargebackReversal',
  CP: 'capture',
};

/**
 * Reads a follow-up (refund, reversal, chargeback, chargeback reversal,
 * capture) out of a payment notification with `referencedId`, or says why it is not one.
 */
export function readFollowUp(payment: PaymentResult): FollowUpNotice | { unreadable: string } {
  const kind = payment.paymentType ? FOLLOW_UP_KINDS[payment.paymentType] : undefined;
  if (!payment.referencedId) return { unreadable: 'no referencedId' };
  if (!kind) return { unreadable: `payment type ${payment.paymentType ?? '(none)'} is no follow-up this shop knows` };
  if (!payment.id || !PAYMENT_ID.test(payment.id)) return { unreadable: 'no payment id of its own' };
  let amount: string;
  try {
    amount = fromMinor(toMinor(payment.amount ?? ''));
  } catch {
    return { unreadable: `amount ${JSON.stringify(payment.amount)} is not a two-decimal amount` };
  }
  if (!payment.currency) return { unreadable: 'no currency' };
  const group = payment.classification;
  // A chargeback's result code sits in the chargeback group (000.100.2xx); the others succeed as payments do.
  const succeeded =
    group === 'success' ||
    group === 'successNeedsReview' ||
    ((kind === 'chargeback' || kind === 'chargebackReversal') && group === 'chargeback');
  return {
    referencedId: payment.referencedId,
    followUp: { id: payment.id, kind, amount, currency: payment.currency.toUpperCase(), code: payment.result.code },
    succeeded,
  };
}

/** Why a follow-up could not be placed on its order (kept for a person to look at). */
export type FollowUpRefusal = 'not-charged' | 'currency' | 'exceeds-paid' | 'no-chargeback';

/**
 * The order after a follow-up, `unchanged` for one recorded already (a
 * repeated notification) or one that did not go through, or a refusal.
 * Refunds are summed and never exceed what was paid. The state comes from
 * the set of follow-ups ({@link stateAfterFollowUps}), so the order in which
 * their notifications arrive does not change where the order ends.
 */
export function applyFollowUp(
  order: SettlementOrder,
  notice: FollowUpNotice,
  now: Date,
): { order: SettlementOrder } | { unchanged: true } | { refused: FollowUpRefusal } {
  if (order.followUps.some((f) => f.id === notice.followUp.id)) return { unchanged: true };
  if (!notice.succeeded) return { unchanged: true };
  if (!CHARGED_STATES.has(order.state)) return { refused: 'not-charged' };
  const followUp: FollowUp = { ...notice.followUp, recordedAt: now.toISOString() };
  if (followUp.currency !== order.currency.toUpperCase()) return { refused: 'currency' };
  if (followUp.kind === 'chargebackReversal' && !order.followUps.some((f) => f.kind === 'chargeback')) return { refused: 'no-chargeback' };
  const followUps = [...order.followUps, followUp];
  if (refundedMinor({ ...order, followUps }) > toMinor(order.amount)) return { refused: 'exceeds-paid' };
  return { order: { ...order, followUps, state: stateAfterFollowUps(order, followUps) } };
}

/**
 * Where a charged order stands after its follow-ups, whatever order they came
 * in: a reversal undoes the payment; a chargeback not reversed (yet) outweighs
 * refunds; then the refunds summed; then the verdict the payment itself had
 * when it was not paid as ordered (duplicate, needs review); then a chargeback
 * given back; else paid.
 */
export function stateAfterFollowUps(order: SettlementOrder, followUps: readonly FollowUp[]): SettlementOrder['state'] {
  const count = (kind: FollowUpKind) => followUps.filter((f) => f.kind === kind).length;
  if (count('reversal') > 0) return 'reversed';
  if (count('chargeback') > count('chargebackReversal')) return 'chargedBack';
  const refunded = refundedMinor({ ...order, followUps: [...followUps] });
  if (refunded > 0) return refunded >= toMinor(order.amount) ? 'refunded' : 'partiallyRefunded';
  // A chargeback given back gives the payment back its own verdict: a duplicate is still to be
  // refunded, and a payment charged otherwise than ordered still needs a person; never paid.
  if (order.duplicateOf) return 'duplicate';
  if (order.reviewReason) return 'needsReview';
  if (count('chargebackReversal') > 0) return 'chargebackReversed';
  return 'paid';
}
