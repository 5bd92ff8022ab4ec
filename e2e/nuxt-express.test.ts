// Express checkout in the Nuxt storefront (@wpwl/nuxt), started as `pnpm demo`
// starts it (its own server process on the demo's sandbox), in real Chromium:
// the basket's server HTML preloads the script without a checkout id (with
// the gateway's fast-checkout hash); a wallet payment from the basket, terms
// accepted, lands on the result page verified on the server, paid once; the
// terms not accepted prepare nothing; a brand not offered prepares nothing;
// the kept-alive card checkout still pays after the basket's wallet buttons
// had the page's widget; Arabic is right to left.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SUCCESS_CARD, fillCard } from './support/shopper.js';
import { expectPaidPage, payAndWaitForResult, useStorefrontSession } from './support/storefront.js';

const session = useStorefrontSession({ apps: ['nuxt-storefront'] });

const BASKET_PAID = '55.20 EUR paid';
const GOOGLE_PAY = '#express-checkout .wpwl-button-brand-GOOGLEPAY';
/**
 * Vue has taken over the server's HTML: links navigate on the client, the express widget has loaded. A function,
 * not a string: Playwright evaluates a string predicate with eval while it polls, which the page's CSP refuses.
 */
const HYDRATED = () => (document.getElementById('__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__ !== undefined;

function appUrl(): string {
  const app = session.shop.apps.find((candidate) => candidate.name === 'nuxt-storefront');
  if (!app) throw new Error('nuxt-storefront is not running');
  return app.url;
}

/** Counts the browser's payment posts to the gateway, its express-checkout requests and its widget script requests. */
function countRequests(page: Page) {
  const counts = { payments: 0, expressCheckouts: 0, scripts: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && /^\/v1\/checkouts\/[^/]+\/payment$/.test(url.pathname)) counts.payments++;
    if (url.pathname === '/api/express-checkout') counts.expressCheckouts++;
    if (url.pathname === '/v1/paymentWidgets.js') counts.scripts.push(url.searchParams.get('checkoutId') ?? 'express');
  });
  return counts;
}

/** Opens the basket and waits for the wallet buttons, which the browser starts once the page has hydrated. */
async function openBasket(page: Page): Promise<void> {
  await page.goto(`${appUrl()}/`);
  await page.waitForFunction(HYDRATED);
  await page.locator(GOOGLE_PAY).waitFor();
}

describe('nuxt-storefront express checkout', () => {
  it("the basket's server HTML preloads the widget script without a checkout id, with the gateway's fast-checkout hash", async () => {
    const html = await (await fetch(`${appUrl()}/`)).text();
    const base = session.shop.gateway.gateway.baseUrl;
    const preload = /<link[^>]*rel="preload"[^>]*paymentWidgets\.js[^>]*>/.exec(html)?.[0];
    expect(preload, 'a preload link for the express script').toBeDefined();
    expect(preload).toContain(`href="${base}/v1/paymentWidgets.js"`);
    expect(preload).toMatch(/integrity="sha384-[A-Za-z0-9+/=]+"/);
    // The express region is in the server's HTML; the widget itself is started by the browser.
    expect(html).toContain('id="express-checkout"');
    expect(html).not.toContain('checkoutId=');
  });

  it('pays with Google Pay from the basket, without a checkout beforehand: the result page says paid, one payment', async () => {
    const { page } = session.tab;
    const counts = countRequests(page);
    await openBasket(page);
    await expect(page.getByRole('region', { name: 'Express checkout' }).isVisible()).resolves.toBe(true);
    expect(counts.expressCheckouts).toBe(0);
    await page.check('#express-terms');
    await page.click(GOOGLE_PAY);
    const sheet = page.locator('.wpwl-wallet-sheet');
    await sheet.waitFor();
    await expect(page.locator('.wpwl-wallet-sheet-total').textContent()).resolves.toContain('55.20');
    await page.click('.wpwl-wallet-sheet-pay');
    await page.waitForURL((url) => url.pathname === '/result');
    await expectPaidPage(page, BASKET_PAID);
    expect(counts).toEqual({ payments: 1, expressCheckouts: 1, scripts: ['express'] });
    expect(session.tab.errors).toEqual([]);
    expect(session.violations).toEqual([]);
  });

  it('terms not accepted: the press prepares nothing and says why; accepted, the sheet opens', async () => {
    const { page } = session.tab;
    const counts = countRequests(page);
    await openBasket(page);
    await page.click(GOOGLE_PAY);
    await expect.poll(() => page.locator('#express-message').textContent()).toBe('Please accept the terms of sale first.');
    await expect(page.locator('.wpwl-wallet-sheet').count()).resolves.toBe(0);
    expect(counts.expressCheckouts).toBe(0);
    await page.check('#express-terms');
    await page.click(GOOGLE_PAY);
    await page.locator('.wpwl-wallet-sheet').waitFor();
    await expect(page.locator('#express-message').textContent()).resolves.toBe('');
  });

  it('the card checkout, left for the basket (whose wallet buttons then had the page’s widget) and come back to, loads again and pays', async () => {
    const { page } = session.tab;
    const counts = countRequests(page);
    await openBasket(page);
    await page.click('#checkout');
    await page.waitForSelector('[data-wpwl-status="ready"] .wpwl-form-card');
    await expect(page.locator('.wpwl-button-brand-GOOGLEPAY').count()).resolves.toBe(0);
    await page.click('#back-to-basket');
    await page.locator(GOOGLE_PAY).waitFor();
    await page.click('#checkout');
    await page.waitForSelector('[data-wpwl-status="ready"] .wpwl-form-card');
    // The checkout page was kept: the same checkout, its script loaded again after the wallets had the page.
    const [checkout] = counts.scripts.filter((id) => id !== 'express');
    expect(counts.scripts).toEqual(['express', checkout, 'express', checkout]);
    await fillCard(page, SUCCESS_CARD);
    await payAndWaitForResult(page, '/result');
    await expectPaidPage(page, BASKET_PAID);
    expect(counts.payments).toBe(1);
    expect(session.tab.errors).toEqual([]);
  });

  it('a createCheckout that fails, answers a bad id or is too slow shows a coded error, and the shopper can press again', async () => {
    const { page } = session.tab;
    await page.clock.install();
    await openBasket(page);
    await page.check('#express-terms');
    const press = () => page.click(GOOGLE_PAY);
    const message = () => page.locator('#express-message').textContent();
    const route = '**/api/express-checkout';

    await page.route(route, (request) => request.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'down' } } }));
    await press();
    await expect.poll(message).toContain('CREATE_CHECKOUT_FAILED');

    await page.unroute(route);
    await page.route(route, async (request) => {
      const real = (await (await request.fetch()).json()) as Record<string, unknown>;
      await request.fulfill({ status: 200, json: { ...real, id: 'not-an-id' } });
    });
    await press();
    await expect.poll(message).toContain('INVALID_CHECKOUT_ID');

    await page.unroute(route);
    await page.route(route, () => {}); // never answered
    await press();
    await page.clock.fastForward(21_000);
    await expect.poll(message).toContain('CREATE_CHECKOUT_TIMEOUT');
    expect(await page.locator('.wpwl-wallet-sheet').count()).toBe(0);

    await page.unroute(route);
    await press();
    await page.locator('.wpwl-wallet-sheet').waitFor();
    await expect(message()).resolves.toBe('');
  });

  it('a press for a brand the basket does not offer prepares no checkout (400)', async () => {
    const prepared = () => session.gatewayRequests.filter((line) => line.startsWith('POST /v1/checkouts ->'));
    const post = (brand: unknown) =>
      fetch(`${appUrl()}/api/express-checkout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ brand }),
      });
    expect((await post('VISA')).status).toBe(400);
    expect((await post(undefined)).status).toBe(400);
    expect(prepared()).toEqual([]);
    const wallet = await post('GOOGLEPAY');
    expect(wallet.status).toBe(200);
    expect(await wallet.json()).toEqual({ id: expect.any(String), amount: '55.20', currency: 'EUR' });
    expect(prepared()).toHaveLength(1);
  });

  it('in Arabic the express region is right to left, the wallet button named in Arabic', async () => {
    const { page } = await session.openPage({ locale: 'ar-SA' });
    await openBasket(page);
    const region = page.getByRole('region', { name: 'الدفع السريع' });
    await expect(region.evaluate((el) => getComputedStyle(el).direction)).resolves.toBe('rtl');
    // The widget speaks the page's language: its locale is the shopper's.
    await expect(page.getByRole('button', { name: 'Google Pay: ادفع الآن' }).count()).resolves.toBe(1);
  });
});
