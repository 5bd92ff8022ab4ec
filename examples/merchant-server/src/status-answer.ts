// Owns what GET /api/payment-status answers a storefront about an order: the
// settlement's state in the words the storefronts show (paid, refused,
// charged otherwise than ordered, a duplicate, being confirmed), never more
// of the payment than the shopper needs.
import { classifyResultCode, isThreeDSecureFailure, type PaymentMismatch, type ResultClassification } from '@wpwl/server';
import type { OrderState, SettlementOrder } from '@wpwl/server/settlement';

/** What GET /api/payment-status answers. */
export interface PaymentStatusAnswer {
  /** Paid, with the expected checkout, amount, currency and payment type. */
  ok: boolean;
  /** Where the order's payment stands (the settlement's state). */
  state: OrderState;
  /** A payment was made and its outcome is being confirmed: show "we are confirming your payment", never "failed". */
  confirming: boolean;
  classification: ResultClassification;
  code: string;
  description?: string;
  mismatches: PaymentMismatch[];
  needsReview: boolean;
  /** The card authentication (3-D Secure) failed: tell the shopper so. */
  threeDSecureFailed: boolean;
  /** Paid, but another order of the same cart was paid first: this payment is to be refunded. */
  duplicateOf?: string;
  orderId: string;
  amount: string;
  currency: string;
}

/** The open checkout's own answer before any payment: pending. */
const NO_PAYMENT = { code: '000.200.000', description: 'transaction pending' };

/** The answer for an order as the settlement keeps it. */
export function answerOf(order: SettlementOrder): PaymentStatusAnswer {
  const result = order.result ?? NO_PAYMENT;
  const reviewedByGateway = order.state === 'needsReview' && order.reviewReason === 'gateway-review';
  return {
    ok: order.state === 'paid' || order.state === 'chargebackReversed' || reviewedByGateway,
    state: order.state,
    confirming: order.state === 'uncertain',
    classification: classifyResultCode(result.code),
    code: result.code,
    ...(result.description ? { description: result.description } : {}),
    mismatches: order.mismatches,
    needsReview: reviewedByGateway || order.state === 'duplicate',
    threeDSecureFailed: isThreeDSecureFailure(result.code),
    ...(order.duplicateOf ? { duplicateOf: order.duplicateOf } : {}),
    orderId: order.orderId,
    amount: order.amount,
    currency: order.currency,
  };
}
