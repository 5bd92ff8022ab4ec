// The cart while a checkout is open, in every storefront: the widget charges
// the amount of the checkout it was given, so the cart must not change under
// it. Adding or removing items is impossible until the shopper goes back to
// the cart; the verified result then matches what the shopper saw.
import { describe, expect, it } from 'vitest';
import { acceptTerms, fillCard, renderedCheckouts } from './support/shopper.js';
import { STOREFRONTS, expectPaidPage, fillCartAndCheckout, payAndWaitForResult, useStorefrontSession } from './support/storefront.js';
import { watchForAbsence } from './support/browser.js';

const session = useStorefrontSession();

describe.each(STOREFRONTS)('$name', ({ name, ready, result }) => {
  it('the cart cannot change while a checkout is open, and the shopper pays what the cart shows', async () => {
    const { page } = session.tab;
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/${name}/`, ready);
    const addButtons = page.locator('button[data-product-id]');
    expect(await addButtons.count()).toBeGreaterThan(0);
    for (const button of await addButtons.all())
      expect(await button.isDisabled(), (await button.getAttribute('data-product-id')) ?? '').toBe(true);
    const removeButtons = page.locator('#cart-lines button, [data-cart-line] button');
    for (const button of await removeButtons.all()) expect(await button.isDisabled()).toBe(true);
    // A forced click changes nothing either.
    await page.locator('button[data-product-id="tea-assam"]').click({ force: true });
    expect(await page.locator('#cart-total').textContent()).toBe('89.80');
    // The pay button names the amount the checkout charges.
    expect(await page.locator('.wpwl-button-pay').textContent()).toContain('89.80 EUR');

    await acceptTerms(page);
    await fillCard(page, '4200000000000000');
    await payAndWaitForResult(page, result);
    await expectPaidPage(page, '89.80 EUR paid');
  });
});

describe.each(STOREFRONTS)('$name in two tabs', ({ name, ready, result }) => {
  it('two tabs of one cart get one checkout; paid in one, the other says so in words and sends nothing', async () => {
    const first = session.tab.page;
    const shopUrl = `${session.shop.merchant.url}/${name}/`;
    await fillCartAndCheckout(first, shopUrl, ready);
    // The shopper opens the shop again in a second tab: the same cart, and the same checkout.
    const second = await first.context().newPage();
    try {
      await second.goto(shopUrl);
      await expect.poll(() => second.locator('#cart-total').textContent()).toBe('89.80');
      await second.click('#checkout');
      await second.waitForSelector(`${ready ?? ''} .wpwl-form-card .wpwl-control-cardNumber`.trim());
      const [checkoutId] = await renderedCheckouts(first);
      expect(await renderedCheckouts(second)).toEqual([checkoutId]);

      await acceptTerms(first);
      await fillCard(first, '4200000000000000');
      await payAndWaitForResult(first, result);
      await expectPaidPage(first, '89.80 EUR paid');

      let paymentPosts = 0;
      second.on('request', (request) => {
        if (request.method() === 'POST' && /^\/v1\/checkouts\/[^/]+\/payment$/.test(new URL(request.url()).pathname)) paymentPosts++;
      });
      await acceptTerms(second);
      await fillCard(second, '4200000000000000');
      await second.click('.wpwl-button-pay');
      const notice = second.locator('[data-wpwl-already-paid]');
      await notice.waitFor({ state: 'visible' });
      expect(await notice.textContent()).toContain('already been paid');
      expect(await notice.locator('a').getAttribute('href')).toContain(encodeURIComponent(`/v1/checkouts/${checkoutId}/payment`));
      await watchForAbsence(second);
      expect(paymentPosts).toBe(0);
    } finally {
      await second.close();
    }
  });
});
