// Every value field of core's config reaches core through <PaymentWidget>:
// each prop's value arrives in the config the controller is created with.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPaymentWidget, WIDGET_CONFIG_FIELDS, type PaymentWidgetConfig, type WidgetConfigValueKey } from '@wpwl/core';
import { PaymentWidget, type PaymentWidgetProps } from '../src/index.js';
import { CONFIG_SAMPLES } from '../../core/test/support/config-samples.js';

/** A sample for every value field: one missing here fails to compile. */
const SAMPLES: { readonly [K in WidgetConfigValueKey]: unknown } = CONFIG_SAMPLES;

vi.mock('@wpwl/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@wpwl/core')>();
  return { ...core, createPaymentWidget: vi.fn(core.createPaymentWidget) };
});

afterEach(() => {
  cleanup();
  vi.mocked(createPaymentWidget).mockClear();
});

describe('<PaymentWidget> takes every config field', () => {
  it.each(Object.keys(WIDGET_CONFIG_FIELDS))('%s reaches the controller', (field) => {
    render(<PaymentWidget {...(SAMPLES as unknown as PaymentWidgetProps)} />);
    const config = vi.mocked(createPaymentWidget).mock.calls[0]?.[0] as PaymentWidgetConfig;
    expect(config[field as keyof PaymentWidgetConfig]).toEqual(SAMPLES[field as WidgetConfigValueKey]);
  });
});
