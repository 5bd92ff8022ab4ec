// The checkout's 30 minutes as the shopper meets them, in every storefront:
// a device clock that is off never expires a fresh checkout (the page counts
// down from the time the server says is left), and a few minutes before the
// end the page warns and offers more time: a new checkout for the same cart,
// which then pays.
import { describe, expect, it } from 'vitest';
import { fillCard } from './support/shopper.js';
import { cardForm, expectPaidPage, fillCartAndCheckout, payAndWaitForResult, useStorefrontSession } from './support/storefront.js';

const session = useStorefrontSession();
const MINUTE = 60_000;

const STOREFRONTS = [
  { name: 'core-storefront', ready: undefined, result: '/core-storefront/result.html' },
  { name: 'static-page', ready: 'wpwl-widget[status="ready"]', result: '/static-page/result.html' },
  { name: 'react-storefront', ready: '[data-wpwl-status="ready"]', result: '/react-storefront/result' },
  { name: 'vue-storefront', ready: '[data-wpwl-status="ready"]', result: '/vue-storefront/result' },
];

/** Checkout ids of the widget's rendered card forms (from their action). */
const renderedCheckouts = () =>
  session.tab.page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLFormElement>('form.wpwl-form')).map((form) => /\/checkouts\/([^/]+)\/payment/.exec(form.action)?.[1] ?? '?'),
  );

async function payAndLand(result: string) {
  const { page } = session.tab;
  // The static page asks the shopper to accept its terms first (its before-submit hook).
  if (await page.locator('#terms').count()) await page.check('#terms');
  await fillCard(page, '4200000000000000');
  await payAndWaitForResult(page, result);
  await expectPaidPage(page, '89.80 EUR paid');
}

describe.each(STOREFRONTS)('$name', ({ name, ready, result }) => {
  it('a device clock 31 minutes ahead: a fresh checkout is not expired, and it pays', async () => {
    const { page } = session.tab;
    await page.clock.install({ time: Date.now() + 31 * MINUTE });
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/${name}/`, ready);
    await page.waitForTimeout(500);
    expect(await page.locator('[data-wpwl-expired]').isVisible()).toBe(false);
    expect(await page.locator('[data-wpwl-expiry-warning]').isVisible()).toBe(false);
    expect(await page.locator(cardForm()).count()).toBe(1);
    await payAndLand(result);
  });

  it('a few minutes before the end: a warning with "Get more time", which loads a new checkout for the cart that pays', async () => {
    const { page } = session.tab;
    await page.clock.install();
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/${name}/`, ready);
    const [first] = await renderedCheckouts();
    expect(await page.locator('[data-wpwl-expiry-warning]').isVisible()).toBe(false);

    await page.clock.fastForward(25 * MINUTE + 1_000);
    const warning = page.locator('[data-wpwl-expiry-warning]');
    await warning.waitFor({ state: 'visible' });
    expect(await warning.textContent()).toMatch(/ends in a few minutes/);
    expect(await page.locator('[data-wpwl-expired]').isVisible()).toBe(false);

    await page.click('[data-wpwl-more-time]');
    await expect.poll(async () => (await renderedCheckouts()).filter((id) => id !== first).length, { timeout: 10_000 }).toBe(1);
    await warning.waitFor({ state: 'hidden' });
    expect(await page.locator('#cart-total').textContent()).toBe('89.80');
    await payAndLand(result);
  });
});
