// Server side: importing the whole package has no side effects, and loading
// resolves to a typed NOT_IN_BROWSER rejection instead of a crash.
import { describe, expect, it } from 'vitest';

describe('@wpwl/core outside a browser', () => {
  it('imports without touching globals', async () => {
    const before = Object.keys(globalThis).sort();
    const core = await import('../src/index.js');
    expect(typeof core.loadPaymentWidgets).toBe('function');
    expect(Object.keys(globalThis).sort()).toEqual(before);
    expect('document' in globalThis).toBe(false);
    expect('wpwl' in globalThis).toBe(false);
  });

  it('rejects loadPaymentWidgets with NOT_IN_BROWSER', async () => {
    const { loadPaymentWidgets } = await import('../src/index.js');
    const loading = loadPaymentWidgets({
      baseUrl: 'https://gateway.example.com',
      checkoutId: '8A82944A4CC25EBF014CC2C782423202',
      integrity: 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb',
      nonce: 'abc',
    });
    await expect(loading).rejects.toMatchObject({
      name: 'WpwlError',
      code: 'NOT_IN_BROWSER',
      message: 'not in a browser',
    });
  });

  it('still validates first: bad input is reported as such on the server too', async () => {
    const { loadPaymentWidgets } = await import('../src/index.js');
    await expect(loadPaymentWidgets({ baseUrl: 'https://gateway.example.com', checkoutId: 'x' })).rejects.toMatchObject({
      code: 'INVALID_CHECKOUT_ID',
    });
  });

  it('makes removeWidgetScripts a no-op and keeps the pure helpers working', async () => {
    const core = await import('../src/index.js');
    expect(() => core.removeWidgetScripts('https://gateway.example.com')).not.toThrow();
    expect(core.widgetScriptUrl('https://gateway.example.com/', '8A82944A4CC25EBF014CC2C782423202')).toBe(
      'https://gateway.example.com/v1/paymentWidgets.js?checkoutId=8A82944A4CC25EBF014CC2C782423202',
    );
    expect(core.readShopperResult('/result?resourcePath=%2Fv1%2Fcheckouts%2F8A82944A4CC25EBF014CC2C782423202%2Fpayment')).toEqual({
      id: '8A82944A4CC25EBF014CC2C782423202',
      resourcePath: '/v1/checkouts/8A82944A4CC25EBF014CC2C782423202/payment',
    });
    expect(core.contentSecurityPolicy({ baseUrl: 'https://gateway.example.com', nonce: 'n0nce' }).header).toContain("'nonce-n0nce'");
  });
});
