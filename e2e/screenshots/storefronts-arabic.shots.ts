// Takes the pictures of each storefront's payment form in Arabic that the
// examples' README shows: the browser set to ar-SA, every storefront of
// `pnpm demo` (the shops on the merchant server, Next.js and Nuxt on their
// own servers) with its page right to left and the widget's Arabic form. Run
// with `pnpm screenshots`; each picture is taken only once the page is
// Arabic and right to left and the form shows the stand-in's Arabic labels,
// so a storefront that falls back to English fails here instead of leaving
// an old picture.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STOREFRONTS, cardForm, useStorefrontSession } from '../support/storefront.js';

const OUT = fileURLToPath(new URL('../../examples/screenshots/', import.meta.url));
const APPS = ['next-storefront', 'nuxt-storefront'] as const;
const session = useStorefrontSession({ apps: [...APPS], locale: 'ar-SA' });

/** The stand-in widget's Arabic label of the card number. */
const CARD_NUMBER_AR = 'رقم البطاقة';

/** Waits for the Arabic, right-to-left page with the widget's Arabic form in it, then takes its picture. */
async function shootArabicForm(page: Page, name: string): Promise<void> {
  await page.locator('.wpwl-label-cardNumber').filter({ hasText: CARD_NUMBER_AR }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar-SA', 'rtl']);
  expect(await page.locator('.wpwl-container-card').evaluate((form) => getComputedStyle(form).direction)).toBe('rtl');
  await mkdir(OUT, { recursive: true });
  await page.screenshot({ path: `${OUT}${name}-payment-form-ar.png`, fullPage: true });
}

describe.each(STOREFRONTS)('$name', ({ name, ready }) => {
  it('payment form in Arabic', async () => {
    const { page } = session.tab;
    await page.setViewportSize({ width: 900, height: 900 });
    await page.goto(`${session.shop.merchant.url}/${name}/`);
    await page.click('button[data-product-id="tea-sencha"]');
    await page.click('button[data-product-id="tea-sencha"]');
    await page.click('button[data-product-id="kettle-iron"]');
    // 89.80 as ar-SA writes it.
    await expect.poll(() => page.locator('#cart-total').textContent()).toBe('٨٩٫٨٠');
    await page.click('#checkout');
    await page.waitForSelector(cardForm(ready));
    await shootArabicForm(page, name);
  });
});

describe.each(APPS)('%s', (name) => {
  it('payment form in Arabic', async () => {
    const app = session.shop.apps.find((candidate) => candidate.name === name);
    if (!app) throw new Error(`${name} is not running`);
    const { page } = session.tab;
    await page.setViewportSize({ width: 900, height: 700 });
    await page.goto(`${app.url}/checkout`);
    await page.waitForSelector('[data-wpwl-status="ready"] .wpwl-form-card .wpwl-control-cardNumber');
    await shootArabicForm(page, name);
  });
});
