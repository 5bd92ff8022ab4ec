// A shopper without a mouse pays in each storefront of `pnpm demo`, in
// Chromium, with Tab, Shift+Tab, Space and Enter alone (and typing into the
// text fields the focus is on): fills the cart, opens the payment,
// chooses the card they saved before (the merchant server's shops; the
// server-rendered ones offer no stored cards) or types a new one, passes the
// sandbox's 3-D Secure page in the widget, and lands on the verified result.
// At every stop of the focus, the shopper can see where it is.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { focusedElement, tabTo } from './support/keyboard.js';
import { shopperWithStoredCard } from './support/merchant.js';
import { PAYMENT_POST, THREE_D_SECURE_CARD } from './support/shopper.js';
import { STOREFRONTS, expectPaidPage, useStorefrontSession } from './support/storefront.js';

const APPS = ['next-storefront', 'nuxt-storefront'] as const;
const session = useStorefrontSession({ apps: [...APPS] });

const STORED_CARD = '.wpwl-form-registrations .wpwl-control-registrationId';
const STORED_CARD_CVV = '.wpwl-form-registrations .wpwl-control-cvv';
const STORED_CARD_PAY = '.wpwl-form-registrations .wpwl-button-pay';
const NEW_CARD = '.wpwl-form-card';

/** The issuer's page in the widget: Tab into it, "Complete authentication" with Enter. */
async function passThreeDSecure(page: Page): Promise<void> {
  await page.frameLocator('iframe.wpwl-control-threeDSecure').locator('#complete').waitFor();
  await tabTo(page, '#complete');
  await page.keyboard.press('Enter');
}

/** On the result page: Tab reaches a link, its focus showing. */
async function tabOnResultPage(page: Page): Promise<void> {
  await tabTo(page, 'a[href]');
  expect((await focusedElement(page, 'a[href]'))?.matches).toBe(true);
}

describe.each(STOREFRONTS)('$name', ({ name, ready, result }) => {
  it('pays by keyboard alone: cart, payment, the stored card chosen, 3-D Secure passed; the focus always shows', async () => {
    const { tab } = session;
    const { page } = tab;
    const shopUrl = session.shop.merchant.url;
    // Paid here before with the 3-D Secure card, and saved it: this shopper is offered it (and it asks for 3-D Secure again).
    await tab.context.addCookies([await shopperWithStoredCard(shopUrl, session.shop.gateway.gateway.baseUrl, THREE_D_SECURE_CARD)]);

    await page.goto(`${shopUrl}/${name}/`);
    await page.locator('button[data-product-id="kettle-iron"]').waitFor();
    await tabTo(page, 'button[data-product-id="tea-sencha"]');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await tabTo(page, 'button[data-product-id="kettle-iron"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#cart-total').textContent()).toBe('89.80');
    await tabTo(page, '#checkout');
    await page.keyboard.press('Enter');
    await page.locator(`${ready ?? ''} ${STORED_CARD}`.trim()).waitFor();
    await page.locator(`${NEW_CARD} .wpwl-control-cardNumber`).waitFor();

    // Anything to tick before paying (the static page's terms), with Space.
    for (const consent of await page.locator('[data-wpwl-consent]').all()) {
      await tabTo(page, '[data-wpwl-consent]');
      await page.keyboard.press('Space');
      expect(await consent.isChecked()).toBe(true);
    }
    // On to the new card's number, then back up to the stored card, chosen with Space.
    await tabTo(page, `${NEW_CARD} .wpwl-control-cardNumber`);
    await tabTo(page, STORED_CARD, { backwards: true });
    await page.keyboard.press('Space');
    expect(await page.locator(STORED_CARD).isChecked()).toBe(true);
    await expect(page.locator('.wpwl-group-registration').first().getAttribute('class')).resolves.toContain('wpwl-selected');
    // Its CVV, where the storefront asks for one (React: registrations.requireCvv).
    if ((await page.locator(STORED_CARD_CVV).count()) > 0) {
      await tabTo(page, STORED_CARD_CVV);
      await page.keyboard.type('123');
    }
    await tabTo(page, STORED_CARD_PAY);
    await page.keyboard.press('Enter');

    await passThreeDSecure(page);
    await page.waitForURL((url) => url.pathname === result);
    await expectPaidPage(page, '89.80 EUR paid');
    // Paid with the stored card: its registration, no card number.
    const [payment] = tab.requestsTo('POST', PAYMENT_POST);
    const sent = new URLSearchParams(payment?.postData ?? '');
    expect(sent.get('registrationId')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(sent.has('card.number')).toBe(false);
    await tabOnResultPage(page);
  });
});

describe.each(APPS)('%s', (name) => {
  it('pays by keyboard alone: basket, checkout, a new card typed after a refused empty form, 3-D Secure passed; the focus always shows', async () => {
    const { page } = session.tab;
    const app = session.shop.apps.find((candidate) => candidate.name === name);
    if (!app) throw new Error(`${name} is not running`);
    const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

    await page.goto(`${app.url}/`);
    await page.locator('#checkout').waitFor();
    await tabTo(page, '#checkout');
    await page.keyboard.press('Enter');
    await page.locator(`[data-wpwl-status="ready"] ${NEW_CARD} .wpwl-control-cardNumber`).waitFor();

    // Enter on pay with nothing typed: the widget refuses and marks the fields.
    await tabTo(page, `${NEW_CARD} .wpwl-button-pay`);
    await page.keyboard.press('Enter');
    await page.locator(`${NEW_CARD} .wpwl-has-error`).first().waitFor();
    // Back up to the card number, then field by field; Enter in the last one pays.
    await tabTo(page, `${NEW_CARD} .wpwl-control-cardNumber`, { backwards: true });
    await page.keyboard.type(THREE_D_SECURE_CARD);
    await tabTo(page, `${NEW_CARD} .wpwl-control-expiry`);
    await page.keyboard.type(`12 / ${year}`);
    await tabTo(page, `${NEW_CARD} .wpwl-control-cardHolder`);
    await page.keyboard.type('Jane Jones');
    await tabTo(page, `${NEW_CARD} .wpwl-control-cvv`);
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');

    await passThreeDSecure(page);
    await page.waitForURL((url) => url.pathname === '/result');
    await expectPaidPage(page, '55.20 EUR paid');
    await tabOnResultPage(page);
  });
});

describe('the focus check can fail', () => {
  it('a button whose focus ring is taken away stops the walk, naming the button', async () => {
    const { page } = session.tab;
    await page.goto(`${session.shop.merchant.url}/core-storefront/`);
    const kettle = page.locator('button[data-product-id="kettle-iron"]');
    await kettle.waitFor();
    await kettle.evaluate((button) => {
      button.style.outline = 'none';
      button.style.boxShadow = 'none';
    });
    await expect(tabTo(page, 'button[data-product-id="kettle-iron"]')).rejects.toThrow(
      /the focus on button "Add to cart: Cast-iron kettle" does not show \(no outline or box-shadow\)/,
    );
  });
});
