// The binding's public types: one signal input per value field of core's
// config (and nothing else but beforeSubmit), typed outputs,
// injectPaymentWidget's config and signals, provideWpwl's defaults.
import { expectTypeOf, test } from 'vitest';
import type { EnvironmentProviders, InputSignal, OutputEmitterRef, Signal } from '@angular/core';
import { PaymentWidgetComponent, injectPaymentWidget, provideWpwl, type PaymentWidgetInputs, type PaymentWidgetRef } from '@wpwl/angular';
import type {
  BeforeSubmitContext,
  BeforeSubmitResult,
  CreateCheckout,
  PaymentWidgetConfig,
  PaymentWidgetInput,
  WidgetConfigValueKey,
  WidgetSnapshot,
  WidgetStatus,
  WpwlError,
} from '@wpwl/core';

test("the component's inputs are core's config fields", () => {
  expectTypeOf<keyof PaymentWidgetInputs>().toEqualTypeOf<WidgetConfigValueKey>();
  expectTypeOf<PaymentWidgetComponent>().toMatchTypeOf<PaymentWidgetInputs>();
  // Optional: express checkout gives createCheckout instead.
  expectTypeOf<PaymentWidgetComponent['checkoutId']>().toEqualTypeOf<InputSignal<string | undefined>>();
  expectTypeOf<PaymentWidgetComponent['createCheckout']>().toEqualTypeOf<InputSignal<CreateCheckout | undefined>>();
  expectTypeOf<PaymentWidgetComponent['amount']>().toEqualTypeOf<InputSignal<string | undefined>>();
  expectTypeOf<PaymentWidgetComponent['createCheckoutTimeoutMs']>().toEqualTypeOf<InputSignal<number | undefined>>();
  expectTypeOf<PaymentWidgetComponent['brands']>().toEqualTypeOf<InputSignal<string | readonly string[] | undefined>>();
  expectTypeOf<PaymentWidgetComponent['expiresInMs']>().toEqualTypeOf<InputSignal<number | undefined>>();
  expectTypeOf<PaymentWidgetComponent['createdAt']>().toEqualTypeOf<InputSignal<Date | number | undefined>>();
  expectTypeOf<PaymentWidgetComponent['beforeSubmit']>().toEqualTypeOf<
    InputSignal<((context: BeforeSubmitContext) => BeforeSubmitResult) | undefined>
  >();
});

test('its outputs carry what core reports', () => {
  expectTypeOf<PaymentWidgetComponent['statusChange']>().toEqualTypeOf<OutputEmitterRef<WidgetSnapshot>>();
  expectTypeOf<PaymentWidgetComponent['ready']>().toEqualTypeOf<OutputEmitterRef<void>>();
  expectTypeOf<PaymentWidgetComponent['paymentError']>().toEqualTypeOf<OutputEmitterRef<WpwlError>>();
  expectTypeOf<PaymentWidgetComponent['expired']>().toEqualTypeOf<OutputEmitterRef<void>>();
  expectTypeOf<PaymentWidgetComponent['expiringSoon']>().toEqualTypeOf<OutputEmitterRef<number>>();
  expectTypeOf<PaymentWidgetComponent['pay']>().toEqualTypeOf<() => boolean>();
  expectTypeOf<PaymentWidgetComponent['widget']>().toEqualTypeOf<PaymentWidgetRef>();
});

test('injectPaymentWidget: a config getter (or undefined), a container, signals back', () => {
  expectTypeOf(injectPaymentWidget).parameter(0).toEqualTypeOf<() => PaymentWidgetInput | undefined>();
  expectTypeOf<PaymentWidgetRef['status']>().toEqualTypeOf<Signal<WidgetStatus>>();
  expectTypeOf<PaymentWidgetRef['error']>().toEqualTypeOf<Signal<WpwlError | undefined>>();
  expectTypeOf<PaymentWidgetRef['expiringSoon']>().toEqualTypeOf<Signal<boolean>>();
  expectTypeOf<PaymentWidgetRef['pay']>().toEqualTypeOf<() => boolean>();
  expectTypeOf<PaymentWidgetRef['config']>().toEqualTypeOf<Signal<PaymentWidgetConfig | undefined>>();
  const config = () => ({ checkoutId: 'x', onReady: () => {}, onError: (error: WpwlError) => void error.code });
  expectTypeOf(config).toMatchTypeOf<() => PaymentWidgetInput | undefined>();
  // @ts-expect-error custom parameter values are text
  expectTypeOf(() => ({ checkoutId: 'x', customParameters: { SHOPPER_a: 1 } })).toMatchTypeOf<() => PaymentWidgetInput | undefined>();
  // @ts-expect-error -- the gateway drops custom parameters without the SHOPPER_ prefix
  const unprefixed: PaymentWidgetInput = { checkoutId: 'x', customParameters: { orderId: 'A-17' } };
  // @ts-expect-error -- onReadyy is not a widget option
  const misspelt: PaymentWidgetInput = { checkoutId: 'x', options: { onReadyy() {} } };
  // Express checkout: createCheckout instead of a checkout id, answering the checkout it prepared.
  const express = () => ({ createCheckout: async () => ({ id: 'x', amount: '12.50' }), amount: '12.50', currency: 'EUR' });
  expectTypeOf(express).toMatchTypeOf<() => PaymentWidgetInput | undefined>();
  // @ts-expect-error -- createCheckout answers a checkout id or { id, amount }, not a number
  const badAnswer: PaymentWidgetInput = { createCheckout: () => 42 };
  expectTypeOf(badAnswer).toEqualTypeOf<PaymentWidgetInput>();
  expectTypeOf(unprefixed).toEqualTypeOf<PaymentWidgetInput>();
  expectTypeOf(misspelt).toEqualTypeOf<PaymentWidgetInput>();
});

test('provideWpwl: app-wide defaults as an object or a getter (a signal)', () => {
  expectTypeOf(provideWpwl({ baseUrl: 'https://test.gateway.example', locale: 'de', nonce: 'abc' })).toEqualTypeOf<EnvironmentProviders>();
  expectTypeOf(provideWpwl(() => ({ locale: 'fr' }))).toEqualTypeOf<EnvironmentProviders>();
  // @ts-expect-error a checkout id is no app-wide default
  provideWpwl({ checkoutId: 'x' });
});
