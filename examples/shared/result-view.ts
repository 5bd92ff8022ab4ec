// Owns what the result page tells the shopper, one state at a time: the
// verified payment, a payment still being processed or being confirmed (its
// outcome not known yet: never a failure, never "pay again"), a checkout that
// expired unpaid, or why it did not go through, in words a shopper understands (no result codes, no order ids:
// those are for the merchant's logs), in the page's language (the texts are
// in shop-texts.ts). Free of browser APIs: the server-rendered storefronts
// use it on their servers (cart-storage.ts keeps the browser storefronts' cart).
import type { PaymentStatus } from './shop-api.js';
import { ENGLISH, formatAmount, type ShopLanguage } from './shop-language';

/** Classifications that may still turn into a payment. */
export const PENDING = new Set(['pending', 'pendingMayChange']);

/**
 * Classifications whose outcome is not known (a gateway timeout, a system
 * error, an unknown code): the payment may have gone through. Where the
 * gateway is read directly (basket-orders.ts, no `state`), a payment that is
 * not ok with one of these is being confirmed, not failed.
 */
export const UNCERTAIN = new Set(['rejectedCommunication', 'systemError', 'unknown']);

/**
 * Whether a result page asks again for this answer: while the payment is
 * pending or being confirmed (with the same back-off and number of questions
 * for both); never for a paid, declined or expired one.
 */
export const asksAgain = (status: PaymentStatus): boolean =>
  !status.ok && status.state !== 'expired' && (status.confirming || PENDING.has(status.classification));

/** What the result page shows. `classification` is for styling and tests, never shown. */
export interface ResultView {
  state: 'loading' | 'pending' | 'success' | 'failure';
  title: string;
  detail: string;
  classification?: string;
  /** Offer to pay for the same cart again ("Try another card"). */
  retry?: boolean;
  /** Offer to go back to the cart (kept until paid), to pay it: the checkout expired unpaid. */
  backToCart?: boolean;
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
 * the page stops asking again (a pending payment stays pending, one being
 * confirmed stays being confirmed).
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
  // Sent, outcome not known yet: the server confirms it; paying again could charge twice.
  if (status.confirming) {
    return {
      state: 'pending',
      classification,
      title: texts.confirmingTitle,
      detail: final ? texts.confirmingStill : texts.confirmingDetail,
    };
  }
  // The checkout lapsed without any payment (whatever its code reads, pending included).
  if (status.state === 'expired') {
    return { state: 'failure', classification, title: texts.expiredTitle, detail: texts.expiredDetail, backToCart: true };
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
