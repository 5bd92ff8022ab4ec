// @ts-check
// The page the shopper lands on after paying: takes the resourcePath from
// this URL (checked by @wpwl/core), asks the merchant server to read and
// verify the payment, and shows success, a payment still being processed or
// confirmed, an expired checkout or the classified failure, in the
// shopper's language (language.js: English, or Arabic right to left).
import { readShopperResult } from '@wpwl/core';
import { formatAmount, texts as pageTexts, translatePage } from './language.js';

const section = /** @type {HTMLElement} */ (document.getElementById('result'));
const title = /** @type {HTMLElement} */ (document.getElementById('result-title'));
const detail = /** @type {HTMLElement} */ (document.getElementById('result-detail'));
const tryAgain = /** @type {HTMLElement} */ (document.getElementById('try-again'));
const back = /** @type {HTMLElement} */ (document.getElementById('back'));
const backToCart = /** @type {HTMLElement} */ (document.getElementById('back-to-cart'));
const texts = pageTexts.result;
const EXPLANATIONS = texts.explanations;

translatePage(`${texts.pageTitle} · ${pageTexts.shopName}`);

/**
 * Shows one state at a time, in words for the shopper: result codes and order
 * ids stay in the merchant's logs (`data-classification` is for styling and tests).
 * @param {'success' | 'failure' | 'pending'} state
 * @param {string} heading
 * @param {string} text
 * @param {{ classification?: string, retry?: boolean, backToCart?: boolean }} [extra]
 */
function show(state, heading, text, extra = {}) {
  section.dataset.state = state;
  if (extra.classification) section.dataset.classification = extra.classification;
  title.textContent = heading;
  detail.textContent = text;
  // A declined shopper goes back to the same cart (kept in this tab) and can pay it again; so does one whose checkout expired unpaid.
  tryAgain.hidden = !extra.retry;
  backToCart.hidden = !extra.backToCart;
  back.hidden = !!extra.retry || !!extra.backToCart;
}

const CART_KEY = 'wpwl-example-cart';

async function check(attempt = 0) {
  let resourcePath;
  try {
    ({ resourcePath } = readShopperResult(location.href));
  } catch (error) {
    show('failure', texts.noPayment, texts.noResultInAddress(error instanceof Error ? error.message : String(error)));
    return;
  }
  const response = await fetch(`/api/payment-status?resourcePath=${encodeURIComponent(resourcePath)}`);
  if (response.status === 429) {
    // Asked too often: ask again when the server says, without giving up.
    setTimeout(() => void check(attempt), 1000 * (Number(response.headers.get('Retry-After')) || 2));
    return;
  }
  const body = await response.json();
  if (!response.ok) {
    show('failure', texts.couldNotCheck, body.error?.message ?? `HTTP ${response.status}`);
    return;
  }
  const { classification } = body;
  if (body.ok) {
    // Paid: the cart and its key are done; the next cart is a new one.
    localStorage.removeItem(CART_KEY);
    localStorage.removeItem('wpwl-example-cart-key');
    const review = body.needsReview ? ` ${EXPLANATIONS.successNeedsReview}` : '';
    show('success', texts.paidTitle, `${texts.paid(formatAmount(body.amount), body.currency)}${review}`, { classification });
    return;
  }
  if (body.confirming) {
    // Sent, its outcome not known yet (a gateway timeout, say): the server confirms it. Never a failure,
    // never "pay again" (that could charge twice); asked again as a pending payment is, then it stays so.
    const final = attempt >= 5;
    show('pending', texts.confirmingTitle, final ? texts.confirmingStill : texts.confirmingDetail, { classification });
    if (!final) setTimeout(() => void check(attempt + 1), 3000);
    return;
  }
  if (body.state === 'expired') {
    // The checkout lapsed without any payment: the cart (kept until paid) can be paid again.
    show('failure', texts.expiredTitle, texts.expiredDetail, { classification, backToCart: true });
    return;
  }
  if (classification === 'pending' || classification === 'pendingMayChange') {
    // Pending stays pending: the page stops asking, it does not turn it into a failure.
    const final = attempt >= 5;
    show('pending', texts.processingTitle, final ? texts.notConfirmedYet : (EXPLANATIONS[classification] ?? ''), { classification });
    if (!final) setTimeout(() => void check(attempt + 1), 3000);
    return;
  }
  // A successful payment that does not match the order (another amount, say) is the merchant's to sort out.
  const mismatched = body.mismatches?.length > 0 && (classification === 'success' || classification === 'successNeedsReview');
  const reason = mismatched
    ? texts.mismatch
    : (EXPLANATIONS[body.threeDSecureFailed ? 'rejected3DSecure' : classification] ?? texts.failedDefault);
  show('failure', texts.failedTitle, reason, { classification, retry: !mismatched });
}

check().catch((error) => show('failure', texts.couldNotCheck, String(error)));
