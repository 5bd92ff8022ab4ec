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

/** `typeof`, telling null and arrays apart (used where those are likely mistakes). */
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

/** The shared shape of the string checks: type, then pattern, then what was wrong. */
function checkString(
  code: WpwlErrorCode,
  field: string,
  rule: string,
  value: unknown,
  pattern: RegExp,
  disallowed: RegExp,
): WpwlError | undefined {
  if (typeof value !== 'string') return invalid(code, field, 'a string', typeof value);
  return pattern.test(value) ? undefined : invalid(code, field, rule, describeChars(value, disallowed));
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
 * @returns an `INVALID_CHECKOUT_ID` error, or `undefined` when valid
 */
export function checkCheckoutId(id: unknown): WpwlError | undefined {
  return checkString(
    'INVALID_CHECKOUT_ID',
    'checkoutId',
    '32-48 characters of letters, digits, dot or hyphen',
    id,
    /^[A-Za-z\d.-]{32,48}$/,
    /[^A-Za-z\d.-]/,
  );
}

/**
 * Throws `INVALID_CHECKOUT_ID` unless `id` is 32-48 characters of letters,
 * digits, dot or hyphen (the format of the id prepare-checkout returns).
 */
export function validateCheckoutId(id: unknown): asserts id is string {
  throwIf(checkCheckoutId(id));
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

/**
 * Checks an absolute web URL: https anywhere, http only on loopback so local
 * development works while production never sends the shopper over plain http.
 */
function checkWebUrl(
  code: WpwlErrorCode,
  field: string,
  value: unknown,
  rule: string,
  disallowed: RegExp,
): WpwlError | undefined {
  if (typeof value !== 'string') return invalid(code, field, 'a string', typeof value);
  let got = '';
  try {
    const { protocol, hostname } = new URL(value);
    if (protocol !== 'https:' && !(protocol === 'http:' && /^(localhost|\[::1]|127(\.\d+){3})$/.test(hostname))) {
      // protocol and host come out of the parser and cannot carry markup
      got = protocol + (hostname && `//${hostname}`);
    }
  } catch {
    got = 'a relative or malformed URL';
  }
  // Searched in the raw string: the URL parser silently drops tabs and newlines.
  if (value.search(disallowed) >= 0) got = describeChars(value, disallowed);
  return got ? invalid(code, field, rule, got) : undefined;
}

// Loopback: localhost, 127.0.0.0/8 and [::1].
const HTTPS_RULE = 'an https URL (http only on loopback)';

/**
 * Checks the shopper result URL (the form's `action`): 6-2048 characters, an
 * absolute https URL, or http on loopback for development; no whitespace.
 *
 * @returns an `INVALID_SHOPPER_RESULT_URL` error, or `undefined` when valid
 */
export function checkShopperResultUrl(url: unknown): WpwlError | undefined {
  const code = 'INVALID_SHOPPER_RESULT_URL';
  const field = 'shopperResultUrl';
  return typeof url === 'string' && (url.length < 6 || url.length > 2048)
    ? invalid(code, field, '6-2048 characters', `${url.length} characters`)
    : checkWebUrl(code, field, url, HTTPS_RULE, /[\s\0-\x1f\x7f]/);
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
  return checkWebUrl(
    'INVALID_BASE_URL',
    'baseUrl',
    url,
    `${HTTPS_RULE} with no query, fragment or credentials`,
    // `"` and `\` as well, so a base URL can sit in a CSS attribute selector unescaped.
    /[\s\0-\x1f\x7f?#@"\\]/,
  );
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
  return checkString(
    'INVALID_INTEGRITY',
    'integrity',
    'sha256-, sha384- or sha512- and its base64 digest',
    value,
    // 32, 48 and 64 bytes encode to 43 + "=", 64, and 86 + "==" characters.
    /^sha(256-[A-Za-z\d+/]{43}=|384-[A-Za-z\d+/]{64}|512-[A-Za-z\d+/]{86}==)$/,
    /[^\w+/=-]/,
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
  return checkString('INVALID_NONCE', 'nonce', 'base64 or base64url characters', value, /^[\w+/-]+={0,2}$/, /[^\w+/=-]/);
}

/** Throws the error {@link checkNonce} finds. */
export function validateNonce(value: unknown): asserts value is string {
  throwIf(checkNonce(value));
}
