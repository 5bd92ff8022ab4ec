// Chargebacks (CB) and chargeback reversals (CR), started through the sandbox
// handle and through the sandbox-only admin routes, each notified by a PAYMENT
// webhook with referencedId; and the notifications of refunds and reversals
// made through POST /v1/payments/{id}.
import { afterEach, describe, expect, it } from 'vitest';
import { RESULTS } from '@wpwl/sandbox';
import { openSandbox, type Client } from './client.js';
import { startWebhookReceiver, WEBHOOK_KEY, type WebhookReceiver } from './webhook-receiver.js';

let client: Client | undefined;
let receiver: WebhookReceiver | undefined;

afterEach(async () => {
  await client?.sandbox.close();
  await receiver?.close();
  client = undefined;
  receiver = undefined;
});

async function start(): Promise<{ c: Client; r: WebhookReceiver }> {
  receiver = await startWebhookReceiver();
  client = await openSandbox({ webhooks: [{ url: receiver.url, key: WEBHOOK_KEY }], webhookRetryDelaysMs: [30, 60] });
  return { c: client, r: receiver };
}

/** The payload of the PAYMENT notification for payment `id` (after webhooksSettled). */
function notified(r: WebhookReceiver, id: string): any {
  const found = r.notifications.filter((n) => n.type === 'PAYMENT' && n.payload.id === id);
  expect(found, `notifications of ${id}`).toHaveLength(1);
  return found[0].payload;
}

describe('chargebacks through the sandbox handle', () => {
  it('charges back a paid debit (CB, referencedId, 000.100.2xx) and reverses the chargeback (CR)', async () => {
    const { c, r } = await start();
    const db = await c.pay({ merchantTransactionId: 'order-0042' });
    const cb = c.sandbox.chargeback(db.body.id, { amount: '40.00', chargebackResultCode: '000.100.220' });
    expect(cb).toMatchObject({ paymentType: 'CB', referencedId: db.body.id, amount: '40.00', resultCode: '000.100.220', state: 'success' });
    const cr = c.sandbox.reverseChargeback(cb.id);
    expect(cr).toMatchObject({ paymentType: 'CR', referencedId: cb.id, amount: '40.00', resultCode: '000.100.110', state: 'success' });

    await c.sandbox.webhooksSettled(5000);
    expect(notified(r, cb.id)).toMatchObject({
      paymentType: 'CB',
      referencedId: db.body.id,
      amount: '40.00',
      currency: 'EUR',
      paymentBrand: 'VISA',
      merchantTransactionId: 'order-0042',
      result: RESULTS.chargebackFraud,
      card: { last4Digits: '0000' },
    });
    expect(notified(r, cr.id)).toMatchObject({
      paymentType: 'CR',
      referencedId: cb.id,
      amount: '40.00',
      merchantTransactionId: 'order-0042',
      result: { code: '000.100.110' },
    });
    // The status read of a chargeback is the interface's payment body: no referencedId there.
    const read = await c.request('GET', `/v1/payments/${cb.id}`, { entityId: c.sandbox.entityId });
    expect(read.body).toMatchObject({ id: cb.id, paymentType: 'CB', result: { code: '000.100.220' } });
    expect(read.body.referencedId).toBeUndefined();
  });

  it('charges back all not yet refunded by default, reason 000.100.200; a capture can be charged back too', async () => {
    const { c } = await start();
    const db = await c.pay();
    await c.reference(db.body.id, 'RF', { amount: '12.00', currency: 'EUR' });
    expect(c.sandbox.chargeback(db.body.id)).toMatchObject({ amount: '80.00', resultCode: '000.100.200' });
    const pa = await c.pay({ paymentType: 'PA' });
    const cp = await c.reference(pa.body.id, 'CP', { amount: '50.00', currency: 'EUR' });
    expect(c.sandbox.chargeback(cp.body.id)).toMatchObject({ paymentType: 'CB', referencedId: cp.body.id, amount: '50.00' });
  });

  it('a chargeback takes its amount out of what can be refunded, and its reversal gives it back', async () => {
    const { c } = await start();
    const db = await c.pay();
    const cb = c.sandbox.chargeback(db.body.id, { amount: '40.00' });
    const refused = await c.reference(db.body.id, 'RF', { amount: '92.00', currency: 'EUR' });
    expect(refused.body.result.code).toBe(RESULTS.cannotRefund.code);
    expect(refused.body.result.description).toContain('exceeds the 52.00 left to refund (40.00 was charged back)');
    expect((await c.reference(db.body.id, 'RV')).body.result.description).toContain('was charged back');
    c.sandbox.reverseChargeback(cb.id);
    expect((await c.reference(db.body.id, 'RF', { amount: '92.00', currency: 'EUR' })).body.result.code).toBe('000.100.110');
  });

  it('refuses, naming the rule: unknown ids, other payment types, a second chargeback or reversal, bad options', async () => {
    const { c } = await start();
    const unknown = 'f'.repeat(32);
    expect(() => c.sandbox.chargeback(unknown)).toThrow(`chargeback: no payment ${unknown}`);
    expect(() => c.sandbox.reverseChargeback(unknown)).toThrow(`reverseChargeback: no payment ${unknown}`);
    const pa = await c.pay({ paymentType: 'PA' });
    expect(() => c.sandbox.chargeback(pa.body.id)).toThrow('a chargeback (CB) refers to a debit (DB) or capture (CP), not PA');
    const declined = await c.pay({ 'card.number': '4000000000000002' });
    expect(() => c.sandbox.chargeback(declined.body.id)).toThrow('the payment is rejected');
    const uncertain = await c.pay({ 'card.number': '4000000000000903' });
    expect(() => c.sandbox.chargeback(uncertain.body.id)).toThrow('the payment is still pending');

    const db = await c.pay();
    expect(() => c.sandbox.chargeback(db.body.id, { amount: '92.01' })).toThrow('amount 92.01 exceeds the 92.00 not refunded');
    expect(() => c.sandbox.chargeback(db.body.id, { amount: '0.00' })).toThrow('amount must be more than 0.00');
    expect(() => c.sandbox.chargeback(db.body.id, { amount: '1,00' })).toThrow('amount must be');
    expect(() => c.sandbox.chargeback(db.body.id, { chargebackResultCode: '000.100.110' })).toThrow(
      'chargebackResultCode must be 000.100.2 followed by two digits',
    );
    // @ts-expect-error: a number where the amount string goes
    expect(() => c.sandbox.chargeback(db.body.id, { amount: 10 })).toThrow('chargeback: options.amount must be a string, got number');
    const cb = c.sandbox.chargeback(db.body.id);
    expect(() => c.sandbox.chargeback(db.body.id)).toThrow(`it already has a chargeback (${cb.id}); one chargeback per payment`);
    expect(() => c.sandbox.reverseChargeback(db.body.id)).toThrow('a chargeback reversal (CR) refers to a chargeback (CB), not DB');
    c.sandbox.reverseChargeback(cb.id);
    expect(() => c.sandbox.reverseChargeback(cb.id)).toThrow(`cannot reverse chargeback ${cb.id}: it was already reversed`);
  });
});

describe('the admin routes', () => {
  it('POST /sandbox/payments/{id}/chargeback and …/chargeback-reversal answer the new payment and notify it', async () => {
    const { c, r } = await start();
    const db = await c.pay();
    const cb = await c.request('POST', `/sandbox/payments/${db.body.id}/chargeback`, {
      amount: '92.00',
      chargebackResultCode: '000.100.222',
    });
    expect(cb.status).toBe(200);
    expect(cb.body).toMatchObject({
      paymentType: 'CB',
      referencedId: db.body.id,
      amount: '92.00',
      result: RESULTS.chargebackNotRecognized,
    });
    const cr = await c.request('POST', `/sandbox/payments/${cb.body.id}/chargeback-reversal`, { entityId: c.sandbox.entityId });
    expect(cr.status).toBe(200);
    expect(cr.body).toMatchObject({ paymentType: 'CR', referencedId: cb.body.id, amount: '92.00', result: { code: '000.100.110' } });
    await c.sandbox.webhooksSettled(5000);
    expect(notified(r, cb.body.id)).toMatchObject({ paymentType: 'CB', referencedId: db.body.id, result: { code: '000.100.222' } });
    expect(notified(r, cr.body.id)).toMatchObject({ paymentType: 'CR', referencedId: cb.body.id });
  });

  it('refuses bad authentication, unknown ids, bad parameters and other methods in the usual envelope', async () => {
    const { c } = await start();
    const db = await c.pay();
    const path = `/sandbox/payments/${db.body.id}/chargeback`;
    const envelope = { buildNumber: expect.any(String), timestamp: expect.any(String), ndc: expect.any(String) };

    const none = await c.request('POST', path, {}, 'none');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ result: RESULTS.unauthenticated, ...envelope });
    const wrong = await c.request('POST', path, {}, { header: 'Bearer wrong-token' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ result: RESULTS.forbidden, ...envelope });

    const unknown = 'a'.repeat(32);
    for (const route of ['chargeback', 'chargeback-reversal']) {
      const answer = await c.request('POST', `/sandbox/payments/${unknown}/${route}`);
      expect(answer.status, route).toBe(404);
      expect(answer.body, route).toMatchObject({
        result: { code: RESULTS.referenceUnknown.code, description: `${RESULTS.referenceUnknown.description}: no payment ${unknown}` },
        ...envelope,
      });
    }

    const badCode = await c.request('POST', path, { chargebackResultCode: '000.100.2' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.result.parameterErrors).toEqual([
      {
        name: 'chargebackResultCode',
        value: '000.100.2',
        message: 'chargebackResultCode must be 000.100.2 followed by two digits, e.g. 000.100.220',
      },
    ]);
    const foreign = await c.request('POST', path, { entityId: '0'.repeat(32) });
    expect(foreign.status).toBe(403);
    const reverseDebit = await c.request('POST', `/sandbox/payments/${db.body.id}/chargeback-reversal`);
    expect([reverseDebit.status, reverseDebit.body.result.code]).toEqual([400, RESULTS.invalidWorkflow.code]);
    expect(reverseDebit.body.result.description).toContain('refers to a chargeback (CB), not DB');
    const get = await c.request('GET', path);
    expect([get.status, get.body.result.code]).toEqual([400, RESULTS.invalidMethod.code]);
    // Nothing was charged back by the refused requests.
    expect(c.sandbox.payments().map((p) => p.paymentType)).toEqual(['DB']);
  });
});

describe('refund and reversal notifications', () => {
  it('carry referencedId, amount, currency, paymentType and the result', async () => {
    const { c, r } = await start();
    const db = await c.pay({ merchantTransactionId: 'order-0099' });
    const rf = await c.reference(db.body.id, 'RF', { amount: '10.00', currency: 'EUR', merchantTransactionId: 'order-0099' });
    const other = await c.pay();
    const rv = await c.reference(other.body.id, 'RV');
    await c.sandbox.webhooksSettled(5000);
    expect(notified(r, rf.body.id)).toMatchObject({
      paymentType: 'RF',
      referencedId: db.body.id,
      amount: '10.00',
      currency: 'EUR',
      paymentBrand: 'VISA',
      merchantTransactionId: 'order-0099',
      result: { code: '000.100.110' },
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+0000$/),
      ndc: expect.any(String),
    });
    expect(notified(r, rv.body.id)).toMatchObject({ paymentType: 'RV', referencedId: other.body.id, amount: '92.00', currency: 'EUR' });
  });
});
