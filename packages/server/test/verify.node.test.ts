// verifyPayment on its own: the expectation is the merchant's record, so a
// record that lacks a required field must fail loudly rather than switch its
// comparison off.
import { describe, expect, it } from 'vitest';
import { GatewayValidationError, verifyPayment, type PaymentResult } from '../src/index.js';
import { CHECKOUT_ID, PAYMENT_ID, caught } from './support.js';

const PAID_IN_HUF: PaymentResult = {
  id: PAYMENT_ID,
  checkoutId: CHECKOUT_ID,
  paymentType: 'DB',
  paymentBrand: 'VISA',
  amount: '92.00',
  currency: 'HUF',
  result: { code: '000.100.110' },
  classification: 'success',
  httpStatus: 200,
  raw: {},
};

describe('verifyPayment expectations', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not a currency code', 'EURO'],
  ])('a %s expected currency throws VALIDATION_FAILED naming expected.currency instead of skipping the check', async (_, currency) => {
    const error = await caught(() =>
      verifyPayment(PAID_IN_HUF, { checkoutId: CHECKOUT_ID, amount: '92.00', currency: currency as string }),
    );
    expect(error).toBeInstanceOf(GatewayValidationError);
    expect((error as GatewayValidationError).violations).toEqual([
      expect.objectContaining({ field: 'expected.currency', rule: '3 letters (ISO 4217)' }),
    ]);
  });

  it('a valid expectation still compares currencies case-insensitively', () => {
    expect(verifyPayment(PAID_IN_HUF, { amount: '92.00', currency: 'huf' })).toMatchObject({ ok: true, mismatches: [] });
    expect(verifyPayment(PAID_IN_HUF, { amount: '92.00', currency: 'EUR' })).toMatchObject({
      ok: false,
      mismatches: [{ field: 'currency', expected: 'EUR', actual: 'HUF' }],
    });
  });
});
