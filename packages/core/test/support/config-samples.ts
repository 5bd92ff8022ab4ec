// A valid value for every value field of the widget config, for the tests
// that check each binding hands every field to core. Each of those tests
// assigns it to a record keyed by core's WidgetConfigValueKey, so a field
// added to the config without a sample here fails to compile there. Shared
// by the bindings' tests, which import it from here.

export const CONFIG_SAMPLES = {
  checkoutId: '8a8294174b7ecb28014b9699220015ca',
  brands: 'VISA MASTER',
  shopperResultUrl: 'https://shop.example/result',
  baseUrl: 'https://test.gateway.example',
  integrity: `sha384-${'A'.repeat(64)}`,
  nonce: 'bm9uY2Utc2FtcGxl',
  locale: 'de',
  options: { style: 'plain' },
  customParameters: { SHOPPER_order: 'A-17' },
  createdAt: 1_700_000_000_000,
  expiresInMs: 600_000,
  warnBeforeExpiryMs: 120_000,
  timeoutMs: 9_000,
  retries: 2,
  amount: '12.50',
  currency: 'EUR',
  createCheckoutTimeoutMs: 15_000,
} as const;

/**
 * Record fields of the config given as something that is no plain object:
 * `[field, what it is, value, the code core reports]`. Each binding must hand
 * them to core and show core's error, with nothing injected.
 */
export const NOT_PLAIN_RECORDS: readonly (readonly [field: string, shape: string, value: unknown, code: string])[] = [
  ['customParameters', 'an array', [['SHOPPER_order', '17']], 'INVALID_CUSTOM_PARAMETER'],
  ['customParameters', 'a Map', new Map([['SHOPPER_order', '17']]), 'INVALID_CUSTOM_PARAMETER'],
  ['options', 'an array', ['plain'], 'INVALID_OPTIONS'],
  ['options', 'a Map', new Map([['style', 'plain']]), 'INVALID_OPTIONS'],
];
