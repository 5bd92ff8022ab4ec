// The uncertain test cards: first answered 900.100.300 (timeout, uncertain
// result) in the payment answer, status reads and a PAYMENT notification,
// then settled to their final result after uncertainSettleMs of the sandbox
// clock, with a PAYMENT notification of the final result.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_UNCERTAIN_SETTLE_MS, RESULTS, startSandbox, TEST_CARDS } from '@wpwl/sandbox';
import { openSandbox, type Client } from './client.js';
import { startWebhookReceiver, WEBHOOK_KEY, type WebhookReceiver } from './webhook-receiver.js';

const SETTLES_TO_SUCCESS = '4000000000000903';
const SETTLES_TO_DECLINE = '4000000000000911';
const NEVER_SETTLES = '4000000000000119';
const SETTLE_MS = 60_000;
/** A sandbox clock that only advanceClock moves, so the boundary of uncertainSettleMs is exact. */
const frozenClock = (): (() => number) => {
  const now = Date.now();
  return () => now;
};

let client: Client | undefined;
let receiver: WebhookReceiver | undefined;

afterEach(async () => {
  await client?.sandbox.close();
  await receiver?.close();
  client = undefined;
  receiver = undefined;
});

async function start(options: Parameters<typeof openSandbox>[0] = {}): Promise<{ c: Client; r: WebhookReceiver }> {
  receiver = await startWebhookReceiver();
  client = await openSandbox({ webhooks: [{ url: receiver.url, key: WEBHOOK_KEY }], webhookRetryDelaysMs: [30, 60], ...options });
  return { c: client, r: receiver };
}

const codesOf = (r: WebhookReceiver, id: string) =>
  r.notifications.filter((n) => n.type === 'PAYMENT' && n.payload.id === id).map((n) => n.payload.result.code);

describe('uncertain test cards', () => {
  it('are VISA cards whose outcome is uncertain first and says what it settles to', () => {
    const byNumber = new Map(TEST_CARDS.map((card) => [card.number, card]));
    expect(byNumber.get(SETTLES_TO_SUCCESS)).toMatchObject({
      brand: 'VISA',
      outcome: { kind: 'uncertain', result: RESULTS.timeout, settlesTo: { kind: 'success' } },
    });
    expect(byNumber.get(SETTLES_TO_DECLINE)).toMatchObject({
      brand: 'VISA',
      outcome: { kind: 'uncertain', result: RESULTS.timeout, settlesTo: { kind: 'decline', result: RESULTS.declinedInvalidCard } },
    });
    expect(byNumber.get(NEVER_SETTLES)?.outcome).toEqual({ kind: 'decline', result: RESULTS.timeout });
    expect(DEFAULT_UNCERTAIN_SETTLE_MS).toBe(5000);
  });

  it('a checkout payment answers 900.100.300 until the sandbox clock reaches uncertainSettleMs, then success', async () => {
    const { c, r } = await start({ uncertainSettleMs: SETTLE_MS, clock: frozenClock() });
    const checkoutId = await c.checkout({ merchantTransactionId: 'order-0903' });
    const paid = await c.shopperPays(checkoutId, { 'card.number': SETTLES_TO_SUCCESS });
    expect(paid.status).toBe(400);
    expect(paid.body.result).toEqual(RESULTS.timeout);
    const id = paid.body.id as string;

    const first = await c.status(checkoutId);
    expect([first.status, first.body.result.code, first.body.id]).toEqual([400, '900.100.300', id]);
    expect(c.sandbox.payments()[0]).toMatchObject({ id, state: 'pending', resultCode: '900.100.300' });
    // Not settled yet, so not refundable yet.
    const early = await c.reference(id, 'RF', { amount: '1.00', currency: 'EUR' });
    expect(early.body.result.code).toBe(RESULTS.cannotRefund.code);
    expect(early.body.result.description).toContain('still pending');

    c.sandbox.advanceClock(SETTLE_MS - 1);
    expect((await c.status(checkoutId)).body.result.code).toBe('900.100.300');
    c.sandbox.advanceClock(1);
    const settled = await c.status(checkoutId);
    expect([settled.status, settled.body.result.code, settled.body.id]).toEqual([200, '000.100.110', id]);
    expect((await c.request('GET', `/v1/payments/${id}`, { entityId: c.sandbox.entityId })).body.result.code).toBe('000.100.110');
    expect(c.sandbox.payments()[0]).toMatchObject({ id, state: 'success', resultCode: '000.100.110' });

    await c.sandbox.webhooksSettled(5000);
    expect(codesOf(r, id)).toEqual(['900.100.300', '000.100.110']);
    const final = r.notifications.at(-1);
    expect(final.payload).toMatchObject({
      id,
      ndc: checkoutId,
      paymentType: 'DB',
      amount: '92.00',
      currency: 'EUR',
      merchantTransactionId: 'order-0903',
      card: { bin: '400000', last4Digits: '0903' },
    });
  });

  it('a direct payment settles to the bank decline 800.100.151, answered 400', async () => {
    const { c, r } = await start({ uncertainSettleMs: SETTLE_MS, clock: frozenClock() });
    const paid = await c.pay({ 'card.number': SETTLES_TO_DECLINE });
    expect([paid.status, paid.body.result.code]).toEqual([400, '900.100.300']);
    const id = paid.body.id as string;
    const read = () => c.request('GET', `/v1/payments/${id}`, { entityId: c.sandbox.entityId });
    expect((await read()).body.result.code).toBe('900.100.300');
    c.sandbox.advanceClock(SETTLE_MS);
    const settled = await read();
    expect([settled.status, settled.body.result]).toEqual([400, RESULTS.declinedInvalidCard]);
    expect(c.sandbox.payments()[0]).toMatchObject({ state: 'rejected', resultCode: '800.100.151' });
    await c.sandbox.webhooksSettled(5000);
    expect(codesOf(r, id)).toEqual(['900.100.300', '800.100.151']);
  });

  it('settles on real time too (default clock): the final notification arrives without advanceClock', async () => {
    const { c, r } = await start({ uncertainSettleMs: 150 });
    const paid = await c.pay({ 'card.number': SETTLES_TO_SUCCESS });
    const id = paid.body.id as string;
    await r.until(2);
    expect(codesOf(r, id)).toEqual(['900.100.300', '000.100.110']);
    expect((await c.request('GET', `/v1/payments/${id}`, { entityId: c.sandbox.entityId })).body.result.code).toBe('000.100.110');
  });

  it('settles after DEFAULT_UNCERTAIN_SETTLE_MS by default, and stores the card once it settles to success', async () => {
    const { c, r } = await start({ clock: frozenClock() });
    const checkoutId = await c.checkout({ createRegistration: 'true' });
    const paid = await c.shopperPays(checkoutId, { 'card.number': SETTLES_TO_SUCCESS });
    expect(paid.body.registrationId).toBeUndefined();
    c.sandbox.advanceClock(DEFAULT_UNCERTAIN_SETTLE_MS - 1);
    expect((await c.status(checkoutId)).body.result.code).toBe('900.100.300');
    c.sandbox.advanceClock(1);
    const settled = await c.status(checkoutId);
    expect(settled.body.result.code).toBe('000.100.110');
    expect(settled.body.registrationId).toMatch(/^[0-9a-f]{32}$/);
    await c.sandbox.webhooksSettled(5000);
    const registration = r.notifications.find((n) => n.type === 'REGISTRATION');
    expect(registration).toMatchObject({ action: 'CREATED', payload: { id: settled.body.registrationId } });
  });

  it('leaves 4000000000000119 uncertain for good (a timeout that never settles)', async () => {
    const { c, r } = await start({ uncertainSettleMs: 10 });
    const checkoutId = await c.checkout();
    const paid = await c.shopperPays(checkoutId, { 'card.number': NEVER_SETTLES });
    c.sandbox.advanceClock(60 * 60 * 1000);
    const read = await c.status(checkoutId);
    expect([read.status, read.body.result.code]).toEqual([400, '900.100.300']);
    await c.sandbox.webhooksSettled(5000);
    expect(codesOf(r, paid.body.id)).toEqual(['900.100.300']);
  });

  it('refuses an uncertainSettleMs that is no number of ms, naming the option', async () => {
    await expect(startSandbox({ uncertainSettleMs: -1 })).rejects.toThrow(
      'startSandbox: uncertainSettleMs must be a finite number of ms, 0 or more, got -1',
    );
    await expect(startSandbox({ uncertainSettleMs: Number.NaN })).rejects.toThrow('uncertainSettleMs must be a finite number');
  });
});
