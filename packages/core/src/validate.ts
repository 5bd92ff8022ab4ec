// Owns input validation for everything the widget is given: checkout id, brand
// codes, client-side custom parameters, shopper result URL, base URL, integrity
// hash and CSP nonce. Each check comes in two forms: `checkX` returns the
// WpwlError (or undefined) and `validateX` throws it. The checks are pure
// top-level values with no shared tables, so a bundle keeps only those it
// calls: the script loader needs four of them and has a size budget.

import type { WpwlError, WpwlErrorCode } from './errors.js';
import { checkPlainObject, chars, invalid, kind, throwIf } from './invalid.js';

type Check = (value: unknown) => WpwlError | undefined;

/**
 * What is wrong with an absolute web URL, or false: https anywhere, http only
 * on loopback (localhost, 127.0.0.0/8, [::1]) so local development works while
 * production never sends the shopper over plain http.
 */
const webUrl = (value: string) => {
  try {
    const { protocol, hostname } = new URL(value);
    // protocol and host come out of the parser and cannot carry markup
    return !/^(https:|http:(localhost|\[::1]|127(\.\d+){3})$)/.test(protocol + hostname) && protocol + (hostname && '//' + hostname);
  } catch {
    return 'no absolute URL';
  }
};

/** A rule for a string input, see {@link stringRule}. */
interface StringRule {
  code: WpwlErrorCode;
  field: string;
  /** The rule in words, for the message: `checkoutId must be ${rule}`. */
  rule: string;
  /** The whole string must match. */
  pattern: RegExp;
  /** Characters the rule refuses: the message points at the first one instead of echoing the input. */
  refused?: RegExp;
  /** The string must also be a web URL (see {@link webUrl}). */
  url?: boolean;
}

/**
 * A check for a string input. `refused` is searched in the raw string (the
 * URL parser silently drops tabs and newlines); a string that breaks the rule
 * otherwise is described by its length. A non-string breaks the rule as well:
 * the message names its type.
 */
const stringRule =
  ({ code, field, rule, pattern, refused, url }: StringRule): Check =>
  (value) => {
    let got: string | false = false;
    if (typeof value !== 'string') got = typeof value;
    else if (!pattern.test(value) || refused?.test(value)) got = refused ? chars(value, refused) : `${value.length} characters`;
    else if (url) got = webUrl(value);
    return got ? invalid(code, field, rule, got) : undefined;
  };

/** The throwing form of a check. */
const thrower =
  (check: Check) =>
  (value: unknown): void =>
    throwIf(check(value));

// --- checkout id -----------------------------------------------------------

/**
 * Checks a checkout id: 32-48 characters of letters, digits, dot or hyphen.
 *
 * @returns an `INVALID_CHECKOUT_ID` error, or `undefined` when valid
 */
export const checkCheckoutId: (id: unknown) => WpwlError | undefined = /* @__PURE__ */ stringRule({
  code: 'INVALID_CHECKOUT_ID',
  field: 'checkoutId',
  rule: '32-48 of [A-Za-z0-9.-]',
  pattern: /^[A-Za-z\d.-]{32,48}$/,
  refused: /[^A-Za-z\d.-]/,
});

/**
 * Throws `INVALID_CHECKOUT_ID` unless `id` is 32-48 characters of letters,
 * digits, dot or hyphen (the format of the id prepare-checkout returns).
 */
export const validateCheckoutId: (id: unknown) => asserts id is string = /* @__PURE__ */ thrower(checkCheckoutId);

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
  const fail = (field: string, rule: string, got: unknown) => {
    throw invalid('INVALID_BRAND', field, rule, got);
  };
  const codes: unknown = typeof brands === 'string' ? brands.split(/\s+/).filter(Boolean) : brands;
  if (!Array.isArray(codes)) fail('brands', 'a string or array of brand codes', kind(brands));
  if (!(codes as unknown[]).length) fail('brands', 'at least one brand code', 'none');
  return [
    ...new Set(
      (codes as unknown[]).map((code, index) => {
        const field = `brands[${index}]`;
        throwIf(stringRule({ code: 'INVALID_BRAND', field, rule: '1-32 of [A-Za-z0-9_]', pattern: /^\w{1,32}$/, refused: /\W/ })(code));
        // Echoed: the code passed the character rule.
        if (/^mastercard$/i.test(code as string)) fail(field, 'MASTER for Mastercard', `"${code}"`);
        return (code as string).toUpperCase();
      }),
    ),
  ];
}

/** Like {@link validateBrands}, but returns the `INVALID_BRAND` error instead of throwing. */
export function checkBrands(brands: unknown): WpwlError | undefined {
  try {
    validateBrands(brands as string);
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
  const shape = checkPlainObject(code, 'customParameters', params, 'a plain object of strings');
  if (shape) return shape;
  const nameRule = stringRule({
    code,
    field: 'customParameters name',
    rule: '3-64 of [A-Za-z0-9._]',
    pattern: /^[\w.]{3,64}$/,
    refused: /[^\w.]/,
  });
  for (const [name, value] of Object.entries(params as object)) {
    const error =
      nameRule(name) ??
      // Echoed: the name passed the character rule.
      (name.startsWith('SHOPPER_')
        ? stringRule({ code, field: `customParameters[${name}]`, rule: 'a string of at most 2048 characters', pattern: /^[^]{0,2048}$/ })(
            value,
          )
        : invalid(code, 'customParameters name', 'prefixed SHOPPER_ (the gateway drops others)', `"${name}"`));
    if (error) return error;
  }
}

/** Throws the error {@link checkCustomParameters} finds. */
export const validateCustomParameters: (params: unknown) => asserts params is Record<string, string> =
  /* @__PURE__ */ thrower(checkCustomParameters);

// --- URLs --------------------------------------------------------------------

/**
 * Checks the shopper result URL (the form's `action`): 6-2048 characters, an
 * absolute https URL, or http on loopback for development; no whitespace.
 *
 * @returns an `INVALID_SHOPPER_RESULT_URL` error, or `undefined` when valid
 */
export const checkShopperResultUrl: (url: unknown) => WpwlError | undefined = /* @__PURE__ */ stringRule({
  code: 'INVALID_SHOPPER_RESULT_URL',
  field: 'shopperResultUrl',
  rule: 'an https URL (http on loopback) of 6-2048 characters',
  pattern: /^[^]{6,2048}$/,
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  refused: /[\s\0-\x1f\x7f]/,
  url: true,
});

/** Throws the error {@link checkShopperResultUrl} finds. */
export const validateShopperResultUrl: (url: unknown) => asserts url is string = /* @__PURE__ */ thrower(checkShopperResultUrl);

/**
 * Checks the gateway base URL: https (http on loopback), an origin with an
 * optional path prefix, no query, fragment or credentials.
 *
 * @returns an `INVALID_BASE_URL` error, or `undefined` when valid
 */
export const checkBaseUrl: (url: unknown) => WpwlError | undefined = /* @__PURE__ */ stringRule({
  code: 'INVALID_BASE_URL',
  field: 'baseUrl',
  rule: 'https://origin[/path] (http on loopback)',
  pattern: /^/,
  // `"` and `\` as well, so a base URL can sit in a CSS attribute selector unescaped.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  refused: /[\s\0-\x1f\x7f?#@"\\]/,
  url: true,
});

/** Throws the error {@link checkBaseUrl} finds. */
export const validateBaseUrl: (url: unknown) => asserts url is string = /* @__PURE__ */ thrower(checkBaseUrl);

/**
 * Validates a base URL and returns it without trailing slash, with the origin
 * in canonical form: `https://Test.Example.com/` → `https://test.example.com`.
 *
 * @throws WpwlError `INVALID_BASE_URL`
 */
export function normalizeBaseUrl(url: string): string {
  validateBaseUrl(url);
  const { origin, pathname } = new URL(url);
  return origin + pathname.replace(/\/+$/, '');
}

// --- integrity and nonce -------------------------------------------------------

/**
 * Checks a subresource-integrity value for the widget script: `sha256-`,
 * `sha384-` or `sha512-` followed by the canonical base64 of a digest of that
 * length (the gateway returns `sha384-…` when the checkout asked for `integrity=true`).
 *
 * @returns an `INVALID_INTEGRITY` error, or `undefined` when valid
 */
export const checkIntegrity: (value: unknown) => WpwlError | undefined = /* @__PURE__ */ stringRule({
  code: 'INVALID_INTEGRITY',
  field: 'integrity',
  rule: 'sha(256|384|512)-<base64>',
  // 32, 48 and 64 bytes encode to 43 + "=", 64, and 86 + "==" characters.
  pattern: /^sha(256-[A-Za-z\d+/]{43}=|384-[A-Za-z\d+/]{64}|512-[A-Za-z\d+/]{86}==)$/,
  refused: /[^\w+/=-]/,
});

/** Throws the error {@link checkIntegrity} finds. */
export const validateIntegrity: (value: unknown) => asserts value is string = /* @__PURE__ */ thrower(checkIntegrity);

/**
 * Checks a CSP nonce: one or more base64 or base64url characters, optionally
 * `=`-padded; no quotes, spaces or markup, because it is written into a policy
 * header and a script property.
 *
 * @returns an `INVALID_NONCE` error, or `undefined` when valid
 */
export const checkNonce: (value: unknown) => WpwlError | undefined = /* @__PURE__ */ stringRule({
  code: 'INVALID_NONCE',
  field: 'nonce',
  rule: 'base64(url)',
  pattern: /^[\w+/-]+={0,2}$/,
  refused: /[^\w+/=-]/,
});

/** Throws the error {@link checkNonce} finds. */
export const validateNonce: (value: unknown) => asserts value is string = /* @__PURE__ */ thrower(checkNonce);

// --- numbers ----------------------------------------------------------------

/**
 * Checks a number setting such as `timeoutMs` or `retries`: absent (the
 * default applies), or a finite number of at least `min`, and whole when
 * `whole` is set. `NaN`, `Infinity` and strings are refused: a timer armed
 * with one of them fires at once, or never.
 */
export function checkNumber(
  field: string,
  value: unknown,
  { min, whole = false }: { min: number; whole?: boolean },
): WpwlError | undefined {
  if (value === undefined) return undefined;
  const isNumber = typeof value === 'number';
  if (isNumber && value >= min && (whole ? Number.isInteger(value) : value < Infinity)) return undefined;
  return invalid('INVALID_OPTIONS', field, `${whole ? 'a whole' : 'a'} number >= ${min}`, isNumber ? value : kind(value));
}
