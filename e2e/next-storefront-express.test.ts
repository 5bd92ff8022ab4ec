// The Next.js storefront's express checkout, started as `pnpm demo` starts
// it (its own server process on the demo's sandbox), in real Chromium: the
// basket's wallet buttons before any checkout exists (the section streamed
// from the server, the widget loaded in the browser), a Google Pay payment
// through the sandbox's stand-in wallet sheet that lands on the result page
// paid once, terms not accepted blocking the press, the way to the card
// checkout and back (one widget on the page at a time, Next keeping the page
// left hidden), and the section in Arabic, right to left.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SUCCESS_CARD, fillCard } from './support/shopper.js';
import { expectPaidPage, payAndWaitForResult, useStorefrontSession } from './support/storefront.js';

const session = useStorefrontSession({ apps: ['next-storefront'] });

const BASKET_PAID = '55.20 EUR paid';
const GOOGLE_PAY = '#express-checkout .wpwl-button-brand-GOOGLEPAY';
const READY = '[data-wpwl-status="ready"] .wpwl-form-card .wpwl-control-cardNumber';
/**
 * Next has taken over the server's HTML: links then navigate on the client. A function, not a string:
 * Playwright evaluates a string predicate with eval while it polls, which the page's CSP refuses.
 */
const HYDRATED = () => document.querySelector('next-route-announcer') !== null;

function appUrl(): string {
  const app = session.shop.apps.find((candidate) => candidate.name === 'next-storefront');
  if (!app) throw new Error('next-storefront is not running');
  return app.url;
}

/** The checkouts prepared at the gateway so far (the sandbox's log). */
const checkoutsPrepared = () => session.gatewayRequests.filter((line) => line.startsWith('POST /v1/checkouts ->')).length;
/** The payments the browser sent to the gateway. */
const paymentsSent = (page: Page) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /^\/v1\/checkouts\/[^/]+\/payment$/.test(new URL(request.url()).pathname)) sent.push(request.url());
  });
  return sent;
};
const sheet = (page: Page) => page.locator('.wpwl-wallet-sheet');

describe('next-storefront: express checkout', () => {
  it('the basket shows the wallet buttons, labelled, with the basket total; nothing prepared before a press', async () => {
    const { page } = session.tab;
    await page.goto(`${appUrl()}/`);
    const region = page.getByRole('region', { name: 'Express checkout' });
    await region.waitFor();
    await page.locator(GOOGLE_PAY).waitFor();
    expect(await page.getByRole('checkbox', { name: 'I accept the terms of sale' }).isChecked()).toBe(false);
    expect(await page.locator('#express-message').textContent()).toBe('');
    // The widget script without a checkout id, checked against the gateway's fast-checkout hash.
    const script = page.locator('script[src*="/v1/paymentWidgets.js"]');
    expect(await script.getAttribute('src')).toBe(`${session.shop.gateway.gateway.baseUrl}/v1/paymentWidgets.js`);
    expect(await script.getAttribute('integrity')).toMatch(/^sha384-/);
    expect(checkoutsPrepared()).toBe(0);
    expect(session.tab.errors).toEqual([]);
  });

  it('pays with Google Pay from the basket: the sheet shows the total, the result page says paid, one payment', async () => {
    const { page } = session.tab;
    const sent = paymentsSent(page);
    await page.goto(`${appUrl()}/`);
    await page.locator(GOOGLE_PAY).waitFor();
    await page.waitForFunction(HYDRATED);
    await page.check('#express-terms');
    await page.click(GOOGLE_PAY);
    await sheet(page).waitFor();
    expect(await page.locator('.wpwl-wallet-sheet-total').textContent()).toContain('55.20');
    expect(checkoutsPrepared()).toBe(1);
    await page.click('.wpwl-wallet-sheet-pay');
    await page.waitForURL((url) => url.pathname === '/result');
    await expectPaidPage(page, BASKET_PAID);
    expect(sent).toHaveLength(1);
    expect(checkoutsPrepared()).toBe(1);
    // The token stays on the server.
    const token = session.shop.gateway.gateway.accessToken;
    expect(session.tab.requests.some((r) => r.url.includes(token) || r.postData?.includes(token))).toBe(false);
    expect(session.tab.errors).toEqual([]);
  });

  it('terms not accepted: the press prepares nothing and says why; accepted, the same button opens the sheet', async () => {
    const { page } = session.tab;
    await page.goto(`${appUrl()}/`);
    await page.locator(GOOGLE_PAY).waitFor();
    await page.waitForFunction(HYDRATED);
    await page.click(GOOGLE_PAY);
    await expect.poll(() => page.locator('#express-message').textContent()).toBe('Please accept the terms of sale first.');
    expect(await sheet(page).count()).toBe(0);
    expect(checkoutsPrepared()).toBe(0);
    await page.check('#express-terms');
    await page.click(GOOGLE_PAY);
    await sheet(page).waitFor();
    // The new press cleared the message.
    expect(await page.locator('#express-message').textContent()).toBe('');
    // Closed: no failure, the button usable again.
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet(page).count()).toBe(0);
    expect(await page.locator('#express-message').textContent()).toBe('');
    expect(await page.locator(GOOGLE_PAY).isEnabled()).toBe(true);
  });

  it('a Server Action that fails or is too slow shows a coded error, and the shopper can press again', async () => {
    const { page } = session.tab;
    await page.clock.install();
    await page.goto(`${appUrl()}/`);
    await page.locator(GOOGLE_PAY).waitFor();
    await page.waitForFunction(HYDRATED);
    await page.check('#express-terms');
    const message = () => page.locator('#express-message').textContent();
    // The press calls the basket's Server Action: a POST to the page carrying Next's action header.
    const isAction = (url: URL) => url.origin === new URL(appUrl()).origin;
    const failing = async (route: import('playwright-core').Route) => {
      if (route.request().method() === 'POST' && route.request().headers()['next-action'])
        return route.fulfill({ status: 500, body: 'down' });
      return route.fallback();
    };
    await page.route(isAction, failing);
    await page.click(GOOGLE_PAY);
    await expect.poll(message).toContain('CREATE_CHECKOUT_FAILED');
    await page.unroute(isAction, failing);

    const hanging = async (route: import('playwright-core').Route) => {
      if (route.request().method() === 'POST' && route.request().headers()['next-action']) return; // never answered
      return route.fallback();
    };
    await page.route(isAction, hanging);
    await page.click(GOOGLE_PAY);
    await page.clock.fastForward(21_000);
    await expect.poll(message).toContain('CREATE_CHECKOUT_TIMEOUT');
    expect(await sheet(page).count()).toBe(0);
    await page.unroute(isAction, hanging);

    await page.click(GOOGLE_PAY);
    await sheet(page).waitFor();
    expect(await message()).toBe('');
  });

  it('to the card checkout and back: one widget on the page at a time, both work', async () => {
    const { page } = session.tab;
    await page.goto(`${appUrl()}/`);
    await page.locator(GOOGLE_PAY).waitFor();
    await page.waitForFunction(HYDRATED);
    await page.click('#checkout');
    await page.waitForSelector(READY);
    // The basket is kept hidden by Next's router; its wallet buttons are gone, not hidden along.
    expect(await page.locator('.wpwl-button-brand-GOOGLEPAY').count()).toBe(0);
    await page.click('#back-to-basket');
    await page.locator(GOOGLE_PAY).waitFor();
    expect(await page.locator('.wpwl-form-card').count()).toBe(0);
    await page.check('#express-terms');
    await page.click(GOOGLE_PAY);
    await sheet(page).waitFor();
    await page.click('.wpwl-wallet-sheet-pay');
    await page.waitForURL((url) => url.pathname === '/result');
    await expectPaidPage(page, BASKET_PAID);
    expect(session.tab.errors).toEqual([]);
  });

  it('the card payment still pays after the wallet buttons were shown', async () => {
    const { page } = session.tab;
    await page.goto(`${appUrl()}/`);
    await page.locator(GOOGLE_PAY).waitFor();
    await page.waitForFunction(HYDRATED);
    await page.click('#checkout');
    await page.waitForSelector(READY);
    await fillCard(page, SUCCESS_CARD);
    await payAndWaitForResult(page, '/result');
    await expectPaidPage(page, BASKET_PAID);
    expect(session.tab.errors).toEqual([]);
  });

  it('in Arabic: the section right to left, in Arabic, with the wallet buttons in the widget’s Arabic', async () => {
    const { page } = await session.openPage({ locale: 'ar-SA' });
    await page.goto(`${appUrl()}/`);
    const region = page.getByRole('region', { name: 'الدفع السريع' });
    await region.waitFor();
    expect(await region.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await page.locator(GOOGLE_PAY).waitFor();
    expect(await page.getByRole('checkbox', { name: 'أوافق على شروط البيع' }).count()).toBe(1);
    expect(await page.locator('#express-checkout [data-wpwl-status]').getAttribute('dir')).toBe('rtl');
  });
});
