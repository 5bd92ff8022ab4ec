// Owns the storefront examples' calls to the merchant server and the shapes of its answers (shared by the React and Vue storefronts).

/** A product as GET /api/products lists it (price as "12.90"). */
export interface Product {
  id: string;
  name: string;
  description: string;
  price: string;
}

/** What POST /api/checkout answers: everything the widget needs, priced by the server. */
export interface Checkout {
  orderId: string;
  checkoutId: string;
  integrity?: string;
  baseUrl: string;
  brands: string;
  shopperResultUrl: string;
  amount: string;
  currency: string;
  createdAt: string;
  expiresAt: string;
  /** Time left on the checkout when the server answered: pass it as the widget's `expiresInMs` (device clocks may be off). */
  expiresInMs: number;
}

/** Where the merchant server's order stands, as GET /api/payment-status answers it. */
export type PaymentState =
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

/** What GET /api/payment-status answers once the server has read and verified the payment. */
export interface PaymentStatus {
  ok: boolean;
  /**
   * The order's state. `uncertain`: a payment was sent and its outcome is not
   * known yet (a gateway timeout, a system error, an unknown code): the server
   * reads it again until it is paid or declined. `expired`: the checkout lapsed
   * without any payment. Absent where a shop reads the gateway directly (the
   * server-rendered storefronts, basket-orders.ts).
   */
  state?: PaymentState;
  /**
   * True exactly while `state` is `uncertain`: the payment is being confirmed.
   * `ok` is false then and `classification` the uncertain code's group
   * (`rejectedCommunication`, `systemError`, `unknown`, `pending` …), which is
   * no refusal: the shopper must not be told it failed, nor offered to pay again.
   */
  confirming: boolean;
  classification: string;
  /** The card authentication (3-D Secure) failed. */
  threeDSecureFailed: boolean;
  code: string;
  description?: string;
  mismatches: Array<{ field: string; expected: string; actual?: string }>;
  needsReview: boolean;
  orderId: string;
  amount: string;
  currency: string;
}

/** A failed call: the server's error code (e.g. `CART_ALREADY_PAID`, `PAYMENT_BEING_CONFIRMED`) and message. */
export class ShopError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, init);
  const body = (await response.json().catch(() => ({}))) as T & { error?: { code?: string; message?: string } };
  if (!response.ok) throw new ShopError(body.error?.code ?? `HTTP_${response.status}`, body.error?.message ?? `HTTP ${response.status}`);
  return body;
}

/** The catalogue, its names and descriptions in `language` (a language code such as `ar`; English by default). */
export const getProducts = (language = 'en') =>
  call<{ products: Product[]; currency: string }>(
    language === 'en' ? '/api/products' : `/api/products?lang=${encodeURIComponent(language)}`,
  );

/**
 * Asks for a checkout of the cart; the server prices it, the browser sends ids
 * and quantities only, and the cart's key: the same cart (from any of the
 * shopper's tabs) gets the same open checkout, and a paid cart is refused
 * (`CART_ALREADY_PAID`: the cart is done). A cart whose payment is being
 * confirmed is refused too (`PAYMENT_BEING_CONFIRMED`): a second checkout
 * could charge the shopper twice. That cart is kept: once the payment is
 * declined, the same cart gets a new checkout.
 */
export const createCheckout = (cart: ReadonlyMap<string, number>, resultPath: string, cartKey: string, renew?: string) =>
  call<Checkout>('/api/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    // `renew`: the checkout shown now, to be replaced by a new one (after expiry, or for more time).
    body: JSON.stringify({ items: [...cart].map(([productId, quantity]) => ({ productId, quantity })), resultPath, cartKey, renew }),
  });

/** What the cart's wallet buttons need before any checkout exists: `GET /api/express`. */
export interface ExpressSettings {
  baseUrl: string;
  /** The wallet brands offered, e.g. `APPLEPAY GOOGLEPAY PAYPAL`. */
  brands: string;
  /** The integrity hash of the widget script loaded without a checkout id, when the gateway gives one. */
  integrity?: string;
}

export const getExpressSettings = () => call<ExpressSettings>('/api/express');

/**
 * Express checkout: asks for a checkout of the cart at the moment a wallet
 * button is pressed, under the same rules as {@link createCheckout} (the same
 * cart gets its one open checkout; a paid cart or one being confirmed is
 * refused). Answers what core's `createCheckout` compares with the total the
 * wallet sheet shows: the id, the amount and the currency the server priced.
 */
export async function createExpressCheckout(cart: ReadonlyMap<string, number>, resultPath: string, cartKey: string, brand: string) {
  const checkout = await call<Checkout>('/api/express-checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [...cart].map(([productId, quantity]) => ({ productId, quantity })), resultPath, cartKey, brand }),
  });
  return { id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency };
}

/**
 * Whether the checkout can still be paid: false once it has a payment (the
 * shopper paid it in another tab, say). Asked before the widget submits, so
 * the shopper reads why instead of the gateway's refusal. When the answer
 * cannot be had, the payment goes ahead: the gateway takes one payment per
 * checkout whatever happens.
 */
export async function isStillPayable(checkoutId: string): Promise<boolean> {
  try {
    const status = await getPaymentStatus(`/v1/checkouts/${checkoutId}/payment`);
    return !status.ok && status.code.startsWith('000.200');
  } catch {
    return true;
  }
}

export const getPaymentStatus = (resourcePath: string) =>
  call<PaymentStatus>(`/api/payment-status?resourcePath=${encodeURIComponent(resourcePath)}`);
