// <wpwl-widget> in React's JSX and in Vue templates, through the type-only
// entries @wpwl/lit/jsx and @wpwl/lit/vue: its attributes come from core's
// config fields (text ones only), wrong ones do not compile.
import type { JSX } from 'react';
import type { GlobalComponents } from 'vue';
import { describe, expectTypeOf, it } from 'vitest';
import type {} from '../../src/jsx.js';
import type {} from '../../src/vue.js';
import type { WpwlWidgetAttributes } from '../../src/attributes.js';
import type { WpwlWidgetElement } from '../../src/element.js';

describe('<wpwl-widget> typings', () => {
  it('has the config fields that are text or numbers as kebab-case attributes, and no others', () => {
    expectTypeOf<keyof WpwlWidgetAttributes>().toEqualTypeOf<
      | 'checkout-id'
      | 'brands'
      | 'shopper-result-url'
      | 'base-url'
      | 'integrity'
      | 'nonce'
      | 'locale'
      | 'amount'
      | 'currency'
      | 'create-checkout-timeout-ms'
      | 'expires-in-ms'
      | 'warn-before-expiry-ms'
      | 'timeout-ms'
      | 'retries'
    >();
    expectTypeOf<WpwlWidgetAttributes['expires-in-ms']>().toEqualTypeOf<string | undefined>();
  });

  it('is an intrinsic element of React JSX with those attributes and a WpwlWidgetElement ref', () => {
    type Props = JSX.IntrinsicElements['wpwl-widget'];
    expectTypeOf<{ 'checkout-id': string; brands: 'VISA MASTER'; class: string }>().toExtend<Props>();
    expectTypeOf<{ 'expires-in-ms': number }>().not.toExtend<Props>();
    expectTypeOf<NonNullable<Props['ref']>>().toExtend<
      ((element: WpwlWidgetElement | null) => void) | { current: WpwlWidgetElement | null }
    >();
  });

  it('is a global component of Vue templates with those attributes', () => {
    type Widget = GlobalComponents['wpwl-widget'];
    expectTypeOf<InstanceType<Widget>['$props']>().toHaveProperty('checkout-id');
    expectTypeOf<InstanceType<Widget>['$props']['base-url']>().toEqualTypeOf<string | undefined>();
  });
});
