// Owns the interface's rule 2: after reading a status, compare ids, amount,
// currency, brand and payment type with what the merchant expected. A
// declined, pending or unknown result is never `ok`, however well it matches.
import { formatAmountExact, type Amount } from './amount.js';
import { GatewayValidationError } from './errors.js';
import type { PaymentResult } from './response.js';
import { classifyResultCode, type ResultClassification } from './result-codes.js';

const CURRENCY = /^[A-Za-z]{3}$/;

/** What the merchant's own records say the payment must be. */
export interface ExpectedPayment {
  /** The checkout the order was prepared with. */
  checkoutId?: string;
  /** The payment id, when already known (e.g. re-verifying a stored payment). */
  paymentId?: string;
  /** The amount the order costs; compared as a two-decimal value ("10" equals "10.00"). */
  amount: Amount;
  /** ISO 4217; compared case-insensitively. */
  currency: string;
  paymentBrand?: string;
  paymentType?: string;
}

/** One field that differs from what was expected. `actual` is undefined when the result lacks the field. */
export interface PaymentMismatch {
  field: 'checkoutId' | 'paymentId' | 'amount' | 'currency' | 'paymentBrand' | 'paymentType';
  expected: string;
  actual: string | undefined;
}

/** The verdict on a payment result. */
export interface PaymentVerification {
  /**
   * True only when the result code is a success (`success` or `successNeedsReview`)
   * AND every expected field matches. Ship goods only on `ok` (and `!needsReview`).
   */
  ok: boolean;
  /** The published group of the result code; says why a non-matching-free result is still not ok. */
  classification: ResultClassification;
  /** The payment succeeded, but the gateway asks for a manual review before fulfilment. */
  needsReview: boolean;
  /** Fields that differ from the expectation; empty when all match. */
  mismatches: PaymentMismatch[];
}

/**
 * Compares a payment result with the merchant's expectation (the interface's rule 2).
 *
 * @throws GatewayValidationError when `expected.amount` is not a valid amount or `expected.currency` not a three-letter code
 * @example
 * const v = verifyPayment(await client.getPaymentStatus(resourcePath), { checkoutId, amount: '92.00', currency: 'EUR' });
 * if (v.ok && !v.needsReview) fulfil(order);
 */
export function verifyPayment(result: PaymentResult, expected: ExpectedPayment): PaymentVerification {
  const expectedAmount = formatAmountExact(expected.amount);
  if (!expectedAmount.ok) {
    throw new GatewayValidationError(
      [{ field: 'expected.amount', rule: expectedAmount.rule, message: expectedAmount.message }],
      'verifyPayment',
    );
  }
  // A record without a currency would otherwise switch the comparison off, and a payment in any currency would pass.
  if (typeof expected.currency !== 'string' || !CURRENCY.test(expected.currency)) {
    throw new GatewayValidationError(
      [
        {
          field: 'expected.currency',
          rule: '3 letters (ISO 4217)',
          message: `must be a three-letter currency code, got ${JSON.stringify(expected.currency)}`,
        },
      ],
      'verifyPayment',
    );
  }

  const mismatches: PaymentMismatch[] = [];
  const compare = (
    field: PaymentMismatch['field'],
    want: string | undefined,
    actual: string | undefined,
    same = (a: string, b: string) => a === b,
  ): void => {
    if (want === undefined) return;
    if (actual === undefined || !same(want, actual)) mismatches.push({ field, expected: want, actual });
  };

  compare('checkoutId', expected.checkoutId, result.checkoutId);
  compare('paymentId', expected.paymentId, result.id);
  compare('amount', expectedAmount.value, result.amount, (want, actual) => {
    const got = formatAmountExact(actual);
    return got.ok && got.value === want;
  });
  compare('currency', expected.currency, result.currency, (want, actual) => want.toUpperCase() === actual.toUpperCase());
  compare('paymentBrand', expected.paymentBrand, result.paymentBrand);
  compare('paymentType', expected.paymentType, result.paymentType);

  const classification = classifyResultCode(result.result.code);
  const succeeded = classification === 'success' || classification === 'successNeedsReview';
  return {
    ok: succeeded && mismatches.length === 0,
    classification,
    needsReview: classification === 'successNeedsReview',
    mismatches,
  };
}
