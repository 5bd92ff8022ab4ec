// A valid value for every value field of the widget config, for the tests
// that check each binding hands every field to core. Typed by core's list of
// fields: a field added to the config must get a sample here.
import type { WidgetConfigValueKey } from '@wpwl/core';

export const CONFIG_SAMPLES: { readonly [K in WidgetConfigValueKey]-?: unknown } = {
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
};
