// Express checkout in every storefront, in Chromium against the sandbox: the
// cart's wallet buttons before any checkout exists, a wallet payment paid
// once and settled, a closed sheet followed by a card payment, the cart and
// the card payment locked while a wallet pays, terms not accepted blocking,
// and a createCheckout that fails (the server refuses, it answers a bad id,
// or it is too slow) shown to the shopper, who can press again.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fillCard } from './support/shopper.js';
import { STOREFRONTS, cardForm, expectPaidPage, payAndWaitForResult, useStorefrontSession } from './support/storefront.js';

const session = useStorefrontSession();

/** Opens the storefront, fills the cart (89.80) and waits for the express wallet buttons. */
async function openCartWithWallets(page: Page, name: string): Promise<void> {
  await page.goto(`${session.shop.merchant.url}/${name}/`);
  await page.click('button[data-product-id="tea-sencha"]');
  await page.click('button[data-product-id="tea-sencha"]');
  await page.click('button[data-product-id="kettle-iron"]');
  await expect.poll(() => page.locator('#cart-total').textContent()).toBe('89.80');
  await page.locator('#express-checkout .wpwl-button-brand-GOOGLEPAY').waitFor();
}

/** Counts the browser's payment posts to the gateway and its express-checkout requests. */
function countRequests(page: Page) {
  const counts = { payments: 0, expressCheckouts: 0 };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && /^\/v1\/checkouts\/[^/]+\/payment$/.test(path)) counts.payments++;
    if (path === '/api/express-checkout') counts.expressCheckouts++;
  });
  return counts;
}

const sheet = (page: Page) => page.getByRole('dialog');

describe.each(STOREFRONTS)('$name', ({ name, ready, result }) => {
  it('pays with a wallet from the cart, without a checkout beforehand: paid once, settled', async () => {
    const { page } = session.tab;
    const counts = countRequests(page);
    await openCartWithWallets(page, name);
    // The section is labelled, and nothing has prepared a checkout yet.
    await expect(page.getByRole('region', { name: 'Express checkout' }).isVisible()).resolves.toBe(true);
    expect(counts.expressCheckouts).toBe(0);
    await page.check('#express-terms');
    await page.click('#express-checkout .wpwl-button-brand-GOOGLEPAY');
    await sheet(page).waitFor();
    await expect(page.locator('.wpwl-wallet-sheet-total').textContent()).resolves.toContain('89.80');
    await page.click('.wpwl-wallet-sheet-pay');
    await page.waitForURL((url) => url.pathname === result);
    await expectPaidPage(page, '89.80 EUR paid');
    expect(counts).toEqual({ payments: 1, expressCheckouts: 1 });
    expect(session.violations).toEqual([]);
  });

  it('terms not accepted: the press prepares nothing and says why', async () => {
    const { page } = session.tab;
    const counts = countRequests(page);
    await openCartWithWallets(page, name);
    await page.click('#express-checkout .wpwl-button-brand-GOOGLEPAY');
    await expect.poll(() => page.locator('#express-message').textContent()).toContain('Please accept the terms of sale first.');
    await expect(sheet(page).count()).resolves.toBe(0);
    expect(counts.expressCheckouts).toBe(0);
    // Accepted: the same press goes on.
    await page.check('#express-terms');
    await page.click('#express-checkout .wpwl-button-brand-GOOGLEPAY');
    await sheet(page).waitFor();
  });

  it('a closed wallet sheet is no failure; the shopper then pays by card, once', async () => {
    const { page } = session.tab;
    const counts = countRequests(page);
    await openCartWithWallets(page, name);
    await page.check('#express-terms');
    await page.click('#express-checkout .wpwl-button-brand-GOOGLEPAY');
    await sheet(page).waitFor();
    await page.keyboard.press('Escape');
    await expect(sheet(page).count()).resolves.toBe(0);
    await expect(page.locator('#express-message').textContent()).resolves.toBe('');
    await page.click('#checkout');
    await page.waitForSelector(cardForm(ready));
    // The card form replaced the wallet buttons: one widget on the page.
    await expect(page.locator('.wpwl-button-brand-GOOGLEPAY').count()).resolves.toBe(0);
    for (const box of await page.locator('#terms, [data-wpwl-consent]').all()) await box.check();
    await fillCard(page, '4200000000000000');
    await payAndWaitForResult(page, result);
    await expectPaidPage(page, '89.80 EUR paid');
    expect(counts.payments).toBe(1);
  });

  it('while a wallet pays, the cart and "Go to payment" are locked; a closed sheet unlocks them', async () => {
    const { page } = session.tab;
    const counts = countRequests(page);
    await openCartWithWallets(page, name);
    await page.check('#express-terms');
    // The products' add buttons, the cart lines' remove buttons, "Go to payment".
    const cartButtons = page.locator('.products button[data-product-id], .cart-lines button, #checkout');
    const states = () => cartButtons.evaluateAll((buttons) => buttons.map((button) => (button as HTMLButtonElement).disabled));
    const count = await cartButtons.count();
    const all = (disabled: boolean) => Array<boolean>(count).fill(disabled);
    expect(count).toBeGreaterThanOrEqual(4);
    await expect.poll(states).toEqual(all(false));

    await page.click('#express-checkout .wpwl-button-brand-GOOGLEPAY');
    await sheet(page).waitFor();
    await expect.poll(states).toEqual(all(true));
    // A click forced on each (past the sheet's backdrop, as a script would) changes nothing.
    await cartButtons.evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()));
    await expect(page.locator('#cart-total').textContent()).resolves.toBe('89.80');
    await expect(sheet(page).isVisible()).resolves.toBe(true);
    await expect(page.locator('#express-checkout .wpwl-button-brand-GOOGLEPAY').count()).resolves.toBe(1);
    await expect(page.getByRole('heading', { name: 'Payment' }).count()).resolves.toBe(0);

    await page.keyboard.press('Escape');
    await expect(sheet(page).count()).resolves.toBe(0);
    await expect.poll(states).toEqual(all(false));
    expect(counts).toEqual({ payments: 0, expressCheckouts: 1 });
    expect(session.violations).toEqual([]);
  });

  it('a createCheckout that fails, answers a bad id or is too slow shows a coded error, and the shopper can press again', async () => {
    const { page } = session.tab;
    await page.clock.install();
    await openCartWithWallets(page, name);
    await page.check('#express-terms');
    const press = () => page.click('#express-checkout .wpwl-button-brand-GOOGLEPAY');
    const message = () => page.locator('#express-message').textContent();

    await page.route('**/api/express-checkout', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'down' } } }),
    );
    await press();
    await expect.poll(message).toContain('CREATE_CHECKOUT_FAILED');

    await page.unroute('**/api/express-checkout');
    await page.route('**/api/express-checkout', async (route) => {
      const real = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ status: 201, json: { ...real, checkoutId: 'not-an-id' } });
    });
    await press();
    await expect.poll(message).toContain('INVALID_CHECKOUT_ID');

    await page.unroute('**/api/express-checkout');
    await page.route('**/api/express-checkout', () => {}); // never answered
    await press();
    await page.clock.fastForward(21_000);
    await expect.poll(message).toContain('CREATE_CHECKOUT_TIMEOUT');
    await expect(sheet(page).count()).resolves.toBe(0);

    await page.unroute('**/api/express-checkout');
    await press();
    await sheet(page).waitFor();
    await expect(message()).resolves.toBe('');
  });
});

describe.each(STOREFRONTS)('$name in Arabic', ({ name }) => {
  it('shows the express section right to left, in Arabic, with the wallet buttons', async () => {
    const page = (await session.openPage({ locale: 'ar-SA' })).page;
    await page.goto(`${session.shop.merchant.url}/${name}/`);
    await page.click('button[data-product-id="tea-sencha"]');
    const region = page.getByRole('region', { name: 'الدفع السريع' });
    await region.waitFor();
    await expect(region.evaluate((el) => getComputedStyle(el).direction)).resolves.toBe('rtl');
    await page.locator('#express-checkout .wpwl-button-brand-GOOGLEPAY').waitFor();
  });
});
