// A merchant's own Express app on the settlement module, built from packed
// tarballs the way a merchant starts: `pnpm pack` for @wpwl/server, `npm
// install` beside express and pg from the registry in a fresh folder outside
// the workspace, the app's source written as the server README's Settlement
// and Express sections have it (plain JavaScript, no build), its orders in a
// fresh database of the run's PostgreSQL server. The app runs as its own Node
// process on 127.0.0.1 against a sandbox that sends it webhooks. Every
// scenario is read from the app's answers and from its database: a payment
// settled by the result page's status read before its (delayed) webhook, one
// settled by the webhook alone, refunds through the gateway's API moving an
// order to partially refunded and then refunded, and a second checkout for a
// paid cart refused with 409.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createGatewayClient } from '../packages/server/src/index.js';
import { submitCardAsShopper } from './support/merchant.js';
import { packPackages, run, writeFiles } from './support/packed.js';
import { ensureDatabase } from './support/postgres-server.mjs';
import { startSandboxServer, type SandboxServer } from './support/servers.js';

/** The merchant's app, as written from the README (nothing here is specific to the test but the environment it reads). */
const APP: Record<string, string> = {
  'server.js': `import express from 'express';
import pg from 'pg';
import { createGatewayClient, decryptWebhook, isWpwlServerError, parseStatusResource } from '@wpwl/server';
import { createSettlement, isRetryableStoreError, postgresSettlementStore, recommendedPoolOptions } from '@wpwl/server/settlement';

const gateway = createGatewayClient({
  baseUrl: process.env.WPWL_BASE_URL,
  accessToken: process.env.WPWL_ACCESS_TOKEN,
  entityId: process.env.WPWL_ENTITY_ID,
});
const store = await postgresSettlementStore({
  pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, ...recommendedPoolOptions() }),
  lockPool: new pg.Pool({ connectionString: process.env.DATABASE_URL, ...recommendedPoolOptions() }),
});
const settlement = createSettlement({ store, gateway });

// The shop's prices, in cents: the cart is priced here, never by the browser.
const PRICES = { kettle: 6400, tea: 1400 };

function priced(lines) {
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > 50) return undefined;
  let cents = 0;
  for (const line of lines) {
    if (!Object.hasOwn(PRICES, line?.sku) || !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 99) return undefined;
    cents += PRICES[line.sku] * line.quantity;
  }
  return \`\${Math.floor(cents / 100)}.\${String(cents % 100).padStart(2, '0')}\`;
}

/** What the storefront is told about an order. */
const view = (order) => ({
  orderId: order.orderId,
  state: order.state,
  settledBy: order.settledBy ?? null,
  paymentId: order.paymentId ?? null,
  amount: order.amount,
  currency: order.currency,
});

/** A failure of the database or the gateway: try again later; anything else is ours. */
function failed(res, error) {
  if (isRetryableStoreError(error)) return res.set('Retry-After', '5').sendStatus(503);
  if (isWpwlServerError(error)) return res.status(502).json({ error: error.code });
  console.error(error);
  return res.sendStatus(500);
}

const app = express();

// The raw text for this route only, whatever its Content-Type; no express.json() before it.
app.post('/webhooks', express.text({ type: '*/*', limit: '1mb' }), async (req, res) => {
  let notification;
  try {
    notification = decryptWebhook(req.body, req.headers, process.env.WEBHOOK_KEY);
  } catch (error) {
    if (isWpwlServerError(error) && error.code === 'WEBHOOK_INVALID' && error.details.reason === 'json') {
      await settlement.keepUnreadable('json', req.body).then(() => res.sendStatus(204), (kept) => failed(res, kept));
    } else if (isWpwlServerError(error) && error.code === 'WEBHOOK_INVALID' && error.details.reason !== 'key') res.sendStatus(400);
    else res.sendStatus(500);
    return;
  }
  try {
    // Answer 2xx once this resolves (it keeps what it cannot place).
    await settlement.settleFromWebhook(notification);
    res.sendStatus(204);
  } catch (error) {
    failed(res, error);
  }
});

app.post('/checkout', express.json({ limit: '16kb' }), async (req, res) => {
  const { cartKey, lines } = req.body ?? {};
  const amount = priced(lines);
  if (typeof cartKey !== 'string' || !/^[\\w-]{8,64}$/.test(cartKey) || !amount) return res.status(400).json({ error: 'BAD_CART' });
  const shopperResultUrl = \`\${req.protocol}://\${req.get('host')}/result\`;
  try {
    const opened = await settlement.openCheckout({
      cartKey,
      cartFingerprint: JSON.stringify(lines),
      amount,
      currency: 'EUR',
      paymentType: 'DB',
      prepare: (orderId) =>
        gateway.prepareCheckout({ amount, currency: 'EUR', paymentType: 'DB', merchantTransactionId: orderId, shopperResultUrl, integrity: true }),
    });
    if (opened.kind === 'cartPaid') return res.status(409).json({ error: 'CART_ALREADY_PAID', order: view(opened.order) });
    if (opened.kind === 'paymentUncertain') return res.status(409).json({ error: 'PAYMENT_BEING_CONFIRMED', order: view(opened.order) });
    if (opened.kind === 'tooManyOpen') return res.status(409).json({ error: 'TOO_MANY_OPEN_CHECKOUTS', order: view(opened.order) });
    const integrity = opened.kind === 'created' ? opened.integrity : opened.order.details.integrity;
    res.json({ checkoutId: opened.order.checkoutId, integrity, amount, reused: opened.kind === 'reused' });
  } catch (error) {
    failed(res, error);
  }
});

// The shopper's result page asks with the resourcePath from its URL.
app.get('/payment-status', async (req, res) => {
  let checkoutId;
  try {
    checkoutId = parseStatusResource(req.query.resourcePath).checkoutId;
  } catch {
    return res.status(400).json({ error: 'INVALID_RESOURCE_PATH' });
  }
  try {
    const order = await settlement.readStatus(checkoutId);
    if (!order) return res.status(404).json({ error: 'UNKNOWN_CHECKOUT' });
    res.json(view(order));
  } catch (error) {
    failed(res, error);
  }
});

// Uncertain payments and checkouts nobody read; a run that fails (the database is away) is tried at the next tick.
const rechecks = setInterval(() => settlement.recheck().catch((error) => console.error(\`recheck: \${error.message}\`)), 30_000);

const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(\`listening on http://127.0.0.1:\${server.address().port}\`);
});

process.on('SIGTERM', () => {
  clearInterval(rechecks);
  server.close(() => void store.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
`,
};

/** The app's process and its address. */
interface RunningApp {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts `node server.js` in `dir` on a free port and waits for its "listening on" line (bounded). */
function startApp(dir: string, env: Record<string, string>): Promise<RunningApp> {
  const child = spawn(process.execPath, ['server.js'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the app did not start within 20 s:\n${output}`));
    }, 20_000);
    const onData = () => {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve({ url, child, output: () => output });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Stops the app: SIGTERM, then SIGKILL after 5 s. */
async function stopApp(app: RunningApp): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => app.child.once('exit', () => resolve()));
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

const adminUrl = inject('postgresUrl');
const databaseName = `wpwl_express_${randomBytes(6).toString('hex')}`;
const webhookKey = randomBytes(32).toString('hex');
/** The sandbox's request log: which status reads the app made. */
const gatewayLog: string[] = [];

let dir: string | undefined;
let sandbox: SandboxServer | undefined;
let app: RunningApp | undefined;
let db: pg.Client | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wpwl-packed-express-'));
  const packed = await packPackages(['server'], join(dir, 'tarballs'));
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify(
      { name: 'a-merchants-express-shop', private: true, type: 'module', dependencies: { ...packed, express: '^5.1.0', pg: '^8.16.0' } },
      null,
      2,
    ),
  );
  await writeFiles(dir, APP);
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeout: 240_000 });

  const databaseUrl = await ensureDatabase(adminUrl, databaseName);
  sandbox = await startSandboxServer({ log: (line) => gatewayLog.push(line), webhookRetryDelaysMs: [200, 500, 1000, 2000] });
  app = await startApp(dir, {
    WPWL_BASE_URL: sandbox.url,
    WPWL_ACCESS_TOKEN: sandbox.accessToken,
    WPWL_ENTITY_ID: sandbox.entityId,
    DATABASE_URL: databaseUrl,
    WEBHOOK_KEY: webhookKey,
  });
  // The app knows its address only once it runs: the gateway's back office is set up now.
  sandbox.setWebhooks([{ url: `${app.url}/webhooks`, key: webhookKey }]);
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
}, 300_000);

afterAll(async () => {
  if (app) await stopApp(app);
  await sandbox?.close();
  await db?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** `POST /checkout` of the app: HTTP status and JSON body. */
async function checkout(cartKey: string, lines: Array<{ sku: string; quantity: number }>) {
  const response = await fetch(`${app!.url}/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ cartKey, lines }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** `GET /payment-status` of the app, as the result page asks. */
async function paymentStatus(checkoutId: string) {
  const resourcePath = `/v1/checkouts/${checkoutId}/payment`;
  const response = await fetch(`${app!.url}/payment-status?resourcePath=${encodeURIComponent(resourcePath)}`);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The order as the app's database holds it. */
async function storedOrder(checkoutId: string) {
  const { rows } = await db!.query<{ state: string; record: Record<string, any> }>(
    'SELECT state, record FROM wpwl_orders WHERE checkout_id = $1',
    [checkoutId],
  );
  return rows[0];
}

/** Polls the database until the order is in `state` (bounded). */
async function storedInState(checkoutId: string, state: string, timeoutMs = 15_000) {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const order = await storedOrder(checkoutId);
    if (order?.state === state) return order;
    if (Date.now() > giveUpAt) throw new Error(`order of ${checkoutId} is ${order?.state ?? 'missing'}, not ${state}\n${app!.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Status reads of this checkout's payment the app made at the gateway. */
const statusReadsOf = (checkoutId: string) => gatewayLog.filter((line) => line.startsWith(`GET /v1/checkouts/${checkoutId}/payment`));

const cart = (name: string) => `${name}-${randomBytes(6).toString('hex')}`;

describe("a merchant's Express app from packed tarballs, on the settlement module and PostgreSQL", () => {
  const paidByStatusRead = cart('cart-read');
  let webhookPaid: { checkoutId: string; paymentId: string } | undefined;

  it('a payment the result page reads first is settled by that status read; its later webhook changes nothing', async () => {
    // The gateway's notification is slow today: the shopper's result page comes first.
    sandbox!.setWebhookFaults({ delayMs: 2000 });
    const lines = [
      { sku: 'kettle', quantity: 1 },
      { sku: 'tea', quantity: 2 },
    ];
    const opened = await checkout(paidByStatusRead, lines);
    expect(opened).toMatchObject({ status: 200, body: { amount: '92.00', reused: false } });
    const { checkoutId } = opened.body;
    expect(opened.body.integrity).toMatch(/^sha384-/);
    // The same cart again, unchanged: the same checkout, no second one at the gateway.
    expect(await checkout(paidByStatusRead, lines)).toMatchObject({
      status: 200,
      body: { checkoutId, integrity: opened.body.integrity, reused: true },
    });
    expect((await storedOrder(checkoutId))?.state).toBe('open');

    expect((await submitCardAsShopper(sandbox!.url, checkoutId)).status).toBeLessThan(400);
    const read = await paymentStatus(checkoutId);
    sandbox!.setWebhookFaults(null);
    expect(read).toMatchObject({ status: 200, body: { state: 'paid', settledBy: 'status-read', amount: '92.00', currency: 'EUR' } });
    expect(read.body.paymentId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(statusReadsOf(checkoutId)).toHaveLength(1);

    // The webhook arrives later, is answered 2xx, and moves nothing.
    await sandbox!.webhooksSettled(15_000);
    expect(sandbox!.webhookStats()).toMatchObject({ delayed: 1, failed: 0 });
    const stored = await storedOrder(checkoutId);
    expect(stored).toMatchObject({ state: 'paid', record: { settledBy: 'status-read', paymentId: read.body.paymentId } });
    // A reload of the result page answers from the database: no second read at the gateway.
    expect(await paymentStatus(checkoutId)).toMatchObject({ status: 200, body: { state: 'paid', settledBy: 'status-read' } });
    expect(statusReadsOf(checkoutId)).toHaveLength(1);
  });

  it('a second checkout for the paid cart is refused with 409, changed or not, and opens no order', async () => {
    const again = await checkout(paidByStatusRead, [
      { sku: 'kettle', quantity: 1 },
      { sku: 'tea', quantity: 2 },
    ]);
    expect(again).toMatchObject({ status: 409, body: { error: 'CART_ALREADY_PAID', order: { state: 'paid' } } });
    const changed = await checkout(paidByStatusRead, [{ sku: 'tea', quantity: 1 }]);
    expect(changed).toMatchObject({ status: 409, body: { error: 'CART_ALREADY_PAID' } });
    const { rows } = await db!.query('SELECT state FROM wpwl_orders WHERE cart_key = $1', [paidByStatusRead]);
    expect(rows).toEqual([{ state: 'paid' }]);
  });

  it('a payment whose result page never ran is settled by its webhook alone', async () => {
    const opened = await checkout(cart('cart-hook'), [{ sku: 'kettle', quantity: 1 }]);
    expect(opened).toMatchObject({ status: 200, body: { amount: '64.00' } });
    const { checkoutId } = opened.body;
    // The shopper pays and closes the tab: nobody reads the status.
    expect((await submitCardAsShopper(sandbox!.url, checkoutId)).status).toBeLessThan(400);
    const stored = await storedInState(checkoutId, 'paid');
    expect(stored.record).toMatchObject({ settledBy: 'webhook', amount: '64.00', currency: 'EUR' });
    expect(statusReadsOf(checkoutId)).toEqual([]);
    // The shopper's result page, opened later, is answered from the database.
    const read = await paymentStatus(checkoutId);
    expect(read).toMatchObject({ status: 200, body: { state: 'paid', settledBy: 'webhook', paymentId: stored.record.paymentId } });
    expect(statusReadsOf(checkoutId)).toEqual([]);
    webhookPaid = { checkoutId, paymentId: read.body.paymentId };
  });

  it("refunds made through the gateway's API reach the order by webhook: partially refunded, then refunded", async () => {
    expect(webhookPaid).toBeDefined();
    const { checkoutId, paymentId } = webhookPaid!;
    const gateway = createGatewayClient({ baseUrl: sandbox!.url, accessToken: sandbox!.accessToken, entityId: sandbox!.entityId });

    const partial = await gateway.refund(paymentId, { amount: '20.00', currency: 'EUR' });
    expect(partial.classification).toBe('success');
    await storedInState(checkoutId, 'partiallyRefunded');
    expect(await paymentStatus(checkoutId)).toMatchObject({ status: 200, body: { state: 'partiallyRefunded', paymentId } });

    const rest = await gateway.refund(paymentId, { amount: '44.00', currency: 'EUR' });
    const stored = await storedInState(checkoutId, 'refunded');
    expect(stored.record.followUps).toEqual([
      expect.objectContaining({ id: partial.id, kind: 'refund', amount: '20.00', currency: 'EUR' }),
      expect.objectContaining({ id: rest.id, kind: 'refund', amount: '44.00', currency: 'EUR' }),
    ]);
    expect(await paymentStatus(checkoutId)).toMatchObject({ status: 200, body: { state: 'refunded', settledBy: 'webhook', paymentId } });
    // Every notification was answered 2xx the first time, and none was left unplaced.
    await sandbox!.webhooksSettled(15_000);
    expect(sandbox!.webhookStats()).toMatchObject({ failed: 0, retried: 0 });
    const { rows } = await db!.query('SELECT reason FROM wpwl_unplaced_notifications');
    expect(rows).toEqual([]);
  });
});
