// A payment on its way in every storefront example (core, static page with
// <wpwl-widget>, React, Vue), in real Chromium on the example merchant server
// and its sandbox. The storefronts' teardown controls ("Get a new payment
// session", back to the cart) would unload the widget under a payment request
// in flight: the gateway may charge the card while the shopper never reaches
// the result page and pays again. So they are disabled while the status is
// `submitting` and usable again once it is not; a payment the widget refuses
// (a card number failing the Luhn check) leaves the status `ready`, with no
// "sending" message behind; and a new checkout the shopper asked for just
// before paying does not replace the widget when it arrives mid-payment.
// Needs `pnpm build` first (the React and Vue storefronts' dist/, the packages).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { holdRequests, watchForAbsence } from './support/browser.js';
import { PAYMENT_POST, SUCCESS_CARD, fillCard, renderedCheckouts } from './support/shopper.js';
import { STOREFRONTS, expectPaidPage, fillCartAndCheckout, useStorefrontSession } from './support/storefront.js';

/** Fails the Luhn check (the success card with its last digit changed): the widget refuses it in the form. */
const LUHN_FAILING_CARD = '4200000000000001';
const SENDING = 'Sending your payment…';

/** The controls that take the widget down: a new checkout for the same cart, and back to the cart. */
const TEARDOWN_CONTROLS = ['[data-wpwl-new-checkout]', '[data-wpwl-cancel]'];

const session = useStorefrontSession();

/** Opens `name`'s shop, fills the cart, checks out, waits for the card form and fills it with `card` (consent ticked). */
async function openPaymentWith(name: string, card: string): Promise<Page> {
  const { page } = session.tab;
  // A storefront missing from the shop (an unbuilt app) fails here, by name.
  expect(session.shop.storefronts.map((s) => s.path)).toContain(`/${name}/`);
  await fillCartAndCheckout(page, `${session.shop.merchant.url}/${name}/`, '[data-wpwl-status="ready"]');
  for (const box of await page.locator('[data-wpwl-consent]').all()) await box.check();
  await fillCard(page, card);
  return page;
}

/** Holds the browser's POSTs to `path` until the test takes each one with `next()`. */
const holdPosts = (page: Page, path: RegExp) =>
  holdRequests(page, (request) => request.method() === 'POST' && path.test(new URL(request.url()).pathname));

/** Whether each teardown control is enabled, in the order of {@link TEARDOWN_CONTROLS}. */
function teardownEnabled(page: Page): Promise<boolean[]> {
  return Promise.all(TEARDOWN_CONTROLS.map((selector) => page.locator(selector).isEnabled()));
}

describe.each(STOREFRONTS)('$name: a payment on its way', ({ name, result: resultPath }) => {
  it('a card number the widget refuses after the hooks: field error, status back to ready, no "sending" text, teardown controls enabled', async () => {
    const page = await openPaymentWith(name, LUHN_FAILING_CARD);
    await page.click('.wpwl-button-pay');

    // The widget checked the fields (which it does only after the before-submit hooks let the payment through) and marked the number.
    await page.locator('.wpwl-control-cardNumber.wpwl-has-error').waitFor();
    await page.locator('[data-wpwl-status="ready"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#widget-status').textContent()).toBe('Enter your card details.');
    expect(await page.getByText(SENDING).count()).toBe(0);
    expect(await teardownEnabled(page)).toEqual([true, true]);
    expect(session.tab.requestsTo('POST', PAYMENT_POST)).toEqual([]);
    expect(session.violations).toEqual([]);
  });

  it('the success card: teardown controls disabled while the payment request is held, then the verified success page', async () => {
    const page = await openPaymentWith(name, SUCCESS_CARD);
    const payments = await holdPosts(page, PAYMENT_POST);
    await page.click('.wpwl-button-pay');
    const payment = await payments.next();

    // The payment is on the wire: the page says so, and nothing on it can take the widget down.
    await page.locator('[data-wpwl-status="submitting"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('#widget-status').textContent()).toBe(SENDING);
    await expect.poll(() => teardownEnabled(page)).toEqual([false, false]);
    // A click that gets through anyway (forced past the disabled state) does nothing.
    for (const selector of TEARDOWN_CONTROLS) await page.locator(selector).click({ force: true });
    await watchForAbsence(page);
    expect(session.tab.requestsTo('POST', '/api/checkout')).toHaveLength(1);
    expect(await page.locator('[data-wpwl-status="submitting"] .wpwl-form-card').count()).toBe(1);

    await payment.continue();
    await page.waitForURL((url) => url.pathname === resultPath);
    await expectPaidPage(page, '89.80 EUR paid');
    expect(session.tab.requestsTo('POST', PAYMENT_POST)).toHaveLength(1);
    expect(session.violations).toEqual([]);
    expect(session.tab.errors).toEqual([]);
  });

  it('a new payment session asked for just before pay: the answer arriving while the payment is on its way does not replace the widget', async () => {
    const page = await openPaymentWith(name, SUCCESS_CARD);
    const [first] = await renderedCheckouts(page);
    const checkouts = await holdPosts(page, /^\/api\/checkout$/);
    const payments = await holdPosts(page, PAYMENT_POST);

    // The shopper asks for a new session, then pays before the server has answered.
    await page.click('[data-wpwl-new-checkout]');
    const renewal = await checkouts.next();
    await page.click('.wpwl-button-pay');
    const payment = await payments.next();
    await page.locator('[data-wpwl-status="submitting"]').waitFor({ state: 'attached' });

    const answered = page.waitForEvent('requestfinished', (request) => request === renewal.request());
    await renewal.continue();
    await answered;
    // The storefront would act on the answer in this window, if it were going to.
    await watchForAbsence(page);
    expect(await page.locator('[data-wpwl-status="submitting"]').count()).toBe(1);
    expect(await renderedCheckouts(page)).toEqual([first]);
    // One checkout script (the cart's wallet buttons, in the storefronts with express checkout, load the one without a checkout id).
    expect(session.tab.requestsTo('GET', '/v1/paymentWidgets.js').filter((request) => request.url.includes('checkoutId='))).toHaveLength(1);

    await payment.continue();
    await page.waitForURL((url) => url.pathname === resultPath);
    await expectPaidPage(page, '89.80 EUR paid');
    expect(session.tab.requestsTo('POST', PAYMENT_POST)).toHaveLength(1);
  });
});
