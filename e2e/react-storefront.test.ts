// The React storefront (examples/react-storefront, built with Vite) as a
// shopper meets it: the example merchant server on its own sandbox, in real
// Chromium. Add to cart, pay through <PaymentWidget> with a test card, land on
// the result route that asks the merchant server for the verified status.
// Needs `pnpm build` first (the example's dist/ and the packages it bundles).
import { describe, expect, it } from 'vitest';
import { DECLINE_CARD, SUCCESS_CARD, fillCard } from './support/shopper.js';
import {
  expectCheckoutRequest,
  expectDeclinedPage,
  expectPaidPage,
  expectWidgetNonceFromPage,
  fillCartAndCheckout,
  payAndWaitForResult,
  useStorefrontSession,
} from './support/storefront.js';

const session = useStorefrontSession({ needsBuild: 'examples/react-storefront/dist/index.html' });

async function buyAndPay(card: string): Promise<void> {
  const { page } = session.tab;
  await fillCartAndCheckout(page, `${session.shop.merchant.url}/react-storefront/`, '[data-wpwl-status="ready"]');
  // The widget's script tag got this response's CSP nonce, read from the page's own script tag.
  await expectWidgetNonceFromPage(page, 'script[type="module"]');
  await fillCard(page, card);
  await payAndWaitForResult(page, '/react-storefront/result');
}

describe('React storefront on the merchant server and sandbox', () => {
  it('pays with the success card and shows the verified success page', async () => {
    const { tab } = session;
    await buyAndPay(SUCCESS_CARD);
    await expectPaidPage(tab.page, '89.80 EUR paid');

    // The browser sent product ids and quantities; the server priced the cart.
    expectCheckoutRequest(tab, '/react-storefront/result');
    // One widget script request for the one mount.
    expect(tab.requestsTo('GET', '/v1/paymentWidgets.js')).toHaveLength(1);
    expect(session.violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('shows a classified failure for a declined card', async () => {
    await buyAndPay(DECLINE_CARD);
    await expectDeclinedPage(session.tab.page);
  });
});
