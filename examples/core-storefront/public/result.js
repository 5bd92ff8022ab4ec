// @ts-check
// The page the shopper lands on after paying: takes the resourcePath from
// this URL (checked by @wpwl/core), asks the merchant server to read and
// verify the payment, and shows success or the classified failure.
import { readShopperResult } from '@wpwl/core';

const section = /** @type {HTMLElement} */ (document.getElementById('result'));
const title = /** @type {HTMLElement} */ (document.getElementById('result-title'));
const detail = /** @type {HTMLElement} */ (document.getElementById('result-detail'));
const tryAgain = /** @type {HTMLElement} */ (document.getElementById('try-again'));
const back = /** @type {HTMLElement} */ (document.getElementById('back'));

/**
 * What a shopper should read for each group of result codes. The React and
 * Vue storefronts share these texts (examples/shared/result-view.ts); this
 * plain page keeps its own copy, since it is served as it is, without a
 * bundler, and is meant to be copied whole.
 */
const EXPLANATIONS = /** @type {Record<string, string>} */ ({
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
});

/**
 * Shows one state at a time, in words for the shopper: result codes and order
 * ids stay in the merchant's logs (`data-classification` is for styling and tests).
 * @param {'success' | 'failure' | 'pending'} state
 * @param {string} heading
 * @param {string} text
 * @param {{ classification?: string, retry?: boolean }} [extra]
 */
function show(state, heading, text, extra = {}) {
  section.dataset.state = state;
  if (extra.classification) section.dataset.classification = extra.classification;
  title.textContent = heading;
  detail.textContent = text;
  // A declined shopper goes back to the same cart (kept in this tab) and can pay it again.
  tryAgain.hidden = !extra.retry;
  back.hidden = !!extra.retry;
}

const CART_KEY = 'wpwl-example-cart';

async function check(attempt = 0) {
  let resourcePath;
  try {
    ({ resourcePath } = readShopperResult(location.href));
  } catch (error) {
    show(
      'failure',
      'No payment to show',
      `This address does not carry a payment result (${error instanceof Error ? error.message : error}).`,
    );
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
    show('failure', 'We could not check your payment', body.error?.message ?? `HTTP ${response.status}`);
    return;
  }
  const { classification } = body;
  if (body.ok) {
    // Paid: the cart and its key are done; the next cart is a new one.
    localStorage.removeItem(CART_KEY);
    localStorage.removeItem('wpwl-example-cart-key');
    const review = body.needsReview ? ` ${EXPLANATIONS.successNeedsReview}` : '';
    show('success', 'Thank you, your payment is confirmed', `${body.amount} ${body.currency} paid.${review}`, { classification });
    return;
  }
  if (classification === 'pending' || classification === 'pendingMayChange') {
    // Pending stays pending: the page stops asking, it does not turn it into a failure.
    const final = attempt >= 5;
    show(
      'pending',
      'Your payment is being processed',
      final ? 'It is not confirmed yet. Reload this page in a few minutes to check again.' : (EXPLANATIONS[classification] ?? ''),
      { classification },
    );
    if (!final) setTimeout(() => void check(attempt + 1), 3000);
    return;
  }
  // A successful payment that does not match the order (another amount, say) is the merchant's to sort out.
  const mismatched = body.mismatches?.length > 0 && (classification === 'success' || classification === 'successNeedsReview');
  const reason = mismatched
    ? 'The payment we received does not match your order. Please contact us; nothing more will be charged.'
    : (EXPLANATIONS[body.threeDSecureFailed ? 'rejected3DSecure' : classification] ?? 'The payment did not go through. Please try again.');
  show('failure', 'Your payment did not go through', reason, { classification, retry: !mismatched });
}

check().catch((error) => show('failure', 'We could not check your payment', String(error)));
