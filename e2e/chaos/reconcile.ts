// Owns the reconciliation at the end of a chaos run: the merchant's stored
// orders against the gateway's own record of every payment (the sandbox's
// payments()), and what each shopper was shown against both.
import type { SandboxPayment } from '@wpwl/sandbox';

/** What the reconciliation reads of a stored order (the merchant store's StoredOrder has at least this). */
export interface OrderRecord {
  orderId: string;
  checkoutId: string;
  amount: string;
  currency: string;
  cartKey?: string | undefined;
  paid: boolean;
  /** `duplicateOf`: paid, but another order of the cart was paid first (this payment is to be refunded). */
  verdict?: { ok: boolean; classification: string; code: string; duplicateOf?: string | undefined } | undefined;
  settledBy?: string | undefined;
  settledAt?: Date | undefined;
  paymentId?: string | undefined;
  /** The settlement's state (open, uncertain, paid, declined, duplicate, refunded …). */
  state?: string | undefined;
  /** For `duplicate`: the order that paid the cart first. */
  duplicateOf?: string | undefined;
  /** Refunds, chargebacks and their reversals recorded on the order, once each by their own payment id. */
  followUps?: Array<{ id: string; kind: string; amount: string; currency: string }> | undefined;
}

/** What a shopper saw on the result page: the last answer of the status read. */
export interface ShopperView {
  shopper: number;
  checkoutId: string;
  orderId: string;
  /** The verdict shown, when the status read answered 200 with a final one, and when (ms since the epoch). */
  shown?: { ok: boolean; classification: string; code: string; state?: string };
  shownAt?: number;
  /** The shopper paid with an uncertain card (the gateway answered 900.100.300 first). */
  uncertain?: boolean;
}

/** Outcomes that may still change (as the merchant server keeps them): not a final verdict. */
const OPEN_CLASSIFICATIONS = new Set(['pending', 'pendingMayChange', 'rejectedCommunication', 'systemError', 'throttled', 'unknown']);

/** States of an order paid, then refunded, reversed or charged back: the payment was taken for it all the same. */
const FOLLOWED_UP = new Set(['partiallyRefunded', 'refunded', 'reversed', 'chargedBack', 'chargebackReversed']);

/** The order was paid (whatever came after: a refund, a chargeback). */
export function paidOrder(order: OrderRecord): boolean {
  return order.paid || FOLLOWED_UP.has(order.state ?? '');
}

export function isFinalVerdict(verdict: OrderRecord['verdict']): boolean {
  return verdict !== undefined && !OPEN_CLASSIFICATIONS.has(verdict.classification);
}

export interface Reconciliation {
  /** Checkout payments the gateway took (state success). */
  paymentsTaken: number;
  /** Checkout payments refused (state rejected). */
  paymentsRejected: number;
  /** Checkout payments still pending at the gateway (3-D Secure abandoned). */
  paymentsPending: number;
  orders: number;
  paidOrders: number;
  /** Payments taken with no order marked paid for them (nor kept as a cart's second payment, to refund). */
  lost: string[];
  /** A payment with two paid orders, an order with two payments taken, a cart with two paid orders or two payments taken. */
  duplicated: string[];
  /** An order paid whose payment was not taken, or paid with another amount or currency; a shopper shown a verdict the gateway contradicts. */
  wrong: string[];
  /** A final payment (taken or refused) whose order has no final verdict. */
  leftPending: string[];
  /**
   * An answer a shopper got that the store did not keep: a checkout id whose order is not
   * stored, or a final verdict shown that was stored only later (by another channel, after a crash).
   */
  notDurable: string[];
  /**
   * An order still `uncertain` at the end while the gateway's payment is final (or there is none),
   * or an uncertain card's payment final at the gateway whose order is not.
   */
  leftUncertain: string[];
  /** A cart with two payments taken, the later not marked `duplicate` (a second checkout paid while the first was uncertain). */
  paidTwice: string[];
  /** A charged order whose state or follow-ups (refunds summed, chargebacks, reversals) disagree with the gateway's. */
  followUpsWrong: string[];
  /** Orders the gateway has refunds or chargebacks for (what the follow-up check compared). */
  followUpOrders: number;
}

/** What the gateway's follow-ups of a payment say the order's state must be (refunds only, or a chargeback and maybe its reversal). */
export function expectedFollowUpState(
  amount: string,
  followUps: ReadonlyArray<{ paymentType: string; amount: string }>,
): { state: string; refundedMinor: number } {
  const refundedMinor = followUps.filter((f) => f.paymentType === 'RF').reduce((sum, f) => sum + toMinor(f.amount), 0);
  if (followUps.some((f) => f.paymentType === 'CR')) return { state: 'chargebackReversed', refundedMinor };
  if (followUps.some((f) => f.paymentType === 'CB')) return { state: 'chargedBack', refundedMinor };
  return { state: refundedMinor >= toMinor(amount) ? 'refunded' : 'partiallyRefunded', refundedMinor };
}

function toMinor(amount: string): number {
  const [whole = '0', cents = ''] = amount.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** Clock tolerance between the harness and the database when comparing "shown" and "stored" times. */
const DURABLE_TOLERANCE_MS = 100;

export function reconcile(
  payments: readonly SandboxPayment[],
  orders: readonly OrderRecord[],
  views: readonly ShopperView[],
): Reconciliation {
  const checkoutPayments = payments.filter((p) => p.referencedId === undefined && p.checkoutId !== undefined);
  const byOrderId = new Map<string, OrderRecord[]>();
  for (const order of orders) byOrderId.set(order.orderId, [...(byOrderId.get(order.orderId) ?? []), order]);
  const paymentsByCheckout = new Map<string, SandboxPayment[]>();
  for (const p of checkoutPayments) paymentsByCheckout.set(p.checkoutId ?? '', [...(paymentsByCheckout.get(p.checkoutId ?? '') ?? []), p]);

  const lost: string[] = [];
  const duplicated: string[] = [];
  const wrong: string[] = [];
  const leftPending: string[] = [];
  const notDurable: string[] = [];
  const leftUncertain: string[] = [];
  const paidTwice: string[] = [];
  const followUpsWrong: string[] = [];
  const describe = (order: OrderRecord | undefined) =>
    order
      ? `order ${order.orderId} (paid ${order.paid}, verdict ${order.verdict ? `${order.verdict.classification} ${order.verdict.code}` : 'none'}${order.settledBy ? `, settled by ${order.settledBy}` : ''})`
      : 'no order';

  for (const payment of checkoutPayments) {
    const candidates = (byOrderId.get(payment.merchantTransactionId ?? '') ?? []).filter((o) => o.checkoutId === payment.checkoutId);
    const order = candidates[0];
    const what = `payment ${payment.id} (${payment.state} ${payment.resultCode}, ${payment.amount} ${payment.currency}) of checkout ${payment.checkoutId} for ${payment.merchantTransactionId ?? 'no merchantTransactionId'}`;
    if (payment.state === 'success') {
      const paid = candidates.filter(paidOrder);
      const refund = candidates.find((o) => !paidOrder(o) && o.verdict?.duplicateOf);
      if (paid.length === 0 && refund) {
        duplicated.push(`${what}: a second payment for the cart of ${refund.verdict?.duplicateOf} (kept to refund on ${refund.orderId})`);
      } else if (paid.length === 0) {
        lost.push(`${what}: ${describe(order)}`);
      }
      if (paid.length > 1) duplicated.push(`${what}: ${paid.length} orders marked paid`);
      for (const o of paid) {
        if (o.amount !== payment.amount || o.currency !== payment.currency) {
          wrong.push(`${what}: order ${o.orderId} paid with ${o.amount} ${o.currency}`);
        }
      }
      // A request-level answer (or anything else) must never have turned a payment taken into a decline.
      if (order?.state === 'declined') wrong.push(`${what}: ${describe(order)} ended declined`);
    }
    if ((payment.state === 'success' || payment.state === 'rejected') && !(order && isFinalVerdict(order.verdict))) {
      leftPending.push(`${what}: ${describe(order)}`);
    }
  }

  for (const order of orders) {
    if (!paidOrder(order)) continue;
    const taken = (paymentsByCheckout.get(order.checkoutId) ?? []).filter(
      (p) => p.state === 'success' && p.merchantTransactionId === order.orderId,
    );
    if (taken.length === 0) {
      const seen = (paymentsByCheckout.get(order.checkoutId) ?? []).map((p) => `${p.id} ${p.state} ${p.resultCode}`).join(', ');
      wrong.push(`${describe(order)} of checkout ${order.checkoutId}: no payment taken (${seen || 'no payment at all'})`);
    }
    if (taken.length > 1) duplicated.push(`${describe(order)}: ${taken.length} payments taken`);
  }

  const paidByCart = new Map<string, OrderRecord[]>();
  for (const order of orders) {
    if (paidOrder(order) && order.cartKey) paidByCart.set(order.cartKey, [...(paidByCart.get(order.cartKey) ?? []), order]);
  }
  for (const [cartKey, paid] of paidByCart) {
    if (paid.length > 1) duplicated.push(`cart ${cartKey}: ${paid.length} paid orders (${paid.map((o) => o.orderId).join(', ')})`);
  }

  const byCheckout = new Map(orders.map((o) => [o.checkoutId, o]));
  for (const view of views) {
    const order = byCheckout.get(view.checkoutId);
    if (!order || order.orderId !== view.orderId) {
      notDurable.push(
        `shopper ${view.shopper} was handed checkout ${view.checkoutId} of order ${view.orderId}; the store has ${describe(order)}`,
      );
    } else if (view.shown && view.shownAt !== undefined && isFinalVerdict(view.shown) && order.settledAt) {
      const late = order.settledAt.getTime() - view.shownAt;
      if (late > DURABLE_TOLERANCE_MS) {
        notDurable.push(
          `shopper ${view.shopper} was shown ${view.shown.classification} for ${describe(order)} at ${new Date(view.shownAt).toISOString()}; it was stored ${late} ms later`,
        );
      }
    }
  }

  for (const view of views) {
    if (!view.shown || OPEN_CLASSIFICATIONS.has(view.shown.classification)) continue;
    const payment = (paymentsByCheckout.get(view.checkoutId) ?? [])[0];
    const taken = payment?.state === 'success';
    // Refunded or charged back before the result page was read: paid, then taken back (the follow-up check looks at those).
    const shownTaken = view.shown.ok || FOLLOWED_UP.has(view.shown.state ?? '');
    if (shownTaken !== taken) {
      wrong.push(
        `shopper ${view.shopper} (order ${view.orderId}) was shown ${shownTaken ? 'paid' : 'not paid'} (${view.shown.state ? `${view.shown.state}, ` : ''}${view.shown.classification} ${view.shown.code}); the gateway has ${payment ? `${payment.state} ${payment.resultCode}` : 'no payment'}`,
      );
    }
  }

  // Uncertain payments: every one ends final, on both sides.
  const uncertainCheckouts = new Set(views.filter((v) => v.uncertain).map((v) => v.checkoutId));
  for (const order of orders) {
    const atGateway = paymentsByCheckout.get(order.checkoutId) ?? [];
    // Uncertain while the gateway's payment is open too (3-D Secure left unanswered) is no discrepancy.
    if (order.state === 'uncertain' && !atGateway.some((p) => p.state === 'pending')) {
      const seen = atGateway.map((p) => `${p.id} ${p.state} ${p.resultCode}`).join(', ');
      leftUncertain.push(`${describe(order)} of checkout ${order.checkoutId} is still uncertain (the gateway has ${seen || 'no payment'})`);
    }
  }
  for (const payment of checkoutPayments) {
    if (!uncertainCheckouts.has(payment.checkoutId ?? '') || payment.state === 'pending') continue;
    const order = orders.find((o) => o.checkoutId === payment.checkoutId);
    if (order && order.state !== 'uncertain' && !isFinalVerdict(order.verdict)) {
      leftUncertain.push(
        `payment ${payment.id} (${payment.state} ${payment.resultCode}) is final; ${describe(order)} is ${order.state ?? 'not final'}`,
      );
    }
  }

  // A cart charged twice: every payment taken after the first must be kept as a duplicate to refund.
  const ordersByCheckout = new Map(orders.map((o) => [o.checkoutId, o]));
  const chargedByCart = new Map<string, Array<{ order: OrderRecord; payment: SandboxPayment }>>();
  for (const payment of checkoutPayments) {
    if (payment.state !== 'success') continue;
    const order = ordersByCheckout.get(payment.checkoutId ?? '');
    if (!order?.cartKey) continue;
    chargedByCart.set(order.cartKey, [...(chargedByCart.get(order.cartKey) ?? []), { order, payment }]);
  }
  for (const [cartKey, charged] of chargedByCart) {
    const kept = charged.filter(({ order }) => order.state !== 'duplicate' && !order.duplicateOf && !order.verdict?.duplicateOf);
    if (charged.length > 1 && kept.length > 1) {
      paidTwice.push(
        `cart ${cartKey}: ${charged.length} payments taken (${charged.map(({ order, payment }) => `${payment.id} for ${order.orderId}, ${order.state ?? '?'}`).join('; ')}), ${kept.length} not marked duplicate`,
      );
    }
  }

  // Follow-ups: each order's state and refunds against the gateway's refunds, chargebacks and reversals.
  const byId = new Map(payments.map((p) => [p.id, p]));
  const followUpsOf = new Map<string, SandboxPayment[]>();
  for (const p of payments) {
    if (!p.referencedId || !['RF', 'CB', 'CR'].includes(p.paymentType) || p.state !== 'success') continue;
    // A reversal refers to its chargeback; its order is the chargeback's payment's.
    const target = p.paymentType === 'CR' ? byId.get(p.referencedId)?.referencedId : p.referencedId;
    if (target) followUpsOf.set(target, [...(followUpsOf.get(target) ?? []), p]);
  }
  let followUpOrders = 0;
  for (const payment of checkoutPayments) {
    if (payment.state !== 'success') continue;
    const order = ordersByCheckout.get(payment.checkoutId ?? '');
    const gateway = followUpsOf.get(payment.id) ?? [];
    const recorded = order?.followUps ?? [];
    if (gateway.length === 0 && recorded.length === 0) continue;
    followUpOrders++;
    const what = `payment ${payment.id} (${payment.amount} ${payment.currency}; gateway: ${gateway.map((f) => `${f.paymentType} ${f.amount}`).join(', ') || 'none'})`;
    if (!order) {
      followUpsWrong.push(`${what}: no order`);
      continue;
    }
    const expected = expectedFollowUpState(payment.amount, gateway);
    const refunded = recorded.filter((f) => f.kind === 'refund').reduce((sum, f) => sum + toMinor(f.amount), 0);
    const ids = (list: Array<{ id: string }>) =>
      list
        .map((f) => f.id)
        .sort()
        .join(',');
    const problems: string[] = [];
    if (gateway.length > 0 && order.state !== expected.state && order.state !== 'duplicate')
      problems.push(`state ${order.state}, expected ${expected.state}`);
    if (refunded !== expected.refundedMinor) problems.push(`refunded ${refunded / 100}, the gateway ${expected.refundedMinor / 100}`);
    if (ids(recorded) !== ids(gateway)) problems.push(`recorded ${recorded.map((f) => `${f.kind} ${f.amount}`).join(', ') || 'nothing'}`);
    if (problems.length > 0) followUpsWrong.push(`${what}: ${describe(order)}: ${problems.join('; ')}`);
  }

  return {
    paymentsTaken: checkoutPayments.filter((p) => p.state === 'success').length,
    paymentsRejected: checkoutPayments.filter((p) => p.state === 'rejected').length,
    paymentsPending: checkoutPayments.filter((p) => p.state === 'pending').length,
    orders: orders.length,
    paidOrders: orders.filter(paidOrder).length,
    lost,
    duplicated,
    wrong,
    leftPending,
    notDurable,
    leftUncertain,
    paidTwice,
    followUpsWrong,
    followUpOrders,
  };
}
