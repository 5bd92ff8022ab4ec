// The chaos run's reconciliation, on records made up here: each kind of
// discrepancy is found and named (so a chaos run's zeros mean something).
import type { SandboxPayment } from '@wpwl/sandbox';
import { describe, expect, it } from 'vitest';
import { reconcile, type OrderRecord } from './reconcile.js';

const payment = (n: number, state: SandboxPayment['state'], extra: Partial<SandboxPayment> = {}): SandboxPayment => ({
  id: `pay${n}`,
  checkoutId: `co${n}`,
  merchantTransactionId: `order-${n}`,
  paymentType: 'DB',
  amount: '10.00',
  currency: 'EUR',
  resultCode: state === 'success' ? '000.100.110' : state === 'rejected' ? '800.100.151' : '000.200.000',
  state,
  ...extra,
});
const final = (ok: boolean) => ({ ok, classification: ok ? 'success' : 'rejectedBank', code: ok ? '000.100.110' : '800.100.151' });
const order = (n: number, extra: Partial<OrderRecord> = {}): OrderRecord => ({
  orderId: `order-${n}`,
  checkoutId: `co${n}`,
  amount: '10.00',
  currency: 'EUR',
  cartKey: `cart-${n}`,
  paid: false,
  ...extra,
});

describe('chaos reconciliation', () => {
  it('finds nothing when every payment has its order settled', () => {
    const result = reconcile(
      [payment(1, 'success'), payment(2, 'rejected'), payment(3, 'pending')],
      [order(1, { paid: true, verdict: final(true) }), order(2, { verdict: final(false) }), order(3), order(4)],
      [{ shopper: 0, checkoutId: 'co1', orderId: 'order-1', shown: final(true) }],
    );
    expect(result).toMatchObject({ paymentsTaken: 1, paymentsRejected: 1, paymentsPending: 1, orders: 4, paidOrders: 1 });
    expect([...result.lost, ...result.duplicated, ...result.wrong, ...result.leftPending, ...result.notDurable]).toEqual([]);
  });

  it('a checkout id handed out without its order stored, or a verdict shown before it was stored, was not durable', () => {
    const shownAt = Date.parse('2026-01-01T10:00:00Z');
    const result = reconcile(
      [payment(1, 'success'), payment(2, 'success')],
      [order(1, { paid: true, verdict: final(true), settledAt: new Date(shownAt + 1500), settledBy: 'webhook' })],
      [
        { shopper: 1, checkoutId: 'co1', orderId: 'order-1', shown: final(true), shownAt },
        { shopper: 2, checkoutId: 'co2', orderId: 'order-2' },
      ],
    );
    expect(result.notDurable).toHaveLength(2);
    expect(result.notDurable[0]).toMatch(/shopper 1 was shown success .* stored 1500 ms later/);
    expect(result.notDurable[1]).toMatch(/shopper 2 was handed checkout co2 of order order-2; the store has no order/);
  });

  it('a payment taken whose order is not paid, or missing, is lost (and left pending)', () => {
    const result = reconcile([payment(1, 'success'), payment(2, 'success')], [order(1)], []);
    expect(result.lost).toHaveLength(2);
    expect(result.lost[0]).toContain('order order-1 (paid false, verdict none)');
    expect(result.lost[1]).toContain('no order');
    expect(result.leftPending).toHaveLength(2);
  });

  it('a refused payment whose order has no final verdict is left pending', () => {
    const pending = { ok: false, classification: 'pending', code: '000.200.000' };
    const result = reconcile([payment(1, 'rejected')], [order(1, { verdict: pending })], []);
    expect(result.leftPending).toHaveLength(1);
    expect(result.lost).toEqual([]);
  });

  it('an order paid without a payment taken, or with another amount, is wrong; so is a shopper shown the opposite', () => {
    const result = reconcile(
      [payment(1, 'rejected'), payment(2, 'success')],
      [order(1, { paid: true, verdict: final(true) }), order(2, { paid: true, verdict: final(true), amount: '12.00' })],
      [{ shopper: 7, checkoutId: 'co2', orderId: 'order-2', shown: final(false) }],
    );
    expect(result.wrong).toHaveLength(3);
    expect(result.wrong.join('\n')).toMatch(/no payment taken/);
    expect(result.wrong.join('\n')).toMatch(/paid with 12.00 EUR/);
    expect(result.wrong.join('\n')).toMatch(/shopper 7 .* was shown not paid/);
  });

  it('a shopper shown an order refunded or charged back (paid, then taken back) is not shown the opposite', () => {
    const refunded = { ok: false, classification: 'success', code: '000.100.110', state: 'refunded' };
    const result = reconcile(
      [payment(1, 'success'), payment(2, 'rejected')],
      [order(1, { state: 'refunded', verdict: final(true) }), order(2, { verdict: final(false) })],
      [
        { shopper: 1, checkoutId: 'co1', orderId: 'order-1', shown: refunded },
        { shopper: 2, checkoutId: 'co2', orderId: 'order-2', shown: refunded },
      ],
    );
    expect(result.wrong).toHaveLength(1);
    expect(result.wrong[0]).toMatch(/shopper 2 .* was shown paid/);
  });

  it('two paid orders for one cart, or a cart paid twice, are duplicated', () => {
    const result = reconcile(
      [payment(1, 'success'), payment(2, 'success'), payment(3, 'success')],
      [
        order(1, { paid: true, verdict: final(true), cartKey: 'cart-x' }),
        order(2, { paid: true, verdict: final(true), cartKey: 'cart-x' }),
        order(3, { verdict: { ...final(false), duplicateOf: 'order-1' }, cartKey: 'cart-x' }),
      ],
      [],
    );
    expect(result.duplicated).toHaveLength(2);
    expect(result.duplicated.join('\n')).toMatch(/cart cart-x: 2 paid orders/);
    expect(result.duplicated.join('\n')).toMatch(/second payment for the cart of order-1/);
    expect(result.lost).toEqual([]);
  });

  it('an order still uncertain whose payment is final, or an uncertain payment final while its order is not, is left uncertain', () => {
    const uncertain = { ok: false, classification: 'rejectedCommunication', code: '900.100.300' };
    const result = reconcile(
      [payment(1, 'success'), payment(2, 'rejected', { resultCode: '800.100.151' }), payment(3, 'success'), payment(4, 'pending')],
      [
        order(1, { state: 'uncertain' }),
        order(2, { state: 'open' }),
        order(3, { paid: true, state: 'paid', verdict: final(true) }),
        // 3-D Secure left unanswered: open at the gateway too, no discrepancy.
        order(4, { state: 'uncertain' }),
      ],
      [
        { shopper: 1, checkoutId: 'co1', orderId: 'order-1', shown: uncertain, uncertain: true },
        { shopper: 2, checkoutId: 'co2', orderId: 'order-2', uncertain: true },
        { shopper: 3, checkoutId: 'co3', orderId: 'order-3', uncertain: true },
      ],
    );
    expect(result.leftUncertain).toHaveLength(2);
    expect(result.leftUncertain.join('\n')).toMatch(/order-1 .* is still uncertain/);
    expect(result.leftUncertain.join('\n')).toMatch(/payment pay2 \(rejected 800.100.151\) is final; order order-2 .* is open/);
  });

  it('a cart charged twice is paid twice unless the later charge is kept as a duplicate', () => {
    const twice = reconcile(
      [payment(1, 'success'), payment(2, 'success')],
      [
        order(1, { paid: true, state: 'paid', verdict: final(true), cartKey: 'cart-x' }),
        order(2, { state: 'needsReview', cartKey: 'cart-x' }),
      ],
      [],
    );
    expect(twice.paidTwice).toHaveLength(1);
    expect(twice.paidTwice[0]).toMatch(/cart cart-x: 2 payments taken .* 2 not marked duplicate/);
    const kept = reconcile(
      [payment(1, 'success'), payment(2, 'success')],
      [
        order(1, { paid: true, state: 'paid', verdict: final(true), cartKey: 'cart-x' }),
        order(2, { state: 'duplicate', duplicateOf: 'order-1', cartKey: 'cart-x' }),
      ],
      [],
    );
    expect(kept.paidTwice).toEqual([]);
  });

  it('an order declined whose payment was taken is wrong (a request-level answer must never decline it)', () => {
    const result = reconcile([payment(1, 'success')], [order(1, { state: 'declined', verdict: final(false) })], []);
    expect(result.wrong).toHaveLength(1);
    expect(result.wrong[0]).toMatch(/ended declined/);
  });

  it("refunds and chargebacks: the state and the refunded sum must be the gateway's, each follow-up once", () => {
    const refund = (n: number, of: number, amount: string) =>
      payment(100 + n, 'success', { paymentType: 'RF', referencedId: `pay${of}`, amount, checkoutId: undefined });
    const chargeback = payment(200, 'success', {
      paymentType: 'CB',
      referencedId: 'pay3',
      resultCode: '000.100.220',
      checkoutId: undefined,
    });
    const reversal = payment(201, 'success', { paymentType: 'CR', referencedId: 'pay200', checkoutId: undefined });
    const recorded = (p: SandboxPayment, kind: string) => ({ id: p.id, kind, amount: p.amount, currency: p.currency });
    const payments = [
      payment(1, 'success'),
      payment(2, 'success'),
      payment(3, 'success'),
      payment(4, 'success'),
      refund(1, 1, '4.00'),
      refund(2, 2, '4.00'),
      refund(3, 2, '6.00'),
      chargeback,
      reversal,
      refund(4, 4, '10.00'),
    ];
    const right = reconcile(
      payments,
      [
        order(1, { state: 'partiallyRefunded', followUps: [recorded(refund(1, 1, '4.00'), 'refund')] }),
        order(2, { state: 'refunded', followUps: [recorded(refund(2, 2, '4.00'), 'refund'), recorded(refund(3, 2, '6.00'), 'refund')] }),
        order(3, {
          state: 'chargebackReversed',
          followUps: [recorded(chargeback, 'chargeback'), recorded(reversal, 'chargebackReversal')],
        }),
        order(4, { state: 'refunded', followUps: [recorded(refund(4, 4, '10.00'), 'refund')] }),
      ],
      [],
    );
    expect(right.followUpsWrong).toEqual([]);
    expect(right.followUpOrders).toBe(4);
    expect(right.lost).toEqual([]);
    const wrong = reconcile(
      payments,
      [
        // One refund counted twice; a second refund missed; a reversal missed; a refund never made recorded.
        order(1, {
          state: 'partiallyRefunded',
          followUps: [recorded(refund(1, 1, '4.00'), 'refund'), recorded(refund(1, 1, '4.00'), 'refund')],
        }),
        order(2, { state: 'partiallyRefunded', followUps: [recorded(refund(2, 2, '4.00'), 'refund')] }),
        order(3, { state: 'chargedBack', followUps: [recorded(chargeback, 'chargeback')] }),
        order(4, { state: 'refunded', followUps: [recorded(refund(4, 4, '10.00'), 'refund')] }),
        order(5, { state: 'refunded', followUps: [recorded(refund(9, 5, '10.00'), 'refund')] }),
      ],
      [],
    );
    expect(wrong.followUpsWrong).toHaveLength(3);
    expect(wrong.followUpsWrong.join('\n')).toMatch(/pay1 .* refunded 8, the gateway 4/);
    expect(wrong.followUpsWrong.join('\n')).toMatch(/pay2 .* state partiallyRefunded, expected refunded/);
    expect(wrong.followUpsWrong.join('\n')).toMatch(/pay3 .* state chargedBack, expected chargebackReversed/);
  });
});
