import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type Client } from './client.js';

let client: Client;
let checkoutId: string;
let paymentId: string;

beforeAll(async () => {
  client = await openSandbox({ accessToken: 'T0ken.for-tests_only=', entityId: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
  checkoutId = await client.checkout();
  paymentId = (await client.pay()).body.id;
});
afterAll(() => client.sandbox.close());

const endpoints = (): Array<[string, 'GET' | 'POST', string, Record<string, string>]> => [
  ['prepare checkout', 'POST', '/v1/checkouts', client.checkoutParams()],
  ['checkout payment status', 'GET', `/v1/checkouts/${checkoutId}/payment`, { entityId: client.sandbox.entityId }],
  ['checkout registration status', 'GET', `/v1/checkouts/${checkoutId}/registration`, { entityId: client.sandbox.entityId }],
  ['direct payment', 'POST', '/v1/payments', client.checkoutParams({ paymentBrand: 'VISA' })],
  ['payment status', 'GET', `/v1/payments/${paymentId}`, { entityId: client.sandbox.entityId }],
  ['referencing request', 'POST', `/v1/payments/${paymentId}`, { entityId: client.sandbox.entityId, paymentType: 'RV' }],
];

describe('authentication on every merchant endpoint', () => {
  it.each([
    ['no Authorization header', 'none' as const],
    ['Basic scheme', { header: 'Basic dXNlcjpwYXNz' }],
    ['Bearer without token', { header: 'Bearer' }],
    ['Bearer with a space inside the token', { header: 'Bearer abc def' }],
    ['lowercase scheme', { header: 'bearer T0ken.for-tests_only=' }],
  ])('answers 401 with %s', async (_, auth) => {
    for (const [name, method, path, params] of endpoints()) {
      const answer = await client.request(method, path, params, auth);
      expect(answer.status, name).toBe(401);
      expect(answer.body.result.code, name).toBe('800.900.300');
      expect(answer.body.timestamp, name).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+0000$/);
    }
  });

  it('answers 403 for a well-formed but wrong token', async () => {
    for (const [name, method, path, params] of endpoints()) {
      const answer = await client.request(method, path, params, { header: 'Bearer T0ken.for-tests_onlX=' });
      expect(answer.status, name).toBe(403);
      expect(answer.body.result.code, name).toBe('800.900.301');
    }
  });

  it('answers 401/403 on the checkout payment path when an Authorization header is sent (server-to-server)', async () => {
    const id = await client.checkout();
    const malformed = await client.request('POST', `/v1/checkouts/${id}/payment`, {}, { header: 'Token x' });
    expect(malformed.status).toBe(401);
    const wrong = await client.request('POST', `/v1/checkouts/${id}/payment`, {}, { header: 'Bearer wrong' });
    expect(wrong.status).toBe(403);
    // Neither consumed the checkout: the shopper can still pay.
    expect((await client.shopperPays(id)).status).toBe(200);
  });

  it('answers 403 for another entity and 400 for a malformed or missing entityId', async () => {
    const other = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    for (const [name, method, path, params] of endpoints()) {
      const foreign = await client.request(method, path, { ...params, entityId: other });
      expect(foreign.status, name).toBe(403);
      const malformed = await client.request(method, path, { ...params, entityId: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
      expect(malformed.status, name).toBe(400);
      expect(malformed.body.result.code, name).toBe('200.300.404');
      expect(malformed.body.result.description, name).toContain('entityId');
      const { entityId: _, ...withoutEntity } = params;
      const missing = await client.request(method, path, withoutEntity);
      expect(missing.status, name).toBe(400);
      expect(missing.body.result.description, name).toContain('entityId');
    }
  });

  it('lets the widget-facing endpoints through without a token', async () => {
    const id = await client.checkout();
    expect((await client.request('GET', `/v1/checkouts/${id}/widget-session`, {}, 'none')).status).toBe(200);
    expect((await client.request('GET', '/v1/paymentWidgets.js', { checkoutId: id }, 'none')).status).toBe(200);
    expect((await client.shopperPays(id)).status).toBe(200);
  });
});
