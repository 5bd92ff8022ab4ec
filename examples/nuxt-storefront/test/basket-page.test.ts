// The Nuxt storefront's basket page (app/pages/index.vue) and its express
// checkout as a merchant tests it without Nuxt's runtime, as the checkout
// page's test does: Nuxt's auto-imports given as stand-ins (the shop's
// express route answered through `useFetch`, the wallet press's route through
// `$fetch`), <PaymentWidget> as the browser runs it, the widget faked by
// @wpwl/testing, a wallet press made as the widget makes it
// (wpwlOptions.createCheckout with the brand). Covers the express region and
// the basket's total for the wallet sheet, the terms asked for before any
// checkout, a checkout priced otherwise refused and said, the way to the
// card checkout closed while a wallet pays, and no region without the shop's
// express settings.
import { getByLabelText, getByRole, getByText } from '@testing-library/dom';
import { flushPromises, mount, RouterLinkStub, type VueWrapper } from '@vue/test-utils';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { PaymentWidget, wpwlDefaultsKey } from '@wpwl/vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computed, defineComponent, h, ref, Suspense } from 'vue';
import { CHECKOUT_ID } from '../../shared/test-support';
import { useCspNonce } from '../app/composables/csp-nonce';
import { useShopLanguage } from '../app/composables/language';
import BasketPage from '../app/pages/index.vue';

const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q=';
const ORIGIN = 'http://127.0.0.1:3000';
const GATEWAY = 'http://127.0.0.1:8080';
const BRANDS = 'APPLEPAY GOOGLEPAY PAYPAL';

/** Nuxt's auto-imports the page uses, as stand-ins; `$fetch` answers a wallet press with the basket's checkout priced at `amount`. */
function standInNuxt(express: { brands: string } | null, amount = '55.20') {
  const $fetch = vi.fn(async () => ({ id: CHECKOUT_ID, amount, currency: 'EUR' }));
  vi.stubGlobal('ref', ref);
  vi.stubGlobal('computed', computed);
  vi.stubGlobal('useFetch', async () => ({ data: ref(express), error: ref(null) }));
  vi.stubGlobal('useRequestURL', () => new URL('/', ORIGIN));
  vi.stubGlobal('useState', <T>(_key: string, init: () => T) => ref(init()));
  vi.stubGlobal('useShopLanguage', useShopLanguage);
  // The response's nonce as the server's CSP plugin leaves it on the request's event.
  vi.stubGlobal('useRequestEvent', () => ({ context: { cspNonce: NONCE } }));
  vi.stubGlobal('useCspNonce', useCspNonce);
  vi.stubGlobal('$fetch', $fetch);
  return $fetch;
}

let widget: FakeWidget;
let page: VueWrapper | undefined;
const body = () => document.body;
const message = () => document.getElementById('express-message')!.textContent!.trim();

/** The basket page as Nuxt shows it: inside <Suspense> (its setup awaits the express settings), with the module's defaults. */
async function openBasket(): Promise<void> {
  const App = defineComponent(() => () => h(Suspense, null, { default: () => h(BasketPage) }));
  page = mount(App, {
    attachTo: document.body,
    global: {
      // Nuxt's lazy variant of the module's component is the component itself once loaded.
      components: { LazyPaymentWidget: PaymentWidget, NuxtLink: RouterLinkStub },
      provide: { [wpwlDefaultsKey as symbol]: { brands: 'VISA MASTER AMEX', locale: 'en', baseUrl: GATEWAY } },
    },
  });
  await widget.act(() => flushPromises());
}

/** A wallet press as the widget makes it; resolves with what the widget gets back. */
async function press(brand = 'GOOGLEPAY'): Promise<unknown> {
  const options = (window as unknown as { wpwlOptions: { createCheckout(json: unknown): unknown } }).wpwlOptions;
  let answer: unknown;
  await widget.act(async () => (answer = await options.createCheckout({ brand })));
  return answer;
}

beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(async () => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
  await widget.uninstall();
  document.body.replaceChildren();
});

describe('Nuxt storefront: express checkout on the basket', () => {
  it('shows the express region: the wallets, the basket’s total for the sheet, the terms, nothing said yet', async () => {
    standInNuxt({ brands: BRANDS });
    await openBasket();
    await widget.ready();
    const region = getByRole(body(), 'region', { name: 'Express checkout' });
    expect(region.textContent).toContain('Pay with a wallet: no card details to type.');
    expect((getByLabelText(region, 'I accept the terms of sale') as HTMLInputElement).checked).toBe(false);
    expect(message()).toBe('');
    const form = region.querySelector('form.paymentWidgets')!;
    expect(form.getAttribute('data-brands')).toBe(BRANDS);
    expect(form.getAttribute('action')).toBe(`${ORIGIN}/result`);
    expect(widget.requests()).toEqual([`${GATEWAY}/v1/paymentWidgets.js`]);
    expect((window as unknown as { wpwlOptions: { checkout: unknown } }).wpwlOptions.checkout).toEqual({ amount: '55.20' });
  });

  it('a press before the terms are accepted asks for them and prepares nothing; accepted, the shop’s route prepares the checkout', async () => {
    const $fetch = standInNuxt({ brands: BRANDS });
    await openBasket();
    await widget.ready();
    expect(await press()).toBeUndefined();
    expect(message()).toBe('Please accept the terms of sale first.');
    expect($fetch).not.toHaveBeenCalled();

    await widget.act(() => getByLabelText(body(), 'I accept the terms of sale').click());
    expect(await press('PAYPAL')).toBe(CHECKOUT_ID);
    expect(message()).toBe('');
    expect($fetch).toHaveBeenCalledWith('/api/express-checkout', { method: 'POST', body: { brand: 'PAYPAL' } });
  });

  it('a checkout priced otherwise than the sheet shows is refused and said in the express message', async () => {
    standInNuxt({ brands: BRANDS }, '49.80');
    await openBasket();
    await widget.ready();
    await widget.act(() => getByLabelText(body(), 'I accept the terms of sale').click());
    expect(await press()).toBeUndefined();
    expect(message()).toMatch(/^The payment form reported a problem \(AMOUNT_MISMATCH\): /);
  });

  it('while a wallet pays, the way to the card checkout is closed; closing the sheet opens it again', async () => {
    standInNuxt({ brands: BRANDS });
    await openBasket();
    await widget.ready();
    const checkoutLink = () => document.getElementById('checkout')!;
    expect(checkoutLink().getAttribute('aria-disabled')).toBeNull();
    expect(page!.findComponent(RouterLinkStub).props('to')).toBe('/checkout');
    await widget.act(() => getByLabelText(body(), 'I accept the terms of sale').click());

    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBe(CHECKOUT_ID);
    await widget.act(() => flushPromises());
    expect(checkoutLink().getAttribute('aria-disabled')).toBe('true');
    expect(checkoutLink().hasAttribute('href')).toBe(false);
    expect(page!.findComponent(RouterLinkStub).exists()).toBe(false);
    expect(getByRole(body(), 'link', { name: 'Go to checkout' })).toBe(checkoutLink());

    await widget.cancelWalletSheet();
    await widget.act(() => flushPromises());
    expect(checkoutLink().getAttribute('aria-disabled')).toBeNull();
    expect(page!.findComponent(RouterLinkStub).props('to')).toBe('/checkout');
  });

  it('without the shop’s express settings the basket offers the card checkout only', async () => {
    standInNuxt(null);
    await openBasket();
    expect(document.getElementById('express-checkout')).toBeNull();
    expect(widget.requests()).toEqual([]);
    expect(getByText(body(), 'Go to checkout')).toBeTruthy();
  });
});
