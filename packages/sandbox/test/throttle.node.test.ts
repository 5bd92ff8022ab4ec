import { afterEach, describe, expect, it } from 'vitest';
import { openSandbox, type Client } from './client.js';

let client: Client | undefined;
afterEach(async () => {
  await client?.sandbox.close();
  client = undefined;
});

describe('throttling per operation', () => {
  it('answers 800.120.100 past the limit, with buildNumber, id, ndc and timestamp, and recovers after the window', async () => {
    client = await openSandbox({ throttle: { checkout: { limit: 3, windowMs: 1000 } } });
    const c = client;
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.request('POST', '/v1/checkouts', c.checkoutParams())));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const throttled = answers.filter((a) => a.body.result.code === '800.120.100');
    expect(throttled).toHaveLength(2);
    for (const answer of throttled) {
      expect(answer.status).toBe(429);
      expect(answer.body.result.description.toLowerCase()).toContain('too many requests');
      expect(answer.body.buildNumber).toEqual(expect.any(String));
      expect(answer.body.id).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(answer.body.ndc).toEqual(expect.any(String));
      expect(answer.body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+0000$/);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    c.sandbox.advanceClock(1000);
    expect((await c.request('POST', '/v1/checkouts', c.checkoutParams())).status).toBe(200);
  });

  it('counts each operation on its own', async () => {
    client = await openSandbox({ throttle: { checkoutStatus: { limit: 1, windowMs: 60_000 } } });
    const id = await client.checkout();
    expect((await client.status(id)).status).toBe(200);
    const second = await client.status(id);
    expect(second.body.result.code).toBe('800.120.100');
    expect(second.body.id).toBe(id);
    // Other operations are not affected.
    expect(await client.checkout()).toMatch(/^[A-Za-z0-9.-]{32,48}$/);
    expect((await client.shopperPays(id)).status).toBe(200);
  });

  it('throttles the widget-facing submission too, with CORS headers', async () => {
    client = await openSandbox({ throttle: { checkoutPayment: { limit: 0, windowMs: 1000 } } });
    const id = await client.checkout();
    const answer = await client.shopperPays(id);
    expect(answer.body.result.code).toBe('800.120.100');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses a bad limit at start', async () => {
    await expect(openSandbox({ throttle: { checkout: { limit: 1, windowMs: 0 } } })).rejects.toThrow(/throttle\.checkout/);
    await expect(openSandbox({ throttle: { checkouts: { limit: 1, windowMs: 1000 } } as never })).rejects.toThrow(
      /throttle\.checkouts is not an operation/,
    );
  });
});
