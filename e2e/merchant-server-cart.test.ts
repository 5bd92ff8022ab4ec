// Preparing a checkout is idempotent per cart: the storefront sends a cart key
// (one per shopper's cart, shared by the shopper's tabs), and the merchant
// server answers the same open checkout for the same cart, so two tabs cannot
// create two orders for one cart; a cart that is paid is not paid again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStore } from '../examples/merchant-server/src/store.js';
import { freshDataDir } from './support/data-dir.js';
import { readMerchantVerdict, startShopOnSandbox, submitCardAsShopper, type ShopOnSandbox } from './support/merchant.js';

let world: ShopOnSandbox;
beforeAll(async () => {
  world = await startShopOnSandbox();
});
afterAll(() => world?.close());

const CART = [{ productId: 'tea-sencha', quantity: 2 }];

async function prepare(body: Record<string, unknown>) {
  const response = await fetch(`${world.merchant.url}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('POST /api/checkout with a cart key', () => {
  it('answers the same open checkout for the same cart, and a new one when the cart changed', async () => {
    const cartKey = crypto.randomUUID();
    const first = await prepare({ items: CART, cartKey });
    const again = await prepare({ items: CART, cartKey });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.checkoutId).toBe(first.body.checkoutId);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(again.body.expiresInMs).toBeLessThanOrEqual(first.body.expiresInMs);

    const changed = await prepare({ items: [...CART, { productId: 'kettle-iron', quantity: 1 }], cartKey });
    expect(changed.status).toBe(201);
    expect(changed.body.checkoutId).not.toBe(first.body.checkoutId);
  });

  it('refuses to prepare another checkout for a cart that is paid', async () => {
    const cartKey = crypto.randomUUID();
    const first = await prepare({ items: CART, cartKey });
    await submitCardAsShopper(world.sandbox.url, first.body.checkoutId);
    const verdict = await readMerchantVerdict(world.merchant.url, `/v1/checkouts/${first.body.checkoutId}/payment`);
    expect(verdict.body.ok).toBe(true);
    const again = await prepare({ items: CART, cartKey });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CART_ALREADY_PAID');
    expect(again.body.error.orderId).toBe(first.body.orderId);
  });

  it('without a cart key every request prepares its own checkout', async () => {
    const [a, b] = await Promise.all([prepare({ items: CART }), prepare({ items: CART })]);
    expect(a.body.checkoutId).not.toBe(b.body.checkoutId);
  });

  it('two requests at once for one cart get one checkout', async () => {
    const cartKey = crypto.randomUUID();
    const answers = await Promise.all([prepare({ items: CART, cartKey }), prepare({ items: CART, cartKey })]);
    expect(new Set(answers.map((answer) => answer.body.checkoutId)).size).toBe(1);
  });

  it.each([['short'], ['x'.repeat(65)], ['has space in it here'], [42]])('refuses the cart key %j naming the field', async (cartKey) => {
    const answer = await prepare({ items: CART, cartKey });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('cartKey');
  });
});

describe('renewing the checkout of a cart', () => {
  it('replaces the open checkout once: the tab that asks gets a new one, the others get that one', async () => {
    const cartKey = crypto.randomUUID();
    const first = await prepare({ items: CART, cartKey });
    const renewed = await prepare({ items: CART, cartKey, renew: first.body.checkoutId });
    expect(renewed.status).toBe(201);
    expect(renewed.body.checkoutId).not.toBe(first.body.checkoutId);
    // Another tab still showing the first checkout asks to renew it too: it gets the replacement.
    const otherTab = await prepare({ items: CART, cartKey, renew: first.body.checkoutId });
    expect(otherTab.body.checkoutId).toBe(renewed.body.checkoutId);
  });
});

describe('the order store', () => {
  const verdict = (orderId: string, ok: boolean) => ({
    ok,
    classification: ok ? ('success' as const) : ('rejectedBank' as const),
    code: ok ? '000.100.110' : '800.100.151',
    mismatches: [],
    needsReview: false,
    threeDSecureFailed: false,
    orderId,
    amount: '1.00',
    currency: 'EUR',
  });
  const order = (checkoutId: string, cartKey: string) => ({
    orderId: `order-${checkoutId}`,
    checkoutId,
    amount: '1.00',
    currency: 'EUR',
    paymentType: 'DB' as const,
    shopperResultUrl: 'http://127.0.0.1/r',
    lines: [],
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 30 * 60_000),
    cartKey,
  });

  it('keeps the first final verdict of an order, and one paid order per cart: a second payment is a duplicate to refund', async () => {
    const data = await freshDataDir();
    const store = await OrderStore.open({ dataDir: data.dir });
    try {
      const cartKey = 'cart-key-one-0000000';
      await store.add(order('A'.repeat(32), cartKey));
      await store.add(order('B'.repeat(32), cartKey));

      const first = await store.settle('A'.repeat(32), { verdict: verdict('order-' + 'A'.repeat(32), true), settledBy: 'webhook' });
      expect(first).toMatchObject({ paid: true, settledBy: 'webhook' });
      // A later answer, whatever it says, changes nothing.
      const again = await store.settle('A'.repeat(32), { verdict: verdict('order-' + 'A'.repeat(32), false), settledBy: 'status-read' });
      expect(again).toMatchObject({ paid: true, settledBy: 'webhook', verdict: { ok: true } });

      // The other tab's checkout of the same cart was paid as well.
      const second = await store.settle('B'.repeat(32), { verdict: verdict('order-' + 'B'.repeat(32), true), settledBy: 'status-read' });
      expect(second.paid).toBe(false);
      expect(second.verdict).toMatchObject({ ok: false, needsReview: true, duplicateOf: `order-${'A'.repeat(32)}` });
      expect((await store.paidForCart(cartKey))?.checkoutId).toBe('A'.repeat(32));
    } finally {
      await store.close();
      data.remove();
    }
  });
});
