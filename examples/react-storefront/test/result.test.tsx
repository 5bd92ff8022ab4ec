// The React storefront's result page as a shopper reads it: the merchant
// server's payment-status answers stubbed at `fetch` (examples/shared/test-support.ts),
// the page opened at the address the gateway sends the shopper back to.
// Covers a payment being confirmed (its outcome not known yet): never "did
// not go through", no "Try another card", and the page asks again until the
// payment is final; in English and in Arabic.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shopLanguage } from '../../shared/shop-language.js';
import { CONFIRMING_STATUS, PAID_STATUS, resultPageUrl, stubMerchantServer, checkoutFor } from '../../shared/test-support.js';
import { LanguageContext } from '../src/language.js';
import { ResultPage } from '../src/result.js';

const CHECKOUT = checkoutFor('http://127.0.0.1:3000/result');

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  history.replaceState(null, '', resultPageUrl('/result'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the merchant server's answer arrive and React render it. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('React storefront: the result page while a payment is being confirmed', () => {
  it('says it is being confirmed, not that it failed, offers no other card, and shows the payment once it is final', async () => {
    const server = stubMerchantServer(CHECKOUT, { paymentStatus: [CONFIRMING_STATUS, CONFIRMING_STATUS, PAID_STATUS] });
    render(<ResultPage />);
    await settle();
    expect(screen.getByRole('heading', { name: 'We are confirming your payment' })).toBeTruthy();
    expect(screen.getByText(/This page updates by itself; do not pay again\./)).toBeTruthy();
    expect(screen.queryByText(/did not go through/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Try another card' })).toBeNull();

    // Asked again as a pending payment is, every three seconds.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('heading', { name: 'We are confirming your payment' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('heading', { name: 'Thank you, your payment is confirmed' })).toBeTruthy();
    expect(server.mock.calls.filter(([path]) => String(path).startsWith('/api/payment-status'))).toHaveLength(3);
  });

  it('in Arabic', async () => {
    stubMerchantServer(CHECKOUT, { paymentStatus: CONFIRMING_STATUS });
    render(
      <LanguageContext.Provider value={shopLanguage(['ar-SA'])}>
        <ResultPage />
      </LanguageContext.Provider>,
    );
    await settle();
    expect(screen.getByRole('heading', { name: 'نعمل على تأكيد دفعتك' })).toBeTruthy();
    expect(screen.queryByText('لم تتم عملية الدفع')).toBeNull();
    expect(screen.queryByRole('link', { name: 'جرّب بطاقة أخرى' })).toBeNull();
  });

  it('a checkout that expired unpaid says so and leads back to the cart', async () => {
    stubMerchantServer(CHECKOUT, {
      paymentStatus: { ...CONFIRMING_STATUS, state: 'expired', confirming: false, classification: 'pending', code: '000.200.000' },
    });
    render(<ResultPage />);
    await settle();
    expect(screen.getByRole('heading', { name: 'This checkout expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the cart' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try another card' })).toBeNull();
  });
});
