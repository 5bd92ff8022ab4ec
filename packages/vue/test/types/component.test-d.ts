// The public types of @wpwl/vue: the component's props, its events with their
// payloads, the error slot, and what usePaymentWidget returns.
import { describe, expectTypeOf, it } from 'vitest';
import type { WidgetSnapshot, WidgetStatus, WpwlError } from '@wpwl/core';
import {
  PaymentWidget,
  usePaymentWidget,
  type PaymentWidgetEmits,
  type PaymentWidgetErrorSlotProps,
  type PaymentWidgetListeners,
  type PaymentWidgetProps,
} from '../../src/index.js';

describe('<PaymentWidget>', () => {
  it('takes the config as props, checkoutId required', () => {
    type Props = InstanceType<typeof PaymentWidget>['$props'];
    expectTypeOf<Props['checkoutId']>().toEqualTypeOf<string>();
    expectTypeOf<Props['brands']>().toEqualTypeOf<string | readonly string[] | undefined>();
    expectTypeOf({ checkoutId: 'x' }).toExtend<PaymentWidgetProps>();
    expectTypeOf({ brands: 'VISA' }).not.toExtend<PaymentWidgetProps>();
    expectTypeOf({ checkoutId: 'x', retries: '2' }).not.toExtend<PaymentWidgetProps>();
  });

  it('refuses a misspelt option key and a custom parameter without the SHOPPER_ prefix', () => {
    // @ts-expect-error -- brandDetecton is not a widget option: a switch that would never switch
    const misspelt: PaymentWidgetProps = { checkoutId: 'x', options: { brandDetecton: true } };
    // @ts-expect-error -- the gateway drops names without the prefix
    const unprefixed: PaymentWidgetProps = { checkoutId: 'x', customParameters: { orderId: 'A-17' } };
    expectTypeOf(misspelt).toEqualTypeOf<PaymentWidgetProps>();
    expectTypeOf(unprefixed).toEqualTypeOf<PaymentWidgetProps>();
    expectTypeOf({ checkoutId: 'x', options: { brandDetection: true } }).toExtend<PaymentWidgetProps>();
  });

  it('emits each event with its payload, also as listener props', () => {
    expectTypeOf<PaymentWidgetEmits['error']>().parameter(0).toEqualTypeOf<WpwlError>();
    expectTypeOf<PaymentWidgetEmits['status-change']>().parameter(0).toEqualTypeOf<WidgetSnapshot>();
    expectTypeOf<PaymentWidgetEmits['expiring-soon']>().parameter(0).toEqualTypeOf<number>();
    expectTypeOf<PaymentWidgetEmits['ready']>().parameters.toEqualTypeOf<[]>();
    expectTypeOf<NonNullable<PaymentWidgetListeners['onError']>>().parameter(0).toEqualTypeOf<WpwlError>();
    expectTypeOf<'payment-done'>().not.toExtend<keyof PaymentWidgetEmits>();
  });

  it('exposes pay and retry to a template ref', () => {
    type Instance = InstanceType<typeof PaymentWidget>;
    expectTypeOf<Instance['pay']>().toEqualTypeOf<() => boolean>();
    expectTypeOf<Instance['retry']>().toEqualTypeOf<() => void>();
  });

  it('gives the error slot the error and retry', () => {
    expectTypeOf<PaymentWidgetErrorSlotProps>().toEqualTypeOf<{ error: WpwlError | undefined; retry(): void }>();
  });
});

describe('usePaymentWidget', () => {
  it('returns refs of the status and error, and retry', () => {
    type Returned = ReturnType<typeof usePaymentWidget>;
    expectTypeOf<Returned['status']['value']>().toEqualTypeOf<WidgetStatus>();
    expectTypeOf<Returned['error']['value']>().toEqualTypeOf<WpwlError | undefined>();
    expectTypeOf<Returned['retry']>().toEqualTypeOf<() => void>();
  });
});
