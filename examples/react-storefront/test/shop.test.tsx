// The React storefront's shop page as a merchant tests it: the merchant
// server's answers stubbed at `fetch`, the payment widget faked by
// @wpwl/testing, and everything found by what the shopper reads (accessible
// names). Covers the cart to the payment, the "save my card" box and the
// order id sent with the payment, a cart paid meanwhile in another tab, a
// widget that fails to load, and a session that runs out.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_PAID } from '../../shared/result-view.js';
import type { Checkout } from '../../shared/shop-api.js';
import { ShopPage } from '../src/shop.js';

const CHECKOUT: Checkout = {
  orderId: 'order-1042',
  checkoutId: '8a8294174b7ecb28014b9699220015ca',
  baseUrl: 'http://127.0.0.1:8080',
  brands: 'VISA MASTER',
  shopperResultUrl: 'http://127.0.0.1:3000/result',
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

/**
 * Puts two Sencha in the cart and asks for the payment, as the shopper does.
 * Waits through the fake widget's `act`, not Testing Library's `findBy…`,
 * whose polling waits on timers a test may have faked.
 */
async function goToPayment(): Promise<void> {
  render(<ShopPage />);
  await widget.act(async () => {});
  const add = screen.getByRole('button', { name: 'Add to cart: Sencha' });
  fireEvent.click(add);
  fireEvent.click(add);
  await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Go to payment' })));
  expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
}

describe('React storefront: paying', () => {
  it('shows the widget for the checkout, sends the order id and the ticked "save my card" box with the payment', async () => {
    stubMerchantServer();
    await goToPayment();
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
    expect(payment.resultUrl).toBe(
      `${CHECKOUT.shopperResultUrl}?id=${CHECKOUT.checkoutId}&resourcePath=%2Fv1%2Fcheckouts%2F${CHECKOUT.checkoutId}%2Fpayment`,
    );
    // The page's hook let the payment go after an answer of the server: let React render what followed.
    await widget.act(async () => {});
    expect(screen.getByText('Sending your payment…')).toBeTruthy();
    // While the payment is on its way, the cart cannot be left.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back to the cart' }).disabled).toBe(true);
  });

  it('a checkout paid meanwhile in another tab is not paid again: nothing is sent and the shopper reads why', async () => {
    stubMerchantServer({ paidElsewhere: true });
    await goToPayment();
    await widget.ready();
    await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Pay 25.80 EUR' })));
    expect(await screen.findByText(ALREADY_PAID, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your order' })).toBeTruthy();
    expect(widget.payments).toEqual([]);
  });
});

describe('React storefront: when things go wrong', () => {
  it('a payment form that did not load says so; "Try again" loads it', async () => {
    stubMerchantServer();
    await goToPayment();
    await widget.failLoad();
    expect(screen.getByRole('alert').textContent).toContain('The payment form could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await widget.ready();
    // The binding's alert region stays, with nothing in it to announce.
    expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).toEqual(['']);
    expect(screen.getByRole('textbox', { name: 'Card Number' })).toBeTruthy();
  });

  it('a session running out offers more time, then says it expired and takes the form away', async () => {
    vi.useFakeTimers();
    stubMerchantServer({ expiresInMs: 10 * 60_000 });
    await goToPayment();
    await widget.ready();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(screen.getByRole('button', { name: 'Get more time' })).toBeTruthy();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(screen.getByText('This payment session expired.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
  });
});
