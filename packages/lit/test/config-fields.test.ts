// Every value field of core's config reaches core through <wpwl-widget>:
// the element's properties come from core's list of fields; string and number
// fields are attributes in kebab case, the others properties only, and each
// value arrives in the config the controller is created with.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  configAttributeName,
  createPaymentWidget,
  WIDGET_CONFIG_FIELDS,
  type PaymentWidgetConfig,
  type WidgetConfigValueKey,
} from '@wpwl/core';
import { defineWpwlWidget } from '../src/index.js';
import { CONFIG_SAMPLES } from '../../core/test/support/config-samples.js';

/** A sample for every value field: one missing here fails to compile. */
const SAMPLES: { readonly [K in WidgetConfigValueKey]: unknown } = CONFIG_SAMPLES;

vi.mock('@wpwl/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@wpwl/core')>();
  return { ...core, createPaymentWidget: vi.fn(core.createPaymentWidget) };
});

defineWpwlWidget();

afterEach(() => {
  document.querySelectorAll('wpwl-widget').forEach((el) => el.remove());
  vi.mocked(createPaymentWidget).mockClear();
});

/** A connected element given every field: attributes where the field has one, properties otherwise. */
async function elementWithEveryField() {
  const el = document.createElement('wpwl-widget');
  for (const [field, kind] of Object.entries(WIDGET_CONFIG_FIELDS)) {
    const value = SAMPLES[field as WidgetConfigValueKey];
    if (kind === 'property') (el as unknown as Record<string, unknown>)[field] = value;
    else el.setAttribute(configAttributeName(field), String(value));
  }
  document.body.append(el);
  await el.updateComplete;
  return el;
}

describe('<wpwl-widget> takes every config field', () => {
  it.each(Object.entries(WIDGET_CONFIG_FIELDS))('%s (%s) reaches the controller', async (field) => {
    await elementWithEveryField();
    const config = vi.mocked(createPaymentWidget).mock.calls[0]?.[0] as PaymentWidgetConfig;
    expect(config[field as keyof PaymentWidgetConfig]).toEqual(SAMPLES[field as WidgetConfigValueKey]);
  });

  it('createCheckout (a callback that answers) is a property with no attribute, and reaches the controller', async () => {
    const createCheckout = () => undefined;
    const el = document.createElement('wpwl-widget');
    el.setAttribute('create-checkout', 'ignored');
    el.createCheckout = createCheckout;
    document.body.append(el);
    await el.updateComplete;
    const config = vi.mocked(createPaymentWidget).mock.calls[0]?.[0] as PaymentWidgetConfig;
    expect(config.createCheckout).toBe(createCheckout);
    expect(el.createCheckout).toBe(createCheckout);
  });

  it('spells each attribute in kebab case', () => {
    expect(configAttributeName('shopperResultUrl')).toBe('shopper-result-url');
    expect(configAttributeName('warnBeforeExpiryMs')).toBe('warn-before-expiry-ms');
    expect(configAttributeName('brands')).toBe('brands');
  });
});
