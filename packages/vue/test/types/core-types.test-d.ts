// The core types a Vue checkout names come from @wpwl/vue itself, as they do
// from @wpwl/react: the same types as @wpwl/core's, usable where the
// binding's events hand them over.
import type * as Core from '@wpwl/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { PaymentWidgetEmits, WidgetSnapshot, WidgetStatus, WpwlError } from '../../src/index.js';
import type * as Vue from '../../src/index.js';

describe('core types re-exported by @wpwl/vue', () => {
  it('WidgetStatus, WidgetSnapshot and WpwlError are the core types', () => {
    expectTypeOf<WidgetStatus>().toEqualTypeOf<Core.WidgetStatus>();
    expectTypeOf<WidgetSnapshot>().toEqualTypeOf<Core.WidgetSnapshot>();
    expectTypeOf<WpwlError>().toEqualTypeOf<Core.WpwlError>();
    expectTypeOf<WidgetStatus>().toExtend<'idle' | 'loading' | 'ready' | 'submitting' | 'error' | 'expired' | 'destroyed'>();
  });

  it('they type what the events hand over', () => {
    expectTypeOf<PaymentWidgetEmits['error']>().parameter(0).toEqualTypeOf<WpwlError>();
    expectTypeOf<PaymentWidgetEmits['status-change']>().parameter(0).toEqualTypeOf<WidgetSnapshot>();
    expectTypeOf<WidgetSnapshot['status']>().toEqualTypeOf<WidgetStatus>();
  });

  it('the other types @wpwl/react re-exports are there too', () => {
    expectTypeOf<Vue.BeforeSubmitContext>().toEqualTypeOf<Core.BeforeSubmitContext>();
    expectTypeOf<Vue.PaymentWidgetInput>().toEqualTypeOf<Core.PaymentWidgetInput>();
    expectTypeOf<Vue.WpwlOptionsInput>().toEqualTypeOf<Core.WpwlOptionsInput>();
    expectTypeOf<Vue.CustomParameters>().toEqualTypeOf<Core.CustomParameters>();
  });

  it('the express checkout types are the core types', () => {
    expectTypeOf<Vue.CreateCheckout>().toEqualTypeOf<Core.CreateCheckout>();
    expectTypeOf<Vue.CreateCheckoutRequest>().toEqualTypeOf<Core.CreateCheckoutRequest>();
    expectTypeOf<Vue.CreateCheckoutAnswer>().toEqualTypeOf<Core.CreateCheckoutAnswer>();
    expectTypeOf<Vue.ExpressCheckout>().toEqualTypeOf<Core.ExpressCheckout>();
    expectTypeOf<NonNullable<Vue.PaymentWidgetProps['createCheckout']>>().toEqualTypeOf<Vue.CreateCheckout>();
  });
});
