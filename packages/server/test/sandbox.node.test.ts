// @wpwl/server against @wpwl/sandbox over real HTTP on 127.0.0.1: the whole
// prepare → pay → status → verify path, declines, the auth and lookup errors,
// throttling, and the referencing requests.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '@wpwl/sandbox';
import { createGatewayClient, isWpwlServerError, verifyPayment, type GatewayClient } from '../src/index.js';
import { caught } from './support.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let gateway: GatewayClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
  gateway = createGatewayClient({ baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId, retries: 0 });
});
afterAll(async () => {
  await sandbox?.close();
});

/** Submits card details for a checkout the way the widget does: form-encoded, no Authorization header. */
async function payAsShopper(checkoutId: string, card: { number: string; brand: string; cvv?: string }) {
  const response = await fetch(`${sandbox.url.replace(/\/$/, '')}/v1/checkouts/${checkoutId}/payment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: new URLSearchParams({
      paymentBrand: card.brand,
      'card.number': card.number,
      'card.holder': 'Ada Lovelace',
      'card.expiryMonth': '12',
      'card.expiryYear': String(new Date().getFullYear() + 2),
      'card.cvv': card.cvv ?? '123',
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as { id?: string; result?: { code?: string } } };
}

describe('prepare → pay → status → verify', () => {
  it('verifies a successful card payment, and catches a tampered expectation', async () => {
    const checkout = await gateway.prepareCheckout({
      amount: 92,
      currency: 'EUR',
      paymentType: 'DB',
      merchantTransactionId: 'order-1001',
      integrity: true,
      customer: { givenName: 'Ada', surname: 'Lovelace', email: 'ada@example.com' },
      billing: { street1: 'Main Street 1', city: 'London', postcode: 'N19GU', country: 'GB' },
      cart: {
        items: [
          { name: 'Kettle', quantity: 1, price: '64.00' },
          { name: 'Tea', quantity: 2, price: 14 },
        ],
      },
      customParameters: { orderRef: 'A-1001' },
      shopperResultUrl: 'https://shop.example/result',
    });
    expect(checkout.id).toMatch(/^[A-Za-z0-9.-]{32,48}$/);
    expect(checkout.integrity).toMatch(/^sha384-/);
    expect(checkout.result.code).toMatch(/^000\.200/);

    const paid = await payAsShopper(checkout.id, { number: '4200000000000000', brand: 'VISA' });
    expect(paid.status).toBe(200);

    const status = await gateway.getPaymentStatus(`/v1/checkouts/${checkout.id}/payment`);
    expect(status).toMatchObject({
      checkoutId: checkout.id,
      amount: '92.00',
      currency: 'EUR',
      paymentType: 'DB',
      paymentBrand: 'VISA',
      classification: 'success',
      httpStatus: 200,
    });
    expect(status.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(status.card?.last4Digits).toBe('0000');
    expect(JSON.stringify(status.raw)).not.toContain('4200000000000000');

    const expected = { checkoutId: checkout.id, amount: '92.00', currency: 'EUR', paymentBrand: 'VISA', paymentType: 'DB' };
    expect(verifyPayment(status, expected)).toEqual({ ok: true, classification: 'success', needsReview: false, mismatches: [] });
    expect(verifyPayment(status, { ...expected, amount: 92 }).ok).toBe(true);

    const tampered = verifyPayment(status, { ...expected, amount: '9.20', currency: 'USD', paymentType: 'PA', paymentId: 'x'.repeat(32) });
    expect(tampered.ok).toBe(false);
    expect(tampered.mismatches).toEqual([
      { field: 'paymentId', expected: 'x'.repeat(32), actual: status.id },
      { field: 'amount', expected: '9.20', actual: '92.00' },
      { field: 'currency', expected: 'USD', actual: 'EUR' },
      { field: 'paymentType', expected: 'PA', actual: 'DB' },
    ]);
    const otherCheckout = verifyPayment(status, { ...expected, checkoutId: 'a'.repeat(32) });
    expect(otherCheckout).toMatchObject({ ok: false, mismatches: [{ field: 'checkoutId', actual: checkout.id }] });
  });

  it('a declined payment is a result (HTTP 400 read as a payment), never a verified one', async () => {
    const checkout = await gateway.prepareCheckout({ amount: '10.00', currency: 'EUR', paymentType: 'DB' });
    const paid = await payAsShopper(checkout.id, { number: '4000000000009995', brand: 'VISA' });
    expect(paid.status).toBe(400);

    const status = await gateway.getPaymentStatus(checkout.id);
    expect(status.httpStatus).toBe(400);
    expect(status.classification).toBe('rejectedBank');
    const verdict = verifyPayment(status, { checkoutId: checkout.id, amount: '10.00', currency: 'EUR' });
    expect(verdict).toEqual({ ok: false, classification: 'rejectedBank', needsReview: false, mismatches: [] });
  });

  it('a checkout not paid yet is pending, not ok', async () => {
    const checkout = await gateway.prepareCheckout({ amount: '1.00', currency: 'EUR', paymentType: 'DB' });
    const status = await gateway.getPaymentStatus(checkout.id);
    expect(['pending', 'pendingMayChange']).toContain(status.classification);
    expect(verifyPayment(status, { checkoutId: checkout.id, amount: '1.00', currency: 'EUR' }).ok).toBe(false);
  });
});

describe('update checkout', () => {
  it('a changed cart: the checkout takes the new amount (000.200.101), and the payment verifies against it', async () => {
    const checkout = await gateway.prepareCheckout({ amount: '92.00', currency: 'EUR', paymentType: 'DB' });
    const updated = await gateway.updateCheckout(checkout.id, { amount: '17.50', customParameters: { SHOPPER_order: 'A-17' } });
    expect(updated.id).toBe(checkout.id);
    expect(updated.result.code).toBe('000.200.101');
    await payAsShopper(checkout.id, { number: '4200000000000000', brand: 'VISA' });
    const result = await gateway.getPaymentStatus(checkout.id);
    expect(verifyPayment(result, { checkoutId: checkout.id, amount: '17.50', currency: 'EUR', paymentType: 'DB' }).ok).toBe(true);
  });

  it('refuses a malformed id or amount before sending, and reports a paid checkout as GATEWAY_REJECTED', async () => {
    const checkout = await gateway.prepareCheckout({ amount: '92.00', currency: 'EUR', paymentType: 'DB' });
    expect(await caught(() => gateway.updateCheckout('../payments/x', { amount: '1.00' }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await caught(() => gateway.updateCheckout(checkout.id, { amount: '1.999' }))).toMatchObject({ code: 'VALIDATION_FAILED' });
    await payAsShopper(checkout.id, { number: '4200000000000000', brand: 'VISA' });
    const error = await caught(() => gateway.updateCheckout(checkout.id, { amount: '5.00' }));
    expect(error).toMatchObject({ code: 'GATEWAY_REJECTED' });
  });
});

describe('what production plugins send', () => {
  it('an order number "17", a postcode with a space and the holder at checkout creation are sent, with a warning naming each stated rule', async () => {
    const warnings: Array<[string, string, string]> = [];
    const lenient = createGatewayClient({
      baseUrl: sandbox.url,
      accessToken: sandbox.accessToken,
      entityId: sandbox.entityId,
      retries: 0,
      onWarning: (warning, operation) => warnings.push([operation, warning.field, warning.rule]),
    });
    const checkout = await lenient.prepareCheckout({
      amount: '17.00',
      currency: 'GBP',
      paymentType: 'DB',
      merchantTransactionId: '17',
      card: { holder: 'Ada Lovelace' },
      customer: { givenName: 'Ada', surname: 'Lovelace', email: 'ada@example.com' },
      billing: { street1: '1 Upper Street', city: 'London', postcode: 'N1 9GU', country: 'GB' },
    });
    expect(checkout.result.code).toBe('000.200.100');
    expect(warnings).toEqual([
      ['prepareCheckout', 'merchantTransactionId', '8-255 characters (AN8-255)'],
      ['prepareCheckout', 'billing.postcode', '1-16 letters and digits'],
    ]);
    await payAsShopper(checkout.id, { number: '4200000000000000', brand: 'VISA' });
    const result = await lenient.getPaymentStatus(checkout.id);
    expect(result).toMatchObject({ classification: 'success', merchantTransactionId: '17' });
  });

  it('warns on the console by default, and a throwing warning handler does not stop the request', async () => {
    const logged: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void logged.push(args);
    try {
      const quiet = createGatewayClient({ baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId, retries: 0 });
      await quiet.prepareCheckout({ amount: '1.00', currency: 'EUR', paymentType: 'DB', merchantTransactionId: '17' });
      expect(String(logged[0]?.[0])).toMatch(/^@wpwl\/server prepareCheckout: merchantTransactionId should be 8-255 characters/);
    } finally {
      console.warn = original;
    }
    const throwing = createGatewayClient({
      baseUrl: sandbox.url,
      accessToken: sandbox.accessToken,
      entityId: sandbox.entityId,
      retries: 0,
      onWarning: () => {
        throw new Error('logger down');
      },
    });
    const checkout = await throwing.prepareCheckout({ amount: '1.00', currency: 'EUR', paymentType: 'DB', merchantTransactionId: '17' });
    expect(checkout.result.code).toBe('000.200.100');
  });
});

describe('stored cards (one-click)', () => {
  it('a payment with createRegistration answers a registrationId; a checkout offering it is paid with registrationId alone', async () => {
    const first = await gateway.prepareCheckout({ amount: '10.00', currency: 'EUR', paymentType: 'DB', createRegistration: true });
    await payAsShopper(first.id, { number: '4200000000000000', brand: 'VISA' });
    const firstResult = await gateway.getPaymentStatus(first.id);
    const registrationId = firstResult.registrationId;
    expect(registrationId).toMatch(/^[A-Za-z0-9]{32}$/);

    const next = await gateway.prepareCheckout({
      amount: '25.00',
      currency: 'EUR',
      paymentType: 'DB',
      registrations: [{ id: registrationId! }],
    });
    const response = await fetch(`${sandbox.url}/v1/checkouts/${next.id}/payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams({ registrationId: registrationId!, 'card.cvv': '123' }).toString(),
    });
    expect(response.status).toBe(200);
    const result = await gateway.getPaymentStatus(next.id);
    expect(verifyPayment(result, { checkoutId: next.id, amount: '25.00', currency: 'EUR', paymentType: 'DB' }).ok).toBe(true);
    expect(result.card?.last4Digits).toBe('0000');
  });

  it('refuses a malformed registration id before sending, and the gateway refuses one that is not stored', async () => {
    expect(
      await caught(() => gateway.prepareCheckout({ amount: '1.00', currency: 'EUR', paymentType: 'DB', registrations: [{ id: 'nope' }] })),
    ).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'registrations[0].id' } });
    const error = await caught(() =>
      gateway.prepareCheckout({ amount: '1.00', currency: 'EUR', paymentType: 'DB', registrations: [{ id: 'f'.repeat(32) }] }),
    );
    expect(error).toMatchObject({ code: 'GATEWAY_REJECTED' });
    expect(isWpwlServerError(error) && error.message).toMatch(/100\.150\.200/);
  });
});

describe('referencing requests', () => {
  it('captures a preauthorization in part', async () => {
    const checkout = await gateway.prepareCheckout({ amount: '50.00', currency: 'EUR', paymentType: 'PA' });
    await payAsShopper(checkout.id, { number: '5454545454545454', brand: 'MASTER' });
    const authorization = await gateway.getPaymentStatus(checkout.id);
    expect(authorization).toMatchObject({ paymentType: 'PA', classification: 'success' });

    const capture = await gateway.capture(authorization.id as string, { amount: '30.00', currency: 'EUR' });
    expect(capture).toMatchObject({ paymentType: 'CP', amount: '30.00', classification: 'success' });
    expect(capture.id).not.toBe(authorization.id);
  });

  it('refunds part of a debit', async () => {
    const checkout = await gateway.prepareCheckout({ amount: '50.00', currency: 'EUR', paymentType: 'DB' });
    await payAsShopper(checkout.id, { number: '4200000000000000', brand: 'VISA' });
    const debit = await gateway.getPaymentStatus(checkout.id);
    const refund = await gateway.refund(debit.id as string, { amount: 20, currency: 'EUR' });
    expect(refund).toMatchObject({ paymentType: 'RF', amount: '20.00', classification: 'success' });
  });

  it('reverses a preauthorization', async () => {
    const checkout = await gateway.prepareCheckout({ amount: '5.00', currency: 'EUR', paymentType: 'PA' });
    await payAsShopper(checkout.id, { number: '4200000000000000', brand: 'VISA' });
    const authorization = await gateway.getPaymentStatus(checkout.id);
    const reversal = await gateway.reverse(authorization.id as string);
    expect(reversal).toMatchObject({ paymentType: 'RV', classification: 'success' });
  });

  it('a capture the gateway refuses is GATEWAY_REJECTED with its result code', async () => {
    const checkout = await gateway.prepareCheckout({ amount: '5.00', currency: 'EUR', paymentType: 'DB' });
    await payAsShopper(checkout.id, { number: '4200000000000000', brand: 'VISA' });
    const debit = await gateway.getPaymentStatus(checkout.id);
    // A CP must reference a PA; this one references a DB.
    const error = await caught(() => gateway.capture(debit.id as string, { amount: '5.00', currency: 'EUR' }));
    expect(isWpwlServerError(error) && error.code).toBe('GATEWAY_REJECTED');
    expect(isWpwlServerError(error) && error.details.result?.code).toMatch(/^\d{3}\.\d{3}\.\d{3}$/);
  });
});

describe('fast checkout integrity', () => {
  it("reads the hash of the script a page loads without a checkout id: the served bytes', as prepareCheckout answers it", async () => {
    const integrity = await gateway.getFastCheckoutIntegrity();
    expect(integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const script = Buffer.from(await (await fetch(`${sandbox.url}/v1/paymentWidgets.js`)).arrayBuffer());
    expect(integrity).toBe(`sha384-${createHash('sha384').update(script).digest('base64')}`);
    const checkout = await gateway.prepareCheckout({ amount: '1.00', currency: 'EUR', paymentType: 'DB', integrity: true });
    expect(checkout.integrity).toBe(integrity);
  });

  it('fails FORBIDDEN for a wrong token, as every call does', async () => {
    const client = createGatewayClient({ baseUrl: sandbox.url, accessToken: 'wrong-token-000', entityId: sandbox.entityId, retries: 0 });
    const error = await caught(() => client.getFastCheckoutIntegrity());
    expect(isWpwlServerError(error) && error.code).toBe('FORBIDDEN');
  });
});

describe('gateway errors', () => {
  it('UNAUTHORIZED (401) for a malformed Authorization header', async () => {
    const malformed: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Authorization', 'Basic not-a-bearer-token');
      return fetch(input, { ...init, headers });
    };
    const client = createGatewayClient({
      baseUrl: sandbox.url,
      accessToken: sandbox.accessToken,
      entityId: sandbox.entityId,
      fetch: malformed,
    });
    const error = await caught(() => client.prepareCheckout({ amount: '1.00', currency: 'EUR', paymentType: 'DB' }));
    expect(isWpwlServerError(error) && error.code).toBe('UNAUTHORIZED');
    expect(isWpwlServerError(error) && error.details.status).toBe(401);
  });

  it('FORBIDDEN (403) for a wrong token', async () => {
    const client = createGatewayClient({ baseUrl: sandbox.url, accessToken: 'wrong-token-000', entityId: sandbox.entityId });
    const error = await caught(() => client.prepareCheckout({ amount: '1.00', currency: 'EUR', paymentType: 'DB' }));
    expect(isWpwlServerError(error) && error.code).toBe('FORBIDDEN');
    expect((error as Error).message).not.toContain('wrong-token-000');
  });

  it('NOT_FOUND (404) for an unknown checkout and an unknown payment', async () => {
    const unknownCheckout = await caught(() => gateway.getPaymentStatus('Z'.repeat(32)));
    expect(isWpwlServerError(unknownCheckout) && unknownCheckout.code).toBe('NOT_FOUND');
    const unknownPayment = await caught(() => gateway.refund('0'.repeat(32), { amount: '1.00', currency: 'EUR' }));
    expect(isWpwlServerError(unknownPayment) && unknownPayment.code).toBe('NOT_FOUND');
  });

  it('THROTTLED after the sandbox limit, and a retry with backoff outwaits it', async () => {
    const throttled = await startSandbox({ port: 0, host: '127.0.0.1', throttle: { checkout: { limit: 1, windowMs: 300 } } });
    try {
      const options = { baseUrl: throttled.url, accessToken: throttled.accessToken, entityId: throttled.entityId };
      const params = { amount: '1.00', currency: 'EUR', paymentType: 'DB' } as const;
      const impatient = createGatewayClient({ ...options, retries: 0 });
      await impatient.prepareCheckout(params);
      const error = await caught(() => impatient.prepareCheckout(params));
      expect(isWpwlServerError(error) && error.code).toBe('THROTTLED');
      expect(isWpwlServerError(error) && error.details.result?.code).toBe('800.120.100');

      const patient = createGatewayClient({ ...options, retries: 4, retryDelayMs: 100 });
      await expect(patient.prepareCheckout(params)).resolves.toMatchObject({ id: expect.any(String) });
    } finally {
      await throttled.close();
    }
  });
});
