// Owns the payment half of the server-rendered storefronts (Next.js, Nuxt),
// on the server only and whatever the framework: preparing a checkout for the
// basket and recording the order it pays for, then reading the payment the
// shopper came back with and checking it against that order before saying
// anything. Each storefront brings its own @wpwl/server client.
import { isThreeDSecureFailure, verifyPayment, type GatewayClient } from '@wpwl/server';
import { BASKET, CURRENCY, basketTotal } from './basket';
import { UNCERTAIN, describeResult, type ResultView } from './result-view';
import type { ShopLanguage } from './shop-language';

/** A checkout lives 30 minutes at the gateway. */
const CHECKOUT_LIFETIME_MS = 30 * 60_000;

/** What the shop records when it prepares a checkout. */
export interface BasketOrder {
  checkoutId: string;
  amount: string;
  currency: string;
}

/**
 * The shop's orders by checkout id. An example's memory, kept on globalThis so
 * every route bundle of the server sees the same one; a real shop keeps orders
 * in its database.
 */
function orderBook(): Map<string, BasketOrder> {
  const shared = globalThis as typeof globalThis & { wpwlExampleOrders?: Map<string, BasketOrder> };
  return (shared.wpwlExampleOrders ??= new Map());
}

/** What a checkout page hands to <PaymentWidget>: plain data. */
export interface PreparedCheckout {
  checkoutId: string;
  integrity: string | undefined;
  amount: string;
  currency: string;
  /** Time left on the checkout as this server counts it: the device's clock never matters. */
  expiresInMs: number;
}

/** Prepares a checkout for the basket (with the widget script's integrity hash) and records the order it pays for. */
export async function prepareBasketCheckout(client: GatewayClient, shop: string): Promise<PreparedCheckout> {
  const amount = basketTotal(BASKET);
  const preparedAt = Date.now();
  const checkout = await client.prepareCheckout({
    amount,
    currency: CURRENCY,
    paymentType: 'DB',
    integrity: true,
    merchantTransactionId: `${shop}-${preparedAt.toString(36)}`,
  });
  orderBook().set(checkout.id, { checkoutId: checkout.id, amount, currency: CURRENCY });
  return {
    checkoutId: checkout.id,
    integrity: checkout.integrity,
    amount,
    currency: CURRENCY,
    expiresInMs: CHECKOUT_LIFETIME_MS - (Date.now() - preparedAt),
  };
}

/**
 * What the result page shows for the checkout the shopper came back with
 * (`?id=…&resourcePath=…`): the shop's words for the verified verdict, in
 * the page's `language` (English unless given), or `undefined` for a
 * checkout this shop did not prepare or a resource path that is not its own
 * (nothing is asked of the gateway then).
 */
export async function readBasketResult(
  client: GatewayClient,
  checkoutId: string | undefined,
  resourcePath: string | undefined,
  language?: ShopLanguage,
): Promise<ResultView | undefined> {
  const order = checkoutId ? orderBook().get(checkoutId) : undefined;
  if (!order || (resourcePath !== undefined && resourcePath !== `/v1/checkouts/${order.checkoutId}/payment`)) return undefined;
  const payment = await client.getPaymentStatus(order.checkoutId);
  const verdict = verifyPayment(payment, order);
  return describeResult(
    {
      ok: verdict.ok,
      // No order state here: a payment whose outcome is not known (a gateway timeout, say) is being confirmed, not failed.
      confirming: !verdict.ok && UNCERTAIN.has(verdict.classification),
      classification: verdict.classification,
      threeDSecureFailed: isThreeDSecureFailure(payment.result.code),
      code: payment.result.code,
      mismatches: verdict.mismatches,
      needsReview: verdict.needsReview,
      orderId: order.checkoutId,
      amount: order.amount,
      currency: order.currency,
    },
    // A server page answers once: a pending payment, or one being confirmed, says "reload in a few minutes".
    true,
    language,
  );
}
