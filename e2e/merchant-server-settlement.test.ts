// The example merchant server records what was paid even when the shopper's
// browser does not help: a payment whose result page never loaded is read when
// the gateway makes its 29-minute call to the shopper result URL, and the
// browser's resourcePath only names the order, never which status is read.
// Its own sandbox, because these tests move the sandbox clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantServer } from '../examples/merchant-server/src/server.js';
import { readMerchantVerdict, startShopOnSandbox, submitCardAsShopper, type ShopOnSandbox } from './support/merchant.js';
import type { SandboxServer } from './support/servers.js';
import { ABSENCE_WINDOW_MS } from './support/browser.js';

let world: ShopOnSandbox;
let sandbox: SandboxServer;
let shop: MerchantServer;

beforeAll(async () => {
  world = await startShopOnSandbox();
  ({ sandbox, merchant: shop } = world);
});
afterAll(async () => {
  await world?.close();
});

async function createCheckout(): Promise<{ checkoutId: string; shopperResultUrl: string }> {
  const response = await fetch(`${shop.url}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ productId: 'tea-assam', quantity: 2 }] }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { checkoutId: string; shopperResultUrl: string };
}

/** Pays as the widget would, without following the redirect to the result page (the shopper closed the tab). */
async function payAsShopper(checkoutId: string, extra: Record<string, string> = {}): Promise<void> {
  const response = await submitCardAsShopper(sandbox.url, checkoutId, undefined, extra);
  expect(response.status).toBe(200);
}

const paymentStatus = (resourcePath: string) => readMerchantVerdict(shop.url, resourcePath);

describe('merchant server: settling payments', () => {
  it('records a paid order whose result page never loaded, when the gateway calls the shopper result URL after 29 minutes', async () => {
    const { checkoutId } = await createCheckout();
    await payAsShopper(checkoutId);
    expect((await shop.orders.get(checkoutId))?.verdict).toBeUndefined();

    sandbox.advanceClock(29 * 60_000);

    await expect
      .poll(async () => (await shop.orders.get(checkoutId))?.verdict, { timeout: 8_000 })
      .toMatchObject({ ok: true, classification: 'success', amount: '17.80', currency: 'EUR', mismatches: [] });
  });

  it('never drops the gateway’s 29-minute call, even when the rate limits would refuse a read at once', async () => {
    const { checkoutId } = await createCheckout();
    // A page polling this order has used up its burst of status reads.
    let limited = false;
    for (let n = 0; n < 30 && !limited; n++) limited = (await paymentStatus(`/v1/checkouts/${checkoutId}/payment`)).status === 429;
    expect(limited).toBe(true);
    await payAsShopper(checkoutId);

    sandbox.advanceClock(29 * 60_000);

    // Not read on the call itself (the limit holds), but marked due: the next re-check reads it.
    await expect
      .poll(async () => (await shop.orders.get(checkoutId))?.verdict, { timeout: 15_000 })
      .toMatchObject({ ok: true, state: 'paid', amount: '17.80' });
    // Read by the re-check; by the call itself only if the order's bucket refilled a token meanwhile (a slow machine).
    expect(['recheck', 'shopper-result-call']).toContain((await shop.orders.get(checkoutId))?.settledBy);
  });

  it('ignores a resourcePath on a page that is not the order’s shopper result URL', async () => {
    const { checkoutId } = await createCheckout();
    await payAsShopper(checkoutId);
    const page = await fetch(
      `${shop.url}/core-storefront/index.html?resourcePath=${encodeURIComponent(`/v1/checkouts/${checkoutId}/payment`)}`,
    );
    expect(page.status).toBe(200);
    // A settlement started by this page would finish in this window.
    await new Promise((resolve) => setTimeout(resolve, ABSENCE_WINDOW_MS));
    expect((await shop.orders.get(checkoutId))?.verdict).toBeUndefined();
  });

  it('reads the order’s own payment, whatever status path the browser names', async () => {
    const { checkoutId } = await createCheckout();
    // The shopper's submission may ask for a stored card too; the checkout then also holds a registration.
    await payAsShopper(checkoutId, { createRegistration: 'true' });

    const viaRegistration = await paymentStatus(`/v1/checkouts/${checkoutId}/registration`);
    expect(viaRegistration.status).toBe(200);
    expect(viaRegistration.body).toMatchObject({ ok: true, classification: 'success', mismatches: [] });

    const viaPayment = await paymentStatus(`/v1/checkouts/${checkoutId}/payment`);
    expect(viaPayment.body).toMatchObject({ ok: true, classification: 'success', amount: '17.80' });
  });
});
