// Server side: preloading is a no-op there, so a controller or page code may
// call it while rendering on the server (widget.node.test creates a controller
// with a valid config, which preloads in a browser); bad input is still refused.
import { describe, expect, it } from 'vitest';
import { preloadPaymentWidgets } from '../src/index.js';

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
