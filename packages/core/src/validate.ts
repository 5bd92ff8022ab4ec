// Owns input validation for everything the widget is given: checkout id, brand
// codes, client-side custom parameters, shopper result URL, base URL, integrity
// hash and CSP nonce. Each check comes in two forms: `checkX` returns the
// WpwlError (or undefined) and `validateX` throws it. Every function is an
// independent top-level export with no shared tables, so a bundle keeps only
// the checks it calls: the script loader needs four of them and has a size budget.

import { WpwlError, type WpwlErrorCode } from './errors.js';

function invalid(code: WpwlErrorCode, field: string, rule: string, got: string): WpwlError {
  return new WpwlError(code, `${field} must be ${rule} (got ${got})`, { details: { field, rule } });
}

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * Describes a string that broke a character rule without echoing it, so that
 * markup in user input never travels on inside an error message.
 */
function describeChars(value: string, disallowed: RegExp): string {
  const at = value.search(disallowed);
  return at < 0 ? `${value.length} characters` : `a disallowed character at position ${at + 1}`;
}

/** Quotes short identifier-like input; anything else is described by its length. */
function show(value: string): string {
  return /^[\w.-]{1,64}$/.test(value) ? `"${value}"` : `${value.length} characters`;
}

function throwIf(error: WpwlError | undefined): void {
  if (error) throw error;
}

// --- checkout id -----------------------------------------------------------

/**
 * Checks a checkout id: 32-48 characters of letters, digits, dot or hyphen.
 *
 * @param field - name used in the message, e.g. `id` when read from a result URL
 * @returns an `INVALID_CHECKOUT_ID` error, or `undefined` when valid
 */
export function checkCheckoutId(id: unknown, field = 'checkoutId'): WpwlError | undefined {
  if (typeof id !== 'string') return invalid('INVALID_CHECKOUT_ID', field, 'a string', kind(id));
  if (!/^[A-Za-z0-9.-]{32,48}$/.test(id)) {
    return invalid(
      'INVALID_CHECKOUT_ID',
      field,
      '32-48 characters of letters, digits, dot or hyphen',
      describeChars(id, /[^A-Za-z0-9.-]/),
    );
  }
  return undefined;
}

/**
 * Throws `INVALID_CHECKOUT_ID` unless `id` is 32-48 characters of letters,
 * digits, dot or hyphen (the format of the id prepare-checkout returns).
 */
export function validateCheckoutId(id: unknown, field = 'checkoutId'): asserts id is string {
  throwIf(checkCheckoutId(id, field));
}

// --- brands ------------------------------------------------------------------

/**
 * Validates and normalizes the brands to offer (the form's `data-brands`).
 *
 * Accepts a space-separated string (`"VISA MASTER"`) or an array of codes.
 * Codes are letters, digits and underscore, up to 32 characters; they are
 * upper-cased and de-duplicated, order kept. `MASTERCARD` is refused with a
 * hint: the gateway's code is `MASTER`.
 *
 * @throws WpwlError `INVALID_BRAND` for an empty list, a non-string entry, an
 *   entry with whitespace or other characters, or `MASTERCARD`
 */
export function validateBrands(brands: string | readonly string[]): string[] {
  const field = 'brands';
  let codes: readonly unknown[];
  if (typeof brands === 'string') codes = brands.split(/\s+/).filter(Boolean);
  else if (Array.isArray(brands)) codes = brands;
  else throw invalid('INVALID_BRAND', field, 'a space-separated string or an array of brand codes', kind(brands));
  if (codes.length === 0) throw invalid('INVALID_BRAND', field, 'a list of at least one brand code', 'none');

  const result: string[] = [];
  codes.forEach((code, index) => {
    const entry = `${field}[${index}]`;
    if (typeof code !== 'string') throw invalid('INVALID_BRAND', entry, 'a string', kind(code));
    if (!/^\w{1,32}$/.test(code)) {
      throw invalid(
        'INVALID_BRAND',
        entry,
        'a brand code of 1-32 letters, digits or underscore',
        describeChars(code, /\W/),
      );
    }
    const upper = code.toUpperCase();
    if (upper === 'MASTERCARD') {
      throw invalid('INVALID_BRAND', entry, 'a gateway brand code; for Mastercard that is MASTER', `"${code}"`);
    }
    if (!result.includes(upper)) result.push(upper);
  });
  return result;
}

/** Like {@link validateBrands}, but returns the `INVALID_BRAND` error instead of throwing. */
export function checkBrands(brands: unknown): WpwlError | undefined {
  try {
    validateBrands(brands as string);
    return undefined;
  } catch (error) {
    return error as WpwlError;
  }
}

// --- custom parameters -----------------------------------------------------

/**
 * Checks client-side `customParameters`: an object whose names are 3-64
 * letters, digits, dot or underscore and start with `SHOPPER_` (the gateway
 * ignores other names sent from the browser), and whose values are strings of
 * at most 2048 characters.
 *
 * @returns an `INVALID_CUSTOM_PARAMETER` error, or `undefined` when valid
 */
export function checkCustomParameters(params: unknown): WpwlError | undefined {
  const code = 'INVALID_CUSTOM_PARAMETER';
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    return invalid(code, 'customParameters', 'an object of string values', kind(params));
  }
  for (const [name, value] of Object.entries(params)) {
    if (!/^[\w.]{3,64}$/.test(name)) {
      return invalid(
        code,
        'customParameters name',
        '3-64 characters of letters, digits, dot or underscore',
        describeChars(name, /[^\w.]/),
      );
    }
    if (!name.startsWith('SHOPPER_')) {
      return invalid(code, 'customParameters name', 'prefixed with SHOPPER_ when sent from the browser', show(name));
    }
    const field = `customParameters[${name}]`;
    if (typeof value !== 'string') return invalid(code, field, 'a string', kind(value));
    if (value.length > 2048) return invalid(code, field, 'at most 2048 characters', `${value.length} characters`);
  }
  return undefined;
}

/** Throws the error {@link checkCustomParameters} finds. */
export function validateCustomParameters(params: unknown): asserts params is Record<string, string> {
  throwIf(checkCustomParameters(params));
}

// --- URLs --------------------------------------------------------------------

const WEB_URL_RULE = 'an absolute https URL (http only for localhost, 127.0.0.0/8 or [::1])';

/**
 * Parses an absolute web URL: https anywhere, http only on loopback so local
 * development works without exposing card data to plain http in production.
 */
function parseWebUrl(value: unknown, code: WpwlErrorCode, field: string): URL | WpwlError {
  if (typeof value !== 'string') return invalid(code, field, 'a string', kind(value));
  if (value.length < 6 || value.length > 2048) {
    return invalid(code, field, '6-2048 characters', `${value.length} characters`);
  }
  // The URL parser silently drops tabs and newlines; refuse them instead.
  if (/[\s\0-\x1f\x7f]/.test(value)) return invalid(code, field, WEB_URL_RULE, 'whitespace or a control character');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return invalid(code, field, WEB_URL_RULE, 'a relative or malformed URL');
  }
  const host = url.hostname;
  const loopback = host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url;
  // protocol and host come out of the parser and cannot carry markup.
  return invalid(code, field, WEB_URL_RULE, url.protocol === 'http:' ? `http for ${host}` : `a ${url.protocol} URL`);
}

/**
 * Checks the shopper result URL (the form's `action`): 6-2048 characters, an
 * absolute https URL, or http on loopback for development.
 *
 * @returns an `INVALID_SHOPPER_RESULT_URL` error, or `undefined` when valid
 */
export function checkShopperResultUrl(url: unknown): WpwlError | undefined {
  const parsed = parseWebUrl(url, 'INVALID_SHOPPER_RESULT_URL', 'shopperResultUrl');
  return parsed instanceof WpwlError ? parsed : undefined;
}

/** Throws the error {@link checkShopperResultUrl} finds. */
export function validateShopperResultUrl(url: unknown): asserts url is string {
  throwIf(checkShopperResultUrl(url));
}

/**
 * Checks the gateway base URL: https (http on loopback), an origin with an
 * optional path prefix, no query, fragment or credentials.
 *
 * @returns an `INVALID_BASE_URL` error, or `undefined` when valid
 */
export function checkBaseUrl(url: unknown): WpwlError | undefined {
  const parsed = parseWebUrl(url, 'INVALID_BASE_URL', 'baseUrl');
  if (parsed instanceof WpwlError) return parsed;
  const extra = /[?#@]/.exec(url as string);
  return extra
    ? invalid('INVALID_BASE_URL', 'baseUrl', 'an origin with an optional path prefix and no query, fragment or credentials', `"${extra[0]}"`)
    : undefined;
}

/** Throws the error {@link checkBaseUrl} finds. */
export function validateBaseUrl(url: unknown): asserts url is string {
  throwIf(checkBaseUrl(url));
}

/**
 * Validates a base URL and returns it without trailing slash, with the origin
 * in canonical form: `https://Test.Example.com/` → `https://test.example.com`.
 *
 * @throws WpwlError `INVALID_BASE_URL`
 */
export function normalizeBaseUrl(url: string): string {
  validateBaseUrl(url);
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname.replace(/\/+$/, '');
}

// --- integrity and nonce -------------------------------------------------------

/**
 * Checks a subresource-integrity value for the widget script: `sha256-`,
 * `sha384-` or `sha512-` followed by the canonical base64 of a digest of that
 * length (the gateway returns `sha384-…` when the checkout asked for `integrity=true`).
 *
 * @returns an `INVALID_INTEGRITY` error, or `undefined` when valid
 */
export function checkIntegrity(value: unknown): WpwlError | undefined {
  const field = 'integrity';
  if (typeof value !== 'string') return invalid('INVALID_INTEGRITY', field, 'a string', kind(value));
  // The last character is limited to those whose unused low bits are zero, so the
  // digest decodes to exactly 32, 48 or 64 bytes.
  if (/^sha(?:256-[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=|384-[A-Za-z0-9+/]{64}|512-[A-Za-z0-9+/]{85}[AQgw]==)$/.test(value)) {
    return undefined;
  }
  return invalid(
    'INVALID_INTEGRITY',
    field,
    'sha256-, sha384- or sha512- and the base64 digest (44, 64 or 88 characters)',
    /^sha(256|384|512)-/.test(value) ? describeChars(value.slice(7), /[^A-Za-z0-9+/=]/) + ' after the prefix' : 'no sha256-, sha384- or sha512- prefix',
  );
}

/** Throws the error {@link checkIntegrity} finds. */
export function validateIntegrity(value: unknown): asserts value is string {
  throwIf(checkIntegrity(value));
}

/**
 * Checks a CSP nonce: one or more base64 or base64url characters, optionally
 * `=`-padded; no quotes, spaces or markup, because it is written into a policy
 * header and a script property.
 *
 * @returns an `INVALID_NONCE` error, or `undefined` when valid
 */
export function checkNonce(value: unknown): WpwlError | undefined {
  if (typeof value !== 'string') return invalid('INVALID_NONCE', 'nonce', 'a string', kind(value));
  return /^[\w+/-]+={0,2}$/.test(value)
    ? undefined
    : invalid('INVALID_NONCE', 'nonce', 'base64 or base64url characters', describeChars(value, /[^\w+/=-]/));
}

/** Throws the error {@link checkNonce} finds. */
export function validateNonce(value: unknown): asserts value is string {
  throwIf(checkNonce(value));
}
