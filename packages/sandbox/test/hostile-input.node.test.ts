// Hostile request bodies over real HTTP on 127.0.0.1: parameter names that
// walk an object's prototype, and bodies far larger than any legal request.
// The sandbox must refuse them with a 400/413 naming the parameter or the
// limit, and stay correct and responsive for every other client.
import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_PARAMETERS } from '../src/http.js';
import { openSandbox, SUCCESS_CARD, type Client } from './client.js';

let client: Client;
beforeEach(async () => {
  client = await openSandbox();
});
afterEach(async () => {
  await client.sandbox.close();
  // A failed test must not leave the prototype polluted for the next file.
  for (const key of ['polluted', 'submission', 'paymentBrand']) delete (Object.prototype as Record<string, unknown>)[key];
});

const HOSTILE_NAMES = [
  'cart.__proto__.polluted',
  'customer.__proto__.polluted',
  'billing.__proto__.polluted',
  '__proto__.polluted',
  '__proto__[polluted]',
  'cart[__proto__][polluted]',
  'customParameters[__proto__]',
  'customer.constructor.prototype.polluted',
  'cart.items[0].constructor.prototype.polluted',
  'shipping.prototype.polluted',
];

describe('parameter names that walk a prototype', () => {
  it.each(HOSTILE_NAMES)('a shopper payment with %s is refused, names the parameter, and pollutes nothing', async (name) => {
    const checkoutId = await client.checkout();
    const answer = await client.shopperPays(checkoutId, { [name]: '1' });
    expect(answer.status).toBe(400);
    expect(answer.body.result.code).toBe('200.300.404');
    expect(answer.body.result.description).toContain(name);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The checkout is still open and pays normally.
    const paid = await client.shopperPays(checkoutId);
    expect(paid.status).toBe(200);
    expect(paid.body.result.code).toBe('000.100.110');
    expect(paid.body.paymentBrand).toBe('VISA');
  });

  it('a merchant checkout, a direct payment, a reference and a status query with such a name are refused too', async () => {
    const hostile = { 'customer.__proto__.polluted': '1' };
    const checkout = await client.request('POST', '/v1/checkouts', client.checkoutParams(hostile));
    expect(checkout.status).toBe(400);
    expect(checkout.body.result.description).toContain('customer.__proto__.polluted');

    const payment = await client.pay(hostile);
    expect(payment.status).toBe(400);

    const paid = await client.pay();
    expect(paid.status).toBe(200);
    const reference = await client.reference(paid.body.id, 'RF', { amount: '1.00', currency: 'EUR', ...hostile });
    expect(reference.status).toBe(400);

    const checkoutId = await client.checkout();
    const status = await client.request('GET', `/v1/checkouts/${checkoutId}/payment`, { entityId: client.sandbox.entityId, ...hostile });
    expect(status.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a browser posting the widget form with such a name gets the 400 page and nothing is charged', async () => {
    const checkoutId = await client.checkout({ shopperResultUrl: 'http://127.0.0.1:9/result' });
    const res = await fetch(`${client.sandbox.url}/v1/checkouts/${checkoutId}/payment`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'text/html',
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'document',
      },
      body: new URLSearchParams({ ...SUCCESS_CARD, 'cart.__proto__.polluted': '1' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('cart.__proto__.polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await client.status(checkoutId)).body.result.code).not.toBe('000.100.110');
  });

  it('after such a request every other checkout still pays (no shared state was touched)', async () => {
    const first = await client.checkout();
    // `submission` is what the sandbox reads to tell a paid checkout: polluted, every checkout looked paid.
    await client.shopperPays(first, { 'cart.__proto__.submission': 'x', 'cart.__proto__.paymentBrand': 'MASTER' });
    const second = await client.checkout();
    const paid = await client.shopperPays(second);
    expect(paid.status).toBe(200);
    expect(paid.body.paymentBrand).toBe('VISA');
    expect((await client.status(second)).body.result.code).toBe('000.100.110');
  });
});

/** Posts `body` with a plain node:http request; resolves with the status and text however the server ends it. */
function rawPost(
  path: string,
  body: Buffer | string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; ms: number }> {
  const started = Date.now();
  const url = new URL(client.sandbox.url + path);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, ms: Date.now() - started }));
        res.on('error', reject);
      },
    );
    // The server may answer and close before the whole body is written.
    req.on('error', () => {});
    req.end(body);
  });
}

describe('bodies beyond any legal request', () => {
  it('a body larger than the limit is answered 413 naming the limit', async () => {
    const checkoutId = await client.checkout();
    const body = Buffer.alloc(MAX_BODY_BYTES + 1024, 'a');
    const answer = await rawPost(`/v1/checkouts/${checkoutId}/payment`, body);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(String(MAX_BODY_BYTES));
  });

  it('a Content-Length over the limit is refused before the body is read', async () => {
    const checkoutId = await client.checkout();
    const answer = await new Promise<number>((resolve) => {
      const url = new URL(client.sandbox.url);
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        path: `/v1/checkouts/${checkoutId}/payment`,
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(MAX_BODY_BYTES * 4) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => {});
      // Only the first bytes are ever sent: the answer must not wait for the rest.
      req.write('card.number=4200');
    });
    expect(answer).toBe(413);
  });

  it('more parameters than the limit are answered 400 naming the limit, and the checkout stays payable', async () => {
    const checkoutId = await client.checkout();
    const body = Array.from({ length: MAX_PARAMETERS + 1 }, (_, i) => `a${i}=1`).join('&');
    expect(body.length).toBeLessThan(MAX_BODY_BYTES);
    const answer = await rawPost(`/v1/checkouts/${checkoutId}/payment`, body);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(String(MAX_PARAMETERS));
    expect((await client.shopperPays(checkoutId)).status).toBe(200);
  });

  it('a legal cart of 1000 fully described items is still accepted', async () => {
    const items: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) {
      items[`cart.items[${i}].name`] = `Item ${i} ${'x'.repeat(200)}`;
      items[`cart.items[${i}].merchantItemId`] = `sku-${i}`;
      items[`cart.items[${i}].quantity`] = '1';
      items[`cart.items[${i}].price`] = '0.09';
      items[`cart.items[${i}].currency`] = 'EUR';
      items[`cart.items[${i}].description`] = 'd'.repeat(250);
    }
    const answer = await client.request('POST', '/v1/checkouts', client.checkoutParams(items));
    expect(answer.status).toBe(200);
    expect(answer.body.result.code).toMatch(/^000\.200/);
  });

  it('another client is answered promptly while the largest accepted body is parsed', async () => {
    const checkoutId = await client.checkout();
    const many = Array.from({ length: MAX_PARAMETERS - 10 }, (_, i) => `customParameters[SHOPPER_p${i}]=${'v'.repeat(40)}`).join('&');
    const big = rawPost(`/v1/checkouts/${checkoutId}/payment`, many);
    // Give the big body a head start so its parsing overlaps the small request.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    const small = await client.request('GET', '/v1/paymentWidgets.js', {}, 'none');
    const smallMs = Date.now() - started;
    expect(small.status).toBe(200);
    expect((await big).status).toBeGreaterThanOrEqual(200);
    // The 900 000-parameter body this guards against held every client for 6-8 s.
    expect(smallMs).toBeLessThan(1500);
  });
});
