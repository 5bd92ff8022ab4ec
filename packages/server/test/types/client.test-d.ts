// The public types of @wpwl/server: what prepareCheckout takes (the payment
// types the interface allows, amounts, typed cart items and custom
// parameters) and what it answers.
import { describe, expectTypeOf, it } from 'vitest';
import { createGatewayClient, type CheckoutParams, type CheckoutResult, type GatewayClient } from '../../src/index.js';

describe('prepareCheckout', () => {
  it('takes an amount, a currency and a checkout payment type', () => {
    expectTypeOf({ amount: '92.00', currency: 'EUR', paymentType: 'DB' as const }).toExtend<CheckoutParams>();
    expectTypeOf({ amount: '92.00', currency: 'EUR', paymentType: 'PA' as const, integrity: true }).toExtend<CheckoutParams>();
    // Refunds and captures are operations on a payment, not checkouts.
    expectTypeOf({ amount: '92.00', currency: 'EUR', paymentType: 'RF' as const }).not.toExtend<CheckoutParams>();
    expectTypeOf({ amount: '92.00', currency: 'EUR' }).not.toExtend<CheckoutParams>();
    expectTypeOf({ amount: '92.00', currency: 'EUR', paymentType: 'DB' as const, integrity: 'yes' }).not.toExtend<CheckoutParams>();
  });

  it('types cart items and custom parameters', () => {
    const withCart = {
      amount: '12.90',
      currency: 'EUR',
      paymentType: 'DB' as const,
      cart: { items: [{ name: 'Sencha', quantity: 1, price: '12.90', currency: 'EUR' }] },
      customParameters: { SHOPPER_order: 'A-17' },
    };
    expectTypeOf(withCart).toExtend<CheckoutParams>();
    expectTypeOf({ ...withCart, customParameters: { SHOPPER_order: { nested: true } } }).not.toExtend<CheckoutParams>();
  });

  it('answers the checkout id and, when asked for, the script integrity', () => {
    expectTypeOf<GatewayClient['prepareCheckout']>().returns.toEqualTypeOf<Promise<CheckoutResult>>();
    expectTypeOf<CheckoutResult['id']>().toEqualTypeOf<string>();
    expectTypeOf<CheckoutResult['integrity']>().toEqualTypeOf<string | undefined>();
    expectTypeOf(createGatewayClient).returns.toEqualTypeOf<GatewayClient>();
  });
});
