// What a shopper types into the widget in the end-to-end tests: the sandbox's
// test cards (the card number decides the result; @wpwl/testing's table of
// them, by outcome) and the card form filled in with a valid expiry, holder
// and CVV.
import { completeThreeDSecure, testCard } from '@wpwl/testing/playwright';
import type { Page } from 'playwright-core';
import type { TestPage } from './browser.js';

/** A card the sandbox accepts. */
export const SUCCESS_CARD = testCard('approved').number;
/** A card the sandbox declines (800.100.155, amount exceeds credit: a bank rejection). */
export const DECLINE_CARD = testCard('insufficient-funds').number;
/** A card the sandbox sends through its 3-D Secure challenge page, then accepts. */
export const THREE_D_SECURE_CARD = testCard('3ds').number;
/** The published "success" result-code group. */
export const SUCCESS_RESULT = /^(000\.000\.|000\.100\.1|000\.[36]|000\.400\.[1][12]0)/;
/** The path of the widget's payment submission, `/v1/checkouts/{id}/payment`. */
export const PAYMENT_POST = /^\/v1\/checkouts\/[^/]+\/payment$/;

/** Fills the widget's card form: `card`, an expiry three years ahead, a holder and a CVV. Does not press pay. */
export async function fillCard(page: Page, card: string): Promise<void> {
  const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
  await page.fill('.wpwl-control-cardNumber', card);
  await page.fill('.wpwl-control-expiry', `12 / ${year}`);
  await page.fill('.wpwl-control-cardHolder', 'Jane Jones');
  await page.fill('.wpwl-control-cvv', '123');
}

/** Ticks the storefront's consent boxes, if it has any (the static page's terms, the React and Vue consent marker). */
export async function acceptTerms(page: Page): Promise<void> {
  for (const box of await page.locator('#terms, [data-wpwl-consent]').all()) await box.check();
}

/** Checkout ids of the widget's rendered card forms (from their action). */
export function renderedCheckouts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLFormElement>('form.wpwl-form')).map(
      (form) => /\/checkouts\/([^/]+)\/payment/.exec(form.action)?.[1] ?? '?',
    ),
  );
}

/**
 * Answers the sandbox issuer's 3-D Secure page, shown by the widget in an
 * iframe in the page (the default; paymentTarget would open a window
 * instead): waits for it, checks the page itself has not gone anywhere, and
 * presses complete or fail (@wpwl/testing's completeThreeDSecure). The
 * issuer's page then sends the whole page on.
 */
export async function answerThreeDSecure(page: Page, outcome: 'complete' | 'fail'): Promise<void> {
  const before = page.url();
  await page.frameLocator('iframe.wpwl-control-threeDSecure').locator(`#${outcome}`).waitFor();
  if (page.url() !== before) throw new Error(`the page left for ${page.url()} instead of showing 3-D Secure in the widget`);
  await completeThreeDSecure(page, { pass: outcome === 'complete' });
}

/** The body of the next payment POST the page sends while `action` runs, as form parameters. */
export async function nextPayment(tab: TestPage, action: () => Promise<unknown>): Promise<URLSearchParams> {
  const [request] = await Promise.all([
    tab.page.waitForRequest((r) => r.method() === 'POST' && PAYMENT_POST.test(new URL(r.url()).pathname)),
    action(),
  ]);
  return new URLSearchParams(request.postData() ?? '');
}
