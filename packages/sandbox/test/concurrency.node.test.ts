import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSandbox, type Client } from './client.js';

let client: Client;
beforeAll(async () => {
  client = await openSandbox();
});
afterAll(() => client.sandbox.close());

it('handles 200 concurrent checkout + payment pairs with none lost or duplicated', async () => {
  const pairs = await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const amount = `${i + 1}.${String(i % 100).padStart(2, '0')}`;
      const checkoutId = await client.checkout({ amount, merchantTransactionId: `order-${String(i).padStart(4, '0')}` });
      const paid = await client.shopperPays(checkoutId);
      return { i, amount, checkoutId, paid };
    }),
  );
  expect(new Set(pairs.map((p) => p.checkoutId)).size).toBe(200);
  expect(new Set(pairs.map((p) => p.paid.body.id)).size).toBe(200);
  for (const { i, amount, paid } of pairs) {
    expect(paid.status).toBe(200);
    expect(paid.body.amount).toBe(amount);
    expect(paid.body.merchantTransactionId).toBe(`order-${String(i).padStart(4, '0')}`);
  }
  const statuses = await Promise.all(pairs.map((p) => client.status(p.checkoutId)));
  statuses.forEach((status, i) => {
    expect(status.body.id).toBe(pairs[i]?.paid.body.id);
    expect(status.body.amount).toBe(pairs[i]?.amount);
  });
  // 600 requests: generous room for a busy two-core machine running other suites at once.
}, 30_000);
