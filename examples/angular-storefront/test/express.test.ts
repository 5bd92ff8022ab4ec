// The Angular storefront's wallet buttons (express checkout) as a merchant
// tests them: the shop page bootstrapped zoneless into happy-dom, the merchant
// server stubbed at `fetch` (the storefronts' shared stub, with the express
// routes added here), the widget faked by @wpwl/testing. The buttons are on
// the cart before any checkout exists; a press asks the server for the cart's
// checkout only once the terms are ticked; the wallet sheet shows the cart
// total and pays it; an error the widget reports is shown, cleared by the
// next press; "Go to payment" takes the buttons away.
// Before anything of Angular: its packages are partially compiled and the
// page's template is compiled when it is first used.
import '@angular/compiler';
import { provideZonelessChangeDetection, type ApplicationRef } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { fireEvent, screen } from '@testing-library/dom';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_ID, SENCHA, checkoutFor, stubMerchantServer } from '../../shared/test-support';
import { RESULT_PATH } from '../src/base';
import { ShopPage } from '../src/shop-page';

const CHECKOUT = checkoutFor('http://127.0.0.1:3000/angular-storefront/result');
const BASE = 'https://test.gateway.example';

let widget: FakeWidget;
let app: ApplicationRef | undefined;

beforeEach(() => {
  localStorage.clear();
  widget = installFakeWidget();
});
afterEach(async () => {
  app?.destroy();
  app = undefined;
  vi.unstubAllGlobals();
  await widget.uninstall();
  document.body.replaceChildren();
});

const settle = () => widget.act(() => app!.whenStable());
const click = (element: HTMLElement) =>
  widget.act(() => {
    fireEvent.click(element);
    return app!.whenStable();
  });

/**
 * The shared stub, and GET /api/express and POST /api/express-checkout
 * (`expressAnswer`: the checkout the server prepares for the cart at a press).
 */
function stubWithExpress(expressAnswer: () => Response = () => json({ ...CHECKOUT, amount: '12.90' }, 201)) {
  const server = stubMerchantServer(CHECKOUT);
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/express') return json({ baseUrl: BASE, brands: 'GOOGLEPAY PAYPAL' });
    if (path === '/api/express-checkout') return expressAnswer();
    return server(input, init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The shop with one Sencha in the cart and the wallet buttons loaded. */
async function cartWithWallets() {
  document.body.innerHTML = '<app-shop-page></app-shop-page>';
  app = await bootstrapApplication(ShopPage, { providers: [provideZonelessChangeDetection()] });
  await settle();
  await click(screen.getByRole('button', { name: 'Add to cart: Sencha' }));
  await widget.ready();
  await settle();
}

const message = () => document.getElementById('express-message')!.textContent!.trim();
const expressRequests = (fetch: ReturnType<typeof stubWithExpress>) =>
  fetch.mock.calls.filter(([path]) => String(path) === '/api/express-checkout').map(([, init]) => JSON.parse(String(init?.body)));

describe('Angular storefront: the cart’s wallet buttons', () => {
  it('are on the cart before any checkout, for the cart total; a press asks for the cart’s checkout once the terms are ticked, and pays it', async () => {
    const fetch = stubWithExpress();
    await cartWithWallets();
    const region = screen.getByRole('region', { name: 'Express checkout' });
    expect(region.querySelector('form.paymentWidgets')!.getAttribute('data-brands')).toBe('GOOGLEPAY PAYPAL');
    // The widget's script without a checkout id: none exists yet.
    expect([...document.querySelectorAll('script')].map((script) => script.src)).toContain(`${BASE}/v1/paymentWidgets.js`);
    expect(fetch.mock.calls.map(([path]) => String(path))).not.toContain('/api/checkout');

    // Terms not ticked: nothing is asked for, and the shopper reads why.
    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBeUndefined();
    await settle();
    expect(message()).toBe('Please accept the terms of sale first.');
    expect(expressRequests(fetch)).toEqual([]);

    await click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' }));
    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBe(CHECKOUT_ID);
    await settle();
    expect(message()).toBe('');
    expect(expressRequests(fetch)).toEqual([
      {
        items: [{ productId: SENCHA.id, quantity: 1 }],
        resultPath: RESULT_PATH,
        cartKey: expect.any(String),
        brand: 'GOOGLEPAY',
      },
    ]);
    expect(screen.getByRole('dialog', { name: /Google Pay/ }).textContent).toContain('12.90');
    const payment = await widget.approveWalletSheet();
    expect(payment).toMatchObject({ checkoutId: CHECKOUT_ID, brand: 'GOOGLEPAY', fields: { 'wallet.amount': '12.90' } });
  });

  it('a checkout the server priced otherwise is refused before the sheet opens, said with its code; the next press clears it', async () => {
    let amount = '13.90';
    stubWithExpress(() => json({ ...CHECKOUT, amount }, 201));
    await cartWithWallets();
    await click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' }));
    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBeUndefined();
    await settle();
    expect(message()).toMatch(/^The payment form reported a problem \(AMOUNT_MISMATCH\)/);
    expect(screen.queryByRole('dialog')).toBeNull();

    amount = '12.90';
    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBe(CHECKOUT_ID);
    await settle();
    expect(message()).toBe('');
  });

  it('"Go to payment" takes the wallet buttons away for the card form; back to the cart brings them back', async () => {
    stubWithExpress();
    await cartWithWallets();
    await click(screen.getByRole('button', { name: 'Go to payment' }));
    expect(screen.queryByRole('region', { name: 'Express checkout' })).toBeNull();
    await click(screen.getByRole('button', { name: 'Back to the cart' }));
    expect(screen.getByRole('region', { name: 'Express checkout' })).toBeTruthy();
  });

  it('while a wallet pays, the cart and "Go to payment" are locked; closing the sheet unlocks them', async () => {
    const fetch = stubWithExpress();
    await cartWithWallets();
    await click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' }));
    const cartControls = () =>
      [
        screen.getByRole('button', { name: 'Add to cart: Sencha' }),
        screen.getByRole('button', { name: 'Remove' }),
        screen.getByRole('button', { name: 'Go to payment' }),
      ] as HTMLButtonElement[];
    expect(cartControls().map((button) => button.disabled)).toEqual([false, false, false]);

    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBe(CHECKOUT_ID);
    await settle();
    expect(cartControls().map((button) => button.disabled)).toEqual([true, true, true]);
    for (const button of cartControls()) await click(button);
    // The wallet's widget is still there, for the same cart; no card checkout was asked for.
    expect(screen.getByRole('region', { name: 'Express checkout' }).querySelector('form.paymentWidgets')).not.toBeNull();
    expect(document.getElementById('cart-total')!.textContent).toBe('12.90');
    expect(fetch.mock.calls.filter(([path]) => String(path) === '/api/checkout')).toEqual([]);

    await widget.cancelWalletSheet();
    await settle();
    expect(cartControls().map((button) => button.disabled)).toEqual([false, false, false]);
  });
});
