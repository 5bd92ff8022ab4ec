// The React storefront (examples/react-storefront, built with Vite) as a
// shopper meets it: the example merchant server on its own sandbox, in real
// Chromium. Add to cart, pay through <PaymentWidget> with a test card, land on
// the result route that asks the merchant server for the verified status.
// Needs `pnpm build` first (the example's dist/ and the packages it bundles).
import { existsSync } from 'node:fs';
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
  if (!existsSync(`${repo}/examples/react-storefront/dist/index.html`)) {
    throw new Error('examples/react-storefront is not built: run pnpm build first');
  }
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
  await tab.page.goto(`${shop.merchant.url}/react-storefront/`);
  await tab.page.click('button[data-product-id="tea-sencha"]');
  await tab.page.click('button[data-product-id="tea-sencha"]');
  await tab.page.click('button[data-product-id="kettle-iron"]');
  await expect(tab.page.locator('#cart-total').textContent()).resolves.toBe('89.80');
  await tab.page.click('#checkout');
  await tab.page.waitForSelector('[data-wpwl-status="ready"] .wpwl-form-card .wpwl-control-cardNumber');
  // The widget's script tag got this response's CSP nonce, read from the page's own script tag.
  const [pageNonce, widgetNonce] = await tab.page.evaluate(() => [
    document.querySelector<HTMLScriptElement>('script[type="module"]')?.nonce,
    document.querySelector<HTMLScriptElement>('script[src*="/paymentWidgets.js"]')?.nonce,
  ]);
  expect(pageNonce).toMatch(/^[\w+/]{20,}={0,2}$/);
  expect(widgetNonce).toBe(pageNonce);
  const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
  await tab.page.fill('.wpwl-control-cardNumber', card);
  await tab.page.fill('.wpwl-control-expiry', `12 / ${year}`);
  await tab.page.fill('.wpwl-control-cardHolder', 'Jane Jones');
  await tab.page.fill('.wpwl-control-cvv', '123');
  await tab.page.click('.wpwl-button-pay');
  await tab.page.waitForURL((url) => url.pathname === '/react-storefront/result');
}

describe('React storefront on the merchant server and sandbox', () => {
  it('pays with the success card and shows the verified success page', async () => {
    await buyAndPay(SUCCESS_CARD);
    await tab.page.waitForSelector('#result[data-state="success"]');
    await expect(tab.page.locator('#result-title').textContent()).resolves.toContain('payment is confirmed');
    await expect(tab.page.locator('#result-detail').textContent()).resolves.toContain('89.80 EUR paid');

    // The browser sent product ids and quantities; the server priced the cart.
    const checkoutPost = tab.requestsTo('POST', '/api/checkout');
    expect(checkoutPost).toHaveLength(1);
    expect(JSON.parse(checkoutPost[0]!.postData ?? '{}')).toEqual({
      items: [
        { productId: 'tea-sencha', quantity: 2 },
        { productId: 'kettle-iron', quantity: 1 },
      ],
      resultPath: '/react-storefront/result',
    });
    // One widget script request for the one mount.
    expect(tab.requestsTo('GET', '/v1/paymentWidgets.js')).toHaveLength(1);
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
