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
// The merchant server's stub and the steps from the shop to the payment
// are the storefronts' shared ones (examples/shared/test-support.ts).
import { fireEvent, screen } from '@testing-library/dom';
// <wpwl-widget> defined before any page goes in (the page's module loads the same module):
// happy-dom keeps finding an element upgraded in place by its id after it left the document.
import '@wpwl/lit/define';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RENEWED_CHECKOUT_ID,
  checkoutFor,
  goToPayment,
  paidResultUrl,
  servedPageBody,
  stubMerchantServer,
  type ShopUnderTest,
} from '../../shared/test-support';

/** The page's body as served (its head holds the import map, the module script and the style sheet). */
const PAGE_BODY = servedPageBody(import.meta.url, '../public/index.html');

const CHECKOUT = checkoutFor('http://127.0.0.1:3000/static-page/result.html');

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

/** The shop page for the shared steps (goToPayment: two Sencha in the cart, then the payment): its module run, clicks waited for. */
const shop: ShopUnderTest = {
  // The page's module afresh for each test, as a page load runs it (<wpwl-widget>'s module stays: it is defined once).
  open: () => widget.act(() => import(/* @vite-ignore */ `../public/app.js?page-load=${++pageLoads}`)),
  click: (element) => widget.act(() => void fireEvent.click(element)),
};

describe('static page: paying', () => {
  it('shows the widget for the checkout with the amount on its pay button, and locks the cart while paying', async () => {
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop);
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
    expect(payment.resultUrl).toBe(paidResultUrl(CHECKOUT.shopperResultUrl, CHECKOUT.checkoutId));
    await widget.act(async () => {});
    expect(screen.getByText('Sending your payment…')).toBeTruthy();
    // While the payment is on its way, the cart cannot be left.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back to the cart' }).disabled).toBe(true);
  });

  it('the terms of sale come first: without them ticked nothing is sent and the shopper is told', async () => {
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop);
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
    stubMerchantServer(CHECKOUT, { paidElsewhere: true });
    await goToPayment(shop);
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
    stubMerchantServer(CHECKOUT);
    await goToPayment(shop);
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
    stubMerchantServer(CHECKOUT, { expiresInMs: 10 * 60_000 });
    await goToPayment(shop);
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
    const server = stubMerchantServer(CHECKOUT, { expiresInMs: 10 * 60_000 });
    await goToPayment(shop);
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
