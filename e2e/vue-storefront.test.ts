// The Vue storefront (examples/vue-storefront, built with Vite) as a shopper
// meets it: the example merchant server on its own sandbox, in real Chromium.
// Add to cart, pay through <PaymentWidget> from @wpwl/vue with a test card,
// land on the result route that asks the merchant server for the verified
// status. Needs `pnpm build` first (the example's dist/ and the packages it bundles).
import { describe, expect, it } from 'vitest';
import { DECLINE_CARD, SUCCESS_CARD, fillCard } from './support/shopper.js';
import {
  cardForm,
  expectCheckoutRequest,
  expectDeclinedPage,
  expectPaidPage,
  expectWidgetNonceFromPage,
  fillCartAndCheckout,
  payAndWaitForResult,
  useStorefrontSession,
} from './support/storefront.js';

const READY = '[data-wpwl-status="ready"]';
const session = useStorefrontSession({ needsBuild: 'examples/vue-storefront/dist/index.html' });

async function fillCartAndOpenPayment(): Promise<void> {
  await fillCartAndCheckout(session.tab.page, `${session.shop.merchant.url}/vue-storefront/`, READY);
}

async function payWith(card: string): Promise<void> {
  await fillCard(session.tab.page, card);
  await payAndWaitForResult(session.tab.page, '/vue-storefront/result');
}

describe('Vue storefront on the merchant server and sandbox', () => {
  it('pays with the success card and shows the verified success page', async () => {
    const { tab } = session;
    await fillCartAndOpenPayment();
    // The widget's script tag got this response's CSP nonce, through WpwlPlugin's defaults.
    await expectWidgetNonceFromPage(tab.page, 'script[type="module"]');
    await payWith(SUCCESS_CARD);
    await expectPaidPage(tab.page, '89.80 EUR paid');

    // The browser sent product ids and quantities; the server priced the cart.
    expectCheckoutRequest(tab, '/vue-storefront/result');
    // Two status reads: before the widget submits (is the checkout still unpaid?), and the result page's.
    expect(tab.requestsTo('GET', '/api/payment-status')).toHaveLength(2);
    // One widget script request for the one mount, and nothing broke the page's CSP.
    expect(tab.requestsTo('GET', '/v1/paymentWidgets.js')).toHaveLength(1);
    expect(session.violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('shows a classified failure for a declined card', async () => {
    await fillCartAndOpenPayment();
    await payWith(DECLINE_CARD);
    await expectDeclinedPage(session.tab.page);
  });

  it('closing the payment unloads the widget; a new checkout loads it once more and pays', async () => {
    const { tab } = session;
    await fillCartAndOpenPayment();
    await tab.page.click('[data-wpwl-cancel]');
    await tab.page.waitForFunction(() => !document.querySelector('[data-wpwl-status]'));
    // Teardown is deferred by a task (a same-config re-mount would adopt the widget).
    await tab.page.waitForFunction(
      () => !document.querySelector('script[src*="/paymentWidgets.js"], .wpwl-form') && !('wpwlOptions' in window) && !('wpwl' in window),
    );

    await tab.page.click('button[data-product-id="kettle-iron"]');
    await expect(tab.page.locator('#cart-total').textContent()).resolves.toBe('153.80');
    await tab.page.click('#checkout');
    await tab.page.waitForSelector(cardForm(READY));
    expect(await tab.page.locator('form.paymentWidgets').count()).toBe(1);
    const scripts = tab.requestsTo('GET', '/v1/paymentWidgets.js');
    expect(scripts).toHaveLength(2);
    expect(new URL(scripts[0]!.url).searchParams.get('checkoutId')).not.toBe(new URL(scripts[1]!.url).searchParams.get('checkoutId'));
    await payWith(SUCCESS_CARD);
    await tab.page.waitForSelector('#result[data-state="success"]');
    await expect(tab.page.locator('#result-detail').textContent()).resolves.toContain('153.80 EUR paid');
    expect(session.violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });
});
