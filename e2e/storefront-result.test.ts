// The result page as a shopper reads it, in every storefront: one state at a
// time in plain words (no result codes or order ids); a checkout not paid yet
// stays "being processed", never "did not go through"; and a declined shopper
// goes back to the same cart, checks out again and pays.
import { describe, expect, it } from 'vitest';
import {
  DECLINE_CARD,
  SUCCESS_CARD,
  THREE_D_SECURE_CARD,
  acceptTerms,
  answerThreeDSecure,
  fillCard,
  renderedCheckouts,
} from './support/shopper.js';
import {
  STOREFRONTS,
  expectDeclinedPage,
  expectNothingInternalShown,
  expectPaidPage,
  fillCartAndCheckout,
  payAndWaitForResult,
  useStorefrontSession,
  cardForm,
} from './support/storefront.js';
import { watchForAbsence } from './support/browser.js';

const session = useStorefrontSession();

async function pay(card: string, result: string) {
  const { page } = session.tab;
  await acceptTerms(page);
  await fillCard(page, card);
  await payAndWaitForResult(page, result);
}

describe.each(STOREFRONTS)('$name', ({ name, ready, result }) => {
  it('declined: words for the shopper, "Try another card" back to the same cart, which then pays', async () => {
    const { page } = session.tab;
    const shopUrl = `${session.shop.merchant.url}/${name}/`;
    await fillCartAndCheckout(page, shopUrl, ready);
    await pay(DECLINE_CARD, result);
    await expectDeclinedPage(page);

    await page.click('#try-again');
    await page.waitForURL((url) => url.pathname === new URL(shopUrl).pathname);
    await expect.poll(() => page.locator('#cart-total').textContent()).toBe('89.80');
    await page.click('#checkout');
    await page.waitForSelector(cardForm(ready));
    await pay(SUCCESS_CARD, result);
    await expectPaidPage(page, '89.80 EUR paid');

    // Paid: the cart is not offered again.
    await page.goto(shopUrl);
    await page.locator('button[data-product-id]').first().waitFor();
    expect(await page.locator('#cart-total').textContent()).toBe('0.00');
  });

  it('a failed 3-D Secure says so, in words', async () => {
    const { page } = session.tab;
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/${name}/`, ready);
    await acceptTerms(page);
    await fillCard(page, THREE_D_SECURE_CARD);
    await page.click('.wpwl-button-pay');
    await answerThreeDSecure(page, 'fail');
    await page.waitForURL((url) => url.pathname === result);
    await page.waitForSelector('#result[data-state="failure"]');
    expect(await page.locator('#result-detail').textContent()).toContain('card authentication (3-D Secure) did not succeed');
    await expectNothingInternalShown(page);
    expect(await page.locator('#try-again').isVisible()).toBe(true);
  });

  it('a checkout not paid yet stays "being processed" once the page stops asking, with nothing contradicting it', async () => {
    const { page } = session.tab;
    await page.clock.install();
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/${name}/`, ready);
    // The shopper lands on the result page without paying (a closed 3-D Secure window, say).
    const [checkoutId] = await renderedCheckouts(page);
    await page.goto(
      `${session.shop.merchant.url}${result}?id=${checkoutId}&resourcePath=${encodeURIComponent(`/v1/checkouts/${checkoutId}/payment`)}`,
    );
    await page.waitForSelector('#result[data-state="pending"]');
    // Past every further question the page asks.
    for (let i = 0; i < 6; i++) await page.clock.fastForward(4_000);
    // A contradicting text would appear in this window.
    await watchForAbsence(page);
    expect(await page.locator('#result').getAttribute('data-state')).toBe('pending');
    const text = await page.locator('#result').innerText();
    expect(text).toContain('being processed');
    expect(text).not.toMatch(/did not go through|expected/);
    await expectNothingInternalShown(page);
  });
});
