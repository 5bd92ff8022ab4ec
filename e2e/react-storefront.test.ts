// The React storefront (examples/react-storefront, built with Vite) as a
// shopper meets it: the example merchant server on its own sandbox, in real
// Chromium. Add to cart, pay through <PaymentWidget> with a test card, land on
// the result route that asks the merchant server for the verified status.
// Needs `pnpm build` first (the example's dist/ and the packages it bundles).
import { describe, expect, it } from 'vitest';
import { DECLINE_CARD, SUCCESS_CARD, fillCard, nextPayment } from './support/shopper.js';
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
    // One widget script request for the one mount of the card form (the cart's wallet buttons load theirs without a checkout id).
    expect(tab.requestsTo('GET', '/v1/paymentWidgets.js').filter((request) => request.url.includes('checkoutId='))).toHaveLength(1);
    expect(session.violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('saves the card when the shopper ticks "save my card", and pays one-click with it (CVV only) on the next purchase', async () => {
    const { page } = session.tab;
    await fillCartAndCheckout(page, `${session.shop.merchant.url}/react-storefront/`, '[data-wpwl-status="ready"]');
    // No stored card yet: no registration form, and the box the storefront adds to the card form.
    expect(await page.locator('.wpwl-container-registration').count()).toBe(0);
    await page.check('.wpwl-form-card input[type=checkbox][name=createRegistration]');
    await fillCard(page, SUCCESS_CARD);
    const firstPayment = await nextPayment(session.tab, () => payAndWaitForResult(page, '/react-storefront/result'));
    expect(firstPayment.get('createRegistration')).toBe('true');
    await expectPaidPage(page, '89.80 EUR paid');

    // The next purchase, same shopper: the stored card is offered above the new-card form.
    await page.goto(`${session.shop.merchant.url}/react-storefront/`);
    await page.click('button[data-product-id="kettle-iron"]');
    await page.click('#checkout');
    const stored = page.locator('.wpwl-container-registration .wpwl-group-registration');
    await stored.first().waitFor();
    expect(await stored.count()).toBe(1);
    await expect(stored.first().getAttribute('class')).resolves.toContain('wpwl-selected');
    await expect(stored.first().innerText()).resolves.toContain('0000');
    const cardForm = page.locator('.wpwl-form-card .wpwl-control-cardNumber');
    await expect(cardForm.isVisible()).resolves.toBe(true);

    // Without the CVV the widget stops at the stored card; with it, one click pays.
    await page.click('.wpwl-form-registrations .wpwl-button-pay');
    await page.waitForSelector('.wpwl-group-registration.wpwl-has-error');
    await page.fill('.wpwl-wrapper-registration-cvv input', '123');
    const sent = await nextPayment(session.tab, () => page.click('.wpwl-form-registrations .wpwl-button-pay'));
    expect(sent.get('registrationId')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(sent.get('card.cvv')).toBe('123');
    expect(sent.has('card.number')).toBe(false);
    await page.waitForURL((url) => url.pathname === '/react-storefront/result');
    await expectPaidPage(page, 'EUR paid');
    expect(session.violations).toEqual([]);
    expect(session.tab.errors).toEqual([]);
  });

  it('shows a classified failure for a declined card', async () => {
    await buyAndPay(DECLINE_CARD);
    await expectDeclinedPage(session.tab.page);
  });
});
