// The client against a hostile or misbehaving gateway on 127.0.0.1: a
// redirect answered to a payment request, throttling with long Retry-After
// waits, answers far larger than any real one, and answers or parameters
// whose names walk an object's prototype. No payment request may be sent
// twice, no caller may wait past its deadline, and no answer may exhaust
// memory or change how other objects behave.
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient, isWpwlServerError } from '../src/index.js';
import { CHECKOUT_ID, ENTITY_ID, PAYMENT_ID, TOKEN, caught, answerJson, closeFakeGateways, startFakeGateway } from './support.js';

afterEach(async () => {
  await closeFakeGateways();
  delete (Object.prototype as Record<string, unknown>).polluted;
});

const serve = startFakeGateway;
const json = answerJson;

const THROTTLED = { result: { code: '800.120.100', description: 'Too many requests. Please try again later.' } };
const CAPTURED = { id: PAYMENT_ID, paymentType: 'CP', amount: '1.00', currency: 'EUR', result: { code: '000.100.110' } };
const PAID = { id: PAYMENT_ID, paymentType: 'DB', amount: '1.00', currency: 'EUR', result: { code: '000.100.110' } };

const client = (baseUrl: string, extra: object = {}) =>
  createGatewayClient({ baseUrl, accessToken: TOKEN, entityId: ENTITY_ID, retries: 2, retryDelayMs: 10, ...extra });

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])('a capture answered %i is sent once and reported as OUTCOME_UNKNOWN', async (status) => {
    const { url, seen } = await serve((req, res) => {
      if (req.method === 'POST') {
        res.writeHead(status, { Location: `/v1/payments/${PAYMENT_ID}` });
        res.end();
      } else json(res, 200, CAPTURED);
    });
    const error = await caught(() => client(url).capture(PAYMENT_ID, { amount: '1.00', currency: 'EUR' }));
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(isWpwlServerError(error) && error.code).toBe('OUTCOME_UNKNOWN');
    // The message says what to do: the capture may have been taken.
    expect((error as Error).message).toMatch(/may have been processed/);
    expect((error as Error).message).toMatch(/getPaymentStatus|read the payment/);
  });

  it('a status read follows a same-origin redirect, at most three times', async () => {
    const { url, seen } = await serve((req, res) => {
      const hop = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('hop') ?? 0);
      if (hop < 10) {
        res.writeHead(302, { Location: `/v1/payments/${PAYMENT_ID}?entityId=${ENTITY_ID}&hop=${hop + 1}` });
        res.end();
      } else json(res, 200, PAID);
    });
    const error = await caught(() => client(url, { retries: 0 }).getPaymentStatus(CHECKOUT_ID));
    expect(isWpwlServerError(error) && error.code).toBe('SERVER_ERROR');
    expect(seen).toHaveLength(4);
  });
});

describe('throttling and the caller deadline', () => {
  it('a payment request is retried for the interface throttling answer (800.120.100), which means not processed', async () => {
    const { url, seen } = await serve((_req, res, seen) => (seen.length < 2 ? json(res, 429, THROTTLED) : json(res, 200, CAPTURED)));
    const result = await client(url).capture(PAYMENT_ID, { amount: '1.00', currency: 'EUR' });
    expect(result.id).toBe(PAYMENT_ID);
    expect(seen).toHaveLength(2);
  });

  it('a payment request answered 429 without the throttling result code is not sent again', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 429, 'Too Many Requests'));
    const error = await caught(() => client(url).capture(PAYMENT_ID, { amount: '1.00', currency: 'EUR' }));
    expect(isWpwlServerError(error) && error.code).toBe('THROTTLED');
    expect(seen).toHaveLength(1);
  });

  it('never waits past deadlineMs: a Retry-After longer than the time left fails at once with THROTTLED', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 429, THROTTLED, { 'Retry-After': '30' }));
    const started = Date.now();
    const error = await caught(() => client(url, { deadlineMs: 1000 }).getPaymentStatus(CHECKOUT_ID));
    const waited = Date.now() - started;
    expect(isWpwlServerError(error) && error.code).toBe('THROTTLED');
    expect(waited).toBeLessThan(1500);
    expect(seen).toHaveLength(1);
    expect(isWpwlServerError(error) && error.details.retryAfterMs).toBe(30_000);
  });

  it('a per-call deadline bounds a slow gateway below the client timeout', async () => {
    const { url } = await serve(() => {
      /* never answers */
    });
    const started = Date.now();
    const error = await caught(() => client(url, { timeoutMs: 30_000 }).getPaymentStatus(CHECKOUT_ID, { deadlineMs: 300 }));
    expect(isWpwlServerError(error) && error.code).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refuses a deadline that is not a positive integer', async () => {
    expect(() => createGatewayClient({ baseUrl: 'http://127.0.0.1:9', accessToken: TOKEN, entityId: ENTITY_ID, deadlineMs: -1 })).toThrow(
      /deadlineMs/,
    );
    const error = await caught(() => client('http://127.0.0.1:9').getPaymentStatus(CHECKOUT_ID, { deadlineMs: Number.NaN }));
    expect(isWpwlServerError(error) && error.code).toBe('INVALID_CONFIG');
  });
});

describe('answer size', () => {
  it('an endless answer is cut off at maxResponseBytes with RESPONSE_TOO_LARGE', async () => {
    let sent = 0;
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"result":{"code":"000.100.110"},"padding":"');
      const chunk = 'x'.repeat(64 * 1024);
      const pump = () => {
        while (sent < 300 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('"}');
      };
      pump();
    });
    const started = Date.now();
    const error = await caught(() => client(url, { maxResponseBytes: 1024 * 1024 }).getPaymentStatus(CHECKOUT_ID));
    expect(isWpwlServerError(error) && error.code).toBe('RESPONSE_TOO_LARGE');
    expect((error as Error).message).toContain('1048576');
    expect(Date.now() - started).toBeLessThan(5000);
    // The reader stopped early: far less than the 300 MB answer was ever sent.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('a declared Content-Length over the limit is refused before the body is read', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(300 * 1024 * 1024) });
      res.write('{"result":');
    });
    const error = await caught(() => client(url).getPaymentStatus(CHECKOUT_ID));
    expect(isWpwlServerError(error) && error.code).toBe('RESPONSE_TOO_LARGE');
  });

  it('a normal answer is read as before under the default limit', async () => {
    const { url } = await serve((_req, res) => json(res, 200, PAID));
    expect((await client(url).getPaymentStatus(CHECKOUT_ID)).id).toBe(PAYMENT_ID);
  });
});

describe('names that walk a prototype', () => {
  it('flatParameters named like Object methods are sent as parameters, not refused as duplicates', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 200, { id: CHECKOUT_ID, result: { code: '000.200.100' } }));
    for (const name of ['toString', 'constructor', 'valueOf', 'hasOwnProperty']) {
      const checkout = await client(url).prepareCheckout({
        amount: '1.00',
        currency: 'EUR',
        paymentType: 'DB',
        flatParameters: { [name]: 'x' },
      });
      expect(checkout.id).toBe(CHECKOUT_ID);
      expect(new URLSearchParams(seen.at(-1)?.body).get(name), name).toBe('x');
    }
  });

  it('a __proto__ parameter name, nested or flat, is refused naming it and pollutes nothing', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 200, { id: CHECKOUT_ID, result: { code: '000.200.100' } }));
    const flat = JSON.parse('{"__proto__": {"polluted": "1"}, "customParameters[__proto__]": "1"}') as Record<string, string>;
    const nested = JSON.parse('{"amount": "1.00", "currency": "EUR", "paymentType": "DB", "customer": {"__proto__": {"polluted": "1"}}}');
    for (const params of [{ amount: '1.00', currency: 'EUR', paymentType: 'DB', flatParameters: flat }, nested]) {
      const error = await caught(() => client(url).prepareCheckout(params));
      expect(isWpwlServerError(error) && error.code).toBe('VALIDATION_FAILED');
      expect((error as Error).message).toContain('__proto__');
    }
    expect(seen).toHaveLength(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an answer with __proto__ keys is read as data and pollutes nothing', async () => {
    const { url } = await serve((_req, res) =>
      json(
        res,
        200,
        `{"id":"${PAYMENT_ID}","paymentType":"DB","amount":"1.00","currency":"EUR","result":{"code":"000.100.110"},"__proto__":{"polluted":"1"},"customParameters":{"__proto__":{"polluted":"1"},"SHOPPER_x":"1"},"resultDetails":{"__proto__":"x"}}`,
      ),
    );
    const result = await client(url).getPaymentStatus(CHECKOUT_ID);
    expect(result.id).toBe(PAYMENT_ID);
    expect(result.customParameters?.SHOPPER_x).toBe('1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.customParameters)).toBe(Object.prototype);
  });
});
