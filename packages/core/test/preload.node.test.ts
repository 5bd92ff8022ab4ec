// Server side: preloading is a no-op there, so a controller or page code may
// call it while rendering on the server (widget.node.test creates a controller
// with a valid config, which preloads in a browser); bad input is still refused.
import { describe, expect, it } from 'vitest';
import { preloadPaymentWidgets, widgetPreloadHtml, widgetPreloadLinks } from '../src/index.js';

const BASE = 'https://gateway.example.com';
const ID = '8A82944A4CC25EBF014CC2C782423202';

describe('preloadPaymentWidgets outside a browser', () => {
  it('does nothing and returns undefined', () => {
    const before = Object.keys(globalThis).sort();
    expect(preloadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, nonce: 'abc' })).toBeUndefined();
    expect(Object.keys(globalThis).sort()).toEqual(before);
    expect('document' in globalThis).toBe(false);
  });

  it('still validates first', () => {
    expect(() => preloadPaymentWidgets({ baseUrl: BASE, checkoutId: 'x' })).toThrow(
      expect.objectContaining({ code: 'INVALID_CHECKOUT_ID' }),
    );
  });
});

describe('widgetPreloadLinks / widgetPreloadHtml for a server template', () => {
  const integrity = `sha384-${'a'.repeat(64)}`;

  it('answers the preconnect and the exact preload the loader will reuse: integrity, CORS mode, nonce', () => {
    expect(widgetPreloadLinks({ baseUrl: `${BASE}/`, checkoutId: ID, integrity, nonce: 'n0nce+42=' })).toEqual([
      { rel: 'preconnect', href: BASE, crossOrigin: 'anonymous' },
      {
        rel: 'preload',
        as: 'script',
        href: `${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`,
        integrity,
        crossOrigin: 'anonymous',
        nonce: 'n0nce+42=',
      },
    ]);
    // Without integrity the script is fetched without CORS, and so is the preconnect.
    expect(widgetPreloadLinks({ baseUrl: BASE, checkoutId: ID })).toEqual([
      { rel: 'preconnect', href: BASE },
      { rel: 'preload', as: 'script', href: `${BASE}/v1/paymentWidgets.js?checkoutId=${ID}` },
    ]);
  });

  it('writes them as one line of HTML, attribute values escaped', () => {
    expect(widgetPreloadHtml({ baseUrl: BASE, checkoutId: ID, integrity, nonce: 'abc' })).toBe(
      `<link rel="preconnect" href="${BASE}" crossorigin="anonymous">` +
        `<link rel="preload" as="script" href="${BASE}/v1/paymentWidgets.js?checkoutId=${ID}" integrity="${integrity}" crossorigin="anonymous" nonce="abc">`,
    );
    // A base URL with a path and a query-like character stays one attribute value.
    const html = widgetPreloadHtml({ baseUrl: 'https://gw.example/pay&x', checkoutId: ID });
    expect(html).toContain('href="https://gw.example/pay&amp;x/v1/paymentWidgets.js');
    expect(html.match(/<link /g)).toHaveLength(2);
  });

  it('refuses what the loader would refuse, naming the field', () => {
    expect(() => widgetPreloadLinks({ baseUrl: 'javascript:alert(1)', checkoutId: ID })).toThrow(
      expect.objectContaining({ code: 'INVALID_BASE_URL' }),
    );
    expect(() => widgetPreloadHtml({ baseUrl: BASE, checkoutId: ID, nonce: '"><script>' })).toThrow(
      expect.objectContaining({ code: 'INVALID_NONCE' }),
    );
  });
});
