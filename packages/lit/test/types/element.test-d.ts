// The public types of @wpwl/lit: the element in the DOM's tag map, its
// properties (status read-only), and its events in the DOM's event maps with
// their details.
import { describe, expectTypeOf, it } from 'vitest';
import type { CreateCheckout, CustomParameters, WidgetSnapshot, WidgetStatus, WpwlError } from '@wpwl/core';
import type { WpwlBeforeSubmitEventDetail, WpwlWidgetElement } from '../../src/index.js';

describe('<wpwl-widget>', () => {
  it('is in HTMLElementTagNameMap', () => {
    expectTypeOf(document.createElement('wpwl-widget')).toEqualTypeOf<WpwlWidgetElement>();
    expectTypeOf(document.querySelector('wpwl-widget')).toEqualTypeOf<WpwlWidgetElement | null>();
  });

  it('has typed properties, and a status that cannot be set', () => {
    const el = document.createElement('wpwl-widget');
    expectTypeOf(el.status).toEqualTypeOf<WidgetStatus>();
    expectTypeOf(el.error).toEqualTypeOf<WpwlError | undefined>();
    expectTypeOf(el.expiresInMs).toEqualTypeOf<number | undefined>();
    expectTypeOf(el.createdAt).toEqualTypeOf<Date | number | undefined>();
    expectTypeOf(el.retry).toEqualTypeOf<() => void>();
    expectTypeOf(el.pay).toEqualTypeOf<() => boolean>();
    // @ts-expect-error: status is read-only, the element sets it
    el.status = 'ready';
  });

  it('takes createCheckout as a typed property, with the express value fields', () => {
    const el = document.createElement('wpwl-widget');
    expectTypeOf(el.createCheckout).toEqualTypeOf<CreateCheckout | undefined>();
    expectTypeOf(el.amount).toEqualTypeOf<string | undefined>();
    expectTypeOf(el.createCheckoutTimeoutMs).toEqualTypeOf<number | undefined>();
    el.createCheckout = async ({ brand }) => ({ id: brand, amount: '12.50', currency: 'EUR' });
    // @ts-expect-error -- createCheckout answers a checkout id or { id, amount }, not a number
    el.createCheckout = () => 42;
  });

  it('refuses a misspelt option key and a custom parameter without the SHOPPER_ prefix', () => {
    const el = document.createElement('wpwl-widget');
    // @ts-expect-error -- onReadyy is not a widget option
    el.options = { onReadyy() {} };
    // @ts-expect-error -- the gateway drops names without the prefix
    el.customParameters = { orderId: 'A-17' };
    el.options = { brandDetection: true, onReady() {} };
    el.customParameters = { SHOPPER_orderId: 'A-17' };
    expectTypeOf<WpwlWidgetElement['customParameters']>().toEqualTypeOf<CustomParameters | undefined>();
  });

  it('types its events on the element and on the document', () => {
    const el = document.createElement('wpwl-widget');
    el.addEventListener('wpwl-error', (event) => {
      expectTypeOf(event.detail.error).toEqualTypeOf<WpwlError>();
    });
    document.addEventListener('wpwl-status-change', (event) => {
      expectTypeOf(event.detail).toEqualTypeOf<WidgetSnapshot>();
    });
    document.addEventListener('wpwl-before-submit', (event) => {
      expectTypeOf(event.detail).toEqualTypeOf<WpwlBeforeSubmitEventDetail>();
      expectTypeOf(event.detail.waitUntil).parameter(0).toEqualTypeOf<PromiseLike<unknown>>();
      expectTypeOf(event.detail.form).toEqualTypeOf<HTMLFormElement>();
    });
    document.addEventListener('wpwl-expiring-soon', (event) => {
      expectTypeOf(event.detail.expiresAt).toEqualTypeOf<number>();
    });
  });
});
