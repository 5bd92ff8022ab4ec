// @ts-check
// The page the shopper lands on after paying. The gateway appends `id` and
// `resourcePath` to this URL; the merchant server reads that payment with its
// token, checks it against the order (checkout, amount, currency, type) and
// refuses a resourcePath of any other shape. This page only shows the verdict.

const section = /** @type {HTMLElement} */ (document.getElementById('result'));
const title = /** @type {HTMLElement} */ (document.getElementById('result-title'));
const detail = /** @type {HTMLElement} */ (document.getElementById('result-detail'));
const mismatchList = /** @type {HTMLElement} */ (document.getElementById('result-mismatches'));

/** What a shopper should read for each group of result codes. */
const EXPLANATIONS = /** @type {Record<string, string>} */ ({
  successNeedsReview: 'Your payment went through and is being reviewed; we will confirm your order shortly.',
  pending: 'Your payment is still being processed. This page updates in a moment.',
  pendingMayChange: 'Your payment is pending and may take a few days to complete.',
  rejectedBank: 'Your bank declined the payment. Try another card.',
  rejected3DSecure: 'The card authentication (3-D Secure) did not succeed.',
  rejected3DSecureRisk: 'The payment was refused by the card authentication or a risk check.',
  softDecline: 'Your bank asks for additional authentication. Please try again.',
  rejectedCommunication: 'The payment could not reach the bank. Please try again.',
  systemError: 'The payment service had a problem. Please try again later.',
  throttled: 'The payment service is busy. Please try again in a minute.',
  blacklist: 'This payment was refused.',
  formatValidation: 'The payment details were not accepted.',
});

/**
 * @param {'success' | 'failure' | 'pending'} state
 * @param {string} heading
 * @param {string} text
 */
function show(state, heading, text) {
  section.dataset.state = state;
  title.textContent = heading;
  detail.textContent = text;
}

async function check(attempt = 0) {
  const resourcePath = new URLSearchParams(location.search).get('resourcePath');
  if (!resourcePath) {
    show('failure', 'No payment to show', 'This address does not carry a payment result.');
    return;
  }
  const response = await fetch(`/api/payment-status?resourcePath=${encodeURIComponent(resourcePath)}`);
  const body = await response.json();
  if (!response.ok) {
    show('failure', 'We could not check your payment', body.error?.message ?? `HTTP ${response.status}`);
    return;
  }
  if (body.ok) {
    show('success', 'Thank you, your payment is confirmed', `Order ${body.orderId}: ${body.amount} ${body.currency} paid (${body.code}).`);
    if (body.needsReview) detail.textContent += ` ${EXPLANATIONS.successNeedsReview}`;
    return;
  }
  if ((body.classification === 'pending' || body.classification === 'pendingMayChange') && attempt < 5) {
    show('pending', 'Your payment is being processed', EXPLANATIONS[body.classification] ?? '');
    setTimeout(() => void check(attempt + 1), 3000);
    return;
  }
  const reason = EXPLANATIONS[body.classification] ?? 'The payment did not go through.';
  show('failure', 'Your payment did not go through', `${reason} (${body.classification}, ${body.code}${body.description ? `: ${body.description}` : ''})`);
  if (body.mismatches?.length) {
    mismatchList.hidden = false;
    for (const m of body.mismatches) {
      const li = document.createElement('li');
      li.textContent = `${m.field}: expected ${m.expected}, got ${m.actual ?? 'nothing'}`;
      mismatchList.append(li);
    }
  }
}

check().catch((error) => show('failure', 'We could not check your payment', String(error)));
