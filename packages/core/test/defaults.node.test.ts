import { describe, expect, it } from 'vitest';
import { applyWidgetDefaults, createPaymentWidget, type PaymentWidgetDefaults } from '../src/index.js';

const ID = '8a8294174b7ecb28014b9699220015ca';
const defaults: PaymentWidgetDefaults = {
  baseUrl: 'https://test.gateway.example',
  locale: 'de',
  nonce: 'r4nd0m',
  options: { style: 'plain', showLabels: false },
};

describe('applyWidgetDefaults', () => {
  it('fills what the widget leaves out or undefined, and keeps what it sets', () => {
    const config = applyWidgetDefaults(
      { checkoutId: ID, brands: 'VISA', shopperResultUrl: 'https://shop.example/r', nonce: undefined, locale: 'fr' },
      defaults,
    );
    expect(config).toEqual({
      checkoutId: ID,
      brands: 'VISA',
      shopperResultUrl: 'https://shop.example/r',
      baseUrl: 'https://test.gateway.example',
      locale: 'fr',
      nonce: 'r4nd0m',
      options: { style: 'plain', showLabels: false },
    });
    expect('nonce' in applyWidgetDefaults({ checkoutId: ID, nonce: undefined })).toBe(false);
  });

  it('merges options key by key, the widget’s keys winning, without changing either input', () => {
    const input = { checkoutId: ID, options: { showLabels: true, maskCvv: true } };
    const config = applyWidgetDefaults(input, defaults);
    expect(config.options).toEqual({ style: 'plain', showLabels: true, maskCvv: true });
    expect(input.options).toEqual({ showLabels: true, maskCvv: true });
    expect(defaults.options).toEqual({ style: 'plain', showLabels: false });
  });

  it('a widget’s own options.locale beats the default locale', () => {
    const config = applyWidgetDefaults({ checkoutId: ID, options: { locale: 'sv-SE' } }, defaults);
    expect(config.locale).toBeUndefined();
    expect(config.options?.locale).toBe('sv-SE');
  });

  it('a base URL missing everywhere reaches the controller as its coded error', () => {
    const config = applyWidgetDefaults({ checkoutId: ID, brands: 'VISA', shopperResultUrl: 'https://shop.example/r' });
    expect(createPaymentWidget(config).getSnapshot().error).toMatchObject({ code: 'INVALID_BASE_URL', details: { field: 'baseUrl' } });
  });
});
