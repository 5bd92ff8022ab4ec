// The checkout's 30 minutes as the shopper meets them, in every storefront:
// a device clock that is off never expires a fresh checkout (the page counts
// down from the time the server says is left), and a few minutes before the
// end the page warns and offers more time: a new checkout for the same cart,
// which then pays.
import { describe, expect, it } from 'vitest';
import { acceptTerms, fillCard, renderedCheckouts } from './support/shopper.js';
import {
  STOREFRONTS,
  cardForm,
  expectPaidPage,
  fillCartAndCheckout,
  payAndWaitForResult,
  useStorefrontSession,
} from './support/storefront.js';
import { watchForAbsence } from './support/browser.js';

const session = useStorefrontSession();
const MINUTE = 60_000;

async function payAndLand(result: string) {
  const { page } = session.tab;
  await acceptTerms(page);
  await fillCard(page, '4200000000000000');
  await payAndWaitForResult(page, result);
  await expectPaidPage(page, '89.80 EUR paid');
}

describe.each(STOREFRONTS)('$name', ({ name, ready, result }) => {
  it('a device clock 31 minutes ahead: a fresh checkout is not expired, and it pays', async () => {
    const { page } = session.tab;
    await page.clock.install({ time: Date.now() + 31 * MINUTE });
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/${name}/`, ready);
    // An expiry computed from the skewed clock would show at once.
    await watchForAbsence(page);
    expect(await page.locator('[data-wpwl-expired]').isVisible()).toBe(false);
    expect(await page.locator('[data-wpwl-expiry-warning]').isVisible()).toBe(false);
    expect(await page.locator(cardForm()).count()).toBe(1);
    await payAndLand(result);
  });

  it('a few minutes before the end: a warning with "Get more time", which loads a new checkout for the cart that pays', async () => {
    const { page } = session.tab;
    await page.clock.install();
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/${name}/`, ready);
    const [first] = await renderedCheckouts(page);
    expect(await page.locator('[data-wpwl-expiry-warning]').isVisible()).toBe(false);

    await page.clock.fastForward(25 * MINUTE + 1_000);
    const warning = page.locator('[data-wpwl-expiry-warning]');
    await warning.waitFor({ state: 'visible' });
    expect(await warning.textContent()).toMatch(/ends in a few minutes/);
    expect(await page.locator('[data-wpwl-expired]').isVisible()).toBe(false);

    await page.click('[data-wpwl-more-time]');
    await expect.poll(async () => (await renderedCheckouts(page)).filter((id) => id !== first).length, { timeout: 10_000 }).toBe(1);
    await warning.waitFor({ state: 'hidden' });
    expect(await page.locator('#cart-total').textContent()).toBe('89.80');
    await payAndLand(result);
  });
});
