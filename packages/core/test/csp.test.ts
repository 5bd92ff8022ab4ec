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
      'frame-ancestors': ["'self'"],
    });
    expect(header).toBe(
      `script-src 'self' ${origin} 'nonce-r4nd0m+/='; style-src 'self' ${origin} 'unsafe-inline'; ` +
        `frame-src 'self' ${origin}; connect-src 'self' ${origin}; img-src 'self' ${origin} data:; frame-ancestors 'self'`,
    );
  });

  it('keeps other sites from framing the page (clickjacking) unless told which may', () => {
    expect(contentSecurityPolicy({ baseUrl: 'https://gw.example.com', nonce: 'n' }).header).toContain("frame-ancestors 'self'");
    const none = contentSecurityPolicy({ baseUrl: 'https://gw.example.com', nonce: 'n', frameAncestors: ["'none'"] });
    expect(none.directives['frame-ancestors']).toEqual(["'none'"]);
    const partner = contentSecurityPolicy({
      baseUrl: 'https://gw.example.com',
      nonce: 'n',
      frameAncestors: ["'self'", 'https://app.shop.example'],
    });
    expect(partner.header).toMatch(/frame-ancestors 'self' https:\/\/app\.shop\.example$/);
  });

  it.each([
    [[]],
    [['*']],
    [['https:']],
    [['http://shop.example']],
    [["'self'", "'none'"]],
    [['https://a.example; script-src *']],
    ['self'],
  ])('refuses frameAncestors %j with INVALID_OPTIONS naming the field', (frameAncestors) => {
    expect(() =>
      contentSecurityPolicy({ baseUrl: 'https://gw.example.com', nonce: 'n', frameAncestors: frameAncestors as string[] }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS', details: expect.objectContaining({ field: 'frameAncestors' }) }));
  });

  it('names where violations are reported only when asked, after the widget directives', () => {
    const plain = contentSecurityPolicy({ baseUrl: 'https://gw.example.com', nonce: 'n' });
    expect(plain.header).not.toMatch(/report-/);
    const reporting = contentSecurityPolicy({
      baseUrl: 'https://gw.example.com',
      nonce: 'n',
      reportTo: 'csp-endpoint',
      reportUri: '/csp-reports',
    });
    expect(reporting.directives['report-to']).toEqual(['csp-endpoint']);
    expect(reporting.header).toBe(`${plain.header}; report-to csp-endpoint; report-uri /csp-reports`);
    expect(
      contentSecurityPolicy({ baseUrl: 'https://gw.example.com', nonce: 'n', reportUri: 'https://reports.example/csp' }).header,
    ).toMatch(/frame-ancestors 'self'; report-uri https:\/\/reports\.example\/csp$/);
  });

  it.each([
    ['reportTo', ''],
    ['reportTo', 'csp endpoint'],
    ['reportTo', 'a; script-src *'],
    ['reportTo', 7],
    ['reportUri', 'csp-reports'],
    ['reportUri', '//evil.example/r'],
    ['reportUri', 'http://reports.example/r'],
    ['reportUri', 'javascript:alert(1)'],
    ['reportUri', '/r; script-src *'],
    ['reportUri', '/r /s'],
  ])('refuses %s %j with INVALID_OPTIONS naming the field', (field, value) => {
    expect(() => contentSecurityPolicy({ baseUrl: 'https://gw.example.com', nonce: 'n', [field]: value } as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', details: expect.objectContaining({ field }) }),
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
