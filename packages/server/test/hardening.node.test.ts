// Hardening of @wpwl/server against a real sandbox over HTTP on 127.0.0.1:
// throttling is retried within the configured budget and then surfaced with
// the attempt count; a resourcePath that points anywhere else is refused
// before a single request leaves (counted on the wire); a paid checkout whose
// amount or currency is not the order's never verifies. The unit-level cases
// (fake fetch, every path shape) live in client-validation and transport tests;
// these add the encodings and look-alikes, and prove it against the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '@wpwl/sandbox';
import { createGatewayClient, isWpwlServerError, verifyPayment, type GatewayClient } from '../src/index.js';
import { caught } from './support.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await sandbox?.close();
});

/** The real fetch, counting every request it sends. */
function countingFetch() {
  const sent: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return globalThis.fetch(input, init);
  };
  return { fetch, sent };
}

function clientFor(
  target: Sandbox,
  extra: { fetch?: typeof globalThis.fetch; retries?: number; retryDelayMs?: number } = {},
): GatewayClient {
  return createGatewayClient({ baseUrl: target.url, accessToken: target.accessToken, entityId: target.entityId, retries: 0, ...extra });
}

/** The widget's submission: form-encoded, no Authorization header. */
async function payAsShopper(target: Sandbox, checkoutId: string, extra: Record<string, string> = {}) {
  const response = await fetch(`${target.url}/v1/checkouts/${checkoutId}/payment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: new URLSearchParams({
      paymentBrand: 'VISA',
      'card.number': '4200000000000000',
      'card.holder': 'Ada Lovelace',
      'card.expiryMonth': '12',
      'card.expiryYear': String(new Date().getFullYear() + 2),
      'card.cvv': '123',
      ...extra,
    }).toString(),
  });
  expect(response.status).toBe(200);
}

describe('throttling against the sandbox', () => {
  it('retries a throttled status read within the budget, then surfaces THROTTLED with the attempt count', async () => {
    // limit 0: every status read is refused; the sandbox asks for Retry-After: 1.
    const throttled = await startSandbox({ port: 0, host: '127.0.0.1', throttle: { checkoutStatus: { limit: 0, windowMs: 200 } } });
    try {
      const { fetch, sent } = countingFetch();
      const client = clientFor(throttled, { fetch, retries: 2, retryDelayMs: 10 });
      const checkout = await client.prepareCheckout({ amount: '5.00', currency: 'EUR', paymentType: 'DB' });
      const started = Date.now();
      const error = await caught(() => client.getPaymentStatus(checkout.id));
      expect(isWpwlServerError(error) && error.code).toBe('THROTTLED');
      expect(isWpwlServerError(error) && error.details).toMatchObject({ attempts: 3, status: 429, result: { code: '800.120.100' } });
      // One checkout, then the first read and exactly two retries: the budget, no more.
      expect(sent.filter((line) => line.startsWith('GET '))).toHaveLength(3);
      // Retry-After (1 s) wins over the 10 ms backoff between attempts.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    } finally {
      await throttled.close();
    }
  });

  it('a throttled status read that clears within the budget succeeds, and the payment still verifies', async () => {
    const throttled = await startSandbox({ port: 0, host: '127.0.0.1', throttle: { checkoutStatus: { limit: 1, windowMs: 150 } } });
    try {
      const { fetch, sent } = countingFetch();
      const client = clientFor(throttled, { fetch, retries: 3, retryDelayMs: 100 });
      const checkout = await client.prepareCheckout({ amount: '7.50', currency: 'EUR', paymentType: 'DB' });
      await payAsShopper(throttled, checkout.id);
      // Burn the window's only slot, so the next read is throttled at first.
      await client.getPaymentStatus(checkout.id);
      const reads = sent.length;
      const status = await client.getPaymentStatus(`/v1/checkouts/${checkout.id}/payment`);
      expect(sent.length - reads).toBeGreaterThanOrEqual(2);
      expect(verifyPayment(status, { checkoutId: checkout.id, amount: '7.50', currency: 'EUR' }).ok).toBe(true);
    } finally {
      await throttled.close();
    }
  });
});

describe('resourcePath pointing elsewhere is refused before any request', () => {
  const ID = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6';
  const PAYMENT_ID = '8ac7a4a17d1e4f0f017d1e6b3f0a4b5c';
  const refused: Array<[string, string]> = [
    ['another host', `http://127.0.0.2:1/v1/checkouts/${ID}/payment`],
    ['another host, protocol-relative', `//evil.example/v1/checkouts/${ID}/payment`],
    ['credentials and host in the id', `/v1/checkouts/${ID}@evil.example/payment`],
    ['a dot-dot segment to another endpoint', `/v1/checkouts/${ID}/../../payments/${PAYMENT_ID}`],
    ['a dot-dot id', '/v1/checkouts/../payment'],
    ['percent-encoded dots', `/v1/checkouts/%2e%2e/%2e%2e/payments/${PAYMENT_ID}/payment`],
    ['an encoded slash', `/v1/checkouts/${ID}%2F..%2F..%2Fpayments/payment`],
    ['a double-encoded slash', `/v1/checkouts/${ID}%252F..%252Fx/payment`],
    ['a double-encoded dot segment', `/v1/checkouts/%252e%252e/payment`],
    ['backslashes', `\\v1\\checkouts\\${ID}\\payment`],
    ['a backslash dot-dot', `/v1/checkouts/${ID}\\..\\..\\payments/payment`],
    ['an encoded backslash', `/v1/checkouts/${ID}%5C..%5Cx/payment`],
    ['a fullwidth solidus', `/v1/checkouts/${ID}\uFF0Fpayment`],
    ['a division slash', `/v1\u2215checkouts/${ID}/payment`],
    ['fullwidth full stops', `/v1/checkouts/\uFF0E\uFF0E/payment`],
    ['a Cyrillic o in "checkouts"', `/v1/check\u043Euts/${ID}/payment`],
    ['a Cyrillic a in the id', `/v1/checkouts/${ID.slice(0, 31)}\u0430/payment`],
    ['a NUL byte', `/v1/checkouts/${ID}\u0000/payment`],
    ['a tab', `/v1/checkouts/${ID}\t/payment`],
    ['a matrix parameter', `/v1/checkouts/${ID};x=1/payment`],
    ['the create-checkout endpoint', '/v1/checkouts'],
    ['the payments endpoint', `/v1/payments/${PAYMENT_ID}`],
    ['the widget script', `/v1/paymentWidgets.js?checkoutId=${ID}`],
    ['the widget session', `/v1/checkouts/${ID}/widget-session`],
    ['the 3-D Secure page', `/v1/threeds/${ID}`],
    ['a query string', `/v1/checkouts/${ID}/payment?entityId=0123456789abcdef0123456789abcdef`],
  ];

  it.each(refused)('%s', async (_, resourcePath) => {
    const { fetch, sent } = countingFetch();
    const client = clientFor(sandbox, { fetch });
    const error = await caught(() => client.getPaymentStatus(resourcePath));
    expect(isWpwlServerError(error) && error.code).toBe('INVALID_RESOURCE_PATH');
    expect(sent).toEqual([]);
  });

  it('the same client reads a well-formed path over the wire (the counter sees requests)', async () => {
    const { fetch, sent } = countingFetch();
    const client = clientFor(sandbox, { fetch });
    const checkout = await client.prepareCheckout({ amount: '1.00', currency: 'EUR', paymentType: 'DB' });
    await client.getPaymentStatus(`/v1/checkouts/${checkout.id}/payment`);
    expect(sent).toEqual([
      `POST ${sandbox.url}/v1/checkouts`,
      `GET ${sandbox.url}/v1/checkouts/${checkout.id}/payment?entityId=${sandbox.entityId}`,
    ]);
  });
});

describe('verifyPayment refuses a payment that is not the order', () => {
  it('a cheaper checkout paid in place of the order fails on the amount', async () => {
    const client = clientFor(sandbox);
    const order = { amount: '92.00', currency: 'EUR' };
    await client.prepareCheckout({ ...order, paymentType: 'DB' });
    // The shopper pays a 1.00 EUR checkout and brings back its resourcePath for the 92.00 order.
    const cheap = await client.prepareCheckout({ amount: '1.00', currency: 'EUR', paymentType: 'DB' });
    await payAsShopper(sandbox, cheap.id);
    const status = await client.getPaymentStatus(`/v1/checkouts/${cheap.id}/payment`);
    expect(status.classification).toBe('success');
    const verdict = verifyPayment(status, order);
    expect(verdict).toMatchObject({
      ok: false,
      classification: 'success',
      mismatches: [{ field: 'amount', expected: '92.00', actual: '1.00' }],
    });
  });

  it('the same amount in another currency fails on the currency', async () => {
    const client = clientFor(sandbox);
    const other = await client.prepareCheckout({ amount: '92.00', currency: 'HUF', paymentType: 'DB' });
    await payAsShopper(sandbox, other.id);
    const status = await client.getPaymentStatus(other.id);
    const verdict = verifyPayment(status, { checkoutId: other.id, amount: '92.00', currency: 'EUR' });
    expect(verdict).toMatchObject({ ok: false, mismatches: [{ field: 'currency', expected: 'EUR', actual: 'HUF' }] });
  });

  it('an amount and currency the shopper adds to the submission change nothing: the checkout decides', async () => {
    const client = clientFor(sandbox);
    const checkout = await client.prepareCheckout({ amount: '92.00', currency: 'EUR', paymentType: 'DB' });
    await payAsShopper(sandbox, checkout.id, { amount: '0.01', currency: 'USD', paymentType: 'PA' });
    const status = await client.getPaymentStatus(checkout.id);
    expect(status).toMatchObject({ amount: '92.00', currency: 'EUR', paymentType: 'DB' });
    expect(verifyPayment(status, { checkoutId: checkout.id, amount: '92.00', currency: 'EUR', paymentType: 'DB' }).ok).toBe(true);
    expect(verifyPayment(status, { checkoutId: checkout.id, amount: '0.01', currency: 'USD' }).ok).toBe(false);
  });
});
