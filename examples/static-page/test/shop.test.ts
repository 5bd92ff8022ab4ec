// The static page (public/index.html and public/app.js: <wpwl-widget> from
// @wpwl/lit's standalone build, no framework, no bundler) as a merchant tests
// it: the page's HTML put into happy-dom and its module run as the browser
// runs it (the standalone build's URL resolves to @wpwl/lit's source, an
// alias of the dom project in vitest.config.ts), the merchant server's
// answers stubbed at `fetch`, the payment widget faked by @wpwl/testing, and
// everything found by what the shopper reads (accessible names). Covers the
// cart to the payment (the amount on the pay button, the cart locked while
// paying), the terms of sale to accept before paying, a checkout paid
// meanwhile in another tab, a widget that fails to load and its retry, a
// session that runs out (fake timers) and more time asked for before it does.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fireEvent, screen } from '@testing-library/dom';
// <wpwl-widget> defined before any page goes in (the page's module loads the same module):
// happy-dom keeps finding an element upgraded in place by its id after it left the document.
import '@wpwl/lit/define';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The page's body as served (its head holds the import map, the module script and the style sheet). */
const PAGE_BODY = /<body>([\s\S]*)<\/body>/.exec(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../public/index.html'), 'utf8'),
)![1]!;

const CHECKOUT = {
  orderId: 'order-1042',
  checkoutId: '8a8294174b7ecb28014b9699220015ca',
  baseUrl: 'http://127.0.0.1:8080',
  brands: 'VISA MASTER',
  shopperResultUrl: 'http://127.0.0.1:3000/static-page/result.html',
  amount: '25.80',
  currency: 'EUR',
  createdAt: '2026-11-26T10:00:00Z',
  expiresAt: '2026-11-26T10:30:00Z',
  expiresInMs: 30 * 60_000,
};
const RENEWED_CHECKOUT_ID = '8a8294174b7ecb28014b9699220015cb';

/**
 * The merchant server as the page calls it; `paidElsewhere` makes the
 * payment-status read say the checkout was paid. A checkout asked for with
 * `renew` (more time) gets a new checkout id.
 */
function stubMerchantServer(options: { paidElsewhere?: boolean; expiresInMs?: number } = {}) {
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/products') {
      return json({ products: [{ id: 'sencha', name: 'Sencha', description: 'Green tea', price: '12.90' }], currency: 'EUR' });
    }
    if (path === '/api/checkout') {
      const { renew } = JSON.parse(String(init?.body)) as { renew?: string };
      return json({
        ...CHECKOUT,
        checkoutId: renew ? RENEWED_CHECKOUT_ID : CHECKOUT.checkoutId,
        expiresInMs: options.expiresInMs ?? CHECKOUT.expiresInMs,
      });
    }
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
  // The page as the browser has it before its module runs.
  document.body.innerHTML = PAGE_BODY;
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // Leaving the page takes <wpwl-widget> out, which takes its widget down, before the fake goes.
  document.body.replaceChildren();
  await widget.uninstall();
});

let pageLoads = 0;

/** Loads the page, puts two Sencha in the cart and asks for the payment, as the shopper does. */
async function goToPayment(): Promise<void> {
  // The page's module afresh for each test, as a page load runs it (<wpwl-widget>'s module stays: it is defined once).
  await widget.act(() => import(/* @vite-ignore */ `../public/app.js?page-load=${++pageLoads}`));
  const add = screen.getByRole('button', { name: 'Add to cart: Sencha' });
  fireEvent.click(add);
  fireEvent.click(add);
  expect(screen.getByText('2 × Sencha')).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('25.80');
  await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Go to payment' })));
  expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
}

describe('static page: paying', () => {
  it('shows the widget for the checkout with the amount on its pay button, and locks the cart while paying', async () => {
    stubMerchantServer();
    await goToPayment();
    expect(screen.getByText('25.80 EUR')).toBeTruthy();
    // The checkout was priced for this cart: it cannot change under the payment.
    expect(screen.getByText('The cart is fixed while you pay. Go back to the cart to change it.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add to cart: Sencha' }).disabled).toBe(true);
    await widget.ready();
    expect(screen.getByText('Enter your card details.')).toBeTruthy();
    fireEvent.input(screen.getByRole('textbox', { name: 'Card holder' }), { target: { value: 'Jane Jones' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' }));

    const paid = widget.nextPayment();
    fireEvent.click(screen.getByRole('button', { name: 'Pay 25.80 EUR' }));
    const payment = await paid;
    expect(payment.fields).toMatchObject({ 'card.holder': 'Jane Jones' });
    expect(payment.resultUrl).toBe(
      `${CHECKOUT.shopperResultUrl}?id=${CHECKOUT.checkoutId}&resourcePath=%2Fv1%2Fcheckouts%2F${CHECKOUT.checkoutId}%2Fpayment`,
    );
    await widget.act(async () => {});
    expect(screen.getByText('Sending your payment…')).toBeTruthy();
    // While the payment is on its way, the cart cannot be left.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back to the cart' }).disabled).toBe(true);
  });

  it('the terms of sale come first: without them ticked nothing is sent and the shopper is told', async () => {
    stubMerchantServer();
    await goToPayment();
    await widget.ready();
    await expect(widget.submit()).resolves.toBeUndefined();
    expect(widget.payments).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('Please accept the terms of sale first.');
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms of sale' });
    expect(document.activeElement).toBe(terms);

    fireEvent.click(terms);
    expect(screen.queryByRole('alert')).toBeNull();
    await expect(widget.submit()).resolves.toMatchObject({ outcome: 'approved' });
  });

  it('a checkout paid meanwhile in another tab is not paid again: nothing is sent and the shopper reads why', async () => {
    stubMerchantServer({ paidElsewhere: true });
    await goToPayment();
    await widget.ready();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' }));
    await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Pay 25.80 EUR' })));
    expect(screen.getByRole('alert').textContent).toContain('This order has already been paid');
    expect(screen.getByRole('link', { name: 'See your order' }).getAttribute('href')).toBe(
      `${CHECKOUT.shopperResultUrl}?resourcePath=%2Fv1%2Fcheckouts%2F${CHECKOUT.checkoutId}%2Fpayment`,
    );
    expect(widget.payments).toEqual([]);
  });
});

describe('static page: when things go wrong', () => {
  it('a payment form that did not load says so with its code; "Try again" loads it', async () => {
    stubMerchantServer();
    await goToPayment();
    await widget.failLoad();
    expect(screen.getByRole('alert').textContent).toContain('The payment form reported a problem (SCRIPT_LOAD_FAILED)');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await widget.ready();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Card Number' })).toBeTruthy();
  });

  it('a session running out warns first, then says it expired and takes the form away', async () => {
    vi.useFakeTimers();
    stubMerchantServer({ expiresInMs: 10 * 60_000 });
    await goToPayment();
    await widget.ready();
    expect(screen.queryByRole('button', { name: 'Get more time' })).toBeNull();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(screen.getByText('Your payment session ends in a few minutes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get more time' })).toBeTruthy();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['This payment session expired.', 'Get a new payment session to pay.']);
    expect(screen.queryByRole('button', { name: 'Get more time' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
  });

  it('"Get more time" replaces the checkout before it runs out: the payment goes to the new one', async () => {
    vi.useFakeTimers();
    const server = stubMerchantServer({ expiresInMs: 10 * 60_000 });
    await goToPayment();
    await widget.ready();
    await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Get more time' })));
    const renewal = server.mock.calls.at(-1);
    expect(JSON.parse(String(renewal?.[1]?.body))).toMatchObject({ renew: CHECKOUT.checkoutId });
    await widget.ready();
    expect(screen.queryByRole('button', { name: 'Get more time' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' }));
    const paid = widget.nextPayment();
    fireEvent.click(screen.getByRole('button', { name: 'Pay 25.80 EUR' }));
    expect((await paid).resultUrl).toContain(`?id=${RENEWED_CHECKOUT_ID}&`);
  });
});
