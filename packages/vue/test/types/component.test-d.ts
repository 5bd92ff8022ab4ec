// The public types of @wpwl/vue: the component's props, its events with their
// payloads, the error slot, and what usePaymentWidget returns.
import { describe, expectTypeOf, it } from 'vitest';
import type { Ref } from 'vue';
import type { CreateCheckout, CreateCheckoutAnswer, WidgetSnapshot, WidgetStatus, WpwlError } from '@wpwl/core';
import {
  PaymentWidget,
  usePaymentWidget,
  type PaymentWidgetEmits,
  type PaymentWidgetErrorSlotProps,
  type PaymentWidgetListeners,
  type PaymentWidgetProps,
} from '../../src/index.js';

describe('<PaymentWidget>', () => {
  it('takes the config as props: checkoutId, or createCheckout for express checkout (core reports neither)', () => {
    type Props = InstanceType<typeof PaymentWidget>['$props'];
    expectTypeOf<Props['checkoutId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Props['createCheckout']>().toEqualTypeOf<CreateCheckout | undefined>();
    expectTypeOf<Props['brands']>().toEqualTypeOf<string | readonly string[] | undefined>();
    expectTypeOf<Props['amount']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Props['currency']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Props['createCheckoutTimeoutMs']>().toEqualTypeOf<number | undefined>();
    expectTypeOf({ checkoutId: 'x' }).toExtend<PaymentWidgetProps>();
    expectTypeOf({ checkoutId: 'x', retries: '2' }).not.toExtend<PaymentWidgetProps>();
    expectTypeOf({ checkoutId: 'x', amount: 89.8 }).not.toExtend<PaymentWidgetProps>();
  });

  it('types createCheckout from core: the pressed brand in, an id, a checkout or nothing out, directly or as a promise', () => {
    type Props = InstanceType<typeof PaymentWidget>['$props'];
    expectTypeOf<NonNullable<Props['createCheckout']>>().parameter(0).toEqualTypeOf<{ readonly brand: string }>();
    expectTypeOf<CreateCheckoutAnswer>().toExtend<string | { id: string } | null | undefined | false | void>();
    const answers: PaymentWidgetProps[] = [
      { createCheckout: ({ brand }) => `id-for-${brand}` },
      { createCheckout: async () => ({ id: 'x', amount: '89.80', currency: 'EUR' }) },
      { createCheckout: () => undefined },
    ];
    expectTypeOf(answers).toEqualTypeOf<PaymentWidgetProps[]>();
    // @ts-expect-error -- the checkout's id is `id`, as core compares it
    const misnamed: PaymentWidgetProps = { createCheckout: () => ({ checkoutId: 'x' }) };
    // @ts-expect-error -- an amount is a string such as "89.80", as the gateway takes it
    const numeric: PaymentWidgetProps = { createCheckout: () => ({ id: 'x', amount: 89.8 }) };
    expectTypeOf([misnamed, numeric]).toEqualTypeOf<PaymentWidgetProps[]>();
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
  it('takes a checkoutId or, for express checkout, a createCheckout (either may be a ref)', () => {
    type Config = Parameters<typeof usePaymentWidget>[0];
    expectTypeOf({ checkoutId: 'x', brands: 'VISA' }).toExtend<Config>();
    expectTypeOf({ createCheckout: (() => 'x') as CreateCheckout, amount: '89.80' }).toExtend<Config>();
    expectTypeOf({ createCheckout: { value: (() => 'x') as CreateCheckout } as Ref<CreateCheckout> }).toExtend<Config>();
    expectTypeOf({ brands: 'GOOGLEPAY', amount: '89.80' }).not.toExtend<Config>();
  });

  it('returns refs of the status and error, and retry', () => {
    type Returned = ReturnType<typeof usePaymentWidget>;
    expectTypeOf<Returned['status']['value']>().toEqualTypeOf<WidgetStatus>();
    expectTypeOf<Returned['error']['value']>().toEqualTypeOf<WpwlError | undefined>();
    expectTypeOf<Returned['retry']>().toEqualTypeOf<() => void>();
  });
});
