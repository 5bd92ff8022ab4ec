// The static page (examples/static-page) as a shopper meets it: plain HTML on
// the example merchant server and its own sandbox, in real Chromium, with the
// <wpwl-widget> element from @wpwl/lit's standalone build as its one module
// script. Pays through the element; a wpwl-before-submit listener that cancels
// the event keeps the payment from being sent; attributes set before the
// element is defined are picked up when it upgrades.
// Needs `pnpm build` first (packages/lit/dist/wpwl-widget.js).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startShop, type RunningShop } from '../examples/merchant-server/src/main.js';
import { launchBrowser, type TestBrowser, type TestPage } from './support/browser.js';

const SUCCESS_CARD = '4200000000000000';
const PAYMENT_POST = /^\/v1\/checkouts\/[^/]+\/payment$/;
const repo = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

let shop: RunningShop;
let browser: TestBrowser;
let tab: TestPage;
let violations: string[];

beforeAll(async () => {
  if (!existsSync(`${repo}/packages/lit/dist/wpwl-widget.js`)) {
    throw new Error('packages/lit is not built (dist/wpwl-widget.js): run pnpm build first');
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

/** Fills the cart, starts the payment and waits for the element to report ready. */
async function openPayment(): Promise<void> {
  await tab.page.goto(`${shop.merchant.url}/static-page/`);
  await tab.page.click('button[data-product-id="tea-sencha"]');
  await tab.page.click('button[data-product-id="tea-sencha"]');
  await tab.page.click('button[data-product-id="kettle-iron"]');
  await expect(tab.page.locator('#cart-total').textContent()).resolves.toBe('89.80');
  await tab.page.click('#checkout');
  await tab.page.waitForSelector('wpwl-widget[status="ready"] .wpwl-form-card .wpwl-control-cardNumber');
}

async function fillCard(card: string): Promise<void> {
  const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
  await tab.page.fill('.wpwl-control-cardNumber', card);
  await tab.page.fill('.wpwl-control-expiry', `12 / ${year}`);
  await tab.page.fill('.wpwl-control-cardHolder', 'Jane Jones');
  await tab.page.fill('.wpwl-control-cvv', '123');
}

describe('static page with <wpwl-widget> on the merchant server and sandbox', () => {
  it('pays with the success card through the standalone build and shows the verified success page', async () => {
    await openPayment();
    // The page's one script for the element is the standalone build: Lit and core come with it.
    expect(tab.requestsTo('GET', '/vendor/wpwl-lit/wpwl-widget.js')).toHaveLength(1);
    expect(tab.requests.filter((r) => new URL(r.url).pathname.startsWith('/vendor/'))).toHaveLength(1);
    const [pageNonce, widgetNonce] = await tab.page.evaluate(() => [
      document.querySelector<HTMLScriptElement>('script[src$="app.js"]')?.nonce,
      document.querySelector<HTMLScriptElement>('script[src*="/paymentWidgets.js"]')?.nonce,
    ]);
    expect(pageNonce).toMatch(/^[\w+/]{20,}={0,2}$/);
    expect(widgetNonce).toBe(pageNonce);

    await tab.page.check('#terms');
    await fillCard(SUCCESS_CARD);
    await tab.page.click('.wpwl-button-pay');
    await tab.page.waitForURL((url) => url.pathname === '/static-page/result.html');
    await tab.page.waitForSelector('#result[data-state="success"]');
    await expect(tab.page.locator('#result-title').textContent()).resolves.toContain('payment is confirmed');
    await expect(tab.page.locator('#result-detail').textContent()).resolves.toContain('89.80 EUR paid');

    expect(JSON.parse(tab.requestsTo('POST', '/api/checkout')[0]?.postData ?? '{}')).toEqual({
      items: [
        { productId: 'tea-sencha', quantity: 2 },
        { productId: 'kettle-iron', quantity: 1 },
      ],
      resultPath: '/static-page/result.html',
    });
    expect(tab.requestsTo('POST', PAYMENT_POST)).toHaveLength(1);
    expect(tab.requestsTo('GET', '/v1/paymentWidgets.js')).toHaveLength(1);
    expect(violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('a wpwl-before-submit listener calling preventDefault() blocks the payment', async () => {
    await openPayment();
    // The page's listener cancels the event while the terms box is unticked.
    await fillCard(SUCCESS_CARD);
    await tab.page.click('.wpwl-button-pay');
    await tab.page.waitForSelector('#terms-hint:not([hidden])');
    await tab.page.waitForTimeout(500);
    expect(tab.requestsTo('POST', PAYMENT_POST)).toEqual([]);
    expect(new URL(tab.page.url()).pathname).toBe('/static-page/');
    await tab.page.waitForSelector('wpwl-widget[status="ready"]');

    // Nothing else was in the way: once the listener lets it through, the same form pays.
    await tab.page.check('#terms');
    await tab.page.click('.wpwl-button-pay');
    await tab.page.waitForURL((url) => url.pathname === '/static-page/result.html');
    await tab.page.waitForSelector('#result[data-state="success"]');
    expect(tab.requestsTo('POST', PAYMENT_POST)).toHaveLength(1);
    expect(tab.errors).toEqual([]);
  });

  it('attributes set before the element is defined are used when it upgrades (nonce hidden by the browser too)', async () => {
    await tab.page.goto(`${shop.merchant.url}/static-page/`);
    await tab.page.waitForSelector('wpwl-widget[status="idle"]', { state: 'attached' });
    const result = await tab.page.evaluate(async () => {
      const response = await fetch('/api/checkout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ items: [{ productId: 'tea-sencha', quantity: 1 }], resultPath: '/static-page/result.html' }),
      });
      const checkout = await response.json();
      const pageNonce = document.querySelector<HTMLScriptElement>('script[src$="app.js"]')!.nonce;
      // An element of a tag nobody has defined yet, configured and connected.
      const early = document.createElement('wpwl-early');
      early.setAttribute('base-url', checkout.baseUrl);
      early.setAttribute('brands', checkout.brands);
      early.setAttribute('shopper-result-url', checkout.shopperResultUrl);
      early.setAttribute('integrity', checkout.integrity);
      early.setAttribute('nonce', pageNonce);
      early.setAttribute('checkout-id', checkout.checkoutId);
      document.body.append(early);
      return { pageNonce, nonceAttributeAfterConnect: early.getAttribute('nonce'), checkoutId: checkout.checkoutId as string };
    });
    // Then the module is loaded and defines the tag (a string: the test runner would rewrite a dynamic import in a function).
    await tab.page.evaluate(`import('/vendor/wpwl-lit/wpwl-widget.js').then((lit) => void lit.defineWpwlWidget('wpwl-early'))`);
    await tab.page.waitForSelector('wpwl-early[status="ready"] .wpwl-form-card .wpwl-control-cardNumber');
    const script = await tab.page.evaluate(() => {
      const tag = document.querySelector<HTMLScriptElement>('script[src*="/paymentWidgets.js"]')!;
      return { src: tag.src, nonce: tag.nonce, integrity: tag.integrity };
    });
    expect(new URL(script.src).searchParams.get('checkoutId')).toBe(result.checkoutId);
    // Under the CSP header the browser blanked the attribute; the element still passed the nonce on.
    expect(result.nonceAttributeAfterConnect).toBe('');
    expect(script.nonce).toBe(result.pageNonce);
    expect(script.integrity).toMatch(/^sha384-/);
    expect(violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });
});
