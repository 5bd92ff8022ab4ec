// The cart while a checkout is open, in every storefront: the widget charges
// the amount of the checkout it was given, so the cart must not change under
// it. Adding or removing items is impossible until the shopper goes back to
// the cart; the verified result then matches what the shopper saw.
import { describe, expect, it } from 'vitest';
import { fillCard } from './support/shopper.js';
import { expectPaidPage, fillCartAndCheckout, payAndWaitForResult, useStorefrontSession } from './support/storefront.js';

const session = useStorefrontSession();

const STOREFRONTS = [
  { name: 'core-storefront', ready: undefined, result: '/core-storefront/result.html' },
  { name: 'static-page', ready: 'wpwl-widget[status="ready"]', result: '/static-page/result.html' },
  { name: 'react-storefront', ready: '[data-wpwl-status="ready"]', result: '/react-storefront/result' },
  { name: 'vue-storefront', ready: '[data-wpwl-status="ready"]', result: '/vue-storefront/result' },
];

describe.each(STOREFRONTS)('$name', ({ name, ready, result }) => {
  it('the cart cannot change while a checkout is open, and the shopper pays what the cart shows', async () => {
    const { page } = session.tab;
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/${name}/`, ready);
    const addButtons = page.locator('button[data-product-id]');
    expect(await addButtons.count()).toBeGreaterThan(0);
    for (const button of await addButtons.all()) expect(await button.isDisabled(), (await button.getAttribute('data-product-id')) ?? '').toBe(true);
    const removeButtons = page.locator('#cart-lines button, [data-cart-line] button');
    for (const button of await removeButtons.all()) expect(await button.isDisabled()).toBe(true);
    // A forced click changes nothing either.
    await page.locator('button[data-product-id="tea-assam"]').click({ force: true }).catch(() => {});
    expect(await page.locator('#cart-total').textContent()).toBe('89.80');

    // The static page asks the shopper to accept its terms first (its before-submit hook).
    if (await page.locator('#terms').count()) await page.check('#terms');
    await fillCard(page, '4200000000000000');
    await payAndWaitForResult(page, result);
    await expectPaidPage(page, '89.80 EUR paid');
  });
});
