// The example merchant server's API over real HTTP, on a sandbox: the browser
// decides products and quantities, never the amount; bad carts, bad result
// paths and bad resource paths are refused; a paid checkout is verified; pages
// go out with a per-response CSP nonce; nothing outside the storefronts is served.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchantServer, type MerchantServer } from '../examples/merchant-server/src/server.js';
import { findStorefronts } from '../examples/merchant-server/src/storefronts.js';
import { freshDataDir } from './support/data-dir.js';
import { readMerchantVerdict, startShopOnSandbox, submitCardAsShopper, type ShopOnSandbox } from './support/merchant.js';
import type { SandboxServer } from './support/servers.js';

const repo = fileURLToPath(new URL('..', import.meta.url));

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

async function postCheckout(body: unknown, contentType = 'application/json') {
  const response = await fetch(`${shop.url}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const paymentStatus = (resourcePath: string) => readMerchantVerdict(shop.url, resourcePath);

async function payAsShopper(checkoutId: string, number: string) {
  await submitCardAsShopper(sandbox.url, checkoutId, number);
}

describe('POST /api/checkout', () => {
  it('prices the cart on the server and ignores any amount the browser sends', async () => {
    const { status, body } = await postCheckout({ items: [{ productId: 'cup-stoneware', quantity: 3 }], amount: '0.01', currency: 'USD' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ amount: '55.50', currency: 'EUR', baseUrl: sandbox.url, brands: 'VISA MASTER AMEX' });
    expect(body.checkoutId).toMatch(/^[A-Za-z0-9.-]{32,48}$/);
    expect(body.integrity).toMatch(/^sha384-/);
    expect(body.shopperResultUrl).toBe(`${shop.url}/core-storefront/result.html`);
    expect(Date.parse(body.expiresAt) - Date.parse(body.createdAt)).toBe(30 * 60_000);
    expect(JSON.stringify(body)).not.toContain(sandbox.accessToken);
  });

  it.each([
    [{}, 'items'],
    [{ items: [] }, 'items'],
    [{ items: [{ productId: 'caviar', quantity: 1 }] }, 'items[0].productId'],
    [{ items: [{ productId: 'tea-assam', quantity: 0 }] }, 'items[0].quantity'],
    [{ items: [{ productId: 'tea-assam', quantity: 1.5 }] }, 'items[0].quantity'],
    [{ items: [{ productId: 'tea-assam', quantity: '2' }] }, 'items[0].quantity'],
    [
      {
        items: [
          { productId: 'tea-assam', quantity: 15 },
          { productId: 'tea-assam', quantity: 15 },
        ],
      },
      'items[1].quantity',
    ],
  ])('refuses the cart %j (naming %s)', async (body, field) => {
    const { status, body: answer } = await postCheckout(body);
    expect(status).toBe(400);
    expect(answer.error).toMatchObject({ code: 'INVALID_CART', field });
  });

  it.each(['https://evil.example/result', '//evil.example/x', '/core-storefront/../api/x', '/elsewhere/result.html'])(
    'refuses the result path %s',
    async (resultPath) => {
      const { status, body } = await postCheckout({ items: [{ productId: 'tea-assam', quantity: 1 }], resultPath });
      expect(status).toBe(400);
      expect(body.error.code).toBe('INVALID_RESULT_PATH');
    },
  );

  it('refuses a body that is not JSON (no cross-site form posts)', async () => {
    expect((await postCheckout('items=1', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await postCheckout('{nope', 'application/json')).body.error.code).toBe('INVALID_BODY');
  });
});

describe('GET /api/payment-status', () => {
  it('verifies a paid checkout against the stored order', async () => {
    const { body: checkout } = await postCheckout({ items: [{ productId: 'tea-sencha', quantity: 1 }] });
    await payAsShopper(checkout.checkoutId, '4200000000000000');
    const { status, body } = await paymentStatus(`/v1/checkouts/${checkout.checkoutId}/payment`);
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      state: 'paid',
      confirming: false,
      classification: 'success',
      code: '000.100.110',
      description: expect.any(String),
      mismatches: [],
      needsReview: false,
      threeDSecureFailed: false,
      orderId: checkout.orderId,
      amount: '12.90',
      currency: 'EUR',
    });
  });

  it('reports a decline as not ok, with its classification', async () => {
    const { body: checkout } = await postCheckout({ items: [{ productId: 'tea-sencha', quantity: 1 }] });
    await payAsShopper(checkout.checkoutId, '4000000000009995');
    const { body } = await paymentStatus(`/v1/checkouts/${checkout.checkoutId}/payment`);
    expect(body).toMatchObject({
      ok: false,
      state: 'declined',
      confirming: false,
      classification: 'rejectedBank',
      orderId: checkout.orderId,
    });
  });

  it('reports a payment the bank has not answered yet as being confirmed, then as paid once it has', async () => {
    const { body: checkout } = await postCheckout({ items: [{ productId: 'tea-sencha', quantity: 1 }] });
    // The sandbox's card whose first answer is a timeout (900.100.300) and that later goes through.
    await payAsShopper(checkout.checkoutId, '4000000000000903');
    const first = await paymentStatus(`/v1/checkouts/${checkout.checkoutId}/payment`);
    expect(first.body).toMatchObject({ ok: false, state: 'uncertain', confirming: true, code: '900.100.300' });
    sandbox.advanceClock(60_000);
    await shop.settlement.scheduleCheck(checkout.checkoutId);
    await shop.settlement.recheck();
    const settled = await paymentStatus(`/v1/checkouts/${checkout.checkoutId}/payment`);
    expect(settled.body).toMatchObject({ ok: true, state: 'paid', confirming: false, code: '000.100.110' });
  });

  it.each([
    `https://evil.example/v1/checkouts/${'a'.repeat(32)}/payment`,
    '/v1/payments/abc',
    `/v1/checkouts/${'a'.repeat(32)}/payment?x=1`,
    '',
  ])('refuses the resource path %j before reading anything', async (resourcePath) => {
    const { status, body } = await paymentStatus(resourcePath);
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_RESOURCE_PATH');
  });

  it('does not read checkouts it did not create', async () => {
    const { status, body } = await paymentStatus(`/v1/checkouts/${'B'.repeat(32)}/payment`);
    expect(status).toBe(404);
    expect(body.error.code).toBe('UNKNOWN_ORDER');
  });
});

describe('pages', () => {
  it('serves the storefront with a fresh CSP nonce on every script tag', async () => {
    const [first, second] = await Promise.all([fetch(`${shop.url}/core-storefront/`), fetch(`${shop.url}/core-storefront/`)]);
    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(csp).toContain(`script-src`);
    expect(csp).toContain(new URL(sandbox.url).origin);
    expect(second.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('serves @wpwl/core for the import map', async () => {
    const response = await fetch(`${shop.url}/vendor/wpwl-core/index.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
  });

  it.each([
    '/core-storefront/../package.json',
    '/core-storefront/%2e%2e/package.json',
    '/core-storefront/..%2fpackage.json',
    '/core-storefront/.env',
    '/vendor/wpwl-server/index.js',
    '/vendor/wpwl-core/../package.json',
    '/examples/merchant-server/src/server.ts',
  ])('serves nothing at %s', async (path) => {
    const response = await fetch(`${shop.url}${path}`);
    expect(response.status).toBe(404);
  });
});

describe('gateway failures', () => {
  it('answers 502 with the error code, never the token, when the gateway refuses the token', async () => {
    const data = await freshDataDir();
    const broken = await startMerchantServer({
      database: { dataDir: data.dir },
      gateway: { baseUrl: sandbox.url, accessToken: 'not-the-token', entityId: sandbox.entityId },
      port: 0,
      storefronts: findStorefronts(`${repo}examples`),
    });
    try {
      const response = await fetch(`${broken.url}/api/checkout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ items: [{ productId: 'tea-assam', quantity: 1 }] }),
      });
      expect(response.status).toBe(502);
      const text = await response.text();
      expect(JSON.parse(text).error.code).toBe('FORBIDDEN');
      expect(text).not.toContain('not-the-token');
    } finally {
      await broken.close();
      data.remove();
    }
  });
});
