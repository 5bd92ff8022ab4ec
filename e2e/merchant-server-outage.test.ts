// The example merchant server when its PostgreSQL goes away for 12 seconds
// (stopped the hard way, every connection cut) while shoppers check out and
// pay: the process stays up, every route that needs the database answers 503
// with a stable code and Retry-After (webhooks too, so the gateway sends them
// again), pages are still served, and once the database is back the server
// serves again within seconds, with no restart, and the payment made during
// the outage is settled. A PostgreSQL server of the test's own.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase, startPostgresServer, type PostgresServer } from './support/postgres-server.mjs';
import { readMerchantVerdict, submitCardAsShopper } from './support/merchant.js';
import { freePort, startMerchantProcess, type MerchantProcess } from './support/merchant-process.js';
import { startSandboxServer, type SandboxServer } from './support/servers.js';

const OUTAGE_MS = 12_000;

let database: PostgresServer;
let sandbox: SandboxServer;
let merchant: MerchantProcess;
const gatewayLog: string[] = [];
const merchantLog: string[] = [];

beforeAll(async () => {
  database = await startPostgresServer();
  console.log(`merchant server outage test: ${database.description}`);
  const url = await ensureDatabase(database.url, 'shop');
  const port = await freePort();
  const key = randomBytes(32).toString('hex');
  sandbox = await startSandboxServer({
    log: (line) => gatewayLog.push(line),
    webhookRetryDelaysMs: [500, 1000, 2000, 4000, 4000, 4000, 4000],
    webhooks: [{ url: `http://127.0.0.1:${port}/api/webhooks`, key }],
  });
  merchant = await startMerchantProcess({
    port,
    gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
    webhookKey: key,
    database: { url },
    onLine: (line) => merchantLog.push(line),
  });
}, 60_000);

afterAll(async () => {
  await merchant?.stop();
  await sandbox?.close();
  await database?.remove();
});

const checkout = (cartKey: string) =>
  fetch(`${merchant.url}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [{ productId: 'tea-sencha', quantity: 1 }], cartKey }),
  });

describe('a 12-second database outage', () => {
  it('keeps the process up, answers 503 + Retry-After while the database is away, and settles the payment made meanwhile', async () => {
    const before = await checkout(`outage-cart-${randomBytes(6).toString('hex')}`);
    expect(before.status).toBe(201);
    const order = (await before.json()) as { checkoutId: string; orderId: string };

    await database.stop({ mode: 'immediate' });
    const outageEnds = Date.now() + OUTAGE_MS;
    // The shopper pays during the outage: the gateway's webhook is refused (503) and retried.
    expect([200, 400]).toContain((await submitCardAsShopper(sandbox.url, order.checkoutId)).status);

    const answers: Array<{ what: string; status: number; code?: string; retryAfter: string | null }> = [];
    while (Date.now() < outageEnds) {
      const newCart = await checkout(`outage-cart-${randomBytes(6).toString('hex')}`);
      const status = await fetch(
        `${merchant.url}/api/payment-status?resourcePath=${encodeURIComponent(`/v1/checkouts/${order.checkoutId}/payment`)}`,
      );
      for (const [what, response] of [
        ['checkout', newCart],
        ['status', status],
      ] as const) {
        const body = (await response.json()) as { error?: { code?: string } };
        answers.push({
          what,
          status: response.status,
          ...(body.error?.code ? { code: body.error.code } : {}),
          retryAfter: response.headers.get('retry-after'),
        });
      }
      // A page needs no database.
      expect((await fetch(`${merchant.url}/`)).status).toBe(200);
      expect(merchant.running()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(answers.length).toBeGreaterThanOrEqual(10);
    const not503 = answers.filter((answer) => answer.status !== 503 || !answer.retryAfter || !answer.code?.startsWith('STORE_'));
    expect(not503).toEqual([]);
    const webhookAnswers = gatewayLog.filter((line) => /webhook/i.test(line) && /\b503\b/.test(line));
    expect(webhookAnswers.length).toBeGreaterThan(0);

    const backAt = Date.now();
    await database.start();
    await expect
      .poll(async () => (await checkout(`outage-cart-${randomBytes(6).toString('hex')}`)).status, { timeout: 15_000, interval: 500 })
      .toBe(201);
    console.log(`merchant server outage test: serving again ${Date.now() - backAt} ms after the database was back`);
    expect(Date.now() - backAt).toBeLessThan(15_000);
    await expect
      .poll(async () => (await readMerchantVerdict(merchant.url, `/v1/checkouts/${order.checkoutId}/payment`)).body, {
        timeout: 20_000,
        interval: 1000,
      })
      .toMatchObject({ ok: true, state: 'paid' });
    expect(merchant.running()).toBe(true);
    expect(merchantLog.filter((line) => /uncaught|unhandled/i.test(line))).toEqual([]);
  });
});
