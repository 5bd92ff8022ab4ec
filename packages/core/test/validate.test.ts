import { describe, expect, it } from 'vitest';
import {
  checkBaseUrl,
  checkBrands,
  checkCheckoutId,
  checkCustomParameters,
  checkIntegrity,
  checkNonce,
  checkShopperResultUrl,
  normalizeBaseUrl,
  validateBaseUrl,
  validateBrands,
  validateCheckoutId,
  validateCustomParameters,
  validateIntegrity,
  validateNonce,
  validateShopperResultUrl,
  WpwlError,
} from '../src/index.js';

const ID = '8A82944A4CC25EBF014CC2C782423202';

// Known digests of the empty string, so the lengths are the real ones.
const SHA256 = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
const SHA384 = 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb';
const SHA512 = 'sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==';

function errorOf(fn: () => unknown): WpwlError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(WpwlError);
    return error as WpwlError;
  }
  throw new Error('expected a WpwlError to be thrown');
}

describe('checkout id', () => {
  it.each([ID, 'a'.repeat(32), 'a.b-c'.padEnd(48, '0'), '8ac7a4c97d3e6b1e017d3f5c06a802c5.prod01-vm-tx04'])('accepts %s', (id) => {
    expect(checkCheckoutId(id)).toBeUndefined();
    expect(() => validateCheckoutId(id)).not.toThrow();
  });

  it('names the field, the rule and the length it got', () => {
    const error = errorOf(() => validateCheckoutId('abc123abc123'));
    expect(error.code).toBe('INVALID_CHECKOUT_ID');
    expect(error.message).toBe('checkoutId must be 32-48 of [A-Za-z0-9.-] (got 12 characters)');
    expect(error.details).toEqual({ field: 'checkoutId', rule: '32-48 of [A-Za-z0-9.-]' });
  });

  it('points at a bad character instead of echoing markup', () => {
    const error = checkCheckoutId(`${ID}<img src=x>`)!;
    expect(error.code).toBe('INVALID_CHECKOUT_ID');
    expect(error.message).toContain('bad character at 33');
    expect(error.message).not.toContain('<img');
  });

  it('rejects 31 and 49 characters', () => {
    expect(checkCheckoutId('a'.repeat(31))?.message).toContain('got 31 characters');
    expect(checkCheckoutId('a'.repeat(49))?.message).toContain('got 49 characters');
  });

  it('says the expected type for a non-string', () => {
    expect(checkCheckoutId(42)?.message).toBe('checkoutId must be 32-48 of [A-Za-z0-9.-] (got number)');
    expect(checkCheckoutId(undefined)?.message).toBe('checkoutId must be 32-48 of [A-Za-z0-9.-] (got undefined)');
  });
});

describe('brands', () => {
  it('splits a space-separated string on any whitespace', () => {
    expect(validateBrands(' VISA  MASTER\tAMEX\n')).toEqual(['VISA', 'MASTER', 'AMEX']);
  });

  it('upper-cases and de-duplicates, keeping order', () => {
    expect(validateBrands(['visa', 'MASTER', 'VISA', 'stc_pay'])).toEqual(['VISA', 'MASTER', 'STC_PAY']);
  });

  it('refuses MASTERCARD with a hint to use MASTER', () => {
    const error = errorOf(() => validateBrands('VISA MasterCard'));
    expect(error.code).toBe('INVALID_BRAND');
    expect(error.message).toContain('brands[1]');
    expect(error.message).toContain('MASTER');
    expect(error.message).toContain('"MasterCard"');
  });

  it.each([
    ['an empty string', '', 'at least one'],
    ['only whitespace', '   ', 'at least one'],
    ['an empty array', [], 'at least one'],
    ['an array entry with a space', ['VISA MASTER'], 'bad character at 5'],
    ['an array entry with markup', ['<b>'], 'bad character at 1'],
    ['an empty array entry', [''], '0 characters'],
    ['a code of 33 characters', ['A'.repeat(33)], '33 characters'],
    ['a hyphen', 'VISA-DEBIT', 'bad character at 5'],
  ])('rejects %s', (_, input, detail) => {
    const error = errorOf(() => validateBrands(input as string[]));
    expect(error.code).toBe('INVALID_BRAND');
    expect(error.message).toContain(detail);
  });

  it('says the expected type', () => {
    expect(checkBrands(7)?.message).toBe('brands must be a string or array of brand codes (got number)');
    expect(checkBrands(['VISA', 1])?.message).toBe('brands[1] must be 1-32 of [A-Za-z0-9_] (got number)');
    expect(checkBrands('VISA')).toBeUndefined();
  });
});

describe('custom parameters', () => {
  it('accepts SHOPPER_ names with string values', () => {
    expect(() => validateCustomParameters({ SHOPPER_orderRef: 'A-1', 'SHOPPER_x.y_z': 'v'.repeat(2048), SHOPPER_empty: '' })).not.toThrow();
    expect(checkCustomParameters({})).toBeUndefined();
    // A dictionary without prototype is a plain object too.
    expect(checkCustomParameters(Object.assign(Object.create(null), { SHOPPER_orderRef: 'A-1' }))).toBeUndefined();
  });

  it('requires the SHOPPER_ prefix and says why', () => {
    const error = errorOf(() => validateCustomParameters({ SHOPPER_ok: '1', orderRef: '2' }));
    expect(error.code).toBe('INVALID_CUSTOM_PARAMETER');
    expect(error.message).toBe('customParameters name must be prefixed SHOPPER_ (the gateway drops others) (got "orderRef")');
    expect(error.details).toEqual({ field: 'customParameters name', rule: 'prefixed SHOPPER_ (the gateway drops others)' });
  });

  it.each([
    ['a name with a space', { 'SHOPPER_a b': 'x' }, 'bad character at 10'],
    ['a name with markup', { 'SHOPPER_<i>': 'x' }, 'bad character at 9'],
    ['a name too long', { [`SHOPPER_${'n'.repeat(57)}`]: 'x' }, '65 characters'],
    ['a lower-case prefix', { shopper_ref: 'x' }, 'SHOPPER_'],
    ['a value too long', { SHOPPER_ref: 'v'.repeat(2049) }, 'a string of at most 2048 characters (got 2049'],
    ['a number value', { SHOPPER_ref: 5 }, 'customParameters[SHOPPER_ref] must be a string of at most 2048 characters (got number)'],
    ['an array', ['SHOPPER_a'], 'a plain object of strings (got array)'],
    ['a Map, whose entries are not its keys', new Map([['SHOPPER_a', '1']]), 'a plain object of strings (got Map)'],
    ['an element', document.createElement('div'), 'got HTMLDivElement'],
    ['null', null, 'got null'],
  ])('rejects %s', (_, input, detail) => {
    const error = checkCustomParameters(input)!;
    expect(error.code).toBe('INVALID_CUSTOM_PARAMETER');
    expect(error.message).toContain(detail);
    expect(error.message).not.toContain('<i>');
  });
});

describe('shopper result URL', () => {
  it.each([
    'https://shop.example.com/result',
    'https://shop.example.com/result?order=1#x',
    'http://localhost:5173/result',
    'http://127.0.0.1/r',
    'http://127.8.9.10/r',
    'http://[::1]:8080/r',
  ])('accepts %s', (url) => {
    expect(checkShopperResultUrl(url)).toBeUndefined();
    expect(() => validateShopperResultUrl(url)).not.toThrow();
  });

  it.each([
    ['plain http on a public host', 'http://shop.example.com/result', '(got http://shop.example.com)'],
    ['a relative URL', '/checkout/result', '(got no absolute URL)'],
    ['javascript:', 'javascript:alert(1)', '(got javascript:)'],
    ['data:', 'data:text/html,<script>alert(1)</script>', '(got data:)'],
    ['ftp', 'ftp://shop.example.com/result', '(got ftp://shop.example.com)'],
    ['a newline the URL parser would drop', 'https://shop.exa\nmple.com/', 'bad character at 17'],
    ['a space', 'https://shop.example.com/a b', 'bad character at 27'],
    ['too short', 'a:b', 'of 6-2048 characters (got 3 characters)'],
    ['too long', `https://shop.example.com/${'a'.repeat(2030)}`, 'got 2055 characters'],
    ['a look-alike of localhost', 'http://localhost.example.com/r', '(got http://localhost.example.com)'],
    ['a look-alike of 127.0.0.1', 'http://127.0.0.1.example.com/r', '(got http://127.0.0.1.example.com)'],
  ])('rejects %s', (_, url, detail) => {
    const error = errorOf(() => validateShopperResultUrl(url));
    expect(error.code).toBe('INVALID_SHOPPER_RESULT_URL');
    expect(error.details.field).toBe('shopperResultUrl');
    expect(error.message).toContain(detail);
    expect(error.message).not.toContain('<script>');
  });

  it('says the expected type', () => {
    expect(checkShopperResultUrl(undefined)?.message).toBe(
      'shopperResultUrl must be an https URL (http on loopback) of 6-2048 characters (got undefined)',
    );
  });
});

describe('base URL', () => {
  it('names the rule in the message', () => {
    expect(checkBaseUrl('https://test.example.com/?x=1')?.message).toBe(
      'baseUrl must be https://origin[/path] (http on loopback) (got bad character at 26)',
    );
  });

  it.each([
    ['https://test.example.com', 'https://test.example.com'],
    ['https://Test.Example.com/', 'https://test.example.com'],
    ['https://test.example.com:443//', 'https://test.example.com'],
    ['https://gw.example.com/widgets/', 'https://gw.example.com/widgets'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
  ])('normalizes %s to %s', (url, expected) => {
    expect(checkBaseUrl(url)).toBeUndefined();
    expect(normalizeBaseUrl(url)).toBe(expected);
  });

  it.each([
    ['a query', 'https://test.example.com/?x=1', 'bad character at 26'],
    ['an empty query', 'https://test.example.com/?', 'bad character at 26'],
    ['a fragment', 'https://test.example.com/#top', 'bad character at 26'],
    ['credentials', 'https://user:pw@test.example.com', 'bad character at 16'],
    ['a quote', 'https://test.example.com/a"b', 'bad character at 27'],
    ['a backslash', 'https://test.example.com\\evil', 'bad character at 25'],
    ['plain http', 'http://test.example.com', 'got http://test.example.com'],
    ['no scheme', 'test.example.com', 'no absolute URL'],
    ['a non-string', 42, 'baseUrl must be https://origin[/path] (http on loopback) (got number)'],
  ])('rejects %s', (_, url, detail) => {
    const error = errorOf(() => validateBaseUrl(url));
    expect(error.details.field).toBe('baseUrl');
    expect(error.code).toBe('INVALID_BASE_URL');
    expect(error.message).toMatch(/^baseUrl must be /);
    expect(error.message).toContain(detail);
    expect(() => normalizeBaseUrl(url as string)).toThrow(error.message);
  });
});

describe('integrity', () => {
  it.each([SHA256, SHA384, SHA512])('accepts %s', (value) => {
    expect(checkIntegrity(value)).toBeUndefined();
    expect(() => validateIntegrity(value)).not.toThrow();
  });

  it.each([
    ['an unknown algorithm', SHA384.replace('sha384', 'sha1'), '(got 69 characters)'],
    ['an md5 hash', 'md5-1B2M2Y8AsgTpgAmY7PhCfg==', '(got 28 characters)'],
    ['a sha384 digest labelled sha256', SHA384.replace('sha384', 'sha256'), '(got 71 characters)'],
    ['a sha256 digest labelled sha512', SHA256.replace('sha256', 'sha512'), '(got 51 characters)'],
    ['a truncated digest', SHA384.slice(0, -1), '(got 70 characters)'],
    ['padding inside the digest', `sha384-${'A'.repeat(30)}=${'A'.repeat(33)}`, '(got 71 characters)'],
    ['two hashes', `${SHA384} ${SHA512}`, 'bad character at 72'],
    ['markup', 'sha384-<script>', 'bad character at 8'],
    ['an empty string', '', '(got 0 characters)'],
  ])('rejects %s', (_, value, detail) => {
    const error = errorOf(() => validateIntegrity(value));
    expect(error.code).toBe('INVALID_INTEGRITY');
    expect(error.message).toContain(detail);
    expect(error.message).not.toContain('<script>');
  });

  it('says the expected type', () => {
    expect(checkIntegrity(true)?.message).toBe('integrity must be sha(256|384|512)-<base64> (got boolean)');
  });
});

describe('nonce', () => {
  it.each(['r4nd0m', 'abc+/def==', 'abc-_def'])('accepts %s', (value) => {
    expect(checkNonce(value)).toBeUndefined();
  });

  it.each([
    ['empty', '', '0 characters'],
    ['a quote', "abc'def", 'bad character at 4'],
    ['markup', '"><script>', 'bad character at 1'],
    ['a space', 'abc def', 'bad character at 4'],
  ])('rejects %s', (_, value, detail) => {
    const error = errorOf(() => validateNonce(value));
    expect(error.code).toBe('INVALID_NONCE');
    expect(error.message).toContain(detail);
    expect(error.message).not.toContain('<script>');
  });

  it('says the expected type', () => {
    expect(checkNonce({})?.message).toBe('nonce must be base64(url) (got object)');
  });
});
