// The Vue storefront's express checkout as a merchant tests it: the merchant
// server stubbed at `fetch` (its express routes added to the shared stub),
// the widget faked by @wpwl/testing, a wallet press made as the widget makes
// it (wpwlOptions.createCheckout with the brand). Covers the cart's express
// region, the terms asked for before any checkout, the checkout prepared for
// the cart at a press, a refused answer shown and cleared at the next press,
// and the region giving way to the card payment and coming back.
import { getByLabelText, getByRole } from '@testing-library/dom';
import { mount, type VueWrapper } from '@vue/test-utils';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_ID, SENCHA, checkoutFor, stubMerchantServer } from '../../shared/test-support.js';
import ShopPage from '../src/ShopPage.vue';

const GATEWAY = 'https://test.gateway.example';
const BRANDS = 'APPLEPAY GOOGLEPAY PAYPAL';

let widget: FakeWidget;
let page: VueWrapper | undefined;
const body = () => document.body;
const click = (element: HTMLElement) => widget.act(() => element.click());
const section = () => document.getElementById('express-checkout');
const message = () => document.getElementById('express-message')!.textContent!.trim();

/** The shared stub, plus GET /api/express and POST /api/express-checkout answering the cart's checkout priced at `amount`. */
function stubShop(amount = '25.80') {
  const merchant = stubMerchantServer(checkoutFor('http://127.0.0.1:3000/vue-storefront/result', { amount }));
  const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/express') return json({ baseUrl: GATEWAY, brands: BRANDS });
    if (path === '/api/express-checkout') {
      const checkout = await (await merchant('/api/checkout', init)).json();
      return json({ ...checkout, amount });
    }
    return merchant(input, init);
  });
  vi.stubGlobal('fetch', server);
  return server;
}

/** Two Sencha in the cart: the express region is up, its widget loaded. */
async function cartOfTwo() {
  page = mount(ShopPage, { attachTo: body() });
  await widget.act(async () => {});
  const add = getByRole(body(), 'button', { name: `Add to cart: ${SENCHA.name}` });
  await click(add);
  await click(add);
  await widget.ready();
}

/** A wallet press as the widget makes it; resolves with what the widget gets back. */
async function press(brand = 'GOOGLEPAY'): Promise<unknown> {
  const options = (window as unknown as { wpwlOptions: { createCheckout(json: unknown): unknown } }).wpwlOptions;
  let answer: unknown;
  await widget.act(async () => (answer = await options.createCheckout({ brand })));
  return answer;
}

const expressCalls = (server: ReturnType<typeof stubShop>) =>
  server.mock.calls.filter(([path]) => String(path) === '/api/express-checkout').map(([, init]) => JSON.parse(String(init!.body)));

beforeEach(() => {
  localStorage.clear();
  widget = installFakeWidget();
});
afterEach(async () => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
  await widget.uninstall();
});

describe('Vue storefront: express checkout on the cart', () => {
  it('shows the express region with the wallets and the cart total for the sheet, nothing said yet', async () => {
    stubShop();
    page = mount(ShopPage, { attachTo: body() });
    await widget.act(async () => {});
    expect(section(), 'no region for an empty cart').toBeNull();
    await click(getByRole(body(), 'button', { name: `Add to cart: ${SENCHA.name}` }));
    await click(getByRole(body(), 'button', { name: `Add to cart: ${SENCHA.name}` }));
    const region = getByRole(body(), 'region', { name: 'Express checkout' });
    expect(region.textContent).toContain('Pay with a wallet: no card details to type.');
    expect((getByLabelText(region, 'I accept the terms of sale') as HTMLInputElement).checked).toBe(false);
    expect(message()).toBe('');
    expect(document.getElementById('express-message')!.getAttribute('role')).toBe('alert');
    const form = region.querySelector('form.paymentWidgets')!;
    expect(form.getAttribute('data-brands')).toBe(BRANDS);
    expect(form.getAttribute('action')).toBe(`${location.origin}/result`);
    // The script without a checkout id; the widget reads the sheet's total at load, so each total was one load.
    expect(widget.requests()).toEqual([`${GATEWAY}/v1/paymentWidgets.js`, `${GATEWAY}/v1/paymentWidgets.js`]);
    expect(document.querySelectorAll('script[src*="paymentWidgets.js"]')).toHaveLength(1);
    expect((window as unknown as { wpwlOptions: { checkout: unknown } }).wpwlOptions.checkout).toEqual({ amount: '25.80' });
  });

  it('a press before the terms are accepted asks for them and prepares no checkout; accepted, the cart’s checkout is prepared', async () => {
    const server = stubShop();
    await cartOfTwo();
    expect(await press()).toBeUndefined();
    expect(message()).toBe('Please accept the terms of sale first.');
    expect(expressCalls(server)).toEqual([]);

    await click(getByLabelText(body(), 'I accept the terms of sale'));
    expect(await press('PAYPAL')).toBe(CHECKOUT_ID);
    expect(message()).toBe('');
    expect(expressCalls(server)).toEqual([
      { items: [{ productId: SENCHA.id, quantity: 2 }], resultPath: '/result', cartKey: expect.any(String), brand: 'PAYPAL' },
    ]);
  });

  it('a checkout priced otherwise than the sheet shows is refused and said; the next press clears it', async () => {
    stubShop('12.90');
    await cartOfTwo();
    await click(getByLabelText(body(), 'I accept the terms of sale'));
    expect(await press()).toBeUndefined();
    expect(message()).toMatch(/^The payment form reported a problem \(AMOUNT_MISMATCH\): /);
    vi.unstubAllGlobals();
    stubShop('25.80');
    expect(await press()).toBe(CHECKOUT_ID);
    expect(message()).toBe('');
  });

  it('going to the card payment takes the express region away; back at the cart it is there again', async () => {
    stubShop();
    await cartOfTwo();
    await click(getByRole(body(), 'button', { name: 'Go to payment' }));
    expect(section()).toBeNull();
    expect(getByRole(body(), 'heading', { name: 'Payment' })).toBeTruthy();
    await click(getByRole(body(), 'button', { name: 'Back to the cart' }));
    expect(section()).not.toBeNull();
  });
});
