// The Vue storefront's shop page as a merchant tests it: the merchant
// server's answers stubbed at `fetch`, the payment widget faked by
// @wpwl/testing, the page mounted with Vue Test Utils and read by accessible
// name with Testing Library's queries. Covers the cart to the payment and the
// order id sent with it, a cart paid meanwhile in another tab, a widget that
// fails to load, and a session that runs out.
import { getByRole, getByText, queryAllByRole, queryByRole } from '@testing-library/dom';
import { mount, type VueWrapper } from '@vue/test-utils';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_PAID } from '../../shared/result-view.js';
import type { Checkout } from '../../shared/shop-api.js';
import ShopPage from '../src/ShopPage.vue';

const CHECKOUT: Checkout = {
  orderId: 'order-2051',
  checkoutId: '8a8294174b7ecb28014b9699220015cb',
  baseUrl: 'http://127.0.0.1:8080',
  brands: 'VISA MASTER',
  shopperResultUrl: 'http://127.0.0.1:3000/vue-storefront/result',
  amount: '12.90',
  currency: 'EUR',
  createdAt: '2026-11-26T10:00:00Z',
  expiresAt: '2026-11-26T10:30:00Z',
  expiresInMs: 30 * 60_000,
};

/** The merchant server as the page calls it; `paidElsewhere` makes the payment-status read say the checkout was paid. */
function stubMerchantServer(options: { paidElsewhere?: boolean; expiresInMs?: number } = {}) {
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path === '/api/products') {
        return json({ products: [{ id: 'sencha', name: 'Sencha', description: 'Green tea', price: '12.90' }], currency: 'EUR' });
      }
      if (path === '/api/checkout') return json({ ...CHECKOUT, expiresInMs: options.expiresInMs ?? CHECKOUT.expiresInMs });
      if (path.startsWith('/api/payment-status')) {
        return json(options.paidElsewhere ? { ok: true, code: '000.100.110' } : { ok: false, code: '000.200.000' });
      }
      return new Response('not found', { status: 404 });
    }),
  );
}

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

/** Puts a Sencha in the cart and asks for the payment, as the shopper does; each step waits until Vue has rendered. */
async function goToPayment(): Promise<void> {
  page = mount(ShopPage, { attachTo: body() });
  await widget.act(async () => {});
  await widget.act(() => getByRole(body(), 'button', { name: 'Add to cart: Sencha' }).click());
  await widget.act(() => getByRole(body(), 'button', { name: 'Go to payment' }).click());
  expect(getByRole(body(), 'heading', { name: 'Payment' })).toBeTruthy();
}

describe('Vue storefront: paying', () => {
  it('shows the widget for the checkout and sends the order id with the payment', async () => {
    stubMerchantServer();
    await goToPayment();
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
    stubMerchantServer({ paidElsewhere: true });
    await goToPayment();
    await widget.ready();
    await widget.act(() => getByRole(body(), 'button', { name: 'Pay 12.90 EUR' }).click());
    expect(getByText(body(), ALREADY_PAID, { exact: false })).toBeTruthy();
    expect(getByRole(body(), 'link', { name: 'See your order' })).toBeTruthy();
    expect(widget.payments).toEqual([]);
  });
});

describe('Vue storefront: when things go wrong', () => {
  it('a payment form that did not load says so; "Try again" loads it', async () => {
    stubMerchantServer();
    await goToPayment();
    await widget.failLoad();
    expect(getByRole(body(), 'alert').textContent).toContain('The payment form could not be loaded');
    await widget.act(() => getByRole(body(), 'button', { name: 'Try again' }).click());
    await widget.ready();
    // The binding's alert region stays, with nothing in it to announce.
    expect(queryAllByRole(body(), 'alert').map((alert) => alert.textContent)).toEqual(['']);
    expect(getByRole(body(), 'textbox', { name: 'Card Number' })).toBeTruthy();
  });

  it('a session running out offers more time, then says it expired and takes the form away', async () => {
    vi.useFakeTimers();
    stubMerchantServer({ expiresInMs: 10 * 60_000 });
    await goToPayment();
    await widget.ready();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(getByRole(body(), 'button', { name: 'Get more time' })).toBeTruthy();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(getByRole(body(), 'alert').textContent).toBe('This payment session expired.');
    expect(queryByRole(body(), 'textbox', { name: 'Card Number' })).toBeNull();
  });
});
