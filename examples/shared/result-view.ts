// Owns what the result page tells the shopper, one state at a time: the
// verified payment, a payment still being processed, or why it did not go
// through, in words a shopper understands (no result codes, no order ids:
// those are for the merchant's logs). Free of browser APIs: the
// server-rendered storefronts use it on their servers (cart-storage.ts keeps
// the browser storefronts' cart).
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
