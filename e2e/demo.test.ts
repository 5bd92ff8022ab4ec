// The demo as a shopper meets it: the example merchant server (started the
// way `pnpm demo` starts it, on its own sandbox) serving the core storefront,
// in real Chromium. Add to cart, pay with a test card, land on the result page
// that the merchant server verified.
import { describe, expect, it } from 'vitest';
import { DECLINE_CARD, SUCCESS_CARD, fillCard } from './support/shopper.js';
import {
  expectCheckoutRequest,
  expectDeclinedPage,
  expectPaidPage,
  fillCartAndCheckout,
  payAndWaitForResult,
  useStorefrontSession,
} from './support/storefront.js';

const session = useStorefrontSession();

async function buyAndPay(card: string): Promise<void> {
  const { page } = session.tab;
  await fillCartAndCheckout(page, `${session.shop.merchant.url}/core-storefront/`);
  await fillCard(page, card);
  await payAndWaitForResult(page, '/core-storefront/result.html');
}

describe('pnpm demo: core storefront on the merchant server and sandbox', () => {
  it('pays with the success card and shows the verified success page', async () => {
    const { shop, tab } = session;
    await buyAndPay(SUCCESS_CARD);
    await expectPaidPage(tab.page, '89.80 EUR paid');

    // The amount was the server's: the browser sent product ids and quantities only.
    expectCheckoutRequest(tab, '/core-storefront/result.html');
    // The access token never reached the browser, in any request it sent.
    expect(
      tab.requests.some((r) => r.url.includes(shop.gateway.gateway.accessToken) || r.postData?.includes(shop.gateway.gateway.accessToken)),
    ).toBe(false);
    // @wpwl/core came from the vendor path through the import map (shop page and result page), and nothing broke the CSP.
    expect(tab.requestsTo('GET', '/vendor/wpwl-core/index.js')).toHaveLength(2);
    expect(session.violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('shows a classified failure for a declined card', async () => {
    await buyAndPay(DECLINE_CARD);
    await expectDeclinedPage(session.tab.page);
  });
});
