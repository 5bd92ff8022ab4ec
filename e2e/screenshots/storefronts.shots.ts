// Takes the screenshots the examples' README shows: for each storefront, the
// payment form, the expiry warning a few minutes before the checkout ends,
// and the verified result page after paying with the test card. Run with
// `pnpm screenshots` (not part of `pnpm test`: it rewrites the images). Each
// picture is taken only once the page shows what it is named for, so a
// storefront that breaks fails here instead of leaving an old picture.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { THREE_D_SECURE_CARD, acceptTerms, answerThreeDSecure, fillCard } from '../support/shopper.js';
import {
  STOREFRONTS,
  cardForm,
  expectPaidPage,
  fillCartAndCheckout,
  payAndWaitForResult,
  useStorefrontSession,
} from '../support/storefront.js';

const OUT = fileURLToPath(new URL('../../examples/screenshots/', import.meta.url));
const MINUTE = 60_000;
const session = useStorefrontSession();

describe.each(STOREFRONTS)('$name', ({ name, ready, result }) => {
  it('payment form, expiry warning, result page', async () => {
    await mkdir(OUT, { recursive: true });
    const { page } = session.tab;
    await page.setViewportSize({ width: 900, height: 900 });
    await page.clock.install();
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/${name}/`, ready);
    await page.locator(cardForm()).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}${name}-payment-form.png`, fullPage: true });

    await page.clock.fastForward(25 * MINUTE + 1_000);
    const warning = page.locator('[data-wpwl-expiry-warning]');
    await warning.waitFor({ state: 'visible' });
    expect(await warning.textContent()).toMatch(/ends in a few minutes/);
    await page.screenshot({ path: `${OUT}${name}-expiry-warning.png`, fullPage: true });

    await page.click('[data-wpwl-more-time]');
    await warning.waitFor({ state: 'hidden' });
    await page.waitForSelector(cardForm(ready));
    await acceptTerms(page);
    await fillCard(page, '4200000000000000');
    await payAndWaitForResult(page, result);
    await expectPaidPage(page, '89.80 EUR paid');
    await page.setViewportSize({ width: 900, height: 360 });
    await page.screenshot({ path: `${OUT}${name}-result.png`, fullPage: true });
  });
});

describe('sandbox', () => {
  it('3-D Secure page, styled like the shop', async () => {
    const { page } = session.tab;
    await page.setViewportSize({ width: 900, height: 520 });
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/core-storefront/`);
    await fillCard(page, THREE_D_SECURE_CARD);
    await page.click('.wpwl-button-pay');
    // The challenge shows in the widget's iframe, in the shop's page.
    const challenge = page.frameLocator('iframe.wpwl-control-threeDSecure');
    await challenge.locator('#complete').waitFor();
    expect(await challenge.locator('.amount').textContent()).toBe('89.80 EUR');
    await page.screenshot({ path: `${OUT}sandbox-3d-secure.png`, fullPage: true });
    await answerThreeDSecure(page, 'complete');
    await expectPaidPage(page, '89.80 EUR paid');
  });
});
