// The public types of @wpwl/react: the component's props, the fallback's
// two forms, and what usePaymentWidget returns.
import { createElement, type ComponentRef, type ReactNode, type RefAttributes } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import type { WidgetStatus, WpwlError } from '@wpwl/core';
import {
  PaymentWidget,
  usePaymentWidget,
  type CreateCheckout,
  type CreateCheckoutRequest,
  type ExpressCheckout,
  type PaymentWidgetConfigInput,
  type PaymentWidgetFallbackState,
  type PaymentWidgetHandle,
  type PaymentWidgetProps,
} from '../../src/index.js';

const required = { checkoutId: '8a8294174b7ecb28014b9699220015ca' };

describe('<PaymentWidget> props', () => {
  it('need a checkout id; the rest may come from <WpwlProvider>', () => {
    expectTypeOf<Parameters<typeof PaymentWidget>[0]>().toEqualTypeOf<PaymentWidgetProps & RefAttributes<PaymentWidgetHandle>>();
    // A ref to the component offers pay() for a "Place order" button of the page's own.
    expectTypeOf<ComponentRef<typeof PaymentWidget>>().toEqualTypeOf<PaymentWidgetHandle>();
    expectTypeOf(required).toExtend<PaymentWidgetProps>();
    expectTypeOf({ brands: 'VISA' }).not.toExtend<PaymentWidgetProps>();
  });

  it('take the fallback as nodes or as a function of the state', () => {
    expectTypeOf({ ...required, fallback: 'Loading…' }).toExtend<PaymentWidgetProps>();
    expectTypeOf({ ...required, fallback: (state: PaymentWidgetFallbackState): ReactNode => state.status }).toExtend<PaymentWidgetProps>();
    expectTypeOf<PaymentWidgetFallbackState['retry']>().toEqualTypeOf<() => void>();
    expectTypeOf<PaymentWidgetFallbackState['status']>().toEqualTypeOf<WidgetStatus>();
  });

  it('hand the callbacks what they document', () => {
    expectTypeOf<NonNullable<PaymentWidgetProps['onError']>>().parameter(0).toEqualTypeOf<WpwlError>();
    expectTypeOf({ ...required, onError: (code: string) => code }).not.toExtend<PaymentWidgetProps>();
    expectTypeOf({ ...required, customParameters: { SHOPPER_order: 'A-17' } }).toExtend<PaymentWidgetProps>();
    expectTypeOf({ ...required, customParameters: { SHOPPER_order: 17 } }).not.toExtend<PaymentWidgetProps>();
  });

  it('refuse a misspelt option key and a custom parameter without the SHOPPER_ prefix', () => {
    // @ts-expect-error -- onReadyy is not a widget option: a callback that would never run
    const misspelt: PaymentWidgetProps = { ...required, options: { onReadyy() {} } };
    // @ts-expect-error -- the gateway drops names without the prefix
    const unprefixed: PaymentWidgetProps = { ...required, customParameters: { orderId: 'A-17' } };
    expectTypeOf(misspelt).toEqualTypeOf<PaymentWidgetProps>();
    expectTypeOf(unprefixed).toEqualTypeOf<PaymentWidgetProps>();
    expectTypeOf({ ...required, options: { brandDetection: true, onReady() {} } }).toExtend<PaymentWidgetProps>();
  });
});

describe('express checkout props', () => {
  const createCheckout = ({ brand }: CreateCheckoutRequest) => fetch(`/api/express-checkout?brand=${brand}`).then((r) => r.text());

  it('take createCheckout in place of a checkout id, with the cart total and currency', () => {
    expectTypeOf({ createCheckout, brands: 'GOOGLEPAY', amount: '12.50', currency: 'EUR' }).toExtend<PaymentWidgetProps>();
    expectTypeOf({ createCheckout, createCheckoutTimeoutMs: 10_000 }).toExtend<PaymentWidgetConfigInput>();
    // Every answer core takes: an id, a checkout with its amount, nothing, directly or as a promise.
    expectTypeOf({ createCheckout: () => 'id' }).toExtend<PaymentWidgetProps>();
    expectTypeOf({ createCheckout: (): ExpressCheckout => ({ id: 'id', amount: '1.00' }) }).toExtend<PaymentWidgetProps>();
    expectTypeOf({ createCheckout: () => undefined }).toExtend<PaymentWidgetProps>();
    expectTypeOf({ createCheckout: async () => ({ id: 'id', amount: '1.00', currency: 'EUR' }) }).toExtend<PaymentWidgetProps>();
    expectTypeOf<NonNullable<PaymentWidgetProps['createCheckout']>>().toEqualTypeOf<CreateCheckout>();
    expectTypeOf<Parameters<CreateCheckout>[0]>().toEqualTypeOf<CreateCheckoutRequest>();
  });

  it('refuse both a checkout id and createCheckout, and neither', () => {
    expectTypeOf({ ...required, createCheckout }).not.toExtend<PaymentWidgetProps>();
    expectTypeOf({ ...required, createCheckout }).not.toExtend<PaymentWidgetConfigInput>();
    expectTypeOf({ brands: 'GOOGLEPAY', amount: '12.50' }).not.toExtend<PaymentWidgetProps>();
    expectTypeOf({ createCheckout: 'https://shop.example/api/express-checkout' }).not.toExtend<PaymentWidgetProps>();
    expectTypeOf({ createCheckout, amount: 12.5 }).not.toExtend<PaymentWidgetProps>();
  });

  it('as an element too (what JSX checks)', () => {
    // @ts-expect-error -- a checkout id and createCheckout: which checkout would be paid?
    createElement(PaymentWidget, { checkoutId: required.checkoutId, createCheckout, brands: 'GOOGLEPAY' });
    // @ts-expect-error -- neither: no checkout to pay
    createElement(PaymentWidget, { brands: 'GOOGLEPAY', amount: '12.50' });
    createElement(PaymentWidget, { createCheckout, brands: 'GOOGLEPAY', amount: '12.50', currency: 'EUR' });
  });
});

describe('usePaymentWidget', () => {
  it('takes the same config: a checkout id or createCheckout', () => {
    expectTypeOf(usePaymentWidget).parameter(0).toEqualTypeOf<PaymentWidgetConfigInput>();
    // @ts-expect-error -- neither a checkout id nor createCheckout
    expectTypeOf(usePaymentWidget).toBeCallableWith({ brands: 'GOOGLEPAY' });
    expectTypeOf(usePaymentWidget).toBeCallableWith({ createCheckout: () => undefined, brands: 'GOOGLEPAY' });
  });

  it('returns a callback ref, the status, the error, the expiry and retry', () => {
    type State = ReturnType<typeof usePaymentWidget>;
    expectTypeOf<State['ref']>().toEqualTypeOf<(element: HTMLElement | null) => void>();
    expectTypeOf<State['status']>().toEqualTypeOf<WidgetStatus>();
    expectTypeOf<State['error']>().toEqualTypeOf<WpwlError | undefined>();
    expectTypeOf<State['expiresAt']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<State['retry']>().toEqualTypeOf<() => void>();
    expectTypeOf<State['pay']>().toEqualTypeOf<() => boolean>();
  });
});
