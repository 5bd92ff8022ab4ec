// The Vue storefront's result page as a shopper reads it: the merchant
// server's payment-status answers stubbed at `fetch` (examples/shared/test-support.ts),
// the page mounted at the address the gateway sends the shopper back to.
// Covers a payment being confirmed (its outcome not known yet): never "did
// not go through", no "Try another card", and the page asks again until the
// payment is final; in English and in Arabic.
import { getByRole, getByText, queryByRole, queryByText } from '@testing-library/dom';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopLanguage } from '../../shared/shop-language.js';
import { CONFIRMING_STATUS, PAID_STATUS, checkoutFor, resultPageUrl, stubMerchantServer } from '../../shared/test-support.js';
import { languageKey } from '../src/language.js';
import ResultPage from '../src/ResultPage.vue';

const CHECKOUT = checkoutFor('http://127.0.0.1:3000/vue-storefront/result');

let page: VueWrapper | undefined;
const body = () => document.body;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  history.replaceState(null, '', resultPageUrl('/vue-storefront/result'));
});
afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets `milliseconds` pass, the merchant server answer and Vue render. */
async function wait(milliseconds = 0) {
  await vi.advanceTimersByTimeAsync(milliseconds);
  await flushPromises();
}

describe('Vue storefront: the result page while a payment is being confirmed', () => {
  it('says it is being confirmed, not that it failed, offers no other card, and shows the payment once it is final', async () => {
    stubMerchantServer(CHECKOUT, { paymentStatus: [CONFIRMING_STATUS, CONFIRMING_STATUS, PAID_STATUS] });
    page = mount(ResultPage, { attachTo: body() });
    await wait();
    expect(getByRole(body(), 'heading', { name: 'We are confirming your payment' })).toBeTruthy();
    expect(getByText(body(), /This page updates by itself; do not pay again\./)).toBeTruthy();
    expect(queryByText(body(), /did not go through/)).toBeNull();
    expect(queryByRole(body(), 'link', { name: 'Try another card' })).toBeNull();

    // Asked again as a pending payment is, every three seconds.
    await wait(3000);
    expect(getByRole(body(), 'heading', { name: 'We are confirming your payment' })).toBeTruthy();
    await wait(3000);
    expect(getByRole(body(), 'heading', { name: 'Thank you, your payment is confirmed' })).toBeTruthy();
  });

  it('in Arabic', async () => {
    stubMerchantServer(CHECKOUT, { paymentStatus: CONFIRMING_STATUS });
    page = mount(ResultPage, { attachTo: body(), global: { provide: { [languageKey as symbol]: shopLanguage(['ar-SA']) } } });
    await wait();
    expect(getByRole(body(), 'heading', { name: 'نعمل على تأكيد دفعتك' })).toBeTruthy();
    expect(queryByText(body(), 'لم تتم عملية الدفع')).toBeNull();
    expect(queryByRole(body(), 'link', { name: 'جرّب بطاقة أخرى' })).toBeNull();
  });

  it('a checkout that expired unpaid says so and leads back to the cart', async () => {
    stubMerchantServer(CHECKOUT, {
      paymentStatus: { ...CONFIRMING_STATUS, state: 'expired', confirming: false, classification: 'pending', code: '000.200.000' },
    });
    page = mount(ResultPage, { attachTo: body() });
    await wait();
    expect(getByRole(body(), 'heading', { name: 'This checkout expired' })).toBeTruthy();
    expect(getByRole(body(), 'link', { name: 'Back to the cart' })).toBeTruthy();
    expect(queryByRole(body(), 'link', { name: 'Try another card' })).toBeNull();
  });
});
