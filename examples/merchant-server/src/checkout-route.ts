// Owns POST /api/checkout: a checkout for a server-priced cart, one payable
// checkout per cart (the settlement decides: the open one again, a refusal
// while the cart is paid or its payment is being confirmed, or a new one),
// with the per-client limit on new gateway checkouts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRetryableStoreError, type OpenCheckoutResult, type SettlementOrder } from '@wpwl/server/settlement';
import { CURRENCY, formatMinor, priceCart, type PricedCart } from './catalogue.js';
import { readJson, sendGatewayError, sendJson, sendStoreUnavailable, TOO_MANY_CHECKOUTS } from './http.js';
import type { ShopContext } from './shop-context.js';
import { shopperOf } from './shopper-cookie.js';
import type { OrderDetails } from './store.js';

/** A storefront's cart key: a random id per shopper's cart. */
const CART_KEY = /^[A-Za-z0-9-]{16,64}$/;

type PricedCartOk = Extract<PricedCart, { ok: true }>;

/** A new gateway checkout was refused by the per-client limit: wait this long. */
class TooManyCheckouts extends Error {
  constructor(readonly waitMs: number) {
    super('too many new checkouts');
  }
}

/**
 * POST /api/checkout `{ items: [{ productId, quantity }], resultPath?, cartKey?, renew? }` (`renew`: the checkout id to replace),
 * and POST /api/express-checkout (`express`) with `brand`, the wallet pressed, in place of `renew`: the checkout of
 * the cart at the moment of the press, under the same rules (one payable checkout per cart).
 */
export async function createCheckout(shop: ShopContext, req: IncomingMessage, res: ServerResponse, express = false): Promise<void> {
  // A cross-site form cannot send a JSON content type, so other sites cannot create checkouts here.
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    return sendJson(res, 415, { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'send application/json' } });
  }
  const body = await readJson(req);
  if (!body.ok) return sendJson(res, 400, { error: { code: 'INVALID_BODY', message: body.message } });
  const input = (typeof body.value === 'object' && body.value !== null ? body.value : {}) as {
    items?: unknown;
    resultPath?: unknown;
    cartKey?: unknown;
    renew?: unknown;
    brand?: unknown;
  };
  if (express && (typeof input.brand !== 'string' || !shop.expressBrands.split(' ').includes(input.brand))) {
    return sendJson(res, 400, {
      error: { code: 'INVALID_BRAND', field: 'brand', message: `brand must be one of the express wallets: ${shop.expressBrands}` },
    });
  }
  // A wallet press prepares the cart's checkout as it is: nothing to renew.
  if (express) delete input.renew;
  if (input.cartKey !== undefined && (typeof input.cartKey !== 'string' || !CART_KEY.test(input.cartKey))) {
    return sendJson(res, 400, {
      error: { code: 'INVALID_CART_KEY', field: 'cartKey', message: 'cartKey must be 16-64 letters, digits or hyphens' },
    });
  }
  const cart = priceCart(input.items);
  if (!cart.ok) return sendJson(res, 400, { error: { code: 'INVALID_CART', field: cart.field, message: `${cart.field} ${cart.message}` } });
  const resultPath = chooseResultPath(shop, input.resultPath);
  if (!resultPath) {
    return sendJson(res, 400, {
      error: {
        code: 'INVALID_RESULT_PATH',
        field: 'resultPath',
        message: 'resultPath must be a path below one of the storefronts served here',
      },
    });
  }

  const shopperResultUrl = new URL(resultPath, shop.publicUrl()).href;
  const shopperId = shopperOf(req, res);
  const client = shop.clientAddress(req);
  const details: OrderDetails = {
    shopperResultUrl,
    shopperId,
    lines: cart.lines.map((line) => ({
      productId: line.product.id,
      name: line.product.name,
      quantity: line.quantity,
      price: formatMinor(line.product.priceMinor),
    })),
  };
  let outcome: OpenCheckoutResult;
  try {
    // The cards this shopper saved: the checkout offers them, so it is handed out again only to a
    // request offered the same ones (a cart key alone is no proof of who asks).
    const storedCards = await shop.orders.storedCards(shopperId);
    outcome = await shop.settlement.openCheckout({
      ...(typeof input.cartKey === 'string' ? { cartKey: input.cartKey } : {}),
      // The same cart with the same result page and stored cards: the same checkout, whichever of the shopper's tabs asks.
      cartFingerprint: JSON.stringify([shopperResultUrl, details.lines.map((line) => [line.productId, line.quantity]), storedCards]),
      amount: formatMinor(cart.totalMinor),
      currency: CURRENCY,
      paymentType: 'DB',
      ...(typeof input.renew === 'string' ? { renew: input.renew } : {}),
      details: details as unknown as Record<string, unknown>,
      // Only a new gateway checkout costs a token: a cart's open checkout handed out again does not.
      prepare: async (orderId) => {
        const wait = shop.limits.checkoutsPerClient.take(client);
        if (wait > 0) throw new TooManyCheckouts(wait);
        return prepareAtGateway(shop, cart, orderId, shopperResultUrl, storedCards);
      },
    });
  } catch (error) {
    if (error instanceof TooManyCheckouts) {
      res.setHeader('Retry-After', String(Math.ceil(error.waitMs / 1000)));
      return sendJson(res, 429, TOO_MANY_CHECKOUTS);
    }
    if (isRetryableStoreError(error)) return sendStoreUnavailable(res, error);
    return sendGatewayError(res, error);
  }
  switch (outcome.kind) {
    case 'created':
      return sendJson(res, 201, checkoutAnswer(shop, outcome.order));
    case 'reused':
      return sendJson(res, 200, checkoutAnswer(shop, outcome.order));
    case 'cartPaid':
      return sendJson(res, 409, {
        error: { code: 'CART_ALREADY_PAID', orderId: outcome.order.orderId, message: 'this cart is paid already: its order is complete' },
      });
    case 'paymentUncertain':
      return sendJson(res, 409, {
        error: {
          code: 'PAYMENT_BEING_CONFIRMED',
          orderId: outcome.order.orderId,
          message: 'a payment for this cart is being confirmed; no new checkout until it is final',
        },
      });
    case 'tooManyOpen':
      // Each open one may have been paid in a tab still open, and is read before another goes out.
      return sendJson(res, 409, {
        error: {
          code: 'TOO_MANY_OPEN_CHECKOUTS',
          orderId: outcome.order.orderId,
          message: 'this cart has too many checkouts open: pay in one of them, or try again once they have expired',
        },
      });
  }
}

/** Prepares the gateway checkout for a priced cart, offering the cards this shopper saved before. */
async function prepareAtGateway(shop: ShopContext, cart: PricedCartOk, orderId: string, shopperResultUrl: string, storedCards: string[]) {
  const registrations = storedCards.map((id) => ({ id }));
  return shop.gateway.prepareCheckout({
    ...(registrations.length > 0 ? { registrations } : {}),
    amount: formatMinor(cart.totalMinor),
    currency: CURRENCY,
    paymentType: 'DB',
    merchantTransactionId: orderId,
    integrity: true,
    shopperResultUrl,
    cart: {
      items: cart.lines.map((line) => ({
        merchantItemId: line.product.id,
        name: line.product.name,
        quantity: line.quantity,
        price: formatMinor(line.product.priceMinor),
        totalAmount: formatMinor(line.totalMinor),
        currency: CURRENCY,
      })),
    },
  });
}

/** What POST /api/checkout answers for an order: what the widget needs, and the time left on this server's clock. */
function checkoutAnswer(shop: ShopContext, order: SettlementOrder) {
  const details = order.details as unknown as OrderDetails;
  return {
    orderId: order.orderId,
    checkoutId: order.checkoutId,
    ...(details.integrity ? { integrity: details.integrity } : {}),
    baseUrl: shop.gateway.baseUrl,
    brands: shop.brands,
    shopperResultUrl: details.shopperResultUrl,
    amount: order.amount,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    // A shopper's device clock may be off by any amount: the page counts down from this, not from the timestamps.
    expiresInMs: order.expiresAt.getTime() - Date.now(),
  };
}

/** The shopper result URL's path: the one asked for if it lies below a storefront, else the first storefront's result page. */
function chooseResultPath(shop: ShopContext, requested: unknown): string | undefined {
  if (requested === undefined || requested === null || requested === '') {
    const first = shop.storefronts[0];
    return first ? `${first.path}${first.resultPage ?? 'result.html'}` : '/';
  }
  if (typeof requested !== 'string' || !/^\/[A-Za-z0-9._~/-]*$/.test(requested) || requested.includes('..') || requested.includes('//')) {
    return undefined;
  }
  return shop.storefronts.some((s) => requested.startsWith(s.path)) ? requested : undefined;
}
