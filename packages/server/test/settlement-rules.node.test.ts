// The settlement's rule set on its own: which gateway answers are final for
// an order's payment, and how follow-ups (refunds, reversals, chargebacks)
// move a paid order. Each row is a finding of the settlement issue: before
// the rules, a request-level 400 was a final "not paid", a mismatched charge
// was silently unpaid, and uncertain outcomes were never re-checked.
import { describe, expect, it } from 'vitest';
import { readPaymentResult } from '../src/response.js';
import { applyFollowUp, applyReading, readFollowUp, readPayment, type SettlementOrder } from '../src/settlement/index.js';
import { openOrder as open } from '../src/settlement/order.js';
import { CHECKOUT_ID, PAYMENT_ID } from './support.js';

const NOW = new Date('2026-11-27T12:00:00Z');

function order(overrides: Partial<SettlementOrder> = {}): SettlementOrder {
  return {
    ...open({
      orderId: 'order-1',
      checkoutId: CHECKOUT_ID,
      cartKey: 'cart-0000000000000001',
      amount: '92.00',
      currency: 'EUR',
      paymentType: 'DB',
      createdAt: NOW,
      expiresAt: new Date(NOW.getTime() + 30 * 60_000),
    }),
    ...overrides,
  };
}

/** A gateway answer as the client reads it. */
function answer(status: number, body: Record<string, unknown>) {
  return readPaymentResult({ buildNumber: 'b', timestamp: '2026-11-27 12:00:00+0000', ndc: 'x', ...body }, status, CHECKOUT_ID);
}

const payment = (code: string, extra: Record<string, unknown> = {}) => ({
  id: PAYMENT_ID,
  paymentType: 'DB',
  paymentBrand: 'VISA',
  amount: '92.00',
  currency: 'EUR',
  result: { code, description: 'x' },
  ...extra,
});

describe('what a status read says about an order', () => {
  it.each([
    ['a missing or expired checkout (200.300.404)', 400, { result: { code: '200.300.404' } }],
    ['a configuration error (600.200.100)', 400, { result: { code: '600.200.100' } }],
    ['an authentication error (800.900.300)', 400, { result: { code: '800.900.300' } }],
    ['a bank decline code without a payment', 400, { result: { code: '800.100.151' } }],
    ['a success code of an answer with no payment in it', 200, { result: { code: '000.100.110' } }],
  ])('%s says nothing final: the order stays open', (_, status, body) => {
    const reading = readPayment(order(), answer(status, body), CHECKOUT_ID);
    expect(reading.kind).toBe('nothing');
    expect(applyReading(order(), reading, 'status-read', {}, NOW)).toBeUndefined();
  });

  it('a success answered with HTTP 400 is not a payment', () => {
    expect(readPayment(order(), answer(400, payment('000.100.110')), CHECKOUT_ID).kind).toBe('nothing');
  });

  it('an answer about another checkout says nothing about this order', () => {
    expect(readPayment(order(), answer(200, payment('000.100.110')), 'another-checkout-id-000000000000000').kind).toBe('nothing');
  });

  it.each([
    ['a timeout (900.100.300)', '900.100.300'],
    ['a system error (800.500.100)', '800.500.100'],
    ['a code no group claims (123.456.789)', '123.456.789'],
    ['a pending payment (000.200.000)', '000.200.000'],
  ])('%s of a payment is uncertain, never unpaid', (_, code) => {
    const reading = readPayment(order(), answer(400, payment(code)), CHECKOUT_ID);
    expect(reading.kind).toBe('uncertain');
    expect(applyReading(order(), reading, 'status-read', {}, NOW)).toMatchObject({ state: 'uncertain', paymentId: PAYMENT_ID });
  });

  it('the unpaid checkout\'s own "pending" is no payment at all', () => {
    expect(readPayment(order(), answer(200, { id: CHECKOUT_ID, result: { code: '000.200.000' } }), CHECKOUT_ID).kind).toBe('noPayment');
  });

  it('a decline of the payment itself is final', () => {
    const reading = readPayment(order(), answer(400, payment('800.100.151')), CHECKOUT_ID);
    const declined = applyReading(order(), reading, 'status-read', {}, NOW)!;
    expect(declined).toMatchObject({ state: 'declined', settledBy: 'status-read', result: { code: '800.100.151' } });
    const success = readPayment(declined, answer(200, payment('000.100.110')), CHECKOUT_ID);
    expect(applyReading(declined, success, 'webhook', {}, NOW)).toBeUndefined();
  });

  it('a charge of another amount, currency or type is held for review, never silently unpaid', () => {
    for (const change of [{ amount: '9.20' }, { currency: 'USD' }, { paymentType: 'PA' }]) {
      const reading = readPayment(order(), answer(200, payment('000.100.110', change)), CHECKOUT_ID);
      const next = applyReading(order(), reading, 'status-read', {}, NOW)!;
      expect(next.state).toBe('needsReview');
      expect(next.reviewReason).toBe('mismatch');
      expect(next.mismatches).toHaveLength(1);
      expect(next.paidCart).toBe(true);
    }
  });

  it('a charge for a cart another order paid is a duplicate to refund', () => {
    const reading = readPayment(order(), answer(200, payment('000.100.110')), CHECKOUT_ID);
    expect(applyReading(order(), reading, 'webhook', { paidBy: 'order-0' }, NOW)).toMatchObject({
      state: 'duplicate',
      duplicateOf: 'order-0',
      paidCart: false,
    });
  });

  it('an uncertain order settles when its outcome arrives, and an expired checkout can still turn out paid', () => {
    const uncertain = order({ state: 'uncertain', paymentId: PAYMENT_ID });
    expect(
      applyReading(uncertain, readPayment(uncertain, answer(200, payment('000.100.110')), CHECKOUT_ID), 'recheck', {}, NOW),
    ).toMatchObject({
      state: 'paid',
      settledBy: 'recheck',
    });
    const expired = order({ state: 'expired' });
    expect(applyReading(expired, readPayment(expired, answer(200, payment('000.100.110')), CHECKOUT_ID), 'webhook', {}, NOW)?.state).toBe(
      'paid',
    );
  });
});

describe('follow-ups on a paid order', () => {
  const paid = order({ state: 'paid', paymentId: PAYMENT_ID, paidCart: true });
  const notice = (paymentType: string, amount: string, id: string, code = '000.100.110') =>
    readFollowUp(answer(200, { id, paymentType, amount, currency: 'EUR', referencedId: PAYMENT_ID, result: { code } })) as Exclude<
      ReturnType<typeof readFollowUp>,
      { unreadable: string }
    >;
  const refundA = notice('RF', '20.00', 'a'.repeat(32));
  const refundB = notice('RF', '72.00', 'b'.repeat(32));

  it('refunds are summed: partial, then full; a repeated one counts once', () => {
    const partly = applyFollowUp(paid, refundA, NOW);
    expect('order' in partly && partly.order.state).toBe('partiallyRefunded');
    const again = applyFollowUp((partly as { order: SettlementOrder }).order, refundA, NOW);
    expect(again).toEqual({ unchanged: true });
    const fully = applyFollowUp((partly as { order: SettlementOrder }).order, refundB, NOW);
    expect('order' in fully && fully.order.state).toBe('refunded');
  });

  it('refunds never exceed what was paid', () => {
    const partly = (applyFollowUp(paid, refundB, NOW) as { order: SettlementOrder }).order;
    expect(applyFollowUp(partly, notice('RF', '20.01', 'c'.repeat(32)), NOW)).toEqual({ refused: 'exceeds-paid' });
  });

  it('a reversal reverses, a chargeback charges back and its reversal restores', () => {
    expect((applyFollowUp(paid, notice('RV', '92.00', 'd'.repeat(32)), NOW) as { order: SettlementOrder }).order.state).toBe('reversed');
    const chargedBack = (applyFollowUp(paid, notice('CB', '92.00', 'e'.repeat(32), '000.100.220'), NOW) as { order: SettlementOrder })
      .order;
    expect(chargedBack.state).toBe('chargedBack');
    expect((applyFollowUp(chargedBack, notice('CR', '92.00', 'f'.repeat(32)), NOW) as { order: SettlementOrder }).order.state).toBe(
      'chargebackReversed',
    );
  });

  it('ends in the same state whatever order a chargeback, its reversal and a refund arrive in', () => {
    const chargeback = notice('CB', '92.00', 'h'.repeat(32), '000.100.220');
    const reversal = notice('CR', '92.00', 'i'.repeat(32));
    const refund = notice('RF', '20.00', 'j'.repeat(32));
    const orders = [
      [chargeback, reversal, refund],
      [chargeback, refund, reversal],
      [refund, chargeback, reversal],
    ].map((sequence) =>
      sequence.reduce((current, next) => {
        const outcome = applyFollowUp(current, next, NOW);
        return 'order' in outcome ? outcome.order : current;
      }, paid),
    );
    expect(orders.map((o) => [o.state, o.followUps.length])).toEqual([
      ['partiallyRefunded', 3],
      ['partiallyRefunded', 3],
      ['partiallyRefunded', 3],
    ]);
    // A chargeback's reversal before the chargeback itself is refused (kept until the chargeback lands).
    expect(applyFollowUp(paid, reversal, NOW)).toEqual({ refused: 'no-chargeback' });
  });

  it('a refund that failed at the gateway changes nothing', () => {
    expect(applyFollowUp(paid, notice('RF', '20.00', 'g'.repeat(32), '700.400.200'), NOW)).toEqual({ unchanged: true });
  });

  it('a refund for an order that was never charged is refused (kept until its payment is known)', () => {
    expect(applyFollowUp(order(), refundA, NOW)).toEqual({ refused: 'not-charged' });
    expect(applyFollowUp(order({ state: 'uncertain' }), refundA, NOW)).toEqual({ refused: 'not-charged' });
  });
});
