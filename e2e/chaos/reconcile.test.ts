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
});
