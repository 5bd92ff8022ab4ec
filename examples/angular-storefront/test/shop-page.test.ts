// The Angular storefront's shop page as a merchant tests it: the page
// bootstrapped as a zoneless application into happy-dom, the merchant
// server's answers stubbed at `fetch`, the payment widget faked by
// @wpwl/testing, and everything found by what the shopper reads (accessible
// names). Covers the cart to the payment and the order id sent with it, a
// declined payment from the shop's own "Place order" button (the widget's
// pay()), a checkout paid meanwhile in another tab, a cart whose payment is
// being confirmed (no new checkout, the cart kept), a widget that fails to
// load, and a session that runs out (fake timers).
// The merchant server's stub and the steps from the shop to the payment
// are the storefronts' shared ones (examples/shared/test-support.ts).
// Before anything of Angular: its packages are partially compiled and the
// page's template is compiled when it is first used.
import '@angular/compiler';
import { provideZonelessChangeDetection, type ApplicationRef } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { fireEvent, screen } from '@testing-library/dom';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_PAID } from '../../shared/result-view';
import {
  BEING_CONFIRMED,
  TOO_MANY_OPEN,
  checkoutFor,
  goToPayment,
  paidResultUrl,
  stubMerchantServer,
  type ShopUnderTest,
} from '../../shared/test-support';
import { ShopPage } from '../src/shop-page';

const CHECKOUT = checkoutFor('http://127.0.0.1:3000/angular-storefront/result');

let widget: FakeWidget;
let app: ApplicationRef | undefined;

beforeEach(() => {
  localStorage.clear();
  widget = installFakeWidget();
});
afterEach(async () => {
  app?.destroy();
  app = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await widget.uninstall();
  document.body.replaceChildren();
});

/** Lets the merchant server's answers arrive and Angular render what they changed. */
const settle = () => widget.act(() => app!.whenStable());

/** A click, and whatever the page does about it rendered. */
const click = (element: HTMLElement) =>
  widget.act(() => {
    fireEvent.click(element);
    return app!.whenStable();
  });

/** The shop page for the shared steps (goToPayment: two Sencha in the cart, then the payment): bootstrapped, clicks rendered. */
const shop: ShopUnderTest = {
  open: async () => {
    document.body.innerHTML = '<app-shop-page></app-shop-page>';
    app = await bootstrapApplication(ShopPage, { providers: [provideZonelessChangeDetection()] });
    await settle();
  },
  click,
};

describe('Angular storefront: paying', () => {
  it('shows the widget for the checkout and sends the order id with the payment', async () => {
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop);
    expect(screen.getByText('25.80 EUR')).toBeTruthy();
    await widget.ready();
    await settle();
    expect(screen.getByText('Enter your card details.')).toBeTruthy();
    fireEvent.input(screen.getByRole('textbox', { name: 'Card holder' }), { target: { value: 'Jane Jones' } });

    const paid = widget.nextPayment();
    fireEvent.click(screen.getByRole('button', { name: 'Pay 25.80 EUR' }));
    const payment = await paid;
    expect(payment.fields).toMatchObject({
      'card.holder': 'Jane Jones',
      'customParameters[SHOPPER_orderId]': 'order-1042',
    });
    expect(payment.resultUrl).toBe(paidResultUrl(CHECKOUT.shopperResultUrl, CHECKOUT.checkoutId));
    await settle();
    expect(screen.getByText('Sending your payment…')).toBeTruthy();
    // While the payment is on its way, the cart cannot be left.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back to the cart' }).disabled).toBe(true);
  });

  it('the shop\'s own "Place order" button pays through the widget; a declined card goes to the result page too', async () => {
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop);
    const placeOrder = screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' });
    // Nothing to pay with until the form is there.
    expect(placeOrder.disabled).toBe(true);
    await widget.ready();
    await settle();
    expect(placeOrder.disabled).toBe(false);

    widget.outcome = 'declined';
    const paid = widget.nextPayment();
    await click(placeOrder);
    const payment = await paid;
    expect(payment.resultCode).toBe('800.100.151');
    expect(payment.fields['customParameters[SHOPPER_orderId]']).toBe('order-1042');
    expect(payment.resultUrl).toContain(`${CHECKOUT.shopperResultUrl}?id=${CHECKOUT.checkoutId}`);
  });

  it('a checkout paid meanwhile in another tab is not paid again: nothing is sent and the shopper reads why', async () => {
    stubMerchantServer(CHECKOUT, { paidElsewhere: true });
    await goToPayment(shop);
    await widget.ready();
    await settle();
    await click(screen.getByRole('button', { name: 'Pay 25.80 EUR' }));
    await settle();
    expect(screen.getByText(ALREADY_PAID, { exact: false })).toBeTruthy();
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
])('Angular storefront: %s', (_case, refusal, says) => {
  it('gets no new checkout: the cart stays and the shopper is told, in the alert region that was there before', async () => {
    stubMerchantServer(CHECKOUT, { checkoutRefused: refusal });
    await shop.open();
    await click(screen.getByRole('button', { name: 'Add to cart: Sencha' }));
    const region = screen.getByRole('alert');
    expect(region.textContent).toBe('');
    await click(screen.getByRole('button', { name: 'Go to payment' }));
    expect(region.textContent).toBe(says);
    expect(screen.getByText('1 × Sencha')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });
});

describe('Angular storefront: when things go wrong', () => {
  it('a payment form that did not load says so; "Try again" loads it', async () => {
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop);
    await widget.failLoad();
    await settle();
    // Announced to screen readers as it appears.
    expect(screen.getByText(/^The payment form could not be loaded/).closest('[role="alert"]')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Try again' }));
    await widget.ready();
    await settle();
    expect(screen.queryByText(/^The payment form could not be loaded/)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Card Number' })).toBeTruthy();
  });

  it('a session running out offers more time, then says it expired and takes the form away', async () => {
    // The session's clock faked; not animation frames, on which Angular's
    // zoneless scheduler renders (it races a frame against a timer).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    stubMerchantServer(CHECKOUT, { expiresInMs: 10 * 60_000 });
    await goToPayment(shop);
    await widget.ready();
    await settle();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    await settle();
    expect(screen.getByRole('button', { name: 'Get more time' })).toBeTruthy();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    await settle();
    expect(screen.getByText('This payment session expired.').closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByText('Get a new payment session to pay.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Place order' }).disabled).toBe(true);
  });
});
