// The Angular storefront's result page as a shopper reads it: bootstrapped as
// a zoneless application into happy-dom at the address the gateway sends the
// shopper back to, the merchant server's payment-status answers stubbed at
// `fetch` (examples/shared/test-support.ts). Covers a payment being confirmed
// (its outcome not known yet): never "did not go through", no "Try another
// card", and the page asks again until the payment is final; in English and
// in Arabic.
// Before anything of Angular: its packages are partially compiled and the
// page's template is compiled when it is first used.
import '@angular/compiler';
import { provideZonelessChangeDetection, type ApplicationRef } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { screen } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopLanguage } from '../../shared/shop-language';
import { CONFIRMING_STATUS, PAID_STATUS, checkoutFor, resultPageUrl, stubMerchantServer } from '../../shared/test-support';
import { SHOP_LANGUAGE } from '../src/language';
import { ResultPage } from '../src/result-page';

const CHECKOUT = checkoutFor('http://127.0.0.1:3000/angular-storefront/result');

let app: ApplicationRef | undefined;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  history.replaceState(null, '', resultPageUrl('/angular-storefront/result'));
});
afterEach(() => {
  app?.destroy();
  app = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

/** Opens the result page, in `language` (English unless given). */
async function open(language = shopLanguage(['en'])) {
  document.body.innerHTML = '<app-result-page></app-result-page>';
  app = await bootstrapApplication(ResultPage, {
    providers: [provideZonelessChangeDetection(), { provide: SHOP_LANGUAGE, useValue: language }],
  });
  await wait();
}

/** Lets `milliseconds` pass, the merchant server answer and Angular render. */
async function wait(milliseconds = 0) {
  await vi.advanceTimersByTimeAsync(milliseconds);
  app!.tick();
}

describe('Angular storefront: the result page while a payment is being confirmed', () => {
  it('says it is being confirmed, not that it failed, offers no other card, and shows the payment once it is final', async () => {
    stubMerchantServer(CHECKOUT, { paymentStatus: [CONFIRMING_STATUS, CONFIRMING_STATUS, PAID_STATUS] });
    await open();
    expect(screen.getByRole('heading', { name: 'We are confirming your payment' })).toBeTruthy();
    expect(screen.getByText(/This page updates by itself; do not pay again\./)).toBeTruthy();
    expect(screen.queryByText(/did not go through/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Try another card' })).toBeNull();

    // Asked again as a pending payment is, every three seconds.
    await wait(3000);
    expect(screen.getByRole('heading', { name: 'We are confirming your payment' })).toBeTruthy();
    await wait(3000);
    expect(screen.getByRole('heading', { name: 'Thank you, your payment is confirmed' })).toBeTruthy();
  });

  it('in Arabic', async () => {
    stubMerchantServer(CHECKOUT, { paymentStatus: CONFIRMING_STATUS });
    await open(shopLanguage(['ar-SA']));
    expect(screen.getByRole('heading', { name: 'نعمل على تأكيد دفعتك' })).toBeTruthy();
    expect(screen.queryByText('لم تتم عملية الدفع')).toBeNull();
    expect(screen.queryByRole('link', { name: 'جرّب بطاقة أخرى' })).toBeNull();
  });

  it('a checkout that expired unpaid says so and leads back to the cart', async () => {
    stubMerchantServer(CHECKOUT, {
      paymentStatus: { ...CONFIRMING_STATUS, state: 'expired', confirming: false, classification: 'pending', code: '000.200.000' },
    });
    await open();
    expect(screen.getByRole('heading', { name: 'This checkout expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the cart' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try another card' })).toBeNull();
  });
});
