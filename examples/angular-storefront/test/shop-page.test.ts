// The Angular storefront's shop page as a merchant tests it: the page
// bootstrapped as a zoneless application into happy-dom, the merchant
// server's answers stubbed at `fetch`, the payment widget faked by
// @wpwl/testing, and everything found by what the shopper reads (accessible
// names). Covers the cart to the payment and the order id sent with it, a
// declined payment from the shop's own "Place order" button (the widget's
// pay()), a checkout paid meanwhile in another tab, a widget that fails to
// load, and a session that runs out (fake timers).
// Before anything of Angular: its packages are partially compiled and the
// page's template is compiled when it is first used.
import '@angular/compiler';
import { provideZonelessChangeDetection, type ApplicationRef } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { fireEvent, screen } from '@testing-library/dom';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_PAID } from '../../shared/result-view';
import type { Checkout } from '../../shared/shop-api';
import { ShopPage } from '../src/shop-page';

const CHECKOUT: Checkout = {
  orderId: 'order-1042',
  checkoutId: '8a8294174b7ecb28014b9699220015ca',
  baseUrl: 'http://127.0.0.1:8080',
  brands: 'VISA MASTER',
  shopperResultUrl: 'http://127.0.0.1:3000/angular-storefront/result',
  amount: '25.80',
  currency: 'EUR',
  createdAt: '2026-11-26T10:00:00Z',
  expiresAt: '2026-11-26T10:30:00Z',
  expiresInMs: 30 * 60_000,
};

/** The merchant server as the page calls it; `paidElsewhere` makes the payment-status read say the checkout was paid. */
function stubMerchantServer(options: { paidElsewhere?: boolean; expiresInMs?: number } = {}) {
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  const server = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    if (path === '/api/products') {
      return json({ products: [{ id: 'sencha', name: 'Sencha', description: 'Green tea', price: '12.90' }], currency: 'EUR' });
    }
    if (path === '/api/checkout') return json({ ...CHECKOUT, expiresInMs: options.expiresInMs ?? CHECKOUT.expiresInMs });
    if (path.startsWith('/api/payment-status')) {
      return json(options.paidElsewhere ? { ok: true, code: '000.100.110' } : { ok: false, code: '000.200.000' });
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', server);
  return server;
}

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

/**
 * Opens the shop page, puts two Sencha in the cart and asks for the payment,
 * as the shopper does. Waits through the fake widget's `act`, not Testing
 * Library's `findBy…`, whose polling waits on timers a test may have faked.
 */
async function goToPayment(): Promise<void> {
  document.body.innerHTML = '<app-shop-page></app-shop-page>';
  app = await bootstrapApplication(ShopPage, { providers: [provideZonelessChangeDetection()] });
  await settle();
  const add = screen.getByRole('button', { name: 'Add to cart: Sencha' });
  await click(add);
  await click(add);
  expect(screen.getByText('2 × Sencha')).toBeTruthy();
  await click(screen.getByRole('button', { name: 'Go to payment' }));
  expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
}

describe('Angular storefront: paying', () => {
  it('shows the widget for the checkout and sends the order id with the payment', async () => {
    stubMerchantServer();
    await goToPayment();
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
    expect(payment.resultUrl).toBe(
      `${CHECKOUT.shopperResultUrl}?id=${CHECKOUT.checkoutId}&resourcePath=%2Fv1%2Fcheckouts%2F${CHECKOUT.checkoutId}%2Fpayment`,
    );
    await settle();
    expect(screen.getByText('Sending your payment…')).toBeTruthy();
    // While the payment is on its way, the cart cannot be left.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back to the cart' }).disabled).toBe(true);
  });

  it('the shop\'s own "Place order" button pays through the widget; a declined card goes to the result page too', async () => {
    stubMerchantServer();
    await goToPayment();
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
    stubMerchantServer({ paidElsewhere: true });
    await goToPayment();
    await widget.ready();
    await settle();
    await click(screen.getByRole('button', { name: 'Pay 25.80 EUR' }));
    await settle();
    expect(screen.getByText(ALREADY_PAID, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your order' })).toBeTruthy();
    expect(widget.payments).toEqual([]);
  });
});

describe('Angular storefront: when things go wrong', () => {
  it('a payment form that did not load says so; "Try again" loads it', async () => {
    stubMerchantServer();
    await goToPayment();
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
    stubMerchantServer({ expiresInMs: 10 * 60_000 });
    await goToPayment();
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
