// The React storefront's express checkout as a merchant tests it: the
// merchant server stubbed at `fetch` (the shared stub, plus its express
// routes), the widget faked by @wpwl/testing, a wallet press made as the
// widget makes it (it calls wpwlOptions.createCheckout with the brand), and
// everything else found by what the shopper reads. Covers the section on a
// cart with something in it, the terms first, the checkout asked for at the
// press with the cart as it is, a checkout for another total refused in
// words, and the section giving way to the card payment and coming back.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_ID, checkoutFor, stubMerchantServer } from '../../shared/test-support.js';
import { ShopPage } from '../src/shop.js';

const CHECKOUT = checkoutFor('http://127.0.0.1:3000/result');
const EXPRESS = { baseUrl: 'http://127.0.0.1:8080', brands: 'APPLEPAY GOOGLEPAY PAYPAL' };

let widget: FakeWidget;
beforeEach(() => {
  localStorage.clear();
  widget = installFakeWidget();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await widget.uninstall();
});

/** The merchant server with its express routes: `GET /api/express`, and `POST /api/express-checkout` answering `amount`. */
function stubServerWithExpress(amount = '12.90') {
  const server = stubMerchantServer(CHECKOUT);
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const withExpress = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/express') return json(EXPRESS);
    if (String(input) === '/api/express-checkout') return json({ ...CHECKOUT, amount });
    return server(input, init);
  });
  vi.stubGlobal('fetch', withExpress);
  return withExpress;
}

const expressCalls = (server: ReturnType<typeof stubServerWithExpress>) =>
  server.mock.calls.filter(([input]) => String(input) === '/api/express-checkout');

/** A wallet press as the widget makes it; resolves to what the widget gets (the checkout id, or nothing). */
async function press(brand = 'GOOGLEPAY'): Promise<unknown> {
  const page = window as unknown as { wpwlOptions: { createCheckout(json: { brand: string }): unknown } };
  let answer: unknown;
  await widget.act(async () => {
    answer = await page.wpwlOptions.createCheckout({ brand });
  });
  return answer;
}

async function openWithSencha() {
  render(<ShopPage />);
  await widget.act(async () => {});
  expect(screen.queryByRole('region', { name: 'Express checkout' })).toBeNull();
  await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Add to cart: Sencha' })));
  await widget.ready();
}

describe('React storefront: express checkout on the cart', () => {
  it('a cart with something in it shows the wallet buttons with its total; the terms come first', async () => {
    const server = stubServerWithExpress();
    await openWithSencha();
    const region = screen.getByRole('region', { name: 'Express checkout' });
    expect(region.querySelector('form.paymentWidgets')?.getAttribute('data-brands')).toBe('APPLEPAY GOOGLEPAY PAYPAL');
    expect((window as unknown as { wpwlOptions: { checkout: unknown } }).wpwlOptions.checkout).toEqual({ amount: '12.90' });
    const message = region.querySelector('#express-message')!;
    expect(message.textContent).toBe('');

    await expect(press()).resolves.toBeUndefined();
    expect(message.textContent).toBe('Please accept the terms of sale first.');
    expect(expressCalls(server)).toEqual([]);

    await widget.act(() => void fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' })));
    await expect(press('PAYPAL')).resolves.toBe(CHECKOUT_ID);
    // The next press cleared the message.
    expect(message.textContent).toBe('');
    const [[, init]] = expressCalls(server) as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      items: [{ productId: 'sencha', quantity: 1 }],
      resultPath: '/result',
      cartKey: expect.any(String),
      brand: 'PAYPAL',
    });
  });

  it('a checkout priced at another total is refused, in words, and nothing is paid', async () => {
    stubServerWithExpress('25.80');
    await openWithSencha();
    await widget.act(() => void fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' })));
    await expect(press()).resolves.toBeUndefined();
    expect(screen.getByRole('region', { name: 'Express checkout' }).querySelector('#express-message')!.textContent).toMatch(
      /^The payment form reported a problem \(AMOUNT_MISMATCH\): .*12\.90.*25\.80/,
    );
  });

  it('gives way to the card payment (one widget on the page) and comes back with the cart', async () => {
    stubServerWithExpress();
    await openWithSencha();
    await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Go to payment' })));
    await widget.ready();
    expect(screen.queryByRole('region', { name: 'Express checkout' })).toBeNull();
    expect(document.querySelectorAll('form.paymentWidgets[data-brands~="GOOGLEPAY"]')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Card Number' })).toBeTruthy();
    await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Back to the cart' })));
    await widget.ready();
    expect(screen.getByRole('region', { name: 'Express checkout' }).querySelector('form.paymentWidgets')).not.toBeNull();
  });

  it('locks the cart and the card payment while a wallet pays, and unlocks them when the sheet is closed', async () => {
    const server = stubServerWithExpress();
    await openWithSencha();
    await widget.act(() => void fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' })));
    const cartControls = () => [
      screen.getByRole('button', { name: 'Add to cart: Sencha' }),
      screen.getByRole('button', { name: 'Remove' }),
      screen.getByRole('button', { name: 'Go to payment' }),
    ];
    expect(cartControls().map((button) => (button as HTMLButtonElement).disabled)).toEqual([false, false, false]);

    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBe(CHECKOUT_ID);
    expect(cartControls().map((button) => (button as HTMLButtonElement).disabled)).toEqual([true, true, true]);
    await widget.act(() => cartControls().forEach((button) => void fireEvent.click(button)));
    // The wallet's widget is still there, for the same cart; no card checkout was asked for.
    expect(screen.getByRole('region', { name: 'Express checkout' }).querySelector('form.paymentWidgets')).not.toBeNull();
    expect(screen.getByText('12.90', { selector: '#cart-total' })).toBeTruthy();
    expect(server.mock.calls.filter(([input]) => String(input) === '/api/checkout')).toEqual([]);

    await widget.cancelWalletSheet();
    expect(cartControls().map((button) => (button as HTMLButtonElement).disabled)).toEqual([false, false, false]);
  });
});
