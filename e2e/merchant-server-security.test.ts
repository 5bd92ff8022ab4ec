// The example merchant server under attack, over real HTTP on 127.0.0.1 with
// a real sandbox: every response keeps the shop out of other sites' frames
// and out of MIME sniffing; JSON that walks an object's prototype is refused;
// one client polling the payment status can neither flood the gateway nor
// stall another shopper, and a throttling gateway never holds a shopper
// longer than the status read's deadline.
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUTS_PER_CLIENT, startMerchantServer, STATUS_READ_DEADLINE_MS } from '../examples/merchant-server/src/server.js';
import { findSharedFiles, findStorefronts, findVendorLibraries } from '../examples/merchant-server/src/storefronts.js';
import { freshDataDir } from './support/data-dir.js';
import { startSandboxServer } from './support/servers.js';

const repo = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const CART = { items: [{ productId: 'tea-assam', quantity: 1 }] };

/** A sandbox, and a merchant server in front of it whose gateway requests are counted. */
async function startCountedShop(
  sandboxOptions: Parameters<typeof startSandboxServer>[0] = {},
  shopOptions: Pick<Parameters<typeof startMerchantServer>[0], 'trustedProxies'> = {},
) {
  const sandbox = await startSandboxServer(sandboxOptions);
  const gatewayRequests: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    gatewayRequests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  const data = await freshDataDir();
  const merchant = await startMerchantServer({
    database: { dataDir: data.dir },
    gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
    port: 0,
    storefronts: findStorefronts(`${repo}/examples`),
    vendor: [...findVendorLibraries(`${repo}/packages`), ...findSharedFiles(`${repo}/examples`)],
    client: { fetch: countingFetch },
    ...shopOptions,
  });
  return {
    sandbox,
    merchant,
    gatewayRequests: () => [...gatewayRequests],
    statusReads: () => gatewayRequests.filter((line) => line.startsWith('GET /v1/checkouts/')).length,
    close: async () => {
      await merchant.close();
      await sandbox.close();
      data.remove();
    },
  };
}

/** A GET from a chosen loopback address, so tests can play several clients. */
function getFrom(
  localAddress: string,
  url: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, ms: Date.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function openCheckout(shopUrl: string): Promise<{ checkoutId: string; resourcePath: string }> {
  const response = await fetch(`${shopUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(CART),
  });
  expect(response.status).toBe(201);
  const { checkoutId } = (await response.json()) as { checkoutId: string };
  return { checkoutId, resourcePath: `/v1/checkouts/${checkoutId}/payment` };
}

const statusUrl = (shopUrl: string, resourcePath: string) =>
  `${shopUrl}/api/payment-status?resourcePath=${encodeURIComponent(resourcePath)}`;

describe('headers on every response', () => {
  let shop: Awaited<ReturnType<typeof startCountedShop>>;
  beforeAll(async () => {
    shop = await startCountedShop();
  });
  afterAll(() => shop.close());

  it('every kind of route answers with frame, sniffing and referrer protection', async () => {
    const url = shop.merchant.url;
    const requests: Array<[string, RequestInit?]> = [
      ['/'],
      ['/favicon.ico'],
      ['/api/products'],
      ['/api/products', { method: 'POST' }],
      ['/api/payment-status?resourcePath=nope'],
      ['/api/nothing-here'],
      ['/api/checkout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(CART) }],
      ['/api/checkout', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }],
      ['/core-storefront'],
      ['/core-storefront/'],
      ['/core-storefront/app.js'],
      ['/core-storefront/missing.js'],
      ['/nowhere'],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(url + path, { redirect: 'manual', ...init });
      await response.arrayBuffer();
      const where = `${init?.method ?? 'GET'} ${path} (${response.status})`;
      expect(response.headers.get('x-frame-options'), where).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), where).toBe('same-origin');
    }
  });

  it('pages say in their CSP that no site may frame them', async () => {
    for (const path of ['/', '/core-storefront/', '/core-storefront/result.html']) {
      const response = await fetch(shop.merchant.url + path);
      expect(response.headers.get('content-security-policy'), path).toMatch(/frame-ancestors 'none'/);
    }
  });
});

describe('JSON that walks a prototype', () => {
  let shop: Awaited<ReturnType<typeof startCountedShop>>;
  beforeAll(async () => {
    shop = await startCountedShop();
  });
  afterAll(() => shop.close());
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).polluted;
  });

  it.each([
    '{"items":[{"productId":"tea-assam","quantity":1}],"__proto__":{"polluted":1}}',
    '{"items":[{"productId":"tea-assam","quantity":1,"__proto__":{"polluted":1}}]}',
    '{"items":[{"productId":"tea-assam","quantity":1}],"constructor":{"prototype":{"polluted":1}}}',
  ])('refuses %s with 400 naming the field, and prepares no checkout', async (body) => {
    const before = await shop.merchant.orders.count();
    const response = await fetch(`${shop.merchant.url}/api/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    const answer = (await response.json()) as { error: { code: string; field: string; message: string } };
    expect(response.status).toBe(400);
    expect(answer.error.code).toBe('INVALID_BODY');
    expect(answer.error.message).toMatch(/"(__proto__|constructor|prototype)"/);
    expect(await shop.merchant.orders.count()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('payment status reads', () => {
  let shop: Awaited<ReturnType<typeof startCountedShop>>;
  afterEach(() => shop?.close());

  it('polling an unpaid order reads the gateway at most once per a few seconds', async () => {
    shop = await startCountedShop();
    const { resourcePath } = await openCheckout(shop.merchant.url);
    const before = shop.statusReads();
    for (let i = 0; i < 10; i++) {
      const response = await fetch(statusUrl(shop.merchant.url, resourcePath));
      expect([200, 429]).toContain(response.status);
      await response.arrayBuffer();
    }
    expect(shop.statusReads() - before).toBe(1);
  });

  it('a client polling too fast is answered 429 with Retry-After, and another client is still served at once', async () => {
    shop = await startCountedShop();
    const { resourcePath } = await openCheckout(shop.merchant.url);
    const { resourcePath: otherPath } = await openCheckout(shop.merchant.url);
    const flood = await Promise.all(Array.from({ length: 100 }, () => getFrom('127.0.0.1', statusUrl(shop.merchant.url, resourcePath))));
    const refused = flood.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const other = await getFrom('127.0.0.2', statusUrl(shop.merchant.url, otherPath));
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(2000);
  });

  it('a throttling gateway holds a shopper no longer than the status read deadline', async () => {
    // Every status read after the first is throttled for a minute.
    shop = await startCountedShop({ throttle: { checkoutStatus: { limit: 1, windowMs: 60_000 } } });
    const { resourcePath: first } = await openCheckout(shop.merchant.url);
    const { resourcePath: second } = await openCheckout(shop.merchant.url);
    expect((await fetch(statusUrl(shop.merchant.url, first))).status).toBe(200);
    const started = Date.now();
    const response = await fetch(statusUrl(shop.merchant.url, second));
    const waited = Date.now() - started;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).not.toBeNull();
    expect(waited).toBeLessThan(STATUS_READ_DEADLINE_MS + 1000);
  });
});

/** A POST /api/checkout from a chosen loopback address: HTTP status, Retry-After and the error code. */
function prepareFrom(
  localAddress: string,
  shopUrl: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; retryAfter: string | undefined; code: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${shopUrl}/api/checkout`,
      { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code?: string } };
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, code: answer.error?.code });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('preparing checkouts', () => {
  let shop: Awaited<ReturnType<typeof startCountedShop>>;
  afterEach(() => shop?.close());
  const gatewayCheckouts = () => shop.gatewayRequests().filter((line) => line === 'POST /v1/checkouts').length;

  it('one client preparing checkouts in a loop is answered 429 after its burst; the gateway sees no more, and another client is still served', async () => {
    shop = await startCountedShop();
    const answers = await Promise.all(
      Array.from({ length: CHECKOUTS_PER_CLIENT.burst + 20 }, () => prepareFrom('127.0.0.1', shop.merchant.url, CART)),
    );
    const created = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(created).toHaveLength(CHECKOUTS_PER_CLIENT.burst);
    expect(refused).toHaveLength(20);
    expect(refused[0]).toMatchObject({ code: 'TOO_MANY_CHECKOUTS' });
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThan(0);
    expect(gatewayCheckouts()).toBe(CHECKOUTS_PER_CLIENT.burst);

    expect((await prepareFrom('127.0.0.2', shop.merchant.url, CART)).status).toBe(201);
  });

  it("a cart's open checkout handed out again costs nothing: a shopper's tabs and reloads are never refused", async () => {
    shop = await startCountedShop();
    const cart = { ...CART, cartKey: 'cart-0123456789abcdef' };
    const answers: number[] = [];
    for (let i = 0; i < CHECKOUTS_PER_CLIENT.burst + 10; i++)
      answers.push((await prepareFrom('127.0.0.1', shop.merchant.url, cart)).status);
    expect(answers[0]).toBe(201);
    expect(answers.slice(1).every((status) => status === 200)).toBe(true);
    expect(gatewayCheckouts()).toBe(1);
  });
});

describe('behind a reverse proxy', () => {
  let shop: Awaited<ReturnType<typeof startCountedShop>> | undefined;
  afterEach(async () => {
    await shop?.close();
    shop = undefined;
  });
  const burst = CHECKOUTS_PER_CLIENT.burst;
  const viaProxy = (forwardedFor: string) => ({ 'X-Forwarded-For': forwardedFor });

  it("the shop's own proxy listed: each shopper it forwards has a budget of their own, and a shopper's own X-Forwarded-For changes nothing", async () => {
    shop = await startCountedShop({}, { trustedProxies: ['127.0.0.1'] });
    const url = shop.merchant.url;
    // One shopper behind the proxy, the proxy appending the address it was connected from; some requests also carry
    // an X-Forwarded-For the shopper wrote, naming someone else each time (to the left of what the proxy appended).
    const answers = await Promise.all(
      Array.from({ length: burst + 10 }, (_, i) =>
        prepareFrom('127.0.0.1', url, CART, viaProxy(i % 2 ? `198.51.100.${i}, 203.0.113.7` : '203.0.113.7')),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(burst);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
    // Another shopper through the same proxy is served at once.
    expect((await prepareFrom('127.0.0.1', url, CART, viaProxy('203.0.113.8'))).status).toBe(201);
  });

  it('a header from a client that is not a listed proxy is ignored: naming itself anew on each request, it is still limited', async () => {
    shop = await startCountedShop({}, { trustedProxies: ['127.0.0.1'] });
    const url = shop.merchant.url;
    const answers = await Promise.all(
      Array.from({ length: burst + 10 }, (_, i) => prepareFrom('127.0.0.2', url, CART, viaProxy(`203.0.113.${i + 1}`))),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(burst);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
  });

  it('with no proxy listed, X-Forwarded-For is ignored from anyone', async () => {
    shop = await startCountedShop();
    const url = shop.merchant.url;
    const answers = await Promise.all(
      Array.from({ length: burst + 10 }, (_, i) => prepareFrom('127.0.0.1', url, CART, viaProxy(`203.0.113.${i + 1}`))),
    );
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
  });

  it('a proxy list with something other than an IP address is refused at start, naming the setting and the entry', async () => {
    // Checked before anything opens: no database, no gateway is touched.
    const starting = startMerchantServer({
      database: { dataDir: `${repo}/e2e/.tmp/never-made` },
      gateway: { baseUrl: 'http://127.0.0.1:9', accessToken: 'unused-token-1234', entityId: '8a8294174b7ecb28014b9699220015ca' },
      trustedProxies: ['10.0.0.0/8'],
    });
    await expect(starting).rejects.toThrow(/trustedProxies \(WPWL_TRUSTED_PROXIES\) must list IP addresses.*"10\.0\.0\.0\/8"/);
    expect(existsSync(`${repo}/e2e/.tmp/never-made`)).toBe(false);
  });
});
