// The public types of @wpwl/core as a user writes against them: what a config
// must and may hold, what each hook gets and may return, and what must not
// compile.
import { describe, expectTypeOf, it } from 'vitest';
import {
  WIDGET_CONFIG_FIELDS,
  createPaymentWidget,
  toWpwlOptions,
  type BeforeSubmitContext,
  type CustomParameters,
  type PaymentWidgetConfig,
  type PaymentWidgetController,
  type SubmitKind,
  type WidgetConfigValueKey,
  type WidgetSnapshot,
  type WidgetStatus,
  type WpwlError,
  type WpwlErrorCode,
  type WpwlOptions,
  type WpwlOptionsInput,
} from '../../src/index.js';

// A key a newer widget reads that the types do not list yet, added the way the README says.
declare module '../../src/options.js' {
  interface WpwlOptionsInput {
    aNewerWidgetOption?: number;
  }
}

const required = {
  checkoutId: '8a8294174b7ecb28014b9699220015ca',
  brands: 'VISA MASTER',
  shopperResultUrl: 'https://shop.example/result',
  baseUrl: 'https://test.gateway.example',
};

describe('PaymentWidgetConfig', () => {
  it('needs the checkout id, brands, shopper result URL and base URL', () => {
    expectTypeOf(required).toExtend<PaymentWidgetConfig>();
    const { checkoutId: _omitted, ...withoutCheckoutId } = required;
    expectTypeOf(withoutCheckoutId).not.toExtend<PaymentWidgetConfig>();
  });

  it('for express checkout, createCheckout in place of the checkout id, never both', () => {
    const { checkoutId: _omitted, ...withoutCheckoutId } = required;
    const createCheckout = async ({ brand }: { brand: string }) => ({ id: brand, amount: '12.50' });
    expectTypeOf({ ...withoutCheckoutId, createCheckout, amount: '12.50' }).toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...withoutCheckoutId, createCheckout: () => undefined }).toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...required, createCheckout }).not.toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...withoutCheckoutId, createCheckout: () => 42 }).not.toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...withoutCheckoutId, createCheckout, amount: 12.5 }).not.toExtend<PaymentWidgetConfig>();
  });

  it('takes brands as a string or a readonly array, createdAt as a Date or a number', () => {
    expectTypeOf({ ...required, brands: ['VISA', 'MASTER'] as const }).toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...required, createdAt: new Date() }).toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...required, createdAt: 1_700_000_000_000 }).toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...required, brands: 42 }).not.toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...required, createdAt: '2026-11-24' }).not.toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...required, expiresInMs: '600000' }).not.toExtend<PaymentWidgetConfig>();
  });

  it('hands each callback what it documents', () => {
    expectTypeOf<NonNullable<PaymentWidgetConfig['onError']>>().parameter(0).toEqualTypeOf<WpwlError>();
    expectTypeOf<NonNullable<PaymentWidgetConfig['onStatusChange']>>().parameter(0).toEqualTypeOf<WidgetSnapshot>();
    expectTypeOf<NonNullable<PaymentWidgetConfig['onExpiringSoon']>>().parameter(0).toEqualTypeOf<number>();
    expectTypeOf<BeforeSubmitContext>().toEqualTypeOf<{ form: HTMLFormElement; kind: SubmitKind; checkoutId: string }>();
    // A before-submit hook may answer now or later.
    expectTypeOf({ ...required, onBeforeSubmit: () => false }).toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...required, onBeforeSubmit: async () => true }).toExtend<PaymentWidgetConfig>();
    expectTypeOf({ ...required, onBeforeSubmit: () => 'yes' }).not.toExtend<PaymentWidgetConfig>();
  });

  it('lists every value field for the bindings, and only those', () => {
    expectTypeOf<keyof typeof WIDGET_CONFIG_FIELDS>().toEqualTypeOf<WidgetConfigValueKey>();
    expectTypeOf<'onReady'>().not.toExtend<WidgetConfigValueKey>();
    expectTypeOf<'checkoutId' | 'retries' | 'createdAt'>().toExtend<WidgetConfigValueKey>();
  });
});

describe('WpwlOptionsInput', () => {
  it('calls each before-submit hook with the widget form as `this`, and lets it answer with a promise', () => {
    const options: WpwlOptionsInput = {
      onBeforeSubmitCard() {
        expectTypeOf(this).toEqualTypeOf<HTMLFormElement>();
        return Promise.resolve(true);
      },
      onBeforeSubmitDirectDebit() {
        expectTypeOf(this).toEqualTypeOf<HTMLFormElement>();
        return false;
      },
      onBeforeSubmitOnlineTransfer() {
        expectTypeOf(this).toEqualTypeOf<HTMLFormElement>();
      },
      onBeforeSubmitVirtualAccount() {
        expectTypeOf(this).toEqualTypeOf<HTMLFormElement>();
        return true;
      },
    };
    expectTypeOf(options).toExtend<WpwlOptionsInput>();
  });

  it('takes any BCP-47 tag as locale, but the widget object only the widget codes', () => {
    expectTypeOf({ locale: 'de-AT' }).toExtend<WpwlOptionsInput>();
    expectTypeOf(toWpwlOptions({ locale: 'de-AT' })).toEqualTypeOf<WpwlOptions>();
    expectTypeOf<{ locale: 'de-AT' }>().not.toExtend<WpwlOptions>();
    expectTypeOf<{ locale: 'de' }>().toExtend<WpwlOptions>();
  });

  it('knows the styles, refuses a misspelt key, and takes a key added by declaration merging', () => {
    expectTypeOf({ style: 'plain' as const }).toExtend<WpwlOptionsInput>();
    expectTypeOf<{ style: 'fancy' }>().not.toExtend<WpwlOptionsInput>();
    // @ts-expect-error -- misspelt onReady: a type error, not a callback that never runs
    const misspeltCallback: WpwlOptionsInput = { onReadyy() {} };
    // @ts-expect-error -- misspelt brandDetection
    const misspeltSwitch: WpwlOptionsInput = { brandDetecton: true };
    // @ts-expect-error -- misspelt in a config too
    const inConfig: Partial<PaymentWidgetConfig> = { options: { showCvvHint: true } };
    expectTypeOf(misspeltCallback).toEqualTypeOf<WpwlOptionsInput>();
    expectTypeOf(misspeltSwitch).toEqualTypeOf<WpwlOptionsInput>();
    expectTypeOf(inConfig).toEqualTypeOf<Partial<PaymentWidgetConfig>>();
    // The one declared at the top of this file, as the README shows.
    expectTypeOf({ aNewerWidgetOption: 1 }).toExtend<WpwlOptionsInput>();
  });

  it('takes customParameters named SHOPPER_… only', () => {
    expectTypeOf({ SHOPPER_orderId: '42' }).toExtend<CustomParameters>();
    // @ts-expect-error -- the gateway drops a name without the prefix
    const unprefixed: CustomParameters = { orderId: '42' };
    // @ts-expect-error -- values are strings
    const numeric: CustomParameters = { SHOPPER_orderId: 42 };
    expectTypeOf(unprefixed).toEqualTypeOf<CustomParameters>();
    expectTypeOf(numeric).toEqualTypeOf<CustomParameters>();
    // A record built elsewhere (no literal to check) is still accepted; its names are checked at run time.
    expectTypeOf<Record<string, string>>().toExtend<CustomParameters>();
  });
});

describe('the controller', () => {
  it('is a store with a typed snapshot', () => {
    const widget = createPaymentWidget(required);
    expectTypeOf(widget).toEqualTypeOf<PaymentWidgetController>();
    expectTypeOf(widget.subscribe(() => {})).toEqualTypeOf<() => void>();
    expectTypeOf(widget.getSnapshot().status).toEqualTypeOf<WidgetStatus>();
    expectTypeOf(widget.getSnapshot().error).toEqualTypeOf<WpwlError | undefined>();
    expectTypeOf<WidgetStatus>().toEqualTypeOf<'idle' | 'loading' | 'ready' | 'submitting' | 'error' | 'expired' | 'destroyed'>();
  });

  it('reports errors with a code from a closed list', () => {
    expectTypeOf<WpwlError['code']>().toEqualTypeOf<WpwlErrorCode>();
    expectTypeOf<'CHECKOUT_EXPIRED' | 'SCRIPT_TIMEOUT' | 'NESTED_FORM'>().toExtend<WpwlErrorCode>();
    expectTypeOf<'SOMETHING_ELSE'>().not.toExtend<WpwlErrorCode>();
  });
});
