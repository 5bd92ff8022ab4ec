// Express checkout at the merchant server: what the cart's wallet buttons
// need before any checkout exists (GET /api/express), the checkout a wallet
// press asks for (POST /api/express-checkout) under the cart's settlement
// rules, and Apple Pay's domain-verification file from configuration.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMerchantVerdict, startShopOnSandbox, type ShopOnSandbox } from './support/merchant.js';

const DOMAIN_FILE = '7B227073704964223A2239373943394538343346343131343036344645';

let world: ShopOnSandbox;
beforeAll(async () => {
  world = await startShopOnSandbox({ settings: { applePayDomainAssociation: DOMAIN_FILE } });
});
afterAll(() => world?.close());

const CART = [
  { productId: 'tea-sencha', quantity: 2 },
  { productId: 'kettle-iron', quantity: 1 },
];

async function post(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${world.merchant.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Pays `checkoutId` as the stand-in wallet sheet does, with the total the sheet showed. */
function payWithWallet(checkoutId: string, brand: string, amount: string) {
  return fetch(`${world.sandbox.url}/v1/checkouts/${checkoutId}/payment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ paymentBrand: brand, 'wallet.amount': amount, 'wallet.currency': 'EUR' }).toString(),
  });
}

describe('GET /api/express', () => {
  it('answers the gateway, the wallet brands and the hash of the script loaded without a checkout id', async () => {
    const response = await fetch(`${world.merchant.url}/api/express`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { baseUrl: string; brands: string; integrity: string };
    expect(body).toMatchObject({ baseUrl: world.sandbox.url, brands: 'APPLEPAY GOOGLEPAY PAYPAL' });
    const script = Buffer.from(await (await fetch(`${world.sandbox.url}/v1/paymentWidgets.js`)).arrayBuffer());
    expect(body.integrity).toBe(`sha384-${createHash('sha384').update(script).digest('base64')}`);
  });
});

describe('POST /api/express-checkout', () => {
  it('prepares the cart’s checkout at the press, priced by the server, and the same one for the same cart', async () => {
    const cartKey = crypto.randomUUID();
    const first = await post('/api/express-checkout', { items: CART, cartKey, brand: 'GOOGLEPAY' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amount: '89.80', currency: 'EUR' });
    expect(first.body.checkoutId).toMatch(/^[A-Za-z0-9.-]{32,48}$/);
    // A second press, or the card form of the same cart: one payable checkout.
    const again = await post('/api/express-checkout', { items: CART, cartKey, brand: 'PAYPAL' });
    const card = await post('/api/checkout', { items: CART, cartKey });
    expect([again.status, card.status]).toEqual([200, 200]);
    expect(again.body.checkoutId).toBe(first.body.checkoutId);
    expect(card.body.checkoutId).toBe(first.body.checkoutId);
  });

  it('a paid wallet payment settles the order once; the cart then gets no other checkout', async () => {
    const cartKey = crypto.randomUUID();
    const { body } = await post('/api/express-checkout', { items: CART, cartKey, brand: 'GOOGLEPAY' });
    expect((await payWithWallet(body.checkoutId, 'GOOGLEPAY', '89.80')).status).toBe(200);
    const verdict = await readMerchantVerdict(world.merchant.url, `/v1/checkouts/${body.checkoutId}/payment`);
    expect(verdict.body).toMatchObject({ ok: true, orderId: body.orderId });
    const again = await post('/api/express-checkout', { items: CART, cartKey, brand: 'GOOGLEPAY' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'CART_ALREADY_PAID', orderId: body.orderId });
    const order = await world.merchant.orders.settlementStore.find({ checkoutId: body.checkoutId });
    expect(order?.state).toBe('paid');
  });

  it('a sheet that showed another total is declined by the gateway, and nothing is charged', async () => {
    const { body } = await post('/api/express-checkout', { items: CART, cartKey: crypto.randomUUID(), brand: 'GOOGLEPAY' });
    expect((await payWithWallet(body.checkoutId, 'GOOGLEPAY', '80.00')).status).toBe(400);
    const verdict = await readMerchantVerdict(world.merchant.url, `/v1/checkouts/${body.checkoutId}/payment`);
    expect(verdict.body.ok).toBe(false);
    expect(verdict.body.code).toBe('100.550.360');
  });

  it('refuses a brand that is not an express wallet, naming the field', async () => {
    for (const brand of ['VISA', undefined, 'googlepay']) {
      const refused = await post('/api/express-checkout', { items: CART, brand });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'INVALID_BRAND', field: 'brand' });
    }
  });
});

describe('Apple Pay domain verification', () => {
  it('serves the configured file under /.well-known/', async () => {
    const response = await fetch(`${world.merchant.url}/.well-known/apple-developer-merchantid-domain-association`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(DOMAIN_FILE);
  });
});
