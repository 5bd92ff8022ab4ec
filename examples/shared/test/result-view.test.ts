// The result page's words for each answer of the merchant server, as every
// storefront's result page shows them (describeResult): a payment being
// confirmed is never a failure and never offers to pay again; a checkout that
// expired unpaid says so and leads back to the cart.
import { describe, expect, it } from 'vitest';
import { asksAgain, describeResult } from '../result-view';
import type { PaymentStatus } from '../shop-api';
import { shopLanguage } from '../shop-language';
import { CONFIRMING_STATUS } from '../test-support';

const ARABIC = shopLanguage(['ar-SA']);

/** A declined card, as GET /api/payment-status answers it. */
const DECLINED: PaymentStatus = {
  ...CONFIRMING_STATUS,
  state: 'declined',
  confirming: false,
  classification: 'rejectedBank',
  code: '800.100.151',
};

describe('describeResult: a payment being confirmed', () => {
  it('says it is being confirmed, asks the shopper not to pay again and offers no retry', () => {
    const view = describeResult(CONFIRMING_STATUS, false);
    expect(view).toMatchObject({ state: 'pending', title: 'We are confirming your payment' });
    expect(view.detail).toBe(
      'Your payment was sent, and we are confirming it with your bank. This page updates by itself; do not pay again.',
    );
    expect(view.retry).toBeFalsy();
    expect(view.title).not.toContain('did not go through');
  });

  it('whatever the group of its code, pending included', () => {
    for (const classification of ['rejectedCommunication', 'systemError', 'unknown', 'pending']) {
      expect(describeResult({ ...CONFIRMING_STATUS, classification }, false).title).toBe('We are confirming your payment');
    }
  });

  it('once the page stops asking, it says to reload later instead of "this page updates by itself"', () => {
    const view = describeResult(CONFIRMING_STATUS, true);
    expect(view.state).toBe('pending');
    expect(view.detail).toBe(
      'We are still confirming your payment with your bank. Reload this page in a few minutes to see the result; do not pay again.',
    );
  });

  it('in Arabic', () => {
    const view = describeResult(CONFIRMING_STATUS, false, ARABIC);
    expect(view.title).toBe('نعمل على تأكيد دفعتك');
    expect(view.detail).toContain('يُرجى عدم الدفع مرة أخرى');
  });

  it('is asked again, as a pending payment is; a declined or paid one is not', () => {
    expect(asksAgain(CONFIRMING_STATUS)).toBe(true);
    expect(asksAgain({ ...DECLINED, classification: 'pending', code: '000.200.000', state: 'open' })).toBe(true);
    expect(asksAgain(DECLINED)).toBe(false);
    expect(asksAgain({ ...DECLINED, ok: true, state: 'paid', classification: 'success', code: '000.100.110' })).toBe(false);
  });

  it('a declined payment still fails, with "Try another card"', () => {
    expect(describeResult(DECLINED, true)).toMatchObject({ state: 'failure', title: 'Your payment did not go through', retry: true });
  });
});

describe('describeResult: a checkout that expired without any payment', () => {
  const EXPIRED: PaymentStatus = { ...DECLINED, state: 'expired', classification: 'pending', code: '000.200.000' };

  it('says the checkout expired before any payment, and leads back to the cart, not to another card', () => {
    const view = describeResult(EXPIRED, true);
    expect(view).toMatchObject({ state: 'failure', title: 'This checkout expired', backToCart: true });
    expect(view.detail).toBe('The checkout expired before any payment was made, so nothing was charged. Go back to the cart to pay.');
    expect(view.retry).toBeFalsy();
  });

  it('is not asked again, though its code reads pending', () => {
    expect(asksAgain(EXPIRED)).toBe(false);
  });

  it('in Arabic', () => {
    expect(describeResult(EXPIRED, true, ARABIC).title).toBe('انتهت صلاحية عملية الدفع');
  });
});
