// The Nuxt storefront's checkout page (app/pages/checkout.vue) as a merchant
// tests it without Nuxt's runtime: mounted with Vue Test Utils, the Nuxt
// helpers it uses unimported (Nuxt's auto-imports) given as stand-ins — the
// shop's checkout route answered through `useFetch`, the request's URL, the
// page's state — and <PaymentWidget> as the browser runs it, @wpwl/vue's
// component with the app-wide defaults @wpwl/nuxt's plugin provides (the
// Nuxt wrapper adds only the server's preload link). The payment widget is
// faked by @wpwl/testing and everything is found by what the shopper reads.
// Covers the amount and the status in words, the payment and the result URL
// it goes to, a form that fails to load and its retry, a checkout that runs
// out (fake timers), and the page when the checkout could not be prepared.
import { getByRole, getByText, queryByRole, queryByText } from '@testing-library/dom';
import { flushPromises, mount, RouterLinkStub, type VueWrapper } from '@vue/test-utils';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing';
import { PaymentWidget, wpwlDefaultsKey } from '@wpwl/vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computed, defineComponent, h, ref, Suspense } from 'vue';
import type { PreparedCheckout } from '../../shared/basket-orders';
import { CHECKOUT_ID, paidResultUrl } from '../../shared/test-support';
import { useCspNonce } from '../app/composables/csp-nonce';
import { useShopLanguage } from '../app/composables/language';
import CheckoutPage from '../app/pages/checkout.vue';

const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q=';
const ORIGIN = 'http://127.0.0.1:3000';

/** What the shop's POST /api/checkout route answers. */
function preparedCheckout(expiresInMs = 30 * 60_000): PreparedCheckout {
  return { checkoutId: CHECKOUT_ID, integrity: undefined, amount: '25.80', currency: 'EUR', expiresInMs };
}

/**
 * Nuxt's auto-imports the page and its composable use, as stand-ins: Vue's
 * own, `useFetch` answering the checkout route with `answer` (or failing),
 * the request's URL, and `useState` as a plain ref.
 */
function standInNuxt(answer: PreparedCheckout | Error) {
  const useFetch = vi.fn(async () =>
    answer instanceof Error ? { data: ref(null), error: ref(answer) } : { data: ref(answer), error: ref(null) },
  );
  vi.stubGlobal('ref', ref);
  vi.stubGlobal('computed', computed);
  vi.stubGlobal('useFetch', useFetch);
  vi.stubGlobal('useRequestURL', () => new URL('/checkout', ORIGIN));
  vi.stubGlobal('useState', <T>(_key: string, init: () => T) => ref(init()));
  vi.stubGlobal('useShopLanguage', useShopLanguage);
  // The response's nonce as the server's CSP plugin leaves it on the request's event.
  vi.stubGlobal('useRequestEvent', () => ({ context: { cspNonce: NONCE } }));
  vi.stubGlobal('useCspNonce', useCspNonce);
  return useFetch;
}

let widget: FakeWidget;
let page: VueWrapper | undefined;
const body = () => document.body;

/** The checkout page as Nuxt shows it: inside <Suspense> (its setup awaits the checkout), with the module's defaults. */
async function openCheckoutPage(): Promise<void> {
  const App = defineComponent(() => () => h(Suspense, null, { default: () => h(CheckoutPage) }));
  page = mount(App, {
    attachTo: document.body,
    global: {
      components: { PaymentWidget, NuxtLink: RouterLinkStub },
      // nuxt.config.ts's `wpwl.defaults`, and the gateway's address from the runtime config.
      provide: { [wpwlDefaultsKey as symbol]: { brands: 'VISA MASTER AMEX', locale: 'en', baseUrl: 'http://127.0.0.1:8080' } },
    },
  });
  await widget.act(() => flushPromises());
}

beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(async () => {
  page?.unmount();
  page = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await widget.uninstall();
  document.body.replaceChildren();
});

describe('Nuxt storefront: the checkout page', () => {
  it('shows the amount and the form, says what it is doing, and sends the shopper to the result page', async () => {
    const useFetch = standInNuxt(preparedCheckout());
    await openCheckoutPage();
    expect(useFetch).toHaveBeenCalledWith('/api/checkout', { method: 'POST' });
    expect(getByRole(body(), 'heading', { name: 'Checkout' })).toBeTruthy();
    expect(getByText(body(), 'Amount due:', { exact: false }).textContent).toMatch(/Amount due:\s*25\.80\s*EUR/);
    expect(getByText(body(), 'Loading the payment form…')).toBeTruthy();
    await widget.ready();
    expect(getByText(body(), 'Enter your card details.')).toBeTruthy();
    // The widget's script carries the nonce of the page's policy.
    expect(document.querySelector<HTMLScriptElement>('script[src*="paymentWidgets"]')?.nonce).toBe(NONCE);
    // The brands of the module's defaults.
    const brands = getByRole<HTMLSelectElement>(body(), 'combobox', { name: 'Brand' });
    expect([...brands.options].map((option) => option.value)).toEqual(['VISA', 'MASTER', 'AMEX']);

    const payment = await widget.submit();
    expect(payment?.resultUrl).toBe(paidResultUrl(`${ORIGIN}/result`, CHECKOUT_ID));
    expect(getByText(body(), 'Sending your payment…')).toBeTruthy();
  });

  it('a payment form that did not load says so; "Try again" loads it', async () => {
    standInNuxt(preparedCheckout());
    await openCheckoutPage();
    await widget.failLoad();
    expect(getByText(body(), 'The payment form could not be loaded.')).toBeTruthy();
    await widget.act(() => getByRole(body(), 'button', { name: 'Try again' }).click());
    await widget.ready();
    expect(queryByText(body(), 'The payment form could not be loaded.')).toBeNull();
    expect(getByRole(body(), 'textbox', { name: 'Card Number' })).toBeTruthy();
  });

  it('a checkout that runs out takes the form away and links to a new checkout', async () => {
    vi.useFakeTimers();
    standInNuxt(preparedCheckout(10 * 60_000));
    await openCheckoutPage();
    await widget.ready();
    await widget.act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(getByText(body(), 'This checkout has expired.', { exact: false })).toBeTruthy();
    expect(getByRole(body(), 'link', { name: 'Start a new checkout' }).getAttribute('href')).toBe('/checkout');
    expect(queryByRole(body(), 'textbox', { name: 'Card Number' })).toBeNull();
    expect(queryByText(body(), 'Enter your card details.')).toBeNull();
  });

  it('a checkout the shop could not prepare: no widget, the shopper reads why', async () => {
    standInNuxt(new Error('502 Bad Gateway'));
    await openCheckoutPage();
    expect(getByText(body(), 'The checkout could not be prepared. Please try again in a moment.')).toBeTruthy();
    expect(widget.requests()).toEqual([]);
  });
});
