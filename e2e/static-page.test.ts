// The static page (examples/static-page) as a shopper meets it: plain HTML on
// the example merchant server and its own sandbox, in real Chromium, with the
// <wpwl-widget> element from @wpwl/lit's standalone build as its one module
// script. Pays through the element; a wpwl-before-submit listener that cancels
// the event keeps the payment from being sent; attributes set before the
// element is defined are picked up when it upgrades.
// Needs `pnpm build` first (packages/lit/dist/wpwl-widget.js).
import { describe, expect, it } from 'vitest';
import { PAYMENT_POST, SUCCESS_CARD, fillCard } from './support/shopper.js';
import {
  CART_ITEMS,
  CART_KEY,
  expectPaidPage,
  expectWidgetNonceFromPage,
  fillCartAndCheckout,
  payAndWaitForResult,
  useStorefrontSession,
} from './support/storefront.js';
import { watchForAbsence } from './support/browser.js';

const session = useStorefrontSession({ needsBuild: 'packages/lit/dist/wpwl-widget.js' });

/** Fills the cart, starts the payment and waits for the element to report ready. */
async function openPayment(): Promise<void> {
  await fillCartAndCheckout(session.tab.page, `${session.shop.merchant.url}/static-page/`, 'wpwl-widget[status="ready"]');
}

describe('static page with <wpwl-widget> on the merchant server and sandbox', () => {
  it('pays with the success card through the standalone build and shows the verified success page', async () => {
    const { tab } = session;
    await openPayment();
    // The page's one script for the element is the standalone build: Lit and core come with it.
    expect(tab.requestsTo('GET', '/vendor/wpwl-lit/wpwl-widget.js')).toHaveLength(1);
    expect(tab.requests.filter((r) => new URL(r.url).pathname.startsWith('/vendor/'))).toHaveLength(1);
    await expectWidgetNonceFromPage(tab.page, 'script[src$="app.js"]');

    await tab.page.check('#terms');
    await fillCard(tab.page, SUCCESS_CARD);
    await payAndWaitForResult(tab.page, '/static-page/result.html');
    await expectPaidPage(tab.page, '89.80 EUR paid');

    expect(JSON.parse(tab.requestsTo('POST', '/api/checkout')[0]?.postData ?? '{}')).toEqual({
      items: CART_ITEMS,
      resultPath: '/static-page/result.html',
      cartKey: expect.stringMatching(CART_KEY),
    });
    expect(tab.requestsTo('POST', PAYMENT_POST)).toHaveLength(1);
    // The checkout's script once; the cart's wallet buttons (express checkout) load it without a checkout id.
    const scripts = tab.requestsTo('GET', '/v1/paymentWidgets.js').map((request) => new URL(request.url).searchParams.get('checkoutId'));
    expect(scripts.filter((id) => id !== null)).toHaveLength(1);
    expect(scripts.at(-1)).not.toBeNull();
    expect(session.violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('a wpwl-before-submit listener calling preventDefault() blocks the payment', async () => {
    const { tab } = session;
    await openPayment();
    // The page's listener cancels the event while the terms box is unticked.
    await fillCard(tab.page, SUCCESS_CARD);
    await tab.page.click('.wpwl-button-pay');
    await tab.page.waitForSelector('#terms-hint:not([hidden])');
    await watchForAbsence(tab.page);
    expect(tab.requestsTo('POST', PAYMENT_POST)).toEqual([]);
    expect(new URL(tab.page.url()).pathname).toBe('/static-page/');
    await tab.page.waitForSelector('wpwl-widget[status="ready"]');

    // Nothing else was in the way: once the listener lets it through, the same form pays.
    await tab.page.check('#terms');
    await payAndWaitForResult(tab.page, '/static-page/result.html');
    await tab.page.waitForSelector('#result[data-state="success"]');
    expect(tab.requestsTo('POST', PAYMENT_POST)).toHaveLength(1);
    expect(tab.errors).toEqual([]);
  });

  it('attributes set before the element is defined are used when it upgrades (nonce hidden by the browser too)', async () => {
    const { shop, tab } = session;
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
    expect(session.violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });
});
