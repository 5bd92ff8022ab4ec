import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/index.js';

describe('contentSecurityPolicy', () => {
  it('allows the gateway origin in every directive the widget needs, next to self', () => {
    const { directives, header } = contentSecurityPolicy({ baseUrl: 'https://Test.Example.com/widgets/', nonce: 'r4nd0m+/=' });
    const origin = 'https://test.example.com';
    expect(directives).toEqual({
      'script-src': ["'self'", origin, "'nonce-r4nd0m+/='"],
      'style-src': ["'self'", origin, "'unsafe-inline'"],
      'frame-src': ["'self'", origin],
      'connect-src': ["'self'", origin],
      'img-src': ["'self'", origin, 'data:'],
    });
    expect(header).toBe(
      `script-src 'self' ${origin} 'nonce-r4nd0m+/='; style-src 'self' ${origin} 'unsafe-inline'; ` +
        `frame-src 'self' ${origin}; connect-src 'self' ${origin}; img-src 'self' ${origin} data:`,
    );
  });

  it('keeps the port of a local gateway', () => {
    const { directives } = contentSecurityPolicy({ baseUrl: 'http://127.0.0.1:4010', nonce: 'n' });
    expect(directives['frame-src']).toEqual(["'self'", 'http://127.0.0.1:4010']);
  });

  it('puts no nonce in style-src, where it would switch unsafe-inline off', () => {
    const { directives } = contentSecurityPolicy({ baseUrl: 'https://gw.example.com', nonce: 'abc' });
    expect(directives['style-src']!.some((source) => source.startsWith("'nonce-"))).toBe(false);
  });

  it.each([
    [{ baseUrl: 'http://gw.example.com', nonce: 'abc' }, 'INVALID_BASE_URL'],
    [{ baseUrl: 'https://gw.example.com/?q', nonce: 'abc' }, 'INVALID_BASE_URL'],
    [{ baseUrl: 'https://gw.example.com', nonce: "abc'; script-src *" }, 'INVALID_NONCE'],
    [{ baseUrl: 'https://gw.example.com', nonce: '' }, 'INVALID_NONCE'],
  ])('validates its inputs: %j → %s', (input, code) => {
    expect(() => contentSecurityPolicy(input)).toThrow(expect.objectContaining({ code }));
  });
});
