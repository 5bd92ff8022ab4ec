// Bad input must fail with its own code before anything touches the page: no
// script tag, and the page's wpwlOptions / wpwl globals left exactly as they were.
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  createPaymentWidget,
  loadPaymentWidgets,
  preloadPaymentWidgets,
  readShopperResult,
  resolveLocale,
  validateBaseUrl,
  validateBrands,
  validateCheckoutId,
  validateCustomParameters,
  validateIntegrity,
  validateLocale,
  validateNonce,
  validateShopperResultUrl,
  toWpwlOptions,
  widgetPreloadLinks,
  widgetScriptUrl,
  type ContentSecurityPolicyInput,
  type PreloadOptions,
  type WpwlErrorCode,
  type WpwlOptionsInput,
} from '../src/index.js';

const BASE = 'https://gateway.example.com';
const ID = '8A82944A4CC25EBF014CC2C782423202';
const SHA384 = 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb';
const load = (overrides: Record<string, unknown>) => () =>
  loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, ...overrides } as Parameters<typeof loadPaymentWidgets>[0]);

/**
 * Creates a controller with the overrides, mounts it into a container in the
 * document, and throws the error its snapshot then holds (an invalid config
 * does not throw: the controller starts in `error`).
 */
const controller = (overrides: Record<string, unknown> | null) =>
  controllerOf(
    overrides === null ? null : { baseUrl: BASE, checkoutId: ID, brands: 'VISA', shopperResultUrl: 'https://shop.example/r', ...overrides },
  );

/** {@link controller} with `config` as it is. */
const controllerOf = (config: unknown) => () => {
  const container = document.body.appendChild(document.createElement('div'));
  const widget = createPaymentWidget(config as Parameters<typeof createPaymentWidget>[0]);
  try {
    widget.mount(container);
    throw widget.getSnapshot().error;
  } finally {
    widget.destroy();
    container.remove();
  }
};

/** Mounts a valid controller into `container` and throws the error its snapshot then holds. */
const mountInto = (container: unknown) => () => {
  const widget = createPaymentWidget({ baseUrl: BASE, checkoutId: ID, brands: 'VISA', shopperResultUrl: 'https://shop.example/r' });
  try {
    widget.mount(container as HTMLElement);
    throw widget.getSnapshot().error;
  } finally {
    widget.destroy();
  }
};

const cases: [string, () => unknown, WpwlErrorCode][] = [
  // numbers and structure, through the loader and the controller
  ['loader: timeoutMs not a number', load({ timeoutMs: 'soon' }), 'INVALID_OPTIONS'],
  ['loader: timeoutMs NaN', load({ timeoutMs: Number.NaN }), 'INVALID_OPTIONS'],
  ['loader: negative retries', load({ retries: -5 }), 'INVALID_OPTIONS'],
  ['loader: fractional retries', load({ retries: 1.5 }), 'INVALID_OPTIONS'],
  ['loader: retryDelayMs Infinity', load({ retryDelayMs: Number.POSITIVE_INFINITY }), 'INVALID_OPTIONS'],
  ['controller: config null', controller(null), 'INVALID_OPTIONS'],
  ['controller: expiresInMs NaN', controller({ expiresInMs: Number.NaN }), 'INVALID_OPTIONS'],
  ['controller: expiresInMs zero', controller({ expiresInMs: 0 }), 'INVALID_OPTIONS'],
  ['controller: createdAt a word', controller({ createdAt: 'yesterday' }), 'INVALID_OPTIONS'],
  ['controller: createdAt an invalid Date', controller({ createdAt: new Date('nope') }), 'INVALID_OPTIONS'],
  ['controller: timeoutMs a word', controller({ timeoutMs: 'soon' }), 'INVALID_OPTIONS'],
  ['controller: negative retries', controller({ retries: -5 }), 'INVALID_OPTIONS'],
  ['controller: options a string', controller({ options: 'plain' }), 'INVALID_OPTIONS'],
  ['controller: options a number', controller({ options: 42 }), 'INVALID_OPTIONS'],
  ['controller: options an array', controller({ options: ['plain'] }), 'INVALID_OPTIONS'],
  ['controller: customParameters a string', controller({ customParameters: 'SHOPPER_x=1' }), 'INVALID_CUSTOM_PARAMETER'],
  ['controller: brands a number', controller({ brands: 42 }), 'INVALID_BRAND'],
  ['controller: container an empty object', mountInto({}), 'INVALID_CONTAINER'],
  // through the loader
  ['loader: plain http base URL', load({ baseUrl: 'http://gateway.example.com' }), 'INVALID_BASE_URL'],
  ['loader: javascript: base URL', load({ baseUrl: 'javascript:alert(1)//' }), 'INVALID_BASE_URL'],
  ['loader: relative base URL', load({ baseUrl: '/gateway' }), 'INVALID_BASE_URL'],
  ['loader: base URL with a query', load({ baseUrl: `${BASE}/?x=1` }), 'INVALID_BASE_URL'],
  ['loader: base URL with credentials', load({ baseUrl: 'https://u:p@gateway.example.com' }), 'INVALID_BASE_URL'],
  ['loader: base URL with a quote', load({ baseUrl: `${BASE}/"]` }), 'INVALID_BASE_URL'],
  ['loader: base URL not a string', load({ baseUrl: undefined }), 'INVALID_BASE_URL'],
  ['loader: checkout id too short', load({ checkoutId: 'abc' }), 'INVALID_CHECKOUT_ID'],
  ['loader: checkout id too long', load({ checkoutId: 'a'.repeat(49) }), 'INVALID_CHECKOUT_ID'],
  ['loader: checkout id with markup', load({ checkoutId: `${ID}"><script>` }), 'INVALID_CHECKOUT_ID'],
  ['loader: checkout id with a query', load({ checkoutId: `${ID}&x=1` }), 'INVALID_CHECKOUT_ID'],
  ['loader: checkout id with underscore', load({ checkoutId: `${ID}_` }), 'INVALID_CHECKOUT_ID'],
  ['loader: checkout id not a string', load({ checkoutId: 12345 }), 'INVALID_CHECKOUT_ID'],
  ['loader: integrity with sha1', load({ integrity: 'sha1-2jmj7l5rSw0yVb/vlWAYkK/YBwk=' }), 'INVALID_INTEGRITY'],
  ['loader: integrity of the wrong length', load({ integrity: SHA384.slice(0, -4) }), 'INVALID_INTEGRITY'],
  ['loader: empty integrity', load({ integrity: '' }), 'INVALID_INTEGRITY'],
  ['loader: nonce with a quote', load({ nonce: "abc' 'unsafe-inline" }), 'INVALID_NONCE'],
  ['loader: nonce with markup', load({ nonce: '"><img>' }), 'INVALID_NONCE'],
  ['loader: empty nonce', load({ nonce: '' }), 'INVALID_NONCE'],
  // validators
  ['widgetScriptUrl: bad base', () => widgetScriptUrl('ftp://gateway.example.com', ID), 'INVALID_BASE_URL'],
  ['validateBaseUrl: fragment', () => validateBaseUrl(`${BASE}#x`), 'INVALID_BASE_URL'],
  ['validateCheckoutId: empty', () => validateCheckoutId(''), 'INVALID_CHECKOUT_ID'],
  ['validateBrands: empty', () => validateBrands(''), 'INVALID_BRAND'],
  ['validateBrands: MASTERCARD', () => validateBrands('VISA MASTERCARD'), 'INVALID_BRAND'],
  ['validateBrands: markup entry', () => validateBrands(['VISA', '<img src=x>']), 'INVALID_BRAND'],
  ['validateCustomParameters: no SHOPPER_ prefix', () => validateCustomParameters({ orderId: '1' }), 'INVALID_CUSTOM_PARAMETER'],
  ['validateCustomParameters: value too long', () => validateCustomParameters({ SHOPPER_x: 'v'.repeat(2049) }), 'INVALID_CUSTOM_PARAMETER'],
  ['validateShopperResultUrl: http', () => validateShopperResultUrl('http://shop.example.com/r'), 'INVALID_SHOPPER_RESULT_URL'],
  ['validateShopperResultUrl: data:', () => validateShopperResultUrl('data:text/html,hi'), 'INVALID_SHOPPER_RESULT_URL'],
  ['validateIntegrity: md5', () => validateIntegrity('md5-1B2M2Y8AsgTpgAmY7PhCfg=='), 'INVALID_INTEGRITY'],
  ['validateNonce: space', () => validateNonce('a b'), 'INVALID_NONCE'],
  ['resolveLocale: unknown language', () => resolveLocale('uk-UA'), 'INVALID_LOCALE'],
  ['validateLocale: BCP-47 tag', () => validateLocale('en-GB'), 'INVALID_LOCALE'],
  [
    'readShopperResult: other host',
    () => readShopperResult(`https://shop.example/r?resourcePath=https://evil.example/v1/checkouts/${ID}/payment`),
    'INVALID_RESOURCE_PATH',
  ],
  ['readShopperResult: missing resourcePath', () => readShopperResult('https://shop.example/r?id=1'), 'INVALID_RESULT_URL'],
  ['contentSecurityPolicy: bad nonce', () => contentSecurityPolicy({ baseUrl: BASE, nonce: "'" }), 'INVALID_NONCE'],
];

// Object-shaped inputs, one rule: a record (config, options and their record
// keys, custom parameters, a function's options) is a plain object; a
// container is an element; a signal an AbortSignal. Every other shape fails
// with the input's own code, never a TypeError and never a silent nothing
// (spread or Object.entries read an array, a Map or an element as empty).
class Settings {
  SHOPPER_order = '17';
}
const shapes: Record<string, () => unknown> = {
  'an array': () => [['SHOPPER_order', '17']],
  'an empty array': () => [],
  'a function': () => () => ({}),
  'an element': () => document.createElement('div'),
  'a Map': () => new Map([['SHOPPER_order', '17']]),
  'a class instance': () => new Settings(),
  null: () => null,
  'a string': () => 'SHOPPER_order=17',
};
const objectInputs: [string, (value: unknown) => () => unknown, WpwlErrorCode][] = [
  ['controller: config', controllerOf, 'INVALID_OPTIONS'],
  ['controller: customParameters', (value) => controller({ customParameters: value }), 'INVALID_CUSTOM_PARAMETER'],
  ['controller: options', (value) => controller({ options: value }), 'INVALID_OPTIONS'],
  ['controller: options.registrations', (value) => controller({ options: { registrations: value } }), 'INVALID_OPTIONS'],
  ['controller: options.labels', (value) => controller({ options: { labels: value } }), 'INVALID_OPTIONS'],
  ['controller: options.billingAddress', (value) => controller({ options: { billingAddress: value } }), 'INVALID_OPTIONS'],
  ['controller: container', (value) => mountInto(value), 'INVALID_CONTAINER'],
  ['loader: options', (value) => () => loadPaymentWidgets(value as Parameters<typeof loadPaymentWidgets>[0]), 'INVALID_OPTIONS'],
  ['loader: signal', (value) => load({ signal: value }), 'INVALID_OPTIONS'],
  ['preloadPaymentWidgets: options', (value) => () => preloadPaymentWidgets(value as PreloadOptions), 'INVALID_OPTIONS'],
  ['widgetPreloadLinks: options', (value) => () => widgetPreloadLinks(value as PreloadOptions), 'INVALID_OPTIONS'],
  ['contentSecurityPolicy: input', (value) => () => contentSecurityPolicy(value as ContentSecurityPolicyInput), 'INVALID_OPTIONS'],
  ['toWpwlOptions: options', (value) => () => toWpwlOptions(value as WpwlOptionsInput), 'INVALID_OPTIONS'],
  ['validateCustomParameters', (value) => () => validateCustomParameters(value), 'INVALID_CUSTOM_PARAMETER'],
];
for (const [input, run, code] of objectInputs) {
  for (const [shape, make] of Object.entries(shapes)) {
    // A null config is the case above; a string container is as wrong as any.
    cases.push([`${input} ${shape}`, run(make()), code]);
  }
}
cases.push(
  ['controller: container a plain object with tagName', mountInto({ tagName: 'DIV', nodeType: 1 }), 'INVALID_CONTAINER'],
  ['controller: container a detached element', mountInto(document.createElement('div')), 'INVALID_CONTAINER'],
);

const page = window as unknown as { wpwlOptions?: unknown; wpwl?: unknown };
const options = { locale: 'de' };
const widget = { unload() {} };

beforeEach(() => {
  document.head.innerHTML = '';
  page.wpwlOptions = options;
  page.wpwl = widget;
});

afterEach(() => {
  delete page.wpwlOptions;
  delete page.wpwl;
});

it.each(cases)('%s → %s, nothing injected, globals untouched', async (_, run, code) => {
  const scriptsBefore = document.querySelectorAll('script').length;
  let thrown: unknown;
  try {
    await run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toMatchObject({ name: 'WpwlError', code });
  expect((thrown as Error).message).not.toMatch(/<script|<img/);
  expect(document.querySelectorAll('script')).toHaveLength(scriptsBefore);
  expect(page.wpwlOptions).toBe(options);
  expect(page.wpwlOptions).toEqual({ locale: 'de' });
  expect(page.wpwl).toBe(widget);
});
