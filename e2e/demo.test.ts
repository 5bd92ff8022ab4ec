// The demo as a shopper meets it: the example merchant server (started the
// way `pnpm demo` starts it, on its own sandbox) serving the core storefront,
// in real Chromium. Add to cart, pay with a test card, land on the result page
// that the merchant server verified.
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startShop, type RunningShop } from '../examples/merchant-server/src/main.js';
import { launchBrowser, type TestBrowser, type TestPage } from './support/browser.js';

const SUCCESS_CARD = '4200000000000000';
const DECLINE_CARD = '4000000000009995';
const repo = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

let shop: RunningShop;
let browser: TestBrowser;
let tab: TestPage;
let violations: string[];

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(repo, { PORT: '0', SANDBOX_PORT: '0', HOST: '127.0.0.1' }), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), shop?.close()]);
});
beforeEach(async () => {
  tab = await browser.newPage();
  violations = [];
  await tab.page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await tab.page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
});
afterEach(async () => {
  await tab.close();
});

async function buyAndPay(card: string): Promise<void> {
  await tab.page.goto(`${shop.merchant.url}/core-storefront/`);
  await tab.page.click('button[data-product-id="tea-sencha"]');
  await tab.page.click('button[data-product-id="tea-sencha"]');
  await tab.page.click('button[data-product-id="kettle-iron"]');
  await expect(tab.page.locator('#cart-total').textContent()).resolves.toBe('89.80');
  await tab.page.click('#checkout');
  await tab.page.waitForSelector('.wpwl-form-card .wpwl-control-cardNumber');
  const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
  await tab.page.fill('.wpwl-control-cardNumber', card);
  await tab.page.fill('.wpwl-control-expiry', `12 / ${year}`);
  await tab.page.fill('.wpwl-control-cardHolder', 'Jane Jones');
  await tab.page.fill('.wpwl-control-cvv', '123');
  await tab.page.click('.wpwl-button-pay');
  await tab.page.waitForURL((url) => url.pathname === '/core-storefront/result.html');
}

describe('pnpm demo: core storefront on the merchant server and sandbox', () => {
  it('pays with the success card and shows the verified success page', async () => {
    await buyAndPay(SUCCESS_CARD);
    await tab.page.waitForSelector('#result[data-state="success"]');
    await expect(tab.page.locator('#result-title').textContent()).resolves.toContain('payment is confirmed');
    await expect(tab.page.locator('#result-detail').textContent()).resolves.toContain('89.80 EUR paid');

    // The amount was the server's: the browser sent product ids and quantities only.
    const checkoutPost = tab.requestsTo('POST', '/api/checkout');
    expect(checkoutPost).toHaveLength(1);
    expect(JSON.parse(checkoutPost[0]!.postData ?? '{}')).toEqual({
      items: [
        { productId: 'tea-sencha', quantity: 2 },
        { productId: 'kettle-iron', quantity: 1 },
      ],
      resultPath: '/core-storefront/result.html',
    });
    // The access token never reached the browser, in any request it sent.
    expect(tab.requests.some((r) => r.url.includes(shop.gateway.gateway.accessToken) || r.postData?.includes(shop.gateway.gateway.accessToken))).toBe(false);
    // @wpwl/core came from the vendor path through the import map (shop page and result page), and nothing broke the CSP.
    expect(tab.requestsTo('GET', '/vendor/wpwl-core/index.js')).toHaveLength(2);
    expect(violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('shows a classified failure for a declined card', async () => {
    await buyAndPay(DECLINE_CARD);
    await tab.page.waitForSelector('#result[data-state="failure"]');
    await expect(tab.page.locator('#result-title').textContent()).resolves.toContain('did not go through');
    await expect(tab.page.locator('#result-detail').textContent()).resolves.toContain('rejectedBank');
  });
});
