// Owns what the result page tells the shopper, one state at a time: the
// verified payment, a payment still being processed, or why it did not go
// through, in words a shopper understands (no result codes, no order ids:
// those are for the merchant's logs). Also keeps the cart, shared by the
// shopper's tabs, across the trip to the gateway and back, so a declined
// shopper can pay for the same cart again, and its key, so that every tab gets
// the same checkout for it.
import type { PaymentStatus } from './shop-api.js';

/** What a shopper should read for each group of result codes. */
export const EXPLANATIONS: Record<string, string> = {
  successNeedsReview: 'Your payment went through and is being reviewed; we will confirm your order shortly.',
  pending: 'Your payment is still being processed. This page updates in a moment.',
  pendingMayChange: 'Your payment is pending and may take a few days to complete.',
  rejectedBank: 'Your bank declined the payment. Try another card.',
  rejected3DSecure: 'The card authentication (3-D Secure) did not succeed. Try again, or try another card.',
  rejected3DSecureRisk: 'The payment was refused by the card authentication or a risk check.',
  softDecline: 'Your bank asks for additional authentication. Please try again.',
  rejectedCommunication: 'The payment could not reach the bank. Please try again.',
  systemError: 'The payment service had a problem. Please try again later.',
  throttled: 'The payment service is busy. Please try again in a minute.',
  blacklist: 'This payment was refused.',
  formatValidation: 'The payment details were not accepted.',
};

/** Classifications that may still turn into a payment. */
export const PENDING = new Set(['pending', 'pendingMayChange']);

/** What the result page shows. `classification` is for styling and tests, never shown. */
export interface ResultView {
  state: 'loading' | 'pending' | 'success' | 'failure';
  title: string;
  detail: string;
  classification?: string;
  /** Offer to pay for the same cart again. */
  retry?: boolean;
}

/** What a shopper reads when the cart or checkout was paid meanwhile, in another tab or window. */
export const ALREADY_PAID = 'This order has already been paid, in another tab or window. Nothing more will be charged.';

/** The result page of a checkout, as the gateway would send the shopper there. */
export const orderPageUrl = (checkout: { checkoutId: string; shopperResultUrl: string }): string =>
  `${checkout.shopperResultUrl}?resourcePath=${encodeURIComponent(`/v1/checkouts/${checkout.checkoutId}/payment`)}`;

export const CHECKING: ResultView = { state: 'loading', title: 'Checking your payment…', detail: '' };

/** The view of a verdict; `final` once the page stops asking again (a pending payment stays pending). */
export function describeResult(status: PaymentStatus, final: boolean): ResultView {
  const { classification } = status;
  if (status.ok) {
    const review = status.needsReview ? ` ${EXPLANATIONS.successNeedsReview}` : '';
    return {
      state: 'success',
      classification,
      title: 'Thank you, your payment is confirmed',
      detail: `${status.amount} ${status.currency} paid.${review}`,
    };
  }
  if (PENDING.has(classification)) {
    return {
      state: 'pending',
      classification,
      title: 'Your payment is being processed',
      detail: final ? 'It is not confirmed yet. Reload this page in a few minutes to check again.' : (EXPLANATIONS[classification] ?? ''),
    };
  }
  // A successful payment that does not match the order (another amount, say) is the merchant's to sort out.
  const mismatched = status.mismatches.length > 0 && (classification === 'success' || classification === 'successNeedsReview');
  return {
    state: 'failure',
    classification,
    title: 'Your payment did not go through',
    detail: mismatched
      ? 'The payment we received does not match your order. Please contact us; nothing more will be charged.'
      : (EXPLANATIONS[status.threeDSecureFailed ? 'rejected3DSecure' : classification] ??
        'The payment did not go through. Please try again.'),
    retry: !mismatched,
  };
}

const CART_KEY = 'wpwl-example-cart';
const CART_KEY_KEY = 'wpwl-example-cart-key';

/** The shopper's cart (product id → quantity), shared by their tabs, or an empty one. */
export function loadCart(): Map<string, number> {
  try {
    const entries: unknown = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
    if (!Array.isArray(entries)) return new Map();
    return new Map(
      entries.filter((entry): entry is [string, number] => typeof entry?.[0] === 'string' && Number.isInteger(entry?.[1]) && entry[1] > 0),
    );
  } catch {
    return new Map();
  }
}

/** Keeps the cart for the way back from the gateway and for the shopper's other tabs. */
export function saveCart(cart: ReadonlyMap<string, number>): void {
  localStorage.setItem(CART_KEY, JSON.stringify([...cart]));
}

/** The key the merchant server knows this cart by: one checkout per cart, whichever tab asks. */
export function cartKey(): string {
  let key = localStorage.getItem(CART_KEY_KEY);
  if (!key) localStorage.setItem(CART_KEY_KEY, (key = crypto.randomUUID()));
  return key;
}

/** Forgets the cart (and its key) once it is paid: the next cart is a new one. */
export function clearCart(): void {
  localStorage.removeItem(CART_KEY);
  localStorage.removeItem(CART_KEY_KEY);
}
