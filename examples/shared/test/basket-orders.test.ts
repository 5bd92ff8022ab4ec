// @vitest-environment node
// The server-rendered storefronts' result page (Next.js, Nuxt) reads the
// gateway directly, with no order state (readBasketResult, on their servers,
// hence Node): a payment whose outcome is not known yet is being confirmed,
// never "did not go through".
import type { GatewayClient } from '@wpwl/server';
import { describe, expect, it } from 'vitest';
import { prepareBasketCheckout, readBasketResult } from '../basket-orders';

describe('readBasketResult: the server-rendered storefronts read the gateway', () => {
  /** A gateway whose checkout's payment reads `code`; the basket's checkout prepared on it. */
  async function basketPaidWith(code: string) {
    const checkoutId = `checkout-${code}`;
    const client = {
      prepareCheckout: async () => ({ id: checkoutId, integrity: 'sha384-test' }),
      getPaymentStatus: async () => ({ id: 'payment-1', checkoutId, result: { code, description: 'gateway words' } }),
    } as unknown as GatewayClient;
    await prepareBasketCheckout(client, 'test-shop');
    return readBasketResult(client, checkoutId, `/v1/checkouts/${checkoutId}/payment`);
  }

  it('a gateway timeout, a system error or an unknown code is being confirmed, never "did not go through"', async () => {
    for (const code of ['900.100.300', '800.500.100', '123.456.789']) {
      const view = await basketPaidWith(code);
      expect(view?.state, code).toBe('pending');
      expect(view?.title, code).toBe('We are confirming your payment');
      // The page answers once: it says to reload later.
      expect(view?.detail, code).toContain('Reload this page in a few minutes');
      expect(view?.retry, code).toBeFalsy();
    }
  });

  it('a declined card still did not go through', async () => {
    const view = await basketPaidWith('800.100.151');
    expect(view).toMatchObject({ state: 'failure', title: 'Your payment did not go through', retry: true });
  });
});
