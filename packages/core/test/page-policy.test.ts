import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, isWpwlError, WpwlError } from '../src/index.js';
import { paymentPagePolicy } from '../src/page-policy.js';

const gateway = 'https://test.example.com';
const baseUrl = 'https://Test.Example.com/widgets/';

/** The policy the example merchant server and storefronts wrote by hand before this helper existed. */
const handWritten = (nonce: string, reporting = '') =>
  `default-src 'self'; base-uri 'none'; object-src 'none'; form-action 'self' ${gateway}; ` +
  `script-src 'self' ${gateway} 'nonce-${nonce}'; style-src 'self' ${gateway} 'unsafe-inline'; ` +
  `frame-src 'self' ${gateway}; connect-src 'self' ${gateway}; img-src 'self' ${gateway} data:; frame-ancestors 'none'${reporting}`;

describe('paymentPagePolicy', () => {
  it("is the page's basics, then the widget's directives, with no site allowed to frame the page", () => {
    const { directives, header } = paymentPagePolicy({ baseUrl, nonce: 'r4nd0m+/=' });
    expect(header).toBe(handWritten('r4nd0m+/='));
    expect(directives).toEqual({
      'default-src': ["'self'"],
      'base-uri': ["'none'"],
      'object-src': ["'none'"],
      'form-action': ["'self'", gateway],
      ...contentSecurityPolicy({ baseUrl, nonce: 'r4nd0m+/=', frameAncestors: ["'none'"] }).directives,
    });
  });

  it('names where violations are reported, last, only when asked', () => {
    const both = paymentPagePolicy({ baseUrl, nonce: 'n', reportTo: 'csp-endpoint', reportUri: '/csp-reports' });
    expect(both.header).toBe(handWritten('n', '; report-to csp-endpoint; report-uri /csp-reports'));
    expect(paymentPagePolicy({ baseUrl, nonce: 'n', reportUri: '/csp-reports' }).header).toBe(
      handWritten('n', '; report-uri /csp-reports'),
    );
    expect(paymentPagePolicy({ baseUrl, nonce: 'n' }).header).not.toMatch(/report-/);
  });

  it('lets the page say who may frame it, checked as contentSecurityPolicy checks it', () => {
    const framed = paymentPagePolicy({ baseUrl, nonce: 'n', frameAncestors: ["'self'", 'https://app.shop.example'] });
    expect(framed.directives['frame-ancestors']).toEqual(["'self'", 'https://app.shop.example']);
    expect(() => paymentPagePolicy({ baseUrl, nonce: 'n', frameAncestors: ['*'] })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', details: expect.objectContaining({ field: 'frameAncestors' }) }),
    );
  });

  it("adds the page's own sources after the policy's, once each, and starts a new directive from 'self'", () => {
    const { directives, header } = paymentPagePolicy({
      baseUrl,
      nonce: 'n',
      sources: {
        'img-src': ['https://cdn.shop.example', 'blob:', gateway],
        'font-src': ['https://*.fonts.example:8443'],
        'connect-src': ['http://localhost:3000'],
      },
    });
    expect(directives['img-src']).toEqual(["'self'", gateway, 'data:', 'https://cdn.shop.example', 'blob:']);
    expect(directives['font-src']).toEqual(["'self'", 'https://*.fonts.example:8443']);
    expect(directives['connect-src']).toEqual(["'self'", gateway, 'http://localhost:3000']);
    expect(header).toMatch(/; font-src 'self' https:\/\/\*\.fonts\.example:8443$/);
    // The page's basics and the widget's script-src stay as they were.
    expect(directives['script-src']).toEqual(["'self'", gateway, "'nonce-n'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
  });

  it.each([
    ['sources', []],
    ['sources', 'img-src https://cdn.example'],
    ['sources', { 'sandbox-src': ['https://a.example'] }],
    ['sources', { 'report-uri': ['https://a.example'] }],
    ['sources.img-src', { 'img-src': 'https://cdn.example' }],
    ['sources.script-src', { 'script-src': ["'unsafe-eval'"] }],
    ['sources.script-src', { 'script-src': ["'unsafe-inline'"] }],
    ['sources.script-src', { 'script-src': ['*'] }],
    ['sources.script-src', { 'script-src': ['https:'] }],
    ['sources.script-src', { 'script-src': ['data:'] }],
    ['sources.default-src', { 'default-src': ['blob:'] }],
    ['sources.connect-src', { 'connect-src': ['http://api.shop.example'] }],
    ['sources.img-src', { 'img-src': ['https://cdn.example; script-src *'] }],
    ['sources.img-src', { 'img-src': ['https://cdn.example https://evil.example'] }],
    ['sources.img-src', { 'img-src': ['https://cdn.example/path'] }],
    ['sources.img-src', { 'img-src': [7] }],
  ])('refuses %s in %j with INVALID_OPTIONS naming the field and rule', (field, sources) => {
    let error: unknown;
    try {
      paymentPagePolicy({ baseUrl, nonce: 'n', sources: sources as never });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(WpwlError);
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS', details: { field, rule: expect.any(String) } });
    expect((error as Error).message).toMatch(new RegExp(`^${field.replace('.', '\\.')} must be `));
  });

  it.each([
    [{ baseUrl: 'http://gw.example.com', nonce: 'abc' }, 'INVALID_BASE_URL', 'baseUrl'],
    [{ baseUrl: 'https://gw.example.com/?q', nonce: 'abc' }, 'INVALID_BASE_URL', 'baseUrl'],
    [{ baseUrl, nonce: "abc'; script-src *" }, 'INVALID_NONCE', 'nonce'],
    [{ baseUrl, nonce: 'abc;def' }, 'INVALID_NONCE', 'nonce'],
    [{ baseUrl, nonce: 'not base64!' }, 'INVALID_NONCE', 'nonce'],
    [{ baseUrl, nonce: '' }, 'INVALID_NONCE', 'nonce'],
    [{ baseUrl, nonce: 'n', reportUri: '/csp reports' }, 'INVALID_OPTIONS', 'reportUri'],
    [{ baseUrl, nonce: 'n', reportUri: '/r; script-src *' }, 'INVALID_OPTIONS', 'reportUri'],
    [{ baseUrl, nonce: 'n', reportTo: 'csp endpoint' }, 'INVALID_OPTIONS', 'reportTo'],
  ])('validates its inputs: %j → %s naming %s', (input, code, field) => {
    expect(() => paymentPagePolicy(input)).toThrow(expect.objectContaining({ code, details: expect.objectContaining({ field }) }));
  });

  it.each([null, [], 'https://gw.example.com', new Map()])('refuses input %j that is no plain object', (input) => {
    expect(() => paymentPagePolicy(input as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', details: expect.objectContaining({ field: 'input' }) }),
    );
  });
});

describe('the @wpwl/core/page-policy entry as published (run after `pnpm build`)', () => {
  type Entry = typeof import('../src/page-policy.js');
  type Core = typeof import('../src/index.js');
  const load = <T>(file: string) => import(/* @vite-ignore */ new URL(`../dist/${file}`, import.meta.url).href) as Promise<T>;

  it("gives the same policy and throws the main entry's WpwlError, not a copy", async () => {
    const [entry, core] = await Promise.all([load<Entry>('page-policy.js'), load<Core>('index.js')]);
    expect(entry.paymentPagePolicy({ baseUrl, nonce: 'n' }).header).toBe(handWritten('n'));
    expect(entry.contentSecurityPolicy).toBe(core.contentSecurityPolicy);
    let error: unknown;
    try {
      entry.paymentPagePolicy({ baseUrl, nonce: "n'" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(core.WpwlError);
    expect(isWpwlError(error) && error.code).toBe('INVALID_NONCE');
  });
});
