// The settlement over a real store (PGlite, the embedded PostgreSQL) and a
// scripted gateway: one payable checkout per cart, every channel settling by
// the same rules, uncertain payments re-checked until final and never paid
// twice, follow-ups placed once (even when they come before their payment).
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WpwlServerError } from '../src/errors.js';
import { readPaymentResult, type PaymentResult } from '../src/response.js';
import {
  createSettlement,
  MAX_OPEN_CHECKOUTS_PER_CART,
  pgliteSettlementStore,
  type OpenCheckoutRequest,
  type Settlement,
  type SettlementOrder,
  type SettlementStore,
} from '../src/settlement/index.js';
import { CHARGED_STATES } from '../src/settlement/index.js';
import type { WebhookNotification } from '../src/webhook.js';

const CART = 'cart-aaaaaaaaaaaaaaaa';
let clock: number;
let store: SettlementStore;
let settlement: Settlement;
/** What the scripted gateway answers per checkout: a status and body, or an error to throw. */
let answers: Map<string, Array<{ status: number; body: Record<string, unknown> } | Error>>;
let reads: string[];
let prepared = 0;

const checkoutIdOf = (n: number) => `checkout${String(n).padStart(24, '0')}.test`;
const paymentIdOf = (n: number) => `pay${String(n).padStart(29, '0')}`;

function script(checkoutId: string, ...replies: Array<{ status: number; body: Record<string, unknown> } | Error>) {
  answers.set(checkoutId, replies);
}

const paymentBody = (n: number, code: string, extra: Record<string, unknown> = {}) => ({
  id: paymentIdOf(n),
  paymentType: 'DB',
  amount: '92.00',
  currency: 'EUR',
  ndc: checkoutIdOf(n),
  merchantTransactionId: undefined,
  result: { code },
  ...extra,
});

const gateway = {
  async getPaymentStatus(resourcePath: string): Promise<PaymentResult> {
    const checkoutId = resourcePath.split('/')[3]!;
    reads.push(checkoutId);
    const replies = answers.get(checkoutId) ?? [];
    const reply = replies.length > 1 ? replies.shift()! : replies[0];
    if (!reply) return readPaymentResult({ id: checkoutId, result: { code: '000.200.000' } }, 200, checkoutId);
    if (reply instanceof Error) throw reply;
    if (reply.status === 404) throw new WpwlServerError('NOT_FOUND', 'not found', { details: { status: 404 } });
    return readPaymentResult(reply.body, reply.status, checkoutId);
  },
};

function request(overrides: Partial<OpenCheckoutRequest> = {}): OpenCheckoutRequest {
  return {
    cartKey: CART,
    cartFingerprint: 'sencha×1',
    amount: '92.00',
    currency: 'EUR',
    paymentType: 'DB',
    prepare: async () => ({ id: checkoutIdOf(++prepared) }),
    ...overrides,
  };
}

function notification(body: Record<string, unknown>): WebhookNotification {
  return { type: 'PAYMENT', payload: readPaymentResult(body, 200) };
}

// One database for the file (PGlite takes seconds to start), emptied before each test.
let db: PGlite;
// PGlite compiles and starts PostgreSQL in WebAssembly: seconds, more on a loaded machine.
beforeAll(async () => {
  db = new PGlite();
  store = await pgliteSettlementStore({ db, ownsDatabase: false });
}, 60_000);
afterAll(async () => {
  await store.close();
  await db.close();
});
beforeEach(async () => {
  await db.exec('DELETE FROM wpwl_orders; DELETE FROM wpwl_unplaced_notifications');
  clock = Date.parse('2026-11-27T12:00:00Z');
  answers = new Map();
  reads = [];
  prepared = 0;
  settlement = createSettlement({ store, gateway, now: () => new Date(clock), readReuseMs: 0, log: () => undefined });
});

describe('one payable checkout per cart', () => {
  it('hands the open checkout out again, and a new one when the cart changed', async () => {
    const first = await settlement.openCheckout(request());
    expect(first.kind).toBe('created');
    expect((await settlement.openCheckout(request())).order.checkoutId).toBe(first.order.checkoutId);
    const changed = await settlement.openCheckout(request({ cartFingerprint: 'sencha×2' }));
    expect(changed.kind).toBe('created');
    // Before replacing it, the old checkout was read: it may have been paid in another tab.
    expect(reads).toEqual([first.order.checkoutId]);
  });

  it('replaces a checkout the gateway no longer knows (expired on its clock), which can hold no payment', async () => {
    const first = await settlement.openCheckout(request());
    script(first.order.checkoutId, { status: 404, body: {} });
    const renewed = await settlement.openCheckout(request({ renew: first.order.checkoutId }));
    expect(renewed.kind).toBe('created');
    expect(renewed.order.checkoutId).not.toBe(first.order.checkoutId);
  });

  it('refuses a new checkout for a paid cart, whichever tab paid', async () => {
    const first = await settlement.openCheckout(request());
    script(first.order.checkoutId, { status: 200, body: paymentBody(1, '000.100.110') });
    const again = await settlement.openCheckout(request({ renew: first.order.checkoutId }));
    expect(again).toMatchObject({ kind: 'cartPaid', order: { orderId: first.order.orderId, state: 'paid' } });
  });

  it('refuses a new checkout when the oldest of many open checkouts of the cart was paid in a tab still open', async () => {
    // The cart changed three times in one tab; the first tab still shows the first checkout's form.
    const first = await settlement.openCheckout(request({ cartFingerprint: 'sencha×1' }));
    for (const quantity of [2, 3, 4]) {
      clock += 60_000;
      expect((await settlement.openCheckout(request({ cartFingerprint: `sencha×${quantity}` }))).kind).toBe('created');
    }
    // The shopper pays in the first tab; its result page has not run, no webhook has come yet.
    script(first.order.checkoutId, { status: 200, body: paymentBody(1, '000.100.110') });
    clock += 60_000;
    const fifth = await settlement.openCheckout(request({ cartFingerprint: 'sencha×5' }));
    expect(fifth).toMatchObject({ kind: 'cartPaid', order: { orderId: first.order.orderId, state: 'paid' } });
    expect(prepared).toBe(4);
  });

  it('reads at most MAX_OPEN_CHECKOUTS_PER_CART open checkouts of a cart, and then hands out no more', async () => {
    for (let quantity = 1; quantity <= MAX_OPEN_CHECKOUTS_PER_CART; quantity++) {
      clock += 1000;
      expect((await settlement.openCheckout(request({ cartFingerprint: `sencha×${quantity}` }))).kind).toBe('created');
    }
    reads = [];
    clock += 1000;
    const refused = await settlement.openCheckout(request({ cartFingerprint: 'sencha×99' }));
    expect(refused).toMatchObject({ kind: 'tooManyOpen', order: { checkoutId: checkoutIdOf(1) } });
    expect(reads).toHaveLength(MAX_OPEN_CHECKOUTS_PER_CART);
    expect(prepared).toBe(MAX_OPEN_CHECKOUTS_PER_CART);
    // Once the oldest lapsed (the gateway no longer knows it), the cart gets its next checkout.
    clock += 30 * 60_000;
    script(checkoutIdOf(1), { status: 404, body: {} });
    expect((await settlement.openCheckout(request({ cartFingerprint: 'sencha×99' }))).kind).toBe('created');
  });

  it('refuses a new checkout while a payment of the cart is uncertain, then allows it once it was declined', async () => {
    const first = await settlement.openCheckout(request());
    script(
      first.order.checkoutId,
      { status: 400, body: paymentBody(1, '900.100.300') },
      { status: 400, body: paymentBody(1, '800.100.151') },
    );
    const blocked = await settlement.openCheckout(request({ renew: first.order.checkoutId }));
    expect(blocked).toMatchObject({ kind: 'paymentUncertain', order: { state: 'uncertain' } });
    // A second try asks the gateway nothing new: the order is uncertain until a re-check settles it.
    expect((await settlement.openCheckout(request({ renew: first.order.checkoutId }))).kind).toBe('paymentUncertain');
    clock += 11_000;
    expect(await settlement.recheck()).toMatchObject({ checked: 1, changed: 1, uncertain: 0 });
    expect((await settlement.find({ orderId: first.order.orderId }))?.state).toBe('declined');
    expect((await settlement.openCheckout(request({ renew: first.order.checkoutId }))).kind).toBe('created');
  });

  it('an uncertain payment that went through after all: paid once, no second checkout ever went out', async () => {
    const first = await settlement.openCheckout(request());
    script(
      first.order.checkoutId,
      { status: 400, body: paymentBody(1, '900.100.300') },
      { status: 200, body: paymentBody(1, '000.100.110') },
    );
    expect((await settlement.readStatus(first.order.checkoutId))?.state).toBe('uncertain');
    expect(prepared).toBe(1);
    clock += 5_000;
    expect((await settlement.recheck()).checked).toBe(0); // not due yet
    clock += 6_000;
    await settlement.recheck();
    expect((await settlement.openCheckout(request())).kind).toBe('cartPaid');
    expect(prepared).toBe(1);
  });
});

describe('settling from every channel by one rule set', () => {
  let order: SettlementOrder;
  beforeEach(async () => {
    order = (await settlement.openCheckout(request())).order;
  });

  it('a request-level 400 is no verdict: a later success webhook pays the order', async () => {
    script(order.checkoutId, { status: 400, body: { result: { code: '200.300.404', description: 'invalid or missing parameter' } } });
    expect((await settlement.readStatus(order.checkoutId))?.state).toBe('open');
    const outcome = await settlement.settleFromWebhook(
      notification({ ...paymentBody(1, '000.100.110'), merchantTransactionId: order.orderId }),
    );
    expect(outcome).toMatchObject({ kind: 'settled', order: { state: 'paid', settledBy: 'webhook' } });
  });

  it('a notification naming the checkout but another order id is kept, not settled', async () => {
    const outcome = await settlement.settleFromWebhook(
      notification({ ...paymentBody(1, '000.100.110'), merchantTransactionId: 'order-other' }),
    );
    expect(outcome).toEqual({ kind: 'kept', reason: 'unknown-order' });
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('open');
    expect((await store.unplaced()).map((n) => n.reason)).toEqual(['unknown-order']);
  });

  it('an uncertain webhook makes the order uncertain; the re-check backs off while the gateway throttles', async () => {
    await settlement.settleFromWebhook(notification(paymentBody(1, '900.100.300')));
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('uncertain');
    script(order.checkoutId, new WpwlServerError('THROTTLED', 'too many', { details: { retryAfterMs: 60_000 } }));
    clock += 11_000;
    expect(await settlement.recheck()).toMatchObject({ checked: 1, failed: 1, throttled: true });
    const after = await settlement.find({ orderId: order.orderId });
    expect(after?.nextCheckAt?.getTime()).toBeGreaterThanOrEqual(clock + 60_000);
    clock += 30_000;
    expect((await settlement.recheck()).checked).toBe(0);
  });

  it('a checkout that lapsed unpaid is read once after its expiry and closed as expired', async () => {
    clock += 31 * 60_000;
    expect((await settlement.recheck()).checked).toBe(0);
    clock += 2 * 60_000;
    script(order.checkoutId, { status: 404, body: {} });
    expect(await settlement.recheck()).toMatchObject({ checked: 1, changed: 1 });
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('expired');
  });

  it('an answer about no payment after the expiry (a system error) does not close the order: the next read finds it paid', async () => {
    clock += 33 * 60_000;
    // The gateway had a bad moment: a system error that names no payment says nothing of the checkout.
    script(
      order.checkoutId,
      { status: 200, body: { id: order.checkoutId, result: { code: '900.100.300', description: 'timeout' } } },
      { status: 200, body: paymentBody(1, '000.100.110') },
    );
    await settlement.recheck();
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('open');
    // The gateway's own call for the unread payment (or the next re-check) reads it again.
    await settlement.scheduleCheck(order.checkoutId);
    await settlement.recheck();
    expect(await settlement.find({ orderId: order.orderId })).toMatchObject({ state: 'paid' });
  });

  it("the gateway's call for an unread payment reopens an order closed as expired: a payment exists, and it is read", async () => {
    // Closed on the gateway's pending answer (its clock behind this server's: the checkout was still payable).
    clock += 33 * 60_000;
    script(order.checkoutId, { status: 200, body: { id: order.checkoutId, result: { code: '000.200.000' } } });
    await settlement.recheck();
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('expired');
    // The shopper paid in that last moment and closed the tab: the gateway calls the result URL 29 minutes later.
    clock += 29 * 60_000;
    script(order.checkoutId, { status: 400, body: paymentBody(1, '900.100.300') }, { status: 200, body: paymentBody(1, '000.100.110') });
    await settlement.scheduleCheck(order.checkoutId);
    expect((await settlement.readStatus(order.checkoutId, { channel: 'shopper-result-call', fresh: true }))?.state).toBe('uncertain');
    // Still uncertain: re-checked until final, as any uncertain payment.
    clock += 11_000;
    await settlement.recheck();
    expect(await settlement.find({ orderId: order.orderId })).toMatchObject({ state: 'paid' });
  });

  it('a call for an expired order whose checkout the gateway no longer knows is read once, not in every round', async () => {
    clock += 33 * 60_000;
    script(order.checkoutId, { status: 404, body: {} });
    await settlement.recheck();
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('expired');
    await settlement.scheduleCheck(order.checkoutId);
    reads = [];
    expect(await settlement.recheck()).toMatchObject({ checked: 1, failed: 1 });
    clock += 60 * 60_000;
    expect((await settlement.recheck()).checked).toBe(0);
    expect(reads).toHaveLength(1);
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('expired');
  });

  it('a lapsed order whose payment the gateway still knows is paid by the re-check', async () => {
    clock += 33 * 60_000;
    script(order.checkoutId, { status: 200, body: paymentBody(1, '000.100.110') });
    await settlement.recheck();
    expect(await settlement.find({ orderId: order.orderId })).toMatchObject({ state: 'paid', settledBy: 'recheck' });
  });

  it('refunds, reversals and chargebacks move the paid order; a repeated notification counts once', async () => {
    await settlement.settleFromWebhook(notification(paymentBody(1, '000.100.110')));
    const refund = {
      id: 'r'.repeat(32),
      paymentType: 'RF',
      amount: '40.00',
      currency: 'EUR',
      referencedId: paymentIdOf(1),
      result: { code: '000.100.110' },
    };
    expect(await settlement.settleFromWebhook(notification(refund))).toMatchObject({ order: { state: 'partiallyRefunded' } });
    expect(await settlement.settleFromWebhook(notification(refund))).toMatchObject({ kind: 'unchanged' });
    const rest = { ...refund, id: 's'.repeat(32), amount: '52.00' };
    expect(await settlement.settleFromWebhook(notification(rest))).toMatchObject({ order: { state: 'refunded' } });
    const tooMuch = { ...refund, id: 't'.repeat(32), amount: '0.01' };
    expect(await settlement.settleFromWebhook(notification(tooMuch))).toEqual({ kind: 'kept', reason: 'exceeds-paid' });
  });

  it('a refund that arrives before its payment is kept, then placed once the payment is paid', async () => {
    const refund = {
      id: 'r'.repeat(32),
      paymentType: 'RF',
      amount: '92.00',
      currency: 'EUR',
      referencedId: paymentIdOf(1),
      result: { code: '000.100.110' },
    };
    expect(await settlement.settleFromWebhook(notification(refund))).toEqual({ kind: 'kept', reason: 'unknown-payment' });
    await settlement.settleFromWebhook(notification(paymentBody(1, '000.100.110')));
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('refunded');
    // Placed once: the notification's redelivery changes nothing more.
    expect(await settlement.settleFromWebhook(notification(refund))).toMatchObject({ kind: 'unchanged' });
  });

  it('a chargeback, then its reversal', async () => {
    await settlement.settleFromWebhook(notification(paymentBody(1, '000.100.110')));
    const chargeback = {
      id: 'c'.repeat(32),
      paymentType: 'CB',
      amount: '92.00',
      currency: 'EUR',
      referencedId: paymentIdOf(1),
      result: { code: '000.100.220' },
    };
    expect(await settlement.settleFromWebhook(notification(chargeback))).toMatchObject({ order: { state: 'chargedBack' } });
    const reversal = { ...chargeback, id: 'd'.repeat(32), paymentType: 'CR', result: { code: '000.100.110' } };
    expect(await settlement.settleFromWebhook(notification(reversal))).toMatchObject({ order: { state: 'chargebackReversed' } });
  });

  it('a chargeback given back restores the verdict of a duplicate payment or one charged otherwise: never paid', async () => {
    // The cart's second payment (a duplicate to refund), and an order charged another amount.
    clock += 1000;
    const second = (await settlement.openCheckout(request({ cartFingerprint: 'sencha×2' }))).order;
    await settlement.settleFromWebhook(notification(paymentBody(1, '000.100.110')));
    await settlement.settleFromWebhook(notification(paymentBody(2, '000.100.110')));
    const other = (await settlement.openCheckout(request({ cartKey: 'cart-bbbbbbbbbbbbbbbb' }))).order;
    const otherN = Number(other.checkoutId.slice(8, 32));
    await settlement.settleFromWebhook(notification(paymentBody(otherN, '000.100.110', { amount: '0.01' })));
    expect((await settlement.find({ orderId: second.orderId }))?.state).toBe('duplicate');
    expect((await settlement.find({ orderId: other.orderId }))?.state).toBe('needsReview');
    // The shopper's bank takes each back, then gives it back to the merchant.
    for (const [n, amount] of [
      [2, '92.00'],
      [otherN, '0.01'],
    ] as const) {
      const chargeback = {
        id: `c${String(n).padStart(31, '0')}`,
        paymentType: 'CB',
        amount,
        currency: 'EUR',
        referencedId: paymentIdOf(n),
        result: { code: '000.100.220' },
      };
      await settlement.settleFromWebhook(notification(chargeback));
      await settlement.settleFromWebhook(
        notification({ ...chargeback, id: `d${String(n).padStart(31, '0')}`, paymentType: 'CR', result: { code: '000.100.110' } }),
      );
    }
    expect(await settlement.find({ orderId: second.orderId })).toMatchObject({ state: 'duplicate', duplicateOf: order.orderId });
    expect(await settlement.find({ orderId: other.orderId })).toMatchObject({ state: 'needsReview', reviewReason: 'mismatch' });
  });

  it('a chargeback reversal naming the chargeback (as the gateway sends it) moves the order, also when it comes first', async () => {
    await settlement.settleFromWebhook(notification(paymentBody(1, '000.100.110')));
    const chargeback = {
      id: 'c'.repeat(32),
      paymentType: 'CB',
      amount: '92.00',
      currency: 'EUR',
      merchantTransactionId: order.orderId,
      referencedId: paymentIdOf(1),
      result: { code: '000.100.220' },
    };
    // Its referencedId is the chargeback, not the order's payment; it overtook the chargeback on the way.
    const reversal = { ...chargeback, id: 'd'.repeat(32), paymentType: 'CR', referencedId: chargeback.id, result: { code: '000.100.110' } };
    expect(await settlement.settleFromWebhook(notification(reversal))).toMatchObject({ kind: 'kept' });
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('paid');
    await settlement.settleFromWebhook(notification(chargeback));
    expect(await settlement.find({ orderId: order.orderId })).toMatchObject({
      state: 'chargebackReversed',
      followUps: [{ kind: 'chargeback' }, { kind: 'chargebackReversal' }],
    });
    // Sent again: counted once.
    expect(await settlement.settleFromWebhook(notification(reversal))).toMatchObject({ kind: 'unchanged' });
    // A reversal naming a chargeback this order does not have is not placed on it.
    const stray = { ...reversal, id: 'e'.repeat(32), referencedId: 'f'.repeat(32) };
    expect(await settlement.settleFromWebhook(notification(stray))).toMatchObject({ kind: 'kept' });
  });

  it('a success after a decline is kept for a person, the order stays declined', async () => {
    script(order.checkoutId, { status: 400, body: paymentBody(1, '800.100.151') });
    expect((await settlement.readStatus(order.checkoutId))?.state).toBe('declined');
    expect(await settlement.settleFromWebhook(notification(paymentBody(1, '000.100.110')))).toEqual({
      kind: 'kept',
      reason: 'contradicts-final',
    });
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('declined');
  });

  it('a final order is never read again', async () => {
    script(order.checkoutId, { status: 200, body: paymentBody(1, '000.100.110') });
    await settlement.readStatus(order.checkoutId);
    await settlement.readStatus(order.checkoutId);
    expect(reads).toEqual([order.checkoutId]);
  });
});

describe('follow-ups that waited for their payment, when a process ends or another instance races', () => {
  let order: SettlementOrder;
  const chargeback = () => ({
    id: 'c'.repeat(32),
    paymentType: 'CB',
    amount: '92.00',
    currency: 'EUR',
    merchantTransactionId: order.orderId,
    referencedId: paymentIdOf(1),
    result: { code: '000.100.220' },
  });
  // As the gateway sends it: its referencedId is the chargeback.
  const reversal = () => ({
    ...chargeback(),
    id: 'd'.repeat(32),
    paymentType: 'CR',
    referencedId: 'c'.repeat(32),
    result: { code: '000.100.110' },
  });

  /** A refund in another currency than the order's: its charged payment refuses it for good. */
  const usdRefund = () => ({
    id: 'r'.repeat(32),
    paymentType: 'RF',
    amount: '10.00',
    currency: 'USD',
    referencedId: paymentIdOf(1),
    result: { code: '000.100.110' },
  });

  /**
   * The store, as seen by a process that ends right after its next write of
   * an order: the write is committed, the process's next look for waiting
   * follow-ups never happens.
   */
  function endingAfterNextWrite(): SettlementStore {
    let ended = false;
    return {
      ...store,
      async update(checkoutId, change) {
        if (ended) throw new Error('this process has ended');
        const stored = await store.update(checkoutId, change);
        ended = true;
        return stored;
      },
      async unplacedFor(paymentId) {
        if (ended) throw new Error('this process has ended');
        return store.unplacedFor(paymentId);
      },
    };
  }

  /** A settlement in a process that ends right after its next write of an order (see endingAfterNextWrite). */
  const endingProcess = () =>
    createSettlement({ store: endingAfterNextWrite(), gateway, now: () => new Date(clock), log: () => undefined });

  /** The payment charged and its reversal kept (it came first); then the chargeback recorded by a process that ends before placing the reversal. */
  async function chargebackRecordedByAnEndingProcess(): Promise<void> {
    await settlement.settleFromWebhook(notification(paymentBody(1, '000.100.110')));
    expect(await settlement.settleFromWebhook(notification(reversal()))).toMatchObject({ kind: 'kept' });
    await expect(endingProcess().settleFromWebhook(notification(chargeback()))).rejects.toThrow('ended');
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('chargedBack');
  }

  beforeEach(async () => {
    order = (await settlement.openCheckout(request())).order;
  });

  it('a chargeback and its reversal that came first are placed by the payment redelivered after the process that charged it ended', async () => {
    expect(await settlement.settleFromWebhook(notification(chargeback()))).toMatchObject({ kind: 'kept' });
    expect(await settlement.settleFromWebhook(notification(reversal()))).toMatchObject({ kind: 'kept' });
    const ending = endingProcess();
    await expect(ending.settleFromWebhook(notification(paymentBody(1, '000.100.110')))).rejects.toThrow('ended');
    // The charge was written, its follow-ups not: the gateway had no answer, so it sends the payment again.
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('paid');
    expect(await settlement.settleFromWebhook(notification(paymentBody(1, '000.100.110')))).toMatchObject({ kind: 'unchanged' });
    expect(await settlement.find({ orderId: order.orderId })).toMatchObject({
      state: 'chargebackReversed',
      followUps: [{ kind: 'chargeback' }, { kind: 'chargebackReversal' }],
    });
    expect((await store.unplaced()).filter((n) => !n.placedAt)).toEqual([]);
  });

  it('with no redelivery (the charge came from a status read), the next re-check places them', async () => {
    await settlement.settleFromWebhook(notification(chargeback()));
    await settlement.settleFromWebhook(notification(reversal()));
    script(order.checkoutId, { status: 200, body: paymentBody(1, '000.100.110') });
    const ending = endingProcess();
    await expect(ending.readStatus(order.checkoutId)).rejects.toThrow('ended');
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('paid');
    await settlement.recheck();
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('chargebackReversed');
    // Placed once: another re-check and the notifications' redelivery change nothing.
    await settlement.recheck();
    expect(await settlement.settleFromWebhook(notification(chargeback()))).toMatchObject({ kind: 'unchanged' });
    expect((await settlement.find({ orderId: order.orderId }))?.followUps).toHaveLength(2);
  });

  it('a reversal that came first is placed by the chargeback redelivered after the process that recorded it ended', async () => {
    await chargebackRecordedByAnEndingProcess();
    expect(await settlement.settleFromWebhook(notification(chargeback()))).toMatchObject({ kind: 'unchanged' });
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('chargebackReversed');
  });

  it('with no redelivery of the chargeback, the next re-check places the reversal that waited for it', async () => {
    await chargebackRecordedByAnEndingProcess();
    await settlement.recheck();
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('chargebackReversed');
    expect((await store.unplaced()).filter((n) => !n.placedAt)).toEqual([]);
  });

  it('a chargeback kept while another instance charges its payment is placed all the same', async () => {
    // Instance B finds no charged order and keeps the chargeback; before its keep is written,
    // instance A writes the charge and looks for waiting follow-ups (there are none yet).
    const instanceA = createSettlement({ store, gateway, now: () => new Date(clock), log: () => undefined });
    const racingStore: SettlementStore = {
      ...store,
      async keepUnplaced(notification) {
        await instanceA.settleFromWebhook({ type: 'PAYMENT', payload: readPaymentResult(paymentBody(1, '000.100.110'), 200) });
        return store.keepUnplaced(notification);
      },
    };
    const instanceB = createSettlement({ store: racingStore, gateway, now: () => new Date(clock), log: () => undefined });
    await instanceB.settleFromWebhook(notification(chargeback()));
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('chargedBack');
    expect((await store.unplaced()).filter((n) => !n.placedAt)).toEqual([]);
  });

  it('a waiting refund its charged payment refuses (another currency) is kept for a person and waits no more', async () => {
    const refund = usdRefund();
    await settlement.settleFromWebhook(notification(refund));
    await settlement.settleFromWebhook(notification(paymentBody(1, '000.100.110')));
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('paid');
    const kept = await store.unplaced();
    expect(kept.map((n) => [n.reason, Boolean(n.placedAt)])).toEqual([
      ['unknown-payment', true],
      ['currency', false],
    ]);
    expect(await store.waitingOnPayments([...CHARGED_STATES], 10)).toEqual([]);
  });

  it('two instances re-checking at once keep a waiting refund its charged payment refuses for a person once, not twice', async () => {
    const refund = usdRefund();
    await settlement.settleFromWebhook(notification(refund));
    script(order.checkoutId, { status: 200, body: paymentBody(1, '000.100.110') });
    const ending = endingProcess();
    await expect(ending.readStatus(order.checkoutId)).rejects.toThrow('ended');
    const other = createSettlement({ store, gateway, now: () => new Date(clock), log: () => undefined });
    await Promise.all([settlement.recheck(), other.recheck()]);
    const kept = await store.unplaced();
    expect(kept.map((n) => [n.reason, Boolean(n.placedAt)])).toEqual([
      ['unknown-payment', true],
      ['currency', false],
    ]);
  });
});

describe('onSettled is told of every verdict at least once', () => {
  let order: SettlementOrder;
  let told: Array<{ state: string; registrationId: string | undefined; channel: string }>;
  let failNext: boolean;
  const withHook = () =>
    createSettlement({
      store,
      gateway,
      now: () => new Date(clock),
      readReuseMs: 0,
      log: () => undefined,
      onSettled: (settled, payment, channel) => {
        // As a process that ends while the merchant's own work runs: the verdict is written, the work not done.
        if (failNext) {
          failNext = false;
          throw new Error('this process has ended');
        }
        told.push({ state: settled.state, registrationId: payment.registrationId, channel });
      },
    });
  const paid = () => paymentBody(1, '000.100.110', { registrationId: 'reg00000000000000000000000000001' });

  beforeEach(async () => {
    told = [];
    failNext = false;
    settlement = withHook();
    order = (await settlement.openCheckout(request())).order;
  });

  it('once when nothing goes wrong: the redelivery and a re-check tell it nothing more', async () => {
    await settlement.settleFromWebhook(notification(paid()));
    await settlement.settleFromWebhook(notification(paid()));
    clock += 60_000;
    await settlement.recheck();
    expect(told).toEqual([{ state: 'paid', registrationId: 'reg00000000000000000000000000001', channel: 'webhook' }]);
    expect((await settlement.find({ orderId: order.orderId }))?.nextCheckAt).toBeUndefined();
  });

  it('again on the redelivery when the process ended before the hook returned', async () => {
    failNext = true;
    await expect(settlement.settleFromWebhook(notification(paid()))).rejects.toThrow('ended');
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('paid');
    // Another instance gets the gateway's next try.
    await withHook().settleFromWebhook(notification(paid()));
    expect(told).toEqual([{ state: 'paid', registrationId: 'reg00000000000000000000000000001', channel: 'webhook' }]);
    await settlement.settleFromWebhook(notification(paid()));
    expect(told).toHaveLength(1);
  });

  it('by the next re-check when no redelivery comes, with the payment read again', async () => {
    script(order.checkoutId, { status: 200, body: paid() });
    failNext = true;
    await expect(settlement.readStatus(order.checkoutId)).rejects.toThrow('ended');
    expect((await settlement.find({ orderId: order.orderId }))?.state).toBe('paid');
    // Not before the usual wait; then once.
    await settlement.recheck();
    expect(told).toEqual([]);
    clock += 10_000;
    await settlement.recheck();
    expect(told).toEqual([{ state: 'paid', registrationId: 'reg00000000000000000000000000001', channel: 'recheck' }]);
    clock += 60_000;
    await settlement.recheck();
    expect(told).toHaveLength(1);
  });

  it('a re-check that cannot read the payment tries again after the wait, not in every round', async () => {
    script(order.checkoutId, { status: 200, body: paid() });
    failNext = true;
    await expect(settlement.readStatus(order.checkoutId)).rejects.toThrow('ended');
    script(order.checkoutId, new WpwlServerError('NETWORK', 'the gateway cannot be reached'));
    clock += 10_000;
    expect(await settlement.recheck()).toMatchObject({ checked: 1, failed: 1 });
    expect(await settlement.recheck()).toMatchObject({ checked: 0 });
    script(order.checkoutId, { status: 200, body: paid() });
    clock += 10_000;
    await settlement.recheck();
    expect(told).toEqual([{ state: 'paid', registrationId: 'reg00000000000000000000000000001', channel: 'recheck' }]);
  });
});
