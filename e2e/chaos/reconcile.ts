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
}

/** What a shopper saw on the result page: the last answer of the status read. */
export interface ShopperView {
  shopper: number;
  checkoutId: string;
  orderId: string;
  /** The verdict shown, when the status read answered 200 with a final one, and when (ms since the epoch). */
  shown?: { ok: boolean; classification: string; code: string };
  shownAt?: number;
}

/** Outcomes that may still change (as the merchant server keeps them): not a final verdict. */
const OPEN_CLASSIFICATIONS = new Set(['pending', 'pendingMayChange', 'rejectedCommunication', 'systemError', 'throttled', 'unknown']);

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
  const describe = (order: OrderRecord | undefined) =>
    order
      ? `order ${order.orderId} (paid ${order.paid}, verdict ${order.verdict ? `${order.verdict.classification} ${order.verdict.code}` : 'none'}${order.settledBy ? `, settled by ${order.settledBy}` : ''})`
      : 'no order';

  for (const payment of checkoutPayments) {
    const candidates = (byOrderId.get(payment.merchantTransactionId ?? '') ?? []).filter((o) => o.checkoutId === payment.checkoutId);
    const order = candidates[0];
    const what = `payment ${payment.id} (${payment.state} ${payment.resultCode}, ${payment.amount} ${payment.currency}) of checkout ${payment.checkoutId} for ${payment.merchantTransactionId ?? 'no merchantTransactionId'}`;
    if (payment.state === 'success') {
      const paid = candidates.filter((o) => o.paid);
      const refund = candidates.find((o) => !o.paid && o.verdict?.duplicateOf);
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
    }
    if ((payment.state === 'success' || payment.state === 'rejected') && !(order && isFinalVerdict(order.verdict))) {
      leftPending.push(`${what}: ${describe(order)}`);
    }
  }

  for (const order of orders) {
    if (!order.paid) continue;
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
    if (order.paid && order.cartKey) paidByCart.set(order.cartKey, [...(paidByCart.get(order.cartKey) ?? []), order]);
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
    if (view.shown.ok !== taken) {
      wrong.push(
        `shopper ${view.shopper} (order ${view.orderId}) was shown ${view.shown.ok ? 'paid' : 'not paid'} (${view.shown.classification} ${view.shown.code}); the gateway has ${payment ? `${payment.state} ${payment.resultCode}` : 'no payment'}`,
      );
    }
  }

  return {
    paymentsTaken: checkoutPayments.filter((p) => p.state === 'success').length,
    paymentsRejected: checkoutPayments.filter((p) => p.state === 'rejected').length,
    paymentsPending: checkoutPayments.filter((p) => p.state === 'pending').length,
    orders: orders.length,
    paidOrders: orders.filter((o) => o.paid).length,
    lost,
    duplicated,
    wrong,
    leftPending,
    notDurable,
  };
}
