// Owns reading a widget controller's config: every value checked once and
// copied, so that a getter, or a change in place after the check, cannot slip
// a value past it; and the widget's load-time inputs reduced to a key that is
// equal exactly when a new widget would read the same.
//
// Names starting with `_` are internal: the build shortens them.

import { WpwlError, isWpwlError } from './errors.js';
import { CREATE_CHECKOUT_TIMEOUT_MS, applyStatedAmount } from './express.js';
import { checkPlainObject, invalid, kind, throwIf } from './invalid.js';
import { toWpwlOptions, type WpwlOptionsInput } from './options.js';
import {
  checkNumber,
  normalizeBaseUrl,
  validateBrands,
  validateCheckoutId,
  validateCustomParameters,
  validateIntegrity,
  validateNonce,
  validateShopperResultUrl,
} from './validate.js';
import type { PaymentWidgetConfig } from './widget-types.js';

/** When the snapshot says `expiringSoon` by default: 5 minutes before the end. */
export const WARN_BEFORE_EXPIRY_MS = 5 * 60_000;

/** A config as it was checked. */
export interface CheckedConfig {
  /** What the widget reads at load time, by value: equal keys load the same widget. */
  _key: string;
  /** Undefined for express checkout: `createCheckout` prepares the checkout. */
  _checkoutId: string | undefined;
  _shopperResultUrl: string;
  /** Without trailing slash, the origin in canonical form. */
  _baseUrl: string;
  /** Upper-cased, without duplicates. */
  _brands: string[];
  _integrity: string | undefined;
  _nonce: string | undefined;
  _customParameters: Readonly<Record<string, string>> | undefined;
  /** The widget options with the top-level `locale` and the stated amount applied. */
  _widgetOptions: WpwlOptionsInput;
  /** The total the wallet sheets show, two decimals; undefined when none is stated. */
  _amount: string | undefined;
  _currency: string | undefined;
  _createCheckoutTimeoutMs: number;
  /** Ms since the epoch, on this device's clock. */
  _createdAt: number | undefined;
  _expiresInMs: number | undefined;
  _timeoutMs: number | undefined;
  _retries: number | undefined;
  _warnBeforeExpiryMs: number;
}

/**
 * Checks `config` and returns its values as checked.
 *
 * @throws WpwlError naming the field and the rule (`INVALID_OPTIONS` for a config that is no object)
 */
export function checkConfig(config: PaymentWidgetConfig): CheckedConfig {
  try {
    throwIf(checkPlainObject('INVALID_OPTIONS', 'config', config));
    // In this order: the first rule broken is the one reported.
    const page = checkPageInputs(config);
    const timing = checkTiming(config);
    return { ...page, ...timing, ...checkWidgetInputs(config) };
  } catch (error) {
    throw isWpwlError(error) ? error : new WpwlError('INVALID_OPTIONS', String(error), { cause: error });
  }
}

/** What goes into the page: the form's checkout and action, the script tag's integrity and nonce, the custom parameters. */
function checkPageInputs(config: PaymentWidgetConfig) {
  const { checkoutId, createCheckout, shopperResultUrl, integrity, nonce, options, customParameters: givenParameters } = config;
  if (checkoutId !== undefined || createCheckout === undefined) {
    // Either field alone is a way to pay: an error names both when neither is given.
    if (checkoutId === undefined)
      throw invalid('INVALID_CHECKOUT_ID', 'checkoutId', 'a checkout id, or createCheckout a function for express checkout', 'neither');
    validateCheckoutId(checkoutId);
    if (createCheckout !== undefined) {
      throw invalid(
        'INVALID_OPTIONS',
        'createCheckout',
        'left out when checkoutId is given (it prepares the checkout of express checkout)',
        'both',
      );
    }
  } else if (typeof createCheckout !== 'function') throw invalid('INVALID_OPTIONS', 'createCheckout', 'a function', kind(createCheckout));
  validateShopperResultUrl(shopperResultUrl);
  if (integrity !== undefined) validateIntegrity(integrity);
  if (nonce !== undefined) validateNonce(nonce);
  // The shape before the copy: spread, an array or a Map would become a
  // different (or empty) object that passes. The copy is what is checked and kept.
  let customParameters: Record<string, string> | undefined;
  if (givenParameters !== undefined) {
    throwIf(checkPlainObject('INVALID_CUSTOM_PARAMETER', 'customParameters', givenParameters, 'a plain object of strings'));
    validateCustomParameters((customParameters = { ...givenParameters }));
  }
  if (options !== undefined) {
    throwIf(checkPlainObject('INVALID_OPTIONS', 'options', options));
    // One place: core answers the widget's createCheckout, checking what the merchant's returns.
    if ('createCheckout' in options)
      throw invalid('INVALID_OPTIONS', 'options.createCheckout', 'left out: give createCheckout in the config', 'a value');
  }
  return {
    _checkoutId: checkoutId,
    _shopperResultUrl: shopperResultUrl,
    _integrity: integrity,
    _nonce: nonce,
    _customParameters: customParameters,
  };
}

/** What the widget reads when it loads (after {@link checkPageInputs}), and the key of all it reads. */
function checkWidgetInputs(config: PaymentWidgetConfig) {
  const { checkoutId, shopperResultUrl, integrity, nonce, options } = config;
  const baseUrl = normalizeBaseUrl(config.baseUrl);
  const brands = validateBrands(config.brands);
  const { _options: widgetOptions, _amount } = applyStatedAmount(
    { ...options, locale: config.locale ?? options?.locale },
    brands,
    config.amount,
    config.currency,
  );
  // toWpwlOptions checks the options; functions count by their presence only (see sameByValue).
  const read = [baseUrl, checkoutId, brands, shopperResultUrl, integrity, nonce, toWpwlOptions(widgetOptions), config.currency];
  return {
    _key: JSON.stringify(read, sameByValue),
    _baseUrl: baseUrl,
    _brands: brands,
    _widgetOptions: widgetOptions,
    _amount,
    _currency: config.currency,
  };
}

/** The checkout's lifetime and the script load's limits. */
function checkTiming(config: PaymentWidgetConfig) {
  const { expiresInMs, timeoutMs, retries, warnBeforeExpiryMs, createCheckoutTimeoutMs } = config;
  const createdAt = config.createdAt instanceof Date ? config.createdAt.getTime() : config.createdAt;
  throwIf(
    checkNumber('expiresInMs', expiresInMs, { min: 1 }) ??
      checkNumber('timeoutMs', timeoutMs, { min: 1 }) ??
      checkNumber('retries', retries, { min: 0, whole: true }) ??
      checkNumber('createdAt', createdAt, { min: 0 }) ??
      checkNumber('warnBeforeExpiryMs', warnBeforeExpiryMs, { min: 0 }) ??
      checkNumber('createCheckoutTimeoutMs', createCheckoutTimeoutMs, { min: 1 }),
  );
  return {
    _createdAt: createdAt,
    _expiresInMs: expiresInMs,
    _timeoutMs: timeoutMs,
    _retries: retries,
    _warnBeforeExpiryMs: warnBeforeExpiryMs ?? WARN_BEFORE_EXPIRY_MS,
    _createCheckoutTimeoutMs: createCheckoutTimeoutMs ?? CREATE_CHECKOUT_TIMEOUT_MS,
  };
}

/**
 * A short fingerprint of a config's `_key`, for a page's HTML: the key holds
 * the CSP nonce, which must not be written where other scripts read it.
 */
export function fingerprint(key: string): string {
  let hash = 5381;
  for (let i = 0; i < key.length; i++) hash = (hash * 33) ^ key.charCodeAt(i);
  return (hash >>> 0).toString(36);
}

/** A JSON.stringify replacer: object keys sorted, functions reduced to their presence, so equal by value ⇔ equal strings. */
function sameByValue(_key: string, value: unknown): unknown {
  if (typeof value === 'function') return 1;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
}
