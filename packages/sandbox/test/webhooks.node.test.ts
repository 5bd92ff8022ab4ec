import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { RESULTS, startSandbox, type WebhookFaults } from '@wpwl/sandbox';
import { openSandbox, type Client } from './client.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './webhook-receiver.js';

const KEY = randomBytes(32).toString('hex');
const FAST = [30, 60, 90];

/** A merchant's webhook endpoint on loopback answering from `answer`, closed after each test. */
async function receiver(answer: (n: number) => number | 'hang' = () => 200): Promise<WebhookReceiver> {
  const opened = await startWebhookReceiver(KEY, answer);
  receivers.push(opened);
  return opened;
}

const receivers: WebhookReceiver[] = [];
let client: Client | undefined;

afterEach(async () => {
  await client?.sandbox.close();
  client = undefined;
  for (const opened of receivers.splice(0)) await opened.close();
});

async function start(url: string, extra: Parameters<typeof openSandbox>[0] = {}): Promise<Client> {
  client = await openSandbox({ webhooks: [{ url, key: KEY }], webhookRetryDelaysMs: FAST, ...extra });
  return client;
}

const payments = (r: { received: ReceivedWebhook[] }) =>
  r.received.filter((x) => x.notification.type === 'PAYMENT').map((x) => x.notification);

describe('webhook notifications', () => {
  it('sends an encrypted PAYMENT notification for a checkout payment, ndc = the checkout id', async () => {
    const r = await receiver();
    const c = await start(r.url);
    const checkoutId = await c.checkout({ merchantTransactionId: 'order-1042', 'customParameters[SHOP_ref]': 'x9' });
    const paid = await c.shopperPays(checkoutId);
    await c.sandbox.webhooksSettled(5000);
    expect(r.received).toHaveLength(1);
    const [first] = r.received;
    expect(first?.headers['content-type']).toBe('text/plain');
    expect(first?.raw).toMatch(/^[0-9a-f]+$/);
    expect(first?.headers['x-initialization-vector']).toMatch(/^[0-9a-f]{24}$/);
    expect(first?.headers['x-authentication-tag']).toMatch(/^[0-9a-f]{32}$/);
    expect(first?.notification).toMatchObject({
      type: 'PAYMENT',
      payload: {
        id: paid.body.id,
        ndc: checkoutId,
        paymentType: 'DB',
        paymentBrand: 'VISA',
        amount: '92.00',
        currency: 'EUR',
        merchantTransactionId: 'order-1042',
        customParameters: { SHOP_ref: 'x9' },
        result: { code: '000.100.110' },
        card: { bin: '420000', last4Digits: '0000' },
      },
    });
    expect(first?.notification.action).toBeUndefined();
    expect(first?.notification.payload.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+0000$/);
    expect(c.sandbox.webhookStats()).toMatchObject({ notifications: 1, attempts: 1, delivered: 1, retried: 0, failed: 0, pending: 0 });
    expect(c.sandbox.payments()).toEqual([
      {
        id: paid.body.id,
        checkoutId,
        merchantTransactionId: 'order-1042',
        paymentType: 'DB',
        amount: '92.00',
        currency: 'EUR',
        resultCode: '000.100.110',
        state: 'success',
      },
    ]);
  });

  it('sends a declined payment with its result code', async () => {
    const r = await receiver();
    const c = await start(r.url);
    const checkoutId = await c.checkout();
    await c.shopperPays(checkoutId, { 'card.number': '4000000000009995' });
    await c.sandbox.webhooksSettled(5000);
    expect(payments(r)).toEqual([expect.objectContaining({ payload: expect.objectContaining({ ndc: checkoutId }) })]);
    expect(payments(r)[0].payload.result.code).toBe('800.100.155');
    expect(c.sandbox.payments()[0]).toMatchObject({ state: 'rejected', resultCode: '800.100.155' });
  });

  it('sends 3-D Secure as pending, then the final result', async () => {
    const r = await receiver();
    const c = await start(r.url);
    const checkoutId = await c.checkout();
    await c.shopperPays(checkoutId, { 'card.number': '4000000000003220' });
    await r.until(1);
    expect(payments(r)[0].payload.result.code).toBe('000.200.000');
    expect(c.sandbox.payments()[0]?.state).toBe('pending');
    await c.request('POST', `/v1/threeds/${checkoutId}`, { outcome: 'complete' }, 'none');
    await c.sandbox.webhooksSettled(5000);
    const [pending, final] = payments(r);
    expect(final.payload).toMatchObject({ id: pending.payload.id, ndc: checkoutId, result: { code: '000.100.110' } });
    expect(final.payload.redirect).toBeUndefined();

    const failedId = await c.checkout();
    await c.shopperPays(failedId, { 'card.number': '4000000000003220' });
    await c.request('POST', `/v1/threeds/${failedId}`, { outcome: 'fail' }, 'none');
    await c.sandbox.webhooksSettled(5000);
    const codes = payments(r)
      .filter((n) => n.payload.ndc === failedId)
      .map((n) => n.payload.result.code);
    expect(codes).toEqual(['000.200.000', RESULTS.authenticationFailed.code]);
    expect(c.sandbox.payments().find((p) => p.checkoutId === failedId)?.state).toBe('rejected');
  });

  it('sends captures and refunds as their own payments with referencedId', async () => {
    const r = await receiver();
    const c = await start(r.url);
    const pa = await c.pay({ paymentType: 'PA', merchantTransactionId: 'order-0007' });
    const cp = await c.reference(pa.body.id, 'CP', { amount: '92.00', currency: 'EUR' });
    const db = await c.pay();
    const rf = await c.reference(db.body.id, 'RF', { amount: '10.00', currency: 'EUR' });
    await c.sandbox.webhooksSettled(5000);
    const byId = new Map(payments(r).map((n) => [n.payload.id, n.payload]));
    expect(byId.get(pa.body.id)).toMatchObject({ paymentType: 'PA', merchantTransactionId: 'order-0007' });
    expect(byId.get(pa.body.id).referencedId).toBeUndefined();
    expect(byId.get(cp.body.id)).toMatchObject({ paymentType: 'CP', referencedId: pa.body.id, amount: '92.00', currency: 'EUR' });
    expect(byId.get(rf.body.id)).toMatchObject({ paymentType: 'RF', referencedId: db.body.id, amount: '10.00' });
    expect(cp.body.referencedId).toBeUndefined();
    expect(c.sandbox.payments().find((p) => p.id === rf.body.id)).toMatchObject({ referencedId: db.body.id, state: 'success' });
  });

  it('sends REGISTRATION CREATED when a card is stored', async () => {
    const r = await receiver();
    const c = await start(r.url);
    const withPayment = await c.checkout({ createRegistration: 'true' });
    const paid = await c.shopperPays(withPayment);
    const only = await c.checkout();
    const stored = await c.request(
      'POST',
      `/v1/checkouts/${only}/registration`,
      { paymentBrand: 'VISA', 'card.number': '4200000000000000', 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123' },
      'none',
    );
    await c.sandbox.webhooksSettled(5000);
    const registrations = r.received.map((x) => x.notification).filter((n) => n.type === 'REGISTRATION');
    expect(registrations.map((n) => n.action)).toEqual(['CREATED', 'CREATED']);
    expect(registrations.map((n) => n.payload.id)).toEqual([paid.body.registrationId, stored.body.id]);
    expect(registrations[0].payload).toMatchObject({ paymentBrand: 'VISA', card: { last4Digits: '0000' } });
  });

  it('sends nothing without webhooks and logs one line per attempt', async () => {
    const lines: string[] = [];
    const r = await receiver();
    const c = await start(r.url, { log: (line) => lines.push(line) });
    const paid = await c.pay();
    await c.sandbox.webhooksSettled(5000);
    expect(lines.filter((l) => l.startsWith('webhook '))).toEqual([`webhook PAYMENT ${paid.body.id} -> ${r.url} 200 (attempt 1)`]);
    await c.sandbox.close();
    client = await openSandbox();
    await client.pay();
    expect(client.sandbox.webhookStats()).toMatchObject({ notifications: 0, pending: 0 });
  });
});

describe('webhook delivery', () => {
  it('retries after 500s and stops at the first 2xx', async () => {
    const r = await receiver((n) => (n < 3 ? 500 : 204));
    const c = await start(r.url);
    await c.pay();
    await c.sandbox.webhooksSettled(5000);
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((x) => x.notification.payload.id)).size).toBe(1);
    expect(c.sandbox.webhookStats()).toMatchObject({ notifications: 1, attempts: 3, retried: 2, delivered: 1, failed: 0, pending: 0 });
  });

  it('retries after a timeout and gives up after the last attempt of the schedule', async () => {
    const lines: string[] = [];
    const r = await receiver(() => 'hang');
    const c = await start(r.url, { webhookTimeoutMs: 100, webhookRetryDelaysMs: [20, 20], log: (l) => lines.push(l) });
    await c.pay();
    await c.sandbox.webhooksSettled(5000);
    expect(r.received).toHaveLength(3);
    expect(c.sandbox.webhookStats()).toMatchObject({ attempts: 3, retried: 2, delivered: 0, failed: 1, pending: 0 });
    const webhookLines = lines.filter((l) => l.startsWith('webhook '));
    expect(webhookLines).toHaveLength(3);
    expect(webhookLines[0]).toContain('failed: timed out after 100 ms (attempt 1; retry in 20 ms)');
    expect(webhookLines[2]).toContain('(attempt 3; given up)');
  });

  it('retries when nothing listens (connection refused)', async () => {
    const r = await receiver();
    const dead = r.url.replace(/:\d+\//, ':1/');
    const c = await start(dead, { webhookRetryDelaysMs: [10] });
    await c.pay();
    await c.sandbox.webhooksSettled(5000);
    expect(c.sandbox.webhookStats()).toMatchObject({ attempts: 2, failed: 1, delivered: 0 });
  });

  it('webhooksSettled rejects after its timeout while a delivery is pending', async () => {
    const r = await receiver(() => 500);
    const c = await start(r.url, { webhookRetryDelaysMs: [60_000] });
    await c.pay();
    await r.until(1);
    await expect(c.sandbox.webhooksSettled(50)).rejects.toThrow(/1 notification\(s\) still pending after 50 ms/);
    expect(c.sandbox.webhookStats().pending).toBe(1);
  });

  it('close() mid-retry clears the retry timers and aborts the attempt in flight', async () => {
    // Both first attempts fail; of the two retries one hangs, the other fails and waits 100 ms for its next.
    const r = await receiver((n) => (n === 3 ? 'hang' : 500));
    const c = await start(r.url, { webhookRetryDelaysMs: [10, 100, 100] });
    await c.pay();
    await c.pay();
    await r.until(4);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const settled = c.sandbox.webhooksSettled();
    await c.sandbox.close();
    await settled;
    expect(c.sandbox.webhookStats()).toMatchObject({ attempts: 4, pending: 0, dropped: 2, delivered: 0, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.received).toHaveLength(4);
    expect(r.sockets.size).toBe(0);
  });

  it('a process that closes the sandbox mid-retry exits: no timer or socket is left', async () => {
    const r = await receiver((n) => (n === 1 ? 500 : 'hang'));
    const dir = await mkdtemp(join(tmpdir(), 'wpwl-sandbox-webhooks-'));
    try {
      const bundled = await build({
        entryPoints: [fileURLToPath(new URL('../src/server.ts', import.meta.url))],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        write: false,
        plugins: [
          {
            name: 'no-stand-in',
            setup(b) {
              b.onResolve({ filter: /^virtual:wpwl-stand-in$/ }, () => ({ path: 'stand-in', namespace: 'empty' }));
              b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export default "";', loader: 'js' }));
            },
          },
        ],
      });
      await writeFile(join(dir, 'server.mjs'), bundled.outputFiles[0]?.text ?? '');
      await writeFile(join(dir, 'main.mjs'), CHILD_SCRIPT);
      const child = spawn(process.execPath, [join(dir, 'main.mjs')], {
        env: { ...process.env, HOOK_URL: r.url, HOOK_KEY: KEY },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill();
          reject(new Error(`the process did not exit after close(): ${out}`));
        }, 10_000);
        child.on('exit', (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      expect(code).toBe(0);
      expect(JSON.parse(out)).toMatchObject({ attempts: 2, pending: 0, dropped: 1 });
      expect(r.received).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// Starts a sandbox, pays, waits until the retry hangs, closes and prints the stats; must then exit by itself.
const CHILD_SCRIPT = `
import { request } from 'node:http';
import { startSandbox } from './server.mjs';
const sandbox = await startSandbox({ webhooks: [{ url: process.env.HOOK_URL, key: process.env.HOOK_KEY }], webhookRetryDelaysMs: [10, 60000] });
const body = new URLSearchParams({ entityId: sandbox.entityId, amount: '92.00', currency: 'EUR', paymentType: 'DB', paymentBrand: 'VISA',
  'card.number': '4200000000000000', 'card.expiryMonth': '05', 'card.expiryYear': '2034', 'card.cvv': '123' }).toString();
await new Promise((resolve, reject) => {
  const req = request(sandbox.url + '/v1/payments', { method: 'POST', agent: false,
    headers: { Authorization: 'Bearer ' + sandbox.accessToken, 'Content-Type': 'application/x-www-form-urlencoded' } },
    (res) => { res.resume(); res.on('end', resolve); });
  req.on('error', reject);
  req.end(body);
});
const poll = setInterval(async () => {
  if (sandbox.webhookStats().attempts < 2) return;
  clearInterval(poll);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await sandbox.close();
  process.stdout.write(JSON.stringify(sandbox.webhookStats()));
}, 10);
`;

describe('webhook faults', () => {
  const fixed =
    (...values: number[]): (() => number) =>
    () =>
      values.length > 1 ? (values.shift() ?? 0) : (values[0] ?? 0);

  it('duplicate sends a delivered notification a second time', async () => {
    const r = await receiver();
    const c = await start(r.url, { webhookFaults: { duplicate: 1 } });
    const paid = await c.pay();
    await c.sandbox.webhooksSettled(5000);
    expect(payments(r).map((n) => n.payload.id)).toEqual([paid.body.id, paid.body.id]);
    expect(r.received[0]?.headers['x-initialization-vector']).not.toBe(r.received[1]?.headers['x-initialization-vector']);
    expect(c.sandbox.webhookStats()).toMatchObject({ notifications: 1, duplicated: 1, delivered: 2, attempts: 2 });
  });

  it('failFirst sends the first attempts and counts them as failed, so the merchant sees them again', async () => {
    const r = await receiver();
    const c = await start(r.url, { webhookFaults: { failFirst: 2 } });
    await c.pay();
    await c.sandbox.webhooksSettled(5000);
    expect(r.received).toHaveLength(3);
    expect(c.sandbox.webhookStats()).toMatchObject({ attempts: 3, failedFirst: 2, retried: 2, delivered: 1 });
  });

  it('delayMs holds each notification before its first attempt', async () => {
    const r = await receiver();
    const c = await start(r.url, { webhookFaults: { delayMs: [150, 250], random: fixed(0.5) } });
    const started = Date.now();
    await c.pay();
    expect(c.sandbox.webhookStats()).toMatchObject({ delayed: 1, pending: 1 });
    await r.until(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await c.sandbox.webhooksSettled(5000);
  });

  it('reorder sends a batch in reverse order; setWebhookFaults changes faults at run time', async () => {
    const r = await receiver();
    const c = await start(r.url, { webhookFaults: { reorder: true, reorderWindowMs: 300 } });
    const checkoutId = await c.checkout();
    await c.shopperPays(checkoutId, { 'card.number': '4000000000003220' });
    await c.request('POST', `/v1/threeds/${checkoutId}`, { outcome: 'complete' }, 'none');
    await c.sandbox.webhooksSettled(5000);
    // The final result arrives before the pending one: the merchant must not move a verdict back.
    expect(payments(r).map((n) => n.payload.result.code)).toEqual(['000.100.110', '000.200.000']);
    expect(c.sandbox.webhookStats()).toMatchObject({ reordered: 2, delivered: 2 });

    c.sandbox.setWebhookFaults(null);
    await c.pay();
    await c.sandbox.webhooksSettled(5000);
    expect(c.sandbox.webhookStats()).toMatchObject({ reordered: 2, delivered: 3 });
  });

  it('a seeded random decides which notifications are duplicated', async () => {
    const r = await receiver();
    const c = await start(r.url, { webhookFaults: { duplicate: 0.5, random: fixed(0.9, 0.1, 0.9) } });
    await c.pay();
    await c.sandbox.webhooksSettled(5000);
    await c.pay();
    await c.sandbox.webhooksSettled(5000);
    await c.pay();
    await c.sandbox.webhooksSettled(5000);
    const stats = c.sandbox.webhookStats();
    expect(stats).toMatchObject({ notifications: 3, duplicated: 1, delivered: 4 });
    expect(stats.notifications + stats.duplicated).toBe(stats.delivered + stats.failed + stats.pending + stats.dropped);
  });
});

describe('webhook options', () => {
  const url = 'http://127.0.0.1:9/hook';
  it.each([
    [{ webhooks: [{ url, key: 'abc' }] }, /webhooks\[0\]\.key must be 64 hexadecimal characters/],
    [{ webhooks: [{ url, key: `${KEY.slice(0, 62)}zz` }] }, /webhooks\[0\]\.key/],
    [{ webhooks: [{ url: 'https://shop.example.com/hook', key: KEY }] }, /webhooks\[0\]\.url must be on a loopback host/],
    [{ webhooks: [{ url: 'http://10.0.0.1/hook', key: KEY }] }, /loopback/],
    [{ webhooks: [{ url: 'ftp://127.0.0.1/hook', key: KEY }] }, /webhooks\[0\]\.url must be an http\(s\) URL/],
    [{ webhooks: [{ url: '/api/webhooks', key: KEY }] }, /absolute http\(s\) URL/],
    [{ webhookRetryDelaysMs: [1000, -1] }, /webhookRetryDelaysMs/],
    [{ webhookTimeoutMs: 0 }, /webhookTimeoutMs/],
    [{ webhookFaults: { duplicate: 2 } }, /webhookFaults\.duplicate must be a probability/],
    [{ webhookFaults: { delayMs: [5, 1] } }, /webhookFaults\.delayMs/],
    [{ webhookFaults: { failFirst: 1.5 } }, /webhookFaults\.failFirst/],
  ])('refuses %j', async (options, message) => {
    await expect(startSandbox(options as Parameters<typeof startSandbox>[0])).rejects.toThrow(message);
  });

  it('setWebhooks points notifications from then on at another endpoint, checked like the option', async () => {
    const later = await receiver();
    client = await openSandbox({ webhookRetryDelaysMs: FAST });
    await client.pay();
    expect(() => client?.sandbox.setWebhooks([{ url: 'https://shop.example.com/hook', key: KEY }])).toThrow(
      /setWebhooks: endpoints\[0\]\.url must be on a loopback host/,
    );
    client.sandbox.setWebhooks([{ url: later.url, key: KEY }]);
    const paid = await client.pay();
    await client.sandbox.webhooksSettled(5000);
    // Only the payment made after the endpoint was set.
    expect(payments(later).map((n) => n.payload.id)).toEqual([paid.body.id]);
    client.sandbox.setWebhooks([]);
    await client.pay();
    expect(client.sandbox.webhookStats()).toMatchObject({ notifications: 1, pending: 0 });
  });

  it('accepts localhost, [::1] and upper-case keys; setWebhookFaults checks its argument', async () => {
    client = await openSandbox({
      webhooks: [
        { url: 'http://localhost:9/hook', key: KEY.toUpperCase() },
        { url: 'https://[::1]:9/hook', key: KEY },
      ],
    });
    expect(() => client?.sandbox.setWebhookFaults({ reorder: 'yes' } as unknown as WebhookFaults)).toThrow(
      /setWebhookFaults: faults\.reorder must be a boolean/,
    );
  });
});
