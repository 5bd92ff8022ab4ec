import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type Client } from './client.js';

let client: Client;
beforeAll(async () => {
  client = await openSandbox();
});
afterAll(() => client.sandbox.close());

async function payment(extra: Record<string, string>): Promise<string> {
  const answer = await client.pay(extra);
  expect(answer.status).toBe(200);
  return answer.body.id;
}

const money = (amount: string) => ({ amount, currency: 'EUR' });

describe('capture (CP)', () => {
  it('captures a PA in parts within numberOfCaptures and the remaining amount', async () => {
    const pa = await payment({ paymentType: 'PA', amount: '100.00', numberOfCaptures: '2' });
    const first = await client.reference(pa, 'CP', money('60.00'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ paymentType: 'CP', amount: '60.00', currency: 'EUR', result: { code: '000.100.110' } });
    expect(first.body.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(first.body.id).not.toBe(pa);

    const tooMuch = await client.reference(pa, 'CP', money('40.01'));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.result.code).toBe('700.400.100');
    expect(tooMuch.body.result.description).toContain('exceeds the remaining 40.00');

    expect((await client.reference(pa, 'CP', money('40.00'))).status).toBe(200);
  });

  it('stops at numberOfCaptures', async () => {
    const pa = await payment({ paymentType: 'PA', amount: '100.00', numberOfCaptures: '1' });
    expect((await client.reference(pa, 'CP', money('10.00'))).status).toBe(200);
    const second = await client.reference(pa, 'CP', money('10.00'));
    expect(second.status).toBe(400);
    expect(second.body.result.description).toContain('numberOfCaptures (1) already reached');
  });

  it('stops after a capture with sequence=FINAL', async () => {
    const pa = await payment({ paymentType: 'PA', amount: '100.00' });
    expect((await client.reference(pa, 'CP', { ...money('10.00'), sequence: 'FINAL' })).status).toBe(200);
    expect((await client.reference(pa, 'CP', money('10.00'))).body.result.code).toBe('700.400.100');
  });

  it('refuses a capture of a DB, in another currency, or of a reversed PA', async () => {
    const db = await payment({ paymentType: 'DB' });
    const onDb = await client.reference(db, 'CP', money('1.00'));
    expect(onDb.status).toBe(400);
    expect(onDb.body.result.description).toContain('must reference a preauthorization (PA), not DB');

    const pa = await payment({ paymentType: 'PA' });
    const usd = await client.reference(pa, 'CP', { amount: '1.00', currency: 'USD' });
    expect(usd.body.result.description).toContain('currency USD differs');
    expect((await client.reference(pa, 'RV')).status).toBe(200);
    const afterReversal = await client.reference(pa, 'CP', money('1.00'));
    expect(afterReversal.status).toBe(400);
    expect(afterReversal.body.result.description).toContain('was reversed');
  });

  it('refuses a capture of a declined PA', async () => {
    const declined = await client.pay({ paymentType: 'PA', 'card.number': '4000000000000002' });
    expect(declined.status).toBe(400);
    const capture = await client.reference(declined.body.id, 'CP', money('1.00'));
    expect(capture.status).toBe(400);
    expect(capture.body.result.description).toContain('rejected');
  });
});

describe('reversal (RV)', () => {
  it.each(['PA', 'DB', 'CD'])('reverses a %s once', async (type) => {
    const id = await payment({ paymentType: type });
    const reversal = await client.reference(id, 'RV');
    expect(reversal.status).toBe(200);
    expect(reversal.body).toMatchObject({ paymentType: 'RV', amount: '92.00' });
    const again = await client.reference(id, 'RV');
    expect(again.status).toBe(400);
    expect(again.body.result.code).toBe('700.400.300');
  });

  it('refuses to reverse a capture or a captured PA', async () => {
    const pa = await payment({ paymentType: 'PA' });
    const cp = (await client.reference(pa, 'CP', money('5.00'))).body.id;
    expect((await client.reference(cp, 'RV')).body.result.description).toContain('not CP');
    expect((await client.reference(pa, 'RV')).body.result.description).toContain('already captured');
  });
});

describe('refund (RF)', () => {
  it('refunds a DB in parts up to its amount', async () => {
    const db = await payment({ paymentType: 'DB', amount: '50.00' });
    const first = await client.reference(db, 'RF', money('30.00'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ paymentType: 'RF', amount: '30.00' });
    const over = await client.reference(db, 'RF', money('20.01'));
    expect(over.status).toBe(400);
    expect(over.body.result.code).toBe('700.400.200');
    expect(over.body.result.description).toContain('20.00 left to refund');
    expect((await client.reference(db, 'RF', money('20.00'))).status).toBe(200);
    expect((await client.reference(db, 'RV')).body.result.description).toContain('already refunded');
  });

  it('refunds a CD, and refuses a PA or a reversed DB', async () => {
    expect((await client.reference(await payment({ paymentType: 'CD' }), 'RF', money('1.00'))).status).toBe(200);
    const pa = await client.reference(await payment({ paymentType: 'PA' }), 'RF', money('1.00'));
    expect(pa.body.result.description).toContain('must reference DB or CD, not PA');
    const db = await payment({ paymentType: 'DB' });
    await client.reference(db, 'RV');
    expect((await client.reference(db, 'RF', money('1.00'))).body.result.description).toContain('was reversed');
  });
});

describe('referenced payments', () => {
  it('answers 404 for an unknown payment id', async () => {
    const answer = await client.reference('0123456789abcdef0123456789abcdef', 'RV');
    expect(answer.status).toBe(404);
    expect(answer.body.result.code).toBe('700.100.100');
    const read = await client.request('GET', '/v1/payments/0123456789abcdef0123456789abcdef', { entityId: client.sandbox.entityId });
    expect(read.status).toBe(404);
  });

  // The interface carries referencedId only in webhook notifications: a merchant
  // who read it from these answers would find it missing on the real gateway.
  it('reads a referencing payment back by its id; neither answer carries the webhook-only referencedId', async () => {
    const db = await payment({ paymentType: 'DB' });
    const refund = await client.reference(db, 'RF', money('1.00'));
    expect(refund.body).not.toHaveProperty('referencedId');
    const read = await client.request('GET', `/v1/payments/${refund.body.id}`, { entityId: client.sandbox.entityId });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: refund.body.id, paymentType: 'RF', amount: '1.00' });
    expect(read.body).not.toHaveProperty('referencedId');
  });

  it('captures a PA paid through a checkout by its payment id', async () => {
    const checkoutId = await client.checkout({ paymentType: 'PA', numberOfCaptures: '1' });
    const paid = await client.shopperPays(checkoutId);
    expect(paid.body.paymentType).toBe('PA');
    expect((await client.reference(paid.body.id, 'CP', money('92.00'))).status).toBe(200);
    expect((await client.reference(paid.body.id, 'CP', money('0.01'))).status).toBe(400);
  });
});
