// The sandbox under load over real HTTP on 127.0.0.1: 500 checkout + payment
// pairs driven by a bounded pool (50 in flight), each paid twice at once the
// way a double-clicking shopper would. None may be lost, none duplicated, and
// every status read must say what the payment answer said.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSandbox, type Answer, type Client } from './client.js';

const PAIRS = 500;
const IN_FLIGHT = 50;
/** The whole run must finish within this, on a busy two-core machine. */
const TIME_BUDGET_MS = 90_000;

let client: Client;
beforeAll(async () => {
  client = await openSandbox();
});
afterAll(() => client.sandbox.close());

/** Runs `task` for 0..count-1 with at most `limit` running at a time; results in index order. */
async function pool<T>(count: number, limit: number, task: (i: number) => Promise<T>): Promise<{ results: T[]; peak: number }> {
  const results: T[] = new Array(count);
  let next = 0;
  let running = 0;
  let peak = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      running++;
      peak = Math.max(peak, running);
      try {
        results[i] = await task(i);
      } finally {
        running--;
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return { results, peak };
}

interface Pair {
  amount: string;
  reference: string;
  checkoutId: string;
  payments: [Answer, Answer];
  status: Answer;
}

it(
  `${PAIRS} checkout + payment pairs, ${IN_FLIGHT} in flight: none lost, none duplicated, every status consistent`,
  async () => {
    const started = Date.now();
    const { results: pairs, peak } = await pool(PAIRS, IN_FLIGHT, async (i): Promise<Pair> => {
      const amount = `${(i % 97) + 1}.${String(i % 100).padStart(2, '0')}`;
      const reference = `load-${String(i).padStart(4, '0')}`;
      const checkoutId = await client.checkout({ amount, merchantTransactionId: reference });
      // Two submissions at once: the checkout takes exactly one.
      const payments = (await Promise.all([client.shopperPays(checkoutId), client.shopperPays(checkoutId)])) as [Answer, Answer];
      const status = await client.status(checkoutId);
      return { amount, reference, checkoutId, payments, status };
    });
    const elapsed = Date.now() - started;

    expect(peak).toBe(IN_FLIGHT);
    expect(pairs.filter(Boolean)).toHaveLength(PAIRS);
    expect(new Set(pairs.map((p) => p.checkoutId)).size).toBe(PAIRS);

    const accepted = pairs.map((p) => p.payments.filter((a) => a.status === 200));
    const refused = pairs.map((p) => p.payments.filter((a) => a.status !== 200));
    // Exactly one payment per checkout; the other submission is refused as a second payment.
    expect(accepted.map((list) => list.length)).toEqual(new Array(PAIRS).fill(1));
    for (const list of refused) {
      expect(list).toHaveLength(1);
      expect(list[0]!.status).toBe(400);
      expect(list[0]!.body.result.code).toBe('200.300.405');
    }
    const paymentIds = accepted.map((list) => list[0]!.body.id as string);
    expect(new Set(paymentIds).size).toBe(PAIRS);

    pairs.forEach((pair, i) => {
      const paid = accepted[i]![0]!.body;
      expect(paid).toMatchObject({ amount: pair.amount, currency: 'EUR', merchantTransactionId: pair.reference });
      expect(paid.result.code).toBe('000.100.110');
      // The status read agrees with the payment answer, field by field.
      expect(pair.status.status).toBe(200);
      expect(pair.status.body).toMatchObject({
        id: paid.id,
        amount: pair.amount,
        currency: 'EUR',
        paymentType: 'DB',
        merchantTransactionId: pair.reference,
        result: { code: paid.result.code },
      });
    });

    // Read everything again after the load: nothing moved.
    const { results: again } = await pool(PAIRS, IN_FLIGHT, (i) => client.status(pairs[i]!.checkoutId));
    expect(again.map((a) => a.body.id)).toEqual(paymentIds);
    expect(elapsed).toBeLessThan(TIME_BUDGET_MS);
  },
  TIME_BUDGET_MS + 30_000,
);
