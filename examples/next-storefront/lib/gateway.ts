// Owns this storefront's side of the gateway, on the server only: one
// @wpwl/server client made from the environment (the access token never
// leaves the server), preparing a checkout for the basket, and reading and
// verifying its result against the order the shop recorded.
import { createGatewayClient, isThreeDSecureFailure, verifyPayment, type GatewayClient } from '@wpwl/server';
import { describeResult, type ResultView } from '../../shared/result-view';
import { BASKET, CURRENCY, basketTotal } from './basket';

/** A checkout lives 30 minutes at the gateway. */
const CHECKOUT_LIFETIME_MS = 30 * 60_000;

interface Order {
  checkoutId: string;
  amount: string;
  currency: string;
  preparedAt: number;
}

/** What the checkout page hands to <PaymentWidget>. */
export interface PreparedCheckout {
  checkoutId: string;
  integrity: string | undefined;
  amount: string;
  currency: string;
  /** Time left on the checkout as this server counts it: the device's clock never matters. */
  expiresInMs: number;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`next-storefront: set ${name} (the demo sets it; see the README)`);
  return value;
}

// Kept on globalThis: every route's server bundle then sees the same client
// and order book. An example's memory; a real shop keeps orders in its database.
const shared = globalThis as typeof globalThis & { wpwlNextShop?: { client: GatewayClient; orders: Map<string, Order> } };

function shop() {
  shared.wpwlNextShop ??= {
    client: createGatewayClient({
      baseUrl: required('WPWL_BASE_URL'),
      accessToken: required('WPWL_ACCESS_TOKEN'),
      entityId: required('WPWL_ENTITY_ID'),
    }),
    orders: new Map(),
  };
  return shared.wpwlNextShop;
}

/** The gateway's address as the shopper's browser reaches it (the widget script comes from there). */
export function widgetBaseUrl(): string {
  return process.env.WPWL_WIDGET_BASE_URL || required('WPWL_BASE_URL');
}

/** Prepares a checkout for the basket and records the order it pays for. */
export async function prepareBasketCheckout(): Promise<PreparedCheckout> {
  const { client, orders } = shop();
  const amount = basketTotal(BASKET);
  const preparedAt = Date.now();
  const checkout = await client.prepareCheckout({
    amount,
    currency: CURRENCY,
    paymentType: 'DB',
    integrity: true,
    merchantTransactionId: `next-${preparedAt.toString(36)}`,
  });
  orders.set(checkout.id, { checkoutId: checkout.id, amount, currency: CURRENCY, preparedAt });
  return {
    checkoutId: checkout.id,
    integrity: checkout.integrity,
    amount,
    currency: CURRENCY,
    expiresInMs: CHECKOUT_LIFETIME_MS - (Date.now() - preparedAt),
  };
}

/** What the result page shows: the shop's shared words for each verdict, or nothing known of this checkout. */
export async function readResult(checkoutId: string | undefined, resourcePath: string | undefined): Promise<ResultView | undefined> {
  const { client, orders } = shop();
  const order = checkoutId ? orders.get(checkoutId) : undefined;
  // Only checkouts this shop prepared, and only their own resource path.
  if (!order || (resourcePath !== undefined && resourcePath !== `/v1/checkouts/${order.checkoutId}/payment`)) return undefined;
  const payment = await client.getPaymentStatus(order.checkoutId);
  const verdict = verifyPayment(payment, order);
  return describeResult(
    {
      ok: verdict.ok,
      classification: verdict.classification,
      threeDSecureFailed: isThreeDSecureFailure(payment.result.code),
      code: payment.result.code,
      mismatches: verdict.mismatches,
      needsReview: verdict.needsReview,
      orderId: order.checkoutId,
      amount: order.amount,
      currency: order.currency,
    },
    // A server page answers once: a pending payment says "reload later".
    true,
  );
}
