// The public types of @wpwl/react: the component's props, the fallback's
// two forms, and what usePaymentWidget returns.
import type { ComponentPropsWithoutRef, ComponentRef, ReactNode } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import type { WidgetStatus, WpwlError } from '@wpwl/core';
import {
  PaymentWidget,
  usePaymentWidget,
  type PaymentWidgetFallbackState,
  type PaymentWidgetHandle,
  type PaymentWidgetProps,
} from '../../src/index.js';

const required = { checkoutId: '8a8294174b7ecb28014b9699220015ca' };

describe('<PaymentWidget> props', () => {
  it('need a checkout id; the rest may come from <WpwlProvider>', () => {
    expectTypeOf<Omit<ComponentPropsWithoutRef<typeof PaymentWidget>, 'key'>>().toEqualTypeOf<PaymentWidgetProps>();
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

describe('usePaymentWidget', () => {
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
