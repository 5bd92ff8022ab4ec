// The Vue storefront's shop page as a merchant tests it: the merchant
// server's answers stubbed at `fetch`, the payment widget faked by
// @wpwl/testing, the page mounted with Vue Test Utils and read by accessible
// name with Testing Library's queries. Covers the cart to the payment and the
// order id sent with it, a cart paid meanwhile in another tab, a cart whose
// payment is being confirmed (no new checkout, the cart kept), a widget that
// fails to load, and a session that runs out.
// The merchant server's stub and the steps from the shop to the payment
// are the storefronts' shared ones (examples/shared/test-support.ts).
import { getByRole, getByText, queryAllByRole, queryByRole } from '@testing-library/dom';
import { mount, type VueWrapper } from '@vue/test-utils';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_PAID } from '../../shared/result-view.js';
import {
  BEING_CONFIRMED,
  TOO_MANY_OPEN,
  checkoutFor,
  goToPayment,
  stubMerchantServer,
  type ShopUnderTest,
} from '../../shared/test-support.js';
import ShopPage from '../src/ShopPage.vue';

/** The checkout of one Sencha. */
const CHECKOUT = checkoutFor('http://127.0.0.1:3000/vue-storefront/result', { orderId: 'order-2051', amount: '12.90' });

let widget: FakeWidget;
let page: VueWrapper | undefined;
const body = () => document.body;

beforeEach(() => {
  localStorage.clear();
  widget = installFakeWidget();
});
afterEach(async () => {
  page?.unmount();
  page = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await widget.uninstall();
});

/** The shop page for the shared steps (goToPayment: a Sencha in the cart, then the payment): mounted, each click waited for until Vue has rendered. */
const shop: ShopUnderTest = {
  open: async () => {
    page = mount(ShopPage, { attachTo: body() });
    await widget.act(async () => {});
  },
  click: (element) => widget.act(() => element.click()),
};

describe('Vue storefront: paying', () => {
  it('shows the widget for the checkout and sends the order id with the payment', async () => {
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop, 1);
    await widget.ready();
    expect(getByText(body(), 'Enter your card details.')).toBeTruthy();
    const holder = getByRole(body(), 'textbox', { name: 'Card holder' }) as HTMLInputElement;
    holder.value = 'Jane Jones';

    const paid = widget.nextPayment();
    getByRole(body(), 'button', { name: 'Pay 12.90 EUR' }).click();
    const payment = await paid;
    expect(payment.fields).toMatchObject({ 'card.holder': 'Jane Jones', 'customParameters[SHOPPER_orderId]': 'order-2051' });
    expect(payment.resultUrl).toContain(`${CHECKOUT.shopperResultUrl}?id=${CHECKOUT.checkoutId}&resourcePath=`);
    await widget.act(async () => {});
    expect(getByText(body(), 'Sending your payment…')).toBeTruthy();
    expect((getByRole(body(), 'button', { name: 'Back to the cart' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a checkout paid meanwhile in another tab is not paid again: nothing is sent and the shopper reads why', async () => {
    stubMerchantServer(CHECKOUT, { paidElsewhere: true });
    await goToPayment(shop, 1);
    await widget.ready();
    await widget.act(() => getByRole(body(), 'button', { name: 'Pay 12.90 EUR' }).click());
    expect(getByText(body(), ALREADY_PAID, { exact: false })).toBeTruthy();
    expect(getByRole(body(), 'link', { name: 'See your order' })).toBeTruthy();
    expect(widget.payments).toEqual([]);
  });
});

describe.each([
  [
    'a cart whose payment is being confirmed',
    BEING_CONFIRMED,
    'We are confirming a payment for this cart with your bank. Please do not pay again: if that payment does not go through, you can pay for this cart again.',
  ],
  [
    'a cart holding ten open checkouts',
    TOO_MANY_OPEN,
    'The payment for this cart was started many times in the last half hour. Please pay in a window where its payment form is still open, or try again in a little while.',
  ],
])('Vue storefront: %s', (_case, refusal, says) => {
  it('gets no new checkout: the cart stays and the shopper is told, in the alert region that was there before', async () => {
    stubMerchantServer(CHECKOUT, { checkoutRefused: refusal });
    await shop.open();
    await shop.click(getByRole(body(), 'button', { name: 'Add to cart: Sencha' }));
    const region = getByRole(body(), 'alert');
    expect(region.textContent).toBe('');
    await shop.click(getByRole(body(), 'button', { name: 'Go to payment' }));
    expect(region.textContent).toBe(says);
    expect(getByText(body(), '1 × Sencha')).toBeTruthy();
    expect(queryByRole(body(), 'heading', { name: 'Payment' })).toBeNull();
  });
});

describe('Vue storefront: when things go wrong', () => {
  it('a payment form that did not load says so; "Try again" loads it', async () => {
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop, 1);
    await widget.failLoad();
    expect(getByText(body(), /^The payment form could not be loaded/).closest('[role="alert"]')).toBeTruthy();
    await widget.act(() => getByRole(body(), 'button', { name: 'Try again' }).click());
    await widget.ready();
    // The alert regions (the cart's, the binding's) stay, with nothing in them to announce.
    expect(queryAllByRole(body(), 'alert').map((alert) => alert.textContent)).toEqual(['', '']);
    expect(getByRole(body(), 'textbox', { name: 'Card Number' })).toBeTruthy();
  });

  it('a session running out offers more time, then says it expired and takes the form away', async () => {
    vi.useFakeTimers();
    stubMerchantServer(CHECKOUT, { expiresInMs: 10 * 60_000 });
    await goToPayment(shop, 1);
    await widget.ready();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(getByRole(body(), 'button', { name: 'Get more time' })).toBeTruthy();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(getByText(body(), 'This payment session expired.').closest('[role="alert"]')).toBeTruthy();
    expect(queryByRole(body(), 'textbox', { name: 'Card Number' })).toBeNull();
  });
});
