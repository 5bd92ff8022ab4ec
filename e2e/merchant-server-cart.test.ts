// Preparing a checkout is idempotent per cart: the storefront sends a cart key
// (one per shopper's cart, shared by the shopper's tabs), and the merchant
// server answers the same open checkout for the same cart, so two tabs cannot
// create two orders for one cart; a cart that is paid is not paid again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPaymentResult } from '../packages/server/src/response.js';
import type { WebhookNotification } from '../packages/server/src/webhook.js';
import { createSettlement } from '../packages/server/src/settlement/index.js';
import { OrderStore } from '../examples/merchant-server/src/store.js';
import { freshDataDir } from './support/data-dir.js';
import { SUCCESS_CARD } from './support/shopper.js';
import {
  readMerchantVerdict,
  shopperWithStoredCard,
  startShopOnSandbox,
  submitCardAsShopper,
  type ShopOnSandbox,
} from './support/merchant.js';

let world: ShopOnSandbox;
beforeAll(async () => {
  world = await startShopOnSandbox();
});
afterAll(() => world?.close());

const CART = [{ productId: 'tea-sencha', quantity: 2 }];

async function prepare(body: Record<string, unknown>, cookie?: string) {
  const response = await fetch(`${world.merchant.url}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
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

  it("never hands a checkout that offers one shopper's stored cards to another shopper with the same cart key", async () => {
    const owner = await shopperWithStoredCard(world.merchant.url, world.sandbox.url, SUCCESS_CARD);
    const cartKey = crypto.randomUUID();
    const ownersCheckout = await prepare({ items: CART, cartKey }, `${owner.name}=${owner.value}`);
    expect(ownersCheckout.status).toBe(201);
    // The owner's own tabs share it.
    expect((await prepare({ items: CART, cartKey }, `${owner.name}=${owner.value}`)).body.checkoutId).toBe(ownersCheckout.body.checkoutId);
    const offered = async (checkoutId: string) =>
      ((await (await fetch(`${world.sandbox.url}/v1/checkouts/${checkoutId}/widget-session`)).json()) as { registrations?: unknown[] })
        .registrations ?? [];
    expect(await offered(ownersCheckout.body.checkoutId)).toHaveLength(1);
    // Someone else (another browser, or the next user of a shared computer whose session cookie is gone) sends that cart key.
    const stranger = await prepare({ items: CART, cartKey });
    expect(stranger.body.checkoutId).not.toBe(ownersCheckout.body.checkoutId);
    expect(await offered(stranger.body.checkoutId)).toEqual([]);
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
  const checkoutA = 'A'.repeat(32);
  const checkoutB = 'B'.repeat(32);
  /** A payment notification for checkout `checkoutId`, as the gateway sends it once decrypted. */
  const notification = (checkoutId: string, code: string): WebhookNotification => ({
    type: 'PAYMENT',
    payload: readPaymentResult(
      {
        id: `${checkoutId.slice(0, 1)}${'0'.repeat(31)}`,
        paymentType: 'DB',
        amount: '1.00',
        currency: 'EUR',
        ndc: checkoutId,
        result: { code },
      },
      200,
    ),
  });

  it('keeps the first final verdict of an order, and one paid order per cart: a second payment is a duplicate to refund', async () => {
    const data = await freshDataDir();
    const store = await OrderStore.open({ dataDir: data.dir });
    // Before a second checkout of the cart goes out, the first is read: it holds no payment yet.
    const unpaid = {
      getPaymentStatus: async (path: string) => readPaymentResult({ result: { code: '000.200.000' } }, 200, path.split('/')[3]),
    };
    const settlement = createSettlement({ store: store.settlementStore, gateway: unpaid, log: () => undefined });
    try {
      const cartKey = 'cart-key-one-0000000';
      for (const checkoutId of [checkoutA, checkoutB]) {
        await settlement.openCheckout({
          cartKey,
          cartFingerprint: checkoutId,
          amount: '1.00',
          currency: 'EUR',
          paymentType: 'DB',
          prepare: async () => ({ id: checkoutId }),
          details: { shopperResultUrl: 'http://127.0.0.1/r', lines: [] },
        });
      }

      await settlement.settleFromWebhook(notification(checkoutA, '000.100.110'));
      expect(await store.get(checkoutA)).toMatchObject({ paid: true, settledBy: 'webhook', verdict: { ok: true } });
      // A later answer, whatever it says, changes nothing.
      await settlement.settleFromWebhook(notification(checkoutA, '800.100.151'));
      expect(await store.get(checkoutA)).toMatchObject({ paid: true, settledBy: 'webhook', verdict: { ok: true } });

      // The other tab's checkout of the same cart was paid as well.
      await settlement.settleFromWebhook(notification(checkoutB, '000.100.110'));
      const second = await store.get(checkoutB);
      expect(second?.paid).toBe(false);
      expect(second?.state).toBe('duplicate');
      expect(second?.verdict).toMatchObject({ ok: false, needsReview: true, duplicateOf: (await store.get(checkoutA))?.orderId });
    } finally {
      await store.close();
      data.remove();
    }
  });
});
