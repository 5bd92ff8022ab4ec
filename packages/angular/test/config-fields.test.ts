// Every value field of core's config is an input of <wpwl-payment-widget>
// (the component's inputs are checked against core's list of fields) and each
// input's value arrives in the config the controller is created with.
// Before anything of Angular: its packages are partially compiled and compile on first use.
import '@angular/compiler';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reflectComponentType, type ApplicationRef } from '@angular/core';
import { createPaymentWidget, WIDGET_CONFIG_FIELDS, type PaymentWidgetConfig, type WidgetConfigValueKey } from '@wpwl/core';
import { PaymentWidgetComponent } from '@wpwl/angular';
import { CONFIG_SAMPLES } from '../../core/test/support/config-samples.js';
import { bootstrapHost } from './host.js';

/** A sample for every value field: one missing here fails to compile. */
const SAMPLES: { readonly [K in WidgetConfigValueKey]: unknown } = CONFIG_SAMPLES;

vi.mock('@wpwl/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@wpwl/core')>();
  return { ...core, createPaymentWidget: vi.fn(core.createPaymentWidget) };
});

let app: ApplicationRef | undefined;
afterEach(() => {
  app?.destroy();
  document.body.innerHTML = '';
  vi.mocked(createPaymentWidget).mockClear();
});

describe('<wpwl-payment-widget> takes every config field', () => {
  it("has exactly core's fields as inputs, and beforeSubmit and createCheckout (callbacks that answer)", () => {
    const inputs = reflectComponentType(PaymentWidgetComponent)!.inputs.map((input) => input.templateName);
    expect(inputs.sort()).toEqual([...Object.keys(WIDGET_CONFIG_FIELDS), 'beforeSubmit', 'createCheckout'].sort());
  });

  it.each(Object.keys(WIDGET_CONFIG_FIELDS))('%s is an input and reaches the controller', async (field) => {
    const bindings = Object.keys(SAMPLES)
      .map((name) => `[${name}]="samples.${name}"`)
      .join(' ');
    ({ app } = await bootstrapHost(`<wpwl-payment-widget ${bindings} />`, () => ({ samples: SAMPLES })));
    const config = vi.mocked(createPaymentWidget).mock.calls[0]?.[0] as PaymentWidgetConfig;
    expect(config[field as keyof PaymentWidgetConfig]).toEqual(SAMPLES[field as WidgetConfigValueKey]);
    // An input, not an attribute on the host element.
    expect(document.querySelector('wpwl-payment-widget')!.hasAttribute(field)).toBe(false);
  });
});
