// The example merchant server never loses a paid order: it runs as its own
// process on a gateway that keeps running, is killed with SIGKILL and started
// again, and every paid order still answers; the gateway's webhook settles an
// order that nobody read; and two instances on one PostgreSQL serve one
// shopper alternately with one verdict per order.
import { randomBytes, randomUUID } from 'node:crypto';
import { encryptWebhook } from '@wpwl/server';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMerchantServer } from '../examples/merchant-server/src/server.js';
import { OrderStore } from '../examples/merchant-server/src/store.js';
import { freshDataDir, type DataDir } from './support/data-dir.js';
import { readMerchantVerdict, submitCardAsShopper } from './support/merchant.js';
import { freePort, startMerchantProcess, type MerchantProcess } from './support/merchant-process.js';
import { startSandboxServer, type SandboxServer } from './support/servers.js';
import { DECLINE_CARD } from './support/shopper.js';

/** The PostgreSQL server this test creates its database on: the run's own (support/postgres-global-setup.ts), or WPWL_TEST_POSTGRES_URL's. */
const ADMIN_URL = inject('postgresUrl');

interface World {
  sandbox: SandboxServer;
  gatewayLog: string[];
  key: string;
  gateway: { baseUrl: string; accessToken: string; entityId: string };
}

async function startGateway(webhookPorts: number[]): Promise<World> {
  const gatewayLog: string[] = [];
  const key = randomBytes(32).toString('hex');
  const sandbox = await startSandboxServer({
    log: (line) => gatewayLog.push(line),
    webhookRetryDelaysMs: [200, 400, 800, 1600, 3200],
    webhooks: webhookPorts.map((port) => ({ url: `http://127.0.0.1:${port}/api/webhooks`, key })),
  });
  return { sandbox, gatewayLog, key, gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId } };
}

async function checkout(shopUrl: string, cartKey: string): Promise<{ checkoutId: string; orderId: string; amount: string }> {
  const response = await fetch(`${shopUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ productId: 'tea-sencha', quantity: 1 }], cartKey }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { checkoutId: string; orderId: string; amount: string };
}

async function checkoutAnswer(shopUrl: string, cartKey: string, renew?: string): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${shopUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ productId: 'tea-sencha', quantity: 1 }], cartKey, ...(renew ? { renew } : {}) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function pay(world: World, checkoutId: string, card?: string): Promise<void> {
  const response = await submitCardAsShopper(world.sandbox.url, checkoutId, card);
  expect([200, 400]).toContain(response.status);
}

const resourcePathOf = (checkoutId: string) => `/v1/checkouts/${checkoutId}/payment`;
const statusReadsOf = (world: World, checkoutId: string) =>
  world.gatewayLog.filter((line) => line.startsWith(`GET /v1/checkouts/${checkoutId}/payment`)).length;
const cartKey = (n: number) => `durability-cart-${n}-${randomBytes(6).toString('hex')}`;

describe('one instance on the embedded database', () => {
  let world: World;
  let data: DataDir;
  let port: number;
  let merchant: MerchantProcess | undefined;
  const start = async () => {
    merchant = await startMerchantProcess({ port, gateway: world.gateway, webhookKey: world.key, database: { dataDir: data.dir } });
    return merchant;
  };

  beforeAll(async () => {
    port = await freePort();
    world = await startGateway([port]);
    data = await freshDataDir();
  });
  afterEach(async () => {
    await merchant?.stop();
    merchant = undefined;
  });
  afterAll(async () => {
    await world?.sandbox.close();
    data?.remove();
  });

  it('answers for every paid order after a SIGKILL and a restart, read before the crash or not', async () => {
    let shop = await start();
    const paid: Array<{ checkoutId: string; orderId: string; amount: string }> = [];
    for (let n = 0; n < 8; n++) {
      const order = await checkout(shop.url, cartKey(n));
      await pay(world, order.checkoutId);
      // Half of the shoppers reach their result page before the crash.
      if (n % 2 === 0) expect((await readMerchantVerdict(shop.url, resourcePathOf(order.checkoutId))).body.ok).toBe(true);
      paid.push(order);
    }
    // The crash comes right after the last payment: its webhook may be on its way.
    await shop.kill();
    shop = await start();

    for (const order of paid) {
      const { status, body } = await readMerchantVerdict(shop.url, resourcePathOf(order.checkoutId));
      expect(status).toBe(200);
      expect(body).toMatchObject({ ok: true, orderId: order.orderId, amount: order.amount, currency: 'EUR' });
    }
    await world.sandbox.webhooksSettled(15_000);
    await shop.stop();
    const store = await OrderStore.open({ dataDir: data.dir });
    try {
      const orders = await store.all();
      for (const order of paid) {
        expect(orders.filter((stored) => stored.checkoutId === order.checkoutId)).toMatchObject([{ paid: true, verdict: { ok: true } }]);
      }
    } finally {
      await store.close();
    }
  });

  it('settles an order from the webhook alone: no result page, no status read', async () => {
    const shop = await start();
    const paidOrder = await checkout(shop.url, cartKey(100));
    const declinedOrder = await checkout(shop.url, cartKey(101));
    await pay(world, paidOrder.checkoutId);
    await pay(world, declinedOrder.checkoutId, DECLINE_CARD);
    await world.sandbox.webhooksSettled(15_000);
    await shop.stop();

    const store = await OrderStore.open({ dataDir: data.dir });
    try {
      expect(await store.get(paidOrder.checkoutId)).toMatchObject({ paid: true, settledBy: 'webhook', verdict: { ok: true } });
      expect(await store.get(declinedOrder.checkoutId)).toMatchObject({ paid: false, settledBy: 'webhook', verdict: { ok: false } });
    } finally {
      await store.close();
    }
    expect(statusReadsOf(world, paidOrder.checkoutId)).toBe(0);
    expect(statusReadsOf(world, declinedOrder.checkoutId)).toBe(0);
  });

  it("settles nothing from a payment that names another order: a shopper's own form cannot decline a stranger's order", async () => {
    const shop = await start();
    const victim = await checkout(shop.url, cartKey(150));
    const attacker = await checkout(shop.url, cartKey(151));
    // The attacker pays their own checkout with a declined card, naming the victim's order in the widget's form.
    const declined = await submitCardAsShopper(world.sandbox.url, attacker.checkoutId, DECLINE_CARD, {
      merchantTransactionId: victim.orderId,
    });
    expect(declined.status).toBe(400);
    await world.sandbox.webhooksSettled(15_000);
    await pay(world, victim.checkoutId);
    expect((await readMerchantVerdict(shop.url, resourcePathOf(victim.checkoutId))).body).toMatchObject({
      ok: true,
      orderId: victim.orderId,
    });
  });

  it('hands one cart one checkout, however many requests ask at once; a paid checkout is never replaced', async () => {
    const shop = await start();
    const key = cartKey(160);
    const answers = await Promise.all(Array.from({ length: 4 }, () => checkoutAnswer(shop.url, key)));
    expect(new Set(answers.map((answer) => answer.body.checkoutId)).size).toBe(1);
    const checkoutId = String(answers[0]?.body.checkoutId);
    // Paid in one tab whose result page has not run; another tab asks for a new checkout in its place.
    await pay(world, checkoutId);
    const renewed = await checkoutAnswer(shop.url, key, checkoutId);
    expect(renewed).toMatchObject({ status: 409, body: { error: { code: 'CART_ALREADY_PAID' } } });
  });

  it('refuses to start with a webhook key that is not 64 hex characters, naming the variable', async () => {
    await expect(
      startMerchantServer({ gateway: world.gateway, webhookKey: 'f'.repeat(63), database: { dataDir: data.dir }, port: 0 }),
    ).rejects.toThrow(/WPWL_WEBHOOK_KEY\) must be the 64 hexadecimal characters/);
  });

  it("limits the status reads a page request's resourcePath starts, as the status API does", async () => {
    const shop = await start();
    const order = await checkout(shop.url, cartKey(170));
    const page = `${shop.url}/core-storefront/result.html?resourcePath=${encodeURIComponent(resourcePathOf(order.checkoutId))}`;
    for (let n = 0; n < 60; n++) expect((await fetch(page)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A burst of 20 per order at most (STATUS_READS_PER_ORDER), not one per request; and the one
    // re-check of the order the gateway's call marked due (RECHECK_INTERVAL_MS).
    expect(statusReadsOf(world, order.checkoutId)).toBeLessThanOrEqual(22);
  });

  it('refuses a notification it cannot authenticate and changes nothing; answers 2xx for an order it never made', async () => {
    const shop = await start();
    const order = await checkout(shop.url, cartKey(200));
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${shop.url}/api/webhooks`, { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers }, body });
    const paidNotification = (orderId: string, checkoutId: string) =>
      JSON.stringify({
        type: 'PAYMENT',
        payload: {
          id: randomBytes(16).toString('hex'),
          paymentType: 'DB',
          amount: order.amount,
          currency: 'EUR',
          merchantTransactionId: orderId,
          ndc: checkoutId,
          result: { code: '000.100.110', description: 'Request successfully processed' },
        },
      });

    // A stranger's "paid" notification, encrypted with a key of its own.
    const forged = encryptWebhook({
      notification: paidNotification(order.orderId, order.checkoutId),
      key: randomBytes(32).toString('hex'),
    });
    const refused = await post(forged.body, forged.headers);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'WEBHOOK_INVALID', reason: 'authentication' } });
    const garbage = await post('{"type":"PAYMENT"}', {});
    expect(garbage.status).toBe(400);

    // Nothing was paid: the order is still open, and the gateway says so.
    const { body } = await readMerchantVerdict(shop.url, resourcePathOf(order.checkoutId));
    expect(body).toMatchObject({ ok: false, classification: 'pending' });

    const unknown = encryptWebhook({ notification: paidNotification('order-never-made', 'C'.repeat(32)), key: world.key });
    const answered = await post(unknown.body, unknown.headers);
    expect(answered.status).toBe(200);
  });
  it('keeps an authentic notification it cannot read (2xx), and accepts the previous key while the key is rotated', async () => {
    const previousKey = randomBytes(32).toString('hex');
    merchant = await startMerchantProcess({
      port,
      gateway: world.gateway,
      webhookKey: world.key,
      database: { dataDir: data.dir },
      env: { WPWL_PREVIOUS_WEBHOOK_KEY: previousKey },
    });
    const order = await checkout(merchant.url, cartKey(210));
    const post = (sealed: { body: string; headers: Record<string, string> }) =>
      fetch(`${merchant!.url}/api/webhooks`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', ...sealed.headers },
        body: sealed.body,
      });

    // Authentic (the current key) but not JSON: refused, the gateway would send it again for days and then drop it.
    const unreadable = await post(encryptWebhook({ notification: '{"type":"PAYMENT", cut short', key: world.key }));
    expect(unreadable.status).toBe(200);
    expect(await unreadable.json()).toMatchObject({ received: true, kept: true });

    // The back office still sends with the key being rotated out: it settles the order.
    const paid = {
      type: 'PAYMENT',
      payload: {
        id: randomBytes(16).toString('hex'),
        paymentType: 'DB',
        amount: order.amount,
        currency: 'EUR',
        merchantTransactionId: order.orderId,
        ndc: order.checkoutId,
        result: { code: '000.100.110', description: 'Request successfully processed' },
      },
    };
    expect((await post(encryptWebhook({ notification: JSON.stringify(paid), key: previousKey }))).status).toBe(200);
    expect((await readMerchantVerdict(merchant.url, resourcePathOf(order.checkoutId))).body).toMatchObject({ ok: true, state: 'paid' });

    await merchant.stop();
    merchant = undefined;
    const store = await OrderStore.open({ dataDir: data.dir });
    try {
      expect((await store.settlementStore.unplaced()).map((kept) => kept.reason)).toContain('unreadable: json');
    } finally {
      await store.close();
    }
  });
});

describe('two instances on one PostgreSQL', () => {
  let world: World;
  let admin: pg.Client;
  let databaseName: string;
  let databaseUrl: string;
  let publicUrl: string;
  const instances: MerchantProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    databaseName = `wpwl_e2e_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.href;
    ports.push(await freePort(), await freePort());
    // Both behind one address, as instances behind a load balancer are: the shopper result URL is the same whichever prepared it.
    publicUrl = `http://127.0.0.1:${ports[0]}`;
    world = await startGateway(ports);
    // Both start at once: the schema is made once, whichever migrates first.
    instances.push(
      ...(await Promise.all(
        ports.map((port) =>
          startMerchantProcess({ port, gateway: world.gateway, webhookKey: world.key, database: { url: databaseUrl }, publicUrl }),
        ),
      )),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await world?.sandbox.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin?.end();
  });

  it('serves one shopper alternately: checkout on one, result page on the other, webhooks to both, one verdict', async () => {
    const [a, b] = instances as [MerchantProcess, MerchantProcess];
    const order = await checkout(a.url, cartKey(300));
    await pay(world, order.checkoutId);
    // Both result pages at once, on both instances, while both receive the webhook.
    const [onB, onA] = await Promise.all([
      readMerchantVerdict(b.url, resourcePathOf(order.checkoutId)),
      readMerchantVerdict(a.url, resourcePathOf(order.checkoutId)),
    ]);
    expect(onB).toMatchObject({ status: 200, body: { ok: true, orderId: order.orderId } });
    expect(onA.body).toEqual(onB.body);

    // The other way round, with a crash of the first instance in between.
    const second = await checkout(b.url, cartKey(301));
    await a.kill();
    await pay(world, second.checkoutId, DECLINE_CARD);
    expect((await readMerchantVerdict(b.url, resourcePathOf(second.checkoutId))).body).toMatchObject({
      ok: false,
      orderId: second.orderId,
    });
    instances[0] = await startMerchantProcess({
      port: ports[0]!,
      gateway: world.gateway,
      webhookKey: world.key,
      database: { url: databaseUrl },
    });
    expect((await readMerchantVerdict(instances[0].url, resourcePathOf(second.checkoutId))).body).toMatchObject({ ok: false });

    // Two instances asked for one cart at the same moment: one checkout.
    const key = cartKey(302);
    const both = await Promise.all([checkoutAnswer(a.url, key), checkoutAnswer(b.url, key), checkoutAnswer(a.url, key)]);
    expect(new Set(both.map((answer) => answer.body.checkoutId)).size).toBe(1);

    await world.sandbox.webhooksSettled(15_000);
    const store = await OrderStore.open({ url: databaseUrl });
    try {
      const orders = await store.all();
      expect(orders.map((stored) => [stored.orderId, stored.paid, stored.verdict?.ok])).toEqual([
        [order.orderId, true, true],
        [second.orderId, false, false],
        [both[0]!.body.orderId, false, undefined],
      ]);
    } finally {
      await store.close();
    }
  });

  it("keeps the card a shopper saved although the shop could not write it when the payment's webhook first came", async () => {
    const [a] = instances as [MerchantProcess, MerchantProcess];
    const shopper = randomUUID();
    const response = await fetch(`${a.url}/api/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `wpwl_demo_shopper=${shopper}` },
      body: JSON.stringify({ items: [{ productId: 'tea-sencha', quantity: 1 }], cartKey: cartKey(310) }),
    });
    const { checkoutId, orderId } = (await response.json()) as { checkoutId: string; orderId: string };
    const shop = new pg.Client({ connectionString: databaseUrl });
    await shop.connect();
    try {
      // The shop's own table is away for a moment: the verdict is written, the card the shopper asked to keep is not.
      await shop.query('ALTER TABLE stored_cards RENAME TO stored_cards_away');
      const payment = (await (
        await submitCardAsShopper(world.sandbox.url, checkoutId, undefined, { createRegistration: 'true' })
      ).json()) as {
        registrationId?: string;
      };
      expect(payment.registrationId).toMatch(/^[0-9a-f]{32}$/);
      await expect
        .poll(async () => (await shop.query('SELECT state FROM wpwl_orders WHERE order_id = $1', [orderId])).rows[0]?.state, {
          timeout: 10_000,
        })
        .toBe('paid');
      await expect
        .poll(() => world.gatewayLog.filter((line) => line.includes(' 500 ') && line.includes('webhook')).length)
        .toBeGreaterThan(0);
      await shop.query('ALTER TABLE stored_cards_away RENAME TO stored_cards');
      // The gateway sends the notification again; the shop tells its hook again and keeps the card.
      await world.sandbox.webhooksSettled(15_000);
      const cards = await shop.query('SELECT registration_id FROM stored_cards WHERE shopper_id = $1', [shopper]);
      expect(cards.rows).toEqual([{ registration_id: payment.registrationId }]);
    } finally {
      await shop.query('ALTER TABLE IF EXISTS stored_cards_away RENAME TO stored_cards');
      await shop.end();
    }
  });
});
