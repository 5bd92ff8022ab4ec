// The Vue storefront (examples/vue-storefront, built with Vite) as a shopper
// meets it: the example merchant server on its own sandbox, in real Chromium.
// Add to cart, pay through <PaymentWidget> from @wpwl/vue with a test card,
// land on the result route that asks the merchant server for the verified
// status. Needs `pnpm build` first (the example's dist/ and the packages it bundles).
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
  if (!existsSync(`${repo}/examples/vue-storefront/dist/index.html`)) {
    throw new Error('examples/vue-storefront is not built: run pnpm build first');
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

async function fillCartAndOpenPayment(): Promise<void> {
  await tab.page.goto(`${shop.merchant.url}/vue-storefront/`);
  await tab.page.click('button[data-product-id="tea-sencha"]');
  await tab.page.click('button[data-product-id="tea-sencha"]');
  await tab.page.click('button[data-product-id="kettle-iron"]');
  await expect(tab.page.locator('#cart-total').textContent()).resolves.toBe('89.80');
  await tab.page.click('#checkout');
  await tab.page.waitForSelector('[data-wpwl-status="ready"] .wpwl-form-card .wpwl-control-cardNumber');
}

async function payWith(card: string): Promise<void> {
  const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
  await tab.page.fill('.wpwl-control-cardNumber', card);
  await tab.page.fill('.wpwl-control-expiry', `12 / ${year}`);
  await tab.page.fill('.wpwl-control-cardHolder', 'Jane Jones');
  await tab.page.fill('.wpwl-control-cvv', '123');
  await tab.page.click('.wpwl-button-pay');
  await tab.page.waitForURL((url) => url.pathname === '/vue-storefront/result');
}

describe('Vue storefront on the merchant server and sandbox', () => {
  it('pays with the success card and shows the verified success page', async () => {
    await fillCartAndOpenPayment();
    // The widget's script tag got this response's CSP nonce, through WpwlPlugin's defaults.
    const [pageNonce, widgetNonce] = await tab.page.evaluate(() => [
      document.querySelector<HTMLScriptElement>('script[type="module"]')?.nonce,
      document.querySelector<HTMLScriptElement>('script[src*="/paymentWidgets.js"]')?.nonce,
    ]);
    expect(pageNonce).toMatch(/^[\w+/]{20,}={0,2}$/);
    expect(widgetNonce).toBe(pageNonce);
    await payWith(SUCCESS_CARD);

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
      resultPath: '/vue-storefront/result',
    });
    expect(tab.requestsTo('GET', '/api/payment-status')).toHaveLength(1);
    // One widget script request for the one mount, and nothing broke the page's CSP.
    expect(tab.requestsTo('GET', '/v1/paymentWidgets.js')).toHaveLength(1);
    expect(violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('shows a classified failure for a declined card', async () => {
    await fillCartAndOpenPayment();
    await payWith(DECLINE_CARD);
    await tab.page.waitForSelector('#result[data-state="failure"]');
    await expect(tab.page.locator('#result-title').textContent()).resolves.toContain('did not go through');
    await expect(tab.page.locator('#result-detail').textContent()).resolves.toContain('rejectedBank');
  });

  it('closing the payment unloads the widget; a new checkout loads it once more and pays', async () => {
    await fillCartAndOpenPayment();
    await tab.page.click('text=Change the cart');
    await tab.page.waitForFunction(() => !document.querySelector('[data-wpwl-status]'));
    // Teardown is deferred by a task (a same-config re-mount would adopt the widget).
    await tab.page.waitForFunction(
      () => !document.querySelector('script[src*="/paymentWidgets.js"], .wpwl-form') && !('wpwlOptions' in window) && !('wpwl' in window),
    );

    await tab.page.click('button[data-product-id="kettle-iron"]');
    await expect(tab.page.locator('#cart-total').textContent()).resolves.toBe('153.80');
    await tab.page.click('#checkout');
    await tab.page.waitForSelector('[data-wpwl-status="ready"] .wpwl-form-card .wpwl-control-cardNumber');
    expect(await tab.page.locator('form.paymentWidgets').count()).toBe(1);
    const scripts = tab.requestsTo('GET', '/v1/paymentWidgets.js');
    expect(scripts).toHaveLength(2);
    expect(new URL(scripts[0]!.url).searchParams.get('checkoutId')).not.toBe(new URL(scripts[1]!.url).searchParams.get('checkoutId'));
    await payWith(SUCCESS_CARD);
    await tab.page.waitForSelector('#result[data-state="success"]');
    await expect(tab.page.locator('#result-detail').textContent()).resolves.toContain('153.80 EUR paid');
    expect(violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });
});
