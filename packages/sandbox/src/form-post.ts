// Owns the answers to the shopper's browser posting the widget's form itself.
// A merchant hook that "submits again" with form.submit() fires no submit
// event, so the widget's fetch never runs and the browser navigates to the
// form's action, the checkout's payment path. The gateway then sends the
// shopper on, never to raw JSON: 303 to the shopper result URL (success and
// decline alike, the merchant reads the status there), 303 to the 3-D Secure
// page, or a small page saying what went wrong with a way back.

import type { IncomingHttpHeaders } from 'node:http';
import type { CheckoutPaymentOutcome, FieldProblem } from './gateway/payments.js';
import { shopperResultLocation, type Reply } from './gateway/replies.js';
import { escapeHtml, htmlPage } from './html.js';

/**
 * True for a browser's own form post: no Authorization header, and an
 * `Accept` that asks for HTML and not JSON (a navigation's
 * `text/html,application/xhtml+xml,…`). The widget's fetch, API clients and
 * anything sending `Accept: application/json` or no Accept keep the JSON answers.
 */
export function isBrowserFormPost(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined) return false;
  const accepted = acceptedTypes(headers.accept);
  return accepted.has('text/html') && !accepted.has('application/json');
}

// Media types of an Accept header, without those refused with q=0.
function acceptedTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const range of (accept ?? '').split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const refused = parameters.some((p) => /^q=0(?:\.0{0,3})?$/.test(p));
    if (type && !refused) types.add(type);
  }
  return types;
}

/**
 * Where "back to the payment form" leads: the page that posted (the
 * `Referer`), when it is an http(s) URL. A cross-origin post usually carries
 * only the shop's origin, so the page also goes back in the browser's history.
 */
export function backLink(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The answer to a browser's form post of a checkout payment, from what the payment came to. */
export function formPostAnswer(outcome: CheckoutPaymentOutcome, checkoutId: string, back: string | undefined): Reply {
  if (outcome.kind === 'processed') {
    const { payment, resultUrl, resourcePath } = outcome;
    // 3-D Secure: the challenge page comes first and sends the shopper on to the result URL itself.
    if (payment.redirectUrl) return { kind: 'redirect', location: payment.redirectUrl };
    if (resultUrl) return { kind: 'redirect', location: shopperResultLocation(resultUrl, checkoutId, resourcePath) };
    return {
      kind: 'html',
      status: 200,
      html: htmlPage(
        'Payment processed',
        `<h1>Payment processed</h1>
<p>No shopper result URL was given, so the sandbox cannot send you back to the shop.</p>
<p class="result">Result ${escapeHtml(payment.result.code)}: ${escapeHtml(payment.result.description)}. The shop reads <code>${escapeHtml(resourcePath)}</code> for the status.</p>`,
      ),
    };
  }
  const { status, body } = outcome.reply;
  const result = body.result as { code: string; description: string };
  if (status === 404) {
    return formPostRefusal(
      404,
      'This checkout has expired or does not exist',
      'Nothing was charged. Go back to the shop and start the payment again.',
      back,
      result,
    );
  }
  if (outcome.problems.length === 0) {
    return formPostRefusal(status, 'The payment could not be made', 'Nothing was charged.', back, result);
  }
  return {
    kind: 'html',
    status,
    html: htmlPage(
      'Please check your payment details',
      `<h1>Please check your payment details</h1>
<p>The payment was not made and nothing was charged. Please correct this and pay again:</p>
<ul>
${outcome.problems.map(problemItem).join('\n')}
</ul>
<p class="result">Result ${escapeHtml(result.code)}</p>
${backParagraph(back)}`,
    ),
  };
}

/** A page for a form post refused before the payment was looked at (too many requests, a body that is not a form). */
export function formPostRefusal(
  status: number,
  heading: string,
  text: string,
  back: string | undefined,
  result?: { code: string; description: string },
): Reply {
  return {
    kind: 'html',
    status,
    html: htmlPage(
      heading,
      `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(text)}</p>\n${result ? resultLine(result) : ''}\n${backParagraph(back)}`,
    ),
  };
}

function problemItem(problem: FieldProblem): string {
  return `<li><strong>${escapeHtml(fieldInWords(problem.field))}</strong>: ${escapeHtml(problem.message)}</li>`;
}

function resultLine(result: { code: string; description: string }): string {
  return `<p class="result">Result ${escapeHtml(result.code)}: ${escapeHtml(result.description)}</p>`;
}

function backParagraph(back: string | undefined): string {
  // Going back in history returns to the very page with the form, which the Referer of a
  // cross-origin post does not name; the href is the way back without script.
  return `<p><a id="back" href="${escapeHtml(back ?? '#')}">Back to the payment form</a></p>
<script>document.getElementById('back').addEventListener('click', function (event) { if (history.length > 1) { event.preventDefault(); history.back(); } });</script>`;
}

const FIELD_WORDS: Record<string, string> = {
  paymentBrand: 'Payment brand',
  'card.number': 'Card number',
  'card.holder': 'Card holder',
  'card.expiryMonth': 'Expiry month',
  'card.expiryYear': 'Expiry year',
  'card.cvv': 'Security code (CVV)',
  shopperResultUrl: 'Shopper result URL',
  createRegistration: 'Store the card',
};

/** A parameter's name as a shopper reads it: `card.number` → "Card number", `customParameters[X]` → "Custom parameter X". */
export function fieldInWords(field: string): string {
  const known = FIELD_WORDS[field];
  if (known) return known;
  const custom = /^customParameters\[(.*)\]$/.exec(field);
  if (custom) return `Custom parameter ${custom[1]}`;
  const words = field
    .replace(/\[(\d+)\]/g, ' $1')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : field;
}
