// Owns what the result page tells the shopper, one state at a time: the
// verified payment, a payment still being processed, or why it did not go
// through, in words a shopper understands (no result codes, no order ids:
// those are for the merchant's logs), in the page's language (the texts are
// in shop-texts.ts). Free of browser APIs: the server-rendered storefronts
// use it on their servers (cart-storage.ts keeps the browser storefronts' cart).
import type { PaymentStatus } from './shop-api.js';
import { ENGLISH, formatAmount, type ShopLanguage } from './shop-language';

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

/** What a shopper reads when the cart or checkout was paid meanwhile, in another tab or window (in English). */
export const ALREADY_PAID = ENGLISH.texts.alreadyPaid;

/** The result page of a checkout, as the gateway would send the shopper there. */
export const orderPageUrl = (checkout: { checkoutId: string; shopperResultUrl: string }): string =>
  `${checkout.shopperResultUrl}?resourcePath=${encodeURIComponent(`/v1/checkouts/${checkout.checkoutId}/payment`)}`;

/** The page while the payment is being read, in `language`. */
export const checkingView = (language: ShopLanguage = ENGLISH): ResultView => ({
  state: 'loading',
  title: language.texts.result.checking,
  detail: '',
});

/** The page while the payment is being read, in English. */
export const CHECKING: ResultView = checkingView();

/**
 * The view of a verdict in `language` (English unless given); `final` once
 * the page stops asking again (a pending payment stays pending).
 */
export function describeResult(status: PaymentStatus, final: boolean, language: ShopLanguage = ENGLISH): ResultView {
  const { classification } = status;
  const texts = language.texts.result;
  const explanations = texts.explanations;
  if (status.ok) {
    const review = status.needsReview ? ` ${explanations.successNeedsReview}` : '';
    return {
      state: 'success',
      classification,
      title: texts.paidTitle,
      detail: `${texts.paid(formatAmount(language.tag, status.amount), status.currency)}${review}`,
    };
  }
  if (PENDING.has(classification)) {
    return {
      state: 'pending',
      classification,
      title: texts.processingTitle,
      detail: final ? texts.notConfirmedYet : (explanations[classification] ?? ''),
    };
  }
  // A successful payment that does not match the order (another amount, say) is the merchant's to sort out.
  const mismatched = status.mismatches.length > 0 && (classification === 'success' || classification === 'successNeedsReview');
  return {
    state: 'failure',
    classification,
    title: texts.failedTitle,
    detail: mismatched
      ? texts.mismatch
      : (explanations[status.threeDSecureFailed ? 'rejected3DSecure' : classification] ?? texts.failedDefault),
    retry: !mismatched,
  };
}
