import { describe, expect, it } from 'vitest';
import { isCheckoutResourcePath, readShopperResult, type WpwlError } from '../src/index.js';

const ID = '8ac7a4c97d3e6b1e017d3f5c06a802c5';
const OTHER = '8ac7a4c97d3e6b1e017d3f5c06a802c6';
const PATH = `/v1/checkouts/${ID}/payment`;
const SHOP = 'https://shop.example.com/checkout/result';

function resultUrl(params: Record<string, string>): string {
  return `${SHOP}?${new URLSearchParams(params)}`;
}

function errorOf(input: string | URL): WpwlError {
  try {
    readShopperResult(input);
  } catch (error) {
    return error as WpwlError;
  }
  throw new Error('expected readShopperResult to throw');
}

describe('readShopperResult', () => {
  it('reads id and the payment resource path the gateway appends', () => {
    expect(readShopperResult(resultUrl({ id: ID, resourcePath: PATH }))).toEqual({ id: ID, resourcePath: PATH });
  });

  it('accepts the registration path, a URL object, and a server request path', () => {
    const registration = `/v1/checkouts/${ID}/registration`;
    expect(readShopperResult(new URL(resultUrl({ id: ID, resourcePath: registration })))).toEqual({
      id: ID,
      resourcePath: registration,
    });
    expect(readShopperResult(`/checkout/result?id=${ID}&resourcePath=${encodeURIComponent(PATH)}`).resourcePath).toBe(PATH);
  });

  it('takes the id from the path when the URL has no id', () => {
    expect(readShopperResult(resultUrl({ resourcePath: PATH }))).toEqual({ id: ID, resourcePath: PATH });
  });

  it('accepts a checkout id with dots and hyphens', () => {
    const id = '8ac7a4c97d3e6b1e017d3f5c06a802c5.prod01-vm-tx04';
    const path = `/v1/checkouts/${id}/payment`;
    expect(readShopperResult(resultUrl({ id, resourcePath: path }))).toEqual({ id, resourcePath: path });
  });

  it.each([
    ['another host', `https://evil.example/v1/checkouts/${ID}/payment`, 'an absolute URL'],
    ['a protocol-relative URL', `//evil.example/v1/checkouts/${ID}/payment`, 'an absolute URL'],
    ['a dot segment', `/v1/checkouts/${ID}/../../payments/x`, 'a dot segment'],
    ['a traversal to another endpoint', `/v1/checkouts/../payments/${ID}`, 'a dot segment'],
    ['an encoded slash', `/v1/checkouts/${ID}%2Fpayment`, 'percent-encoded characters'],
    ['an encoded dot segment', `/v1/checkouts/${ID}/%2e%2e/payment`, 'percent-encoded characters'],
    ['a query', `${PATH}?entityId=x`, 'a query or fragment'],
    ['a fragment', `${PATH}#x`, 'a query or fragment'],
    ['another endpoint', `/v1/payments/${ID}`, 'another path'],
    ['a trailing slash', `${PATH}/`, 'another path'],
    ['a missing version', `/checkouts/${ID}/payment`, 'another path'],
    ['a short checkout id', '/v1/checkouts/abc/payment', 'an invalid checkout id'],
    ['markup', `/v1/checkouts/<script>/payment`, 'an invalid checkout id'],
    ['whitespace', ` ${PATH}`, 'another path'],
  ])('refuses a resourcePath with %s', (_, resourcePath, got) => {
    const error = errorOf(resultUrl({ resourcePath }));
    expect(error.code).toBe('INVALID_RESOURCE_PATH');
    expect(error.details.field).toBe('resourcePath');
    expect(error.message).toBe(
      `resourcePath must be /v1/checkouts/{id}/payment or /v1/checkouts/{id}/registration (got ${got}${
        got === 'another path' ? ` of ${resourcePath.length} characters` : ''
      })`,
    );
    expect(error.message).not.toContain('<script>');
  });

  it('refuses a resourcePath naming another checkout than id', () => {
    const error = errorOf(resultUrl({ id: OTHER, resourcePath: PATH }));
    expect(error.code).toBe('INVALID_RESOURCE_PATH');
    expect(error.message).toContain('another checkout id');
  });

  it.each([
    ['no resourcePath', resultUrl({ id: ID }), 'resourcePath must be given (got none)'],
    ['an empty resourcePath', resultUrl({ id: ID, resourcePath: '' }), 'resourcePath must be given (got none)'],
    ['no parameters at all', SHOP, 'resourcePath must be given (got none)'],
    [
      'a repeated resourcePath',
      `${resultUrl({ resourcePath: PATH })}&resourcePath=${encodeURIComponent(PATH)}`,
      'resourcePath must be given once (got 2 times)',
    ],
    ['a repeated id', `${resultUrl({ id: ID, resourcePath: PATH })}&id=${OTHER}`, 'id must be given once (got 2 times)'],
    ['a malformed id', resultUrl({ id: 'abc', resourcePath: PATH }), 'id must be 32-48 of [A-Za-z0-9.-] (got 3 characters)'],
    ['a malformed URL', 'https://[bad', 'url must be a URL or a path with query (got a malformed URL)'],
  ])('refuses %s with INVALID_RESULT_URL', (_, input, message) => {
    const error = errorOf(input);
    expect(error.code).toBe('INVALID_RESULT_URL');
    expect(error.message).toContain(message);
  });

  it('says the expected type', () => {
    const error = errorOf(42 as unknown as string);
    expect(error.code).toBe('INVALID_RESULT_URL');
    expect(error.message).toBe('url must be a string or URL (got number)');
  });
});

describe('isCheckoutResourcePath', () => {
  it('is true only for the two checkout paths', () => {
    expect(isCheckoutResourcePath(PATH)).toBe(true);
    expect(isCheckoutResourcePath(`/v1/checkouts/${ID}/registration`)).toBe(true);
    expect(isCheckoutResourcePath(`/v1/checkouts/${ID}/payment/`)).toBe(false);
    expect(isCheckoutResourcePath(`/v1/payments/${ID}`)).toBe(false);
    expect(isCheckoutResourcePath(`https://gw.example/v1/checkouts/${ID}/payment`)).toBe(false);
    expect(isCheckoutResourcePath(undefined)).toBe(false);
  });
});
