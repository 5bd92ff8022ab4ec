// The React storefront's shop page as a merchant tests it: the merchant
// server's answers stubbed at `fetch`, the payment widget faked by
// @wpwl/testing, and everything found by what the shopper reads (accessible
// names). Covers the cart to the payment, the "save my card" box and the
// order id sent with the payment, a cart paid meanwhile in another tab, a
// cart whose payment is being confirmed (no new checkout, the cart kept), a
// widget that fails to load, and a session that runs out.
// The merchant server's stub and the steps from the shop to the payment
// are the storefronts' shared ones (examples/shared/test-support.ts).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_PAID } from '../../shared/result-view.js';
import {
  BEING_CONFIRMED,
  TOO_MANY_OPEN,
  checkoutFor,
  goToPayment,
  paidResultUrl,
  stubMerchantServer,
  type ShopUnderTest,
} from '../../shared/test-support.js';
import { ShopPage } from '../src/shop.js';

const CHECKOUT = checkoutFor('http://127.0.0.1:3000/result');

let widget: FakeWidget;
beforeEach(() => {
  localStorage.clear();
  widget = installFakeWidget();
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await widget.uninstall();
});

/** The shop page for the shared steps (goToPayment: two Sencha in the cart, then the payment): rendered, clicks waited for. */
const shop: ShopUnderTest = {
  open: async () => {
    render(<ShopPage />);
    await widget.act(async () => {});
  },
  click: (element) => widget.act(() => void fireEvent.click(element)),
};

describe('React storefront: paying', () => {
  it('shows the widget for the checkout, sends the order id and the ticked "save my card" box with the payment', async () => {
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop);
    await widget.ready();
    expect(screen.getByText('Enter your card details.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Card holder' }), { target: { value: 'Jane Jones' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Save my card for next time' }));

    const paid = widget.nextPayment();
    fireEvent.click(screen.getByRole('button', { name: 'Pay 25.80 EUR' }));
    const payment = await paid;
    expect(payment.fields).toMatchObject({
      'card.holder': 'Jane Jones',
      'customParameters[SHOPPER_orderId]': 'order-1042',
      createRegistration: 'true',
    });
    expect(payment.resultUrl).toBe(paidResultUrl(CHECKOUT.shopperResultUrl, CHECKOUT.checkoutId));
    // The page's hook let the payment go after an answer of the server: let React render what followed.
    await widget.act(async () => {});
    expect(screen.getByText('Sending your payment…')).toBeTruthy();
    // While the payment is on its way, the cart cannot be left.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back to the cart' }).disabled).toBe(true);
  });

  it('a checkout paid meanwhile in another tab is not paid again: nothing is sent and the shopper reads why', async () => {
    stubMerchantServer(CHECKOUT, { paidElsewhere: true });
    await goToPayment(shop);
    await widget.ready();
    await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Pay 25.80 EUR' })));
    expect(await screen.findByText(ALREADY_PAID, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your order' })).toBeTruthy();
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
])('React storefront: %s', (_case, refusal, says) => {
  it('gets no new checkout: the cart stays and the shopper is told, in the alert region that was there before', async () => {
    stubMerchantServer(CHECKOUT, { checkoutRefused: refusal });
    await shop.open();
    await shop.click(screen.getByRole('button', { name: 'Add to cart: Sencha' }));
    const region = screen.getByRole('alert');
    expect(region.textContent).toBe('');
    await shop.click(screen.getByRole('button', { name: 'Go to payment' }));
    expect(region.textContent).toBe(says);
    expect(screen.getByText('1 × Sencha')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });
});

describe('React storefront: when things go wrong', () => {
  it('a payment form that did not load says so; "Try again" loads it', async () => {
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop);
    await widget.failLoad();
    expect(screen.getByText(/^The payment form could not be loaded/).closest('[role="alert"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await widget.ready();
    // The alert regions (the cart's, the binding's) stay, with nothing in them to announce.
    expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).toEqual(['', '']);
    expect(screen.getByRole('textbox', { name: 'Card Number' })).toBeTruthy();
  });

  it('a session running out offers more time, then says it expired and takes the form away', async () => {
    vi.useFakeTimers();
    stubMerchantServer(CHECKOUT, { expiresInMs: 10 * 60_000 });
    await goToPayment(shop);
    await widget.ready();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(screen.getByRole('button', { name: 'Get more time' })).toBeTruthy();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(screen.getByText('This payment session expired.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
  });
});
