// The gateway side of express checkout (a page that loads the widget without
// a checkout id and prepares one when a wallet button is pressed): the
// widget's hash for such a page, prepare checkout taking integrity=1, the
// Apple Pay stand-in script, and wallet payments whose authorised total must
// be the checkout's.
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { APPLE_PAY_SESSION_PATH, APPLE_PAY_SESSION_STAND_IN, RESULTS } from '@wpwl/sandbox';
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

const sha384 = (bytes: ArrayBuffer) => `sha384-${createHash('sha384').update(Buffer.from(bytes)).digest('base64')}`;
const RESULT_URL = 'https://shop.example/checkout/result';

/** What the stand-in widget's wallet sheet posts for `brand`, with the total it showed. */
function walletPayment(brand: string, amount: string | undefined, currency: string | undefined): Record<string, string> {
  return {
    paymentBrand: brand,
    shopperResultUrl: RESULT_URL,
    ...(amount === undefined ? {} : { 'wallet.amount': amount }),
    ...(currency === undefined ? {} : { 'wallet.currency': currency }),
  };
}

describe('GET /v1/fastcheckout/integrity', () => {
  it('answers the sha384 of the script a page loads without a checkout id, with a success result', async () => {
    client = await openSandbox();
    const answer = await client.request('GET', '/v1/fastcheckout/integrity');
    expect(answer.status).toBe(200);
    expect(answer.body.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(answer.body.result).toEqual(RESULTS.requestSucceeded);
    expect(answer.body.result.code).toMatch(/^(000\.000\.|000\.100\.1|000\.[36]|000\.400\.[1][12]0)/);
    const served = await fetch(`${client.sandbox.url}/v1/paymentWidgets.js`);
    expect(answer.body.integrity).toBe(sha384(await served.arrayBuffer()));
    // The same bytes as with a checkout id: one hash for both kinds of page.
    const prepared = await client.request('POST', '/v1/checkouts', client.checkoutParams({ integrity: 'true' }));
    expect(prepared.body.integrity).toBe(answer.body.integrity);
  });

  it('takes the Bearer token like every request: 401 without it, 403 with a wrong one, 400 for another method', async () => {
    client = await openSandbox();
    const none = await client.request('GET', '/v1/fastcheckout/integrity', {}, 'none');
    expect([none.status, none.body.result.code, none.body.integrity]).toEqual([401, RESULTS.unauthenticated.code, undefined]);
    const wrong = await client.request('GET', '/v1/fastcheckout/integrity', {}, { header: 'Bearer not-the-token' });
    expect([wrong.status, wrong.body.result.code, wrong.body.integrity]).toEqual([403, RESULTS.forbidden.code, undefined]);
    const post = await client.request('POST', '/v1/fastcheckout/integrity');
    expect([post.status, post.body.result.code]).toEqual([400, RESULTS.invalidMethod.code]);
  });
});

describe('prepare checkout with integrity', () => {
  it('takes integrity=1 (as PHP encodes true) like true, and answers the hash', async () => {
    client = await openSandbox();
    const one = await client.request('POST', '/v1/checkouts', client.checkoutParams({ integrity: '1' }));
    expect(one.status).toBe(200);
    const served = await fetch(`${client.sandbox.url}/v1/paymentWidgets.js?checkoutId=${one.body.id}`);
    expect(one.body.integrity).toBe(sha384(await served.arrayBuffer()));
  });

  it.each(['0', 'yes', 'TRUE', '2'])('still refuses integrity=%s', async (value) => {
    client = await openSandbox();
    const refused = await client.request('POST', '/v1/checkouts', client.checkoutParams({ integrity: value }));
    expect(refused.status).toBe(400);
    expect(refused.body.result.code).toBe('200.300.404');
    expect(refused.body.result.parameterErrors).toEqual([expect.objectContaining({ name: 'integrity', value })]);
  });
});

describe('the Apple Pay stand-in', () => {
  it(`is served at ${APPLE_PAY_SESSION_PATH} as JavaScript, without a token, to any origin`, async () => {
    client = await openSandbox();
    const res = await fetch(`${client.sandbox.url}${APPLE_PAY_SESSION_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe(APPLE_PAY_SESSION_STAND_IN);
  });

  it('defines an ApplePaySession that says it can pay, and leaves a real one alone', async () => {
    const window: Record<string, any> = {};
    runInNewContext(APPLE_PAY_SESSION_STAND_IN, { window, Promise });
    expect(window.ApplePaySession.canMakePayments()).toBe(true);
    expect(window.ApplePaySession.supportsVersion(3)).toBe(true);
    await expect(window.ApplePaySession.canMakePaymentsWithActiveCard('merchant')).resolves.toBe(true);
    const safari = { canMakePayments: () => false };
    const withReal: Record<string, any> = { ApplePaySession: safari };
    runInNewContext(APPLE_PAY_SESSION_STAND_IN, { window: withReal, Promise });
    expect(withReal.ApplePaySession).toBe(safari);
  });
});

describe('wallet payments', () => {
  it.each([
    ['GOOGLEPAY', '92.00'],
    ['APPLEPAY', '92'],
    ['APPLEPAYTKN', '92.0'],
    ['PAYPAL', '092.000'],
  ])('takes %s with the total the sheet showed (%s, the same decimal), sends the shopper on and notifies', async (brand, amount) => {
    receiver = await startWebhookReceiver();
    client = await openSandbox({ webhooks: [{ url: receiver.url, key: WEBHOOK_KEY }] });
    const id = await client.checkout();
    const paid = await client.request('POST', `/v1/checkouts/${id}/payment`, walletPayment(brand, amount, 'EUR'), 'none');
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ paymentBrand: brand, amount: '92.00', currency: 'EUR', result: RESULTS.success });
    expect(paid.body.card).toBeUndefined();
    const status = await client.status(id);
    expect([status.status, status.body.result.code, status.body.paymentBrand]).toEqual([200, RESULTS.success.code, brand]);
    await receiver.until(1);
    expect(receiver.notifications[0]).toMatchObject({
      type: 'PAYMENT',
      payload: { paymentBrand: brand, amount: '92.00', result: { code: RESULTS.success.code } },
    });
  });

  it.each([
    ['an amount of 12.5 for a checkout of 12.50 (the same decimal)', '12.50', '12.5', 'EUR', true],
    ['another amount', '12.50', '12.51', 'EUR', false],
    ['another currency', '12.50', '12.50', 'USD', false],
    ['an amount that is no decimal', '12.50', '12,50', 'EUR', false],
    ['three significant decimals', '12.50', '12.505', 'EUR', false],
  ])('compares %s', async (_, checkoutAmount, amount, currency, same) => {
    client = await openSandbox();
    const id = await client.checkout({ amount: checkoutAmount });
    const paid = await client.request('POST', `/v1/checkouts/${id}/payment`, walletPayment('GOOGLEPAY', amount, currency), 'none');
    expect(paid.body.result.code).toBe(same ? RESULTS.success.code : RESULTS.walletAmountMismatch.code);
  });

  it('declines a total the checkout does not have with an amount-group code, records it, charges nothing', async () => {
    receiver = await startWebhookReceiver();
    client = await openSandbox({ webhooks: [{ url: receiver.url, key: WEBHOOK_KEY }] });
    const id = await client.checkout({ amount: '92.00' });
    const paid = await client.request('POST', `/v1/checkouts/${id}/payment`, walletPayment('APPLEPAY', '90.00', 'EUR'), 'none');
    expect(paid.status).toBe(400);
    expect(paid.body.result.code).toMatch(/^100\.55/);
    expect(paid.body.result.description).toContain('wallet.amount "90.00"');
    // A payment declined, as a decline with a card is: the shopper is sent on and the status read tells.
    expect(paid.body).toMatchObject({ paymentBrand: 'APPLEPAY', amount: '92.00', currency: 'EUR' });
    const status = await client.status(id);
    expect([status.status, status.body.result.code]).toEqual([400, RESULTS.walletAmountMismatch.code]);
    await receiver.until(1);
    expect(receiver.notifications[0].payload.result.code).toBe(RESULTS.walletAmountMismatch.code);
    // Nothing was charged: there is nothing to refund.
    const refund = await client.reference(paid.body.id, 'RF', { amount: '1.00', currency: 'EUR' });
    expect(refund.status).toBe(400);
    // The checkout took its one payment.
    const again = await client.request('POST', `/v1/checkouts/${id}/payment`, walletPayment('APPLEPAY', '92.00', 'EUR'), 'none');
    expect(again.body.result.code).toBe(RESULTS.duplicate.code);
  });

  it('holds a card payment carrying a wallet total to the same rule, and leaves payments without one as they were', async () => {
    client = await openSandbox();
    const mismatched = await client.checkout();
    const card = await client.shopperPays(mismatched, { 'wallet.amount': '1.00' });
    expect(card.body.result.code).toBe(RESULTS.walletAmountMismatch.code);
    const plain = await client.shopperPays(await client.checkout());
    expect(plain.body.result.code).toBe(RESULTS.success.code);
    // A wallet brand without the stand-in token is still no payment method the sandbox processes.
    const tokenless = await client.request(
      'POST',
      `/v1/checkouts/${await client.checkout()}/payment`,
      walletPayment('GOOGLEPAY', undefined, undefined),
      'none',
    );
    expect([tokenless.status, tokenless.body.result.code]).toEqual([400, RESULTS.invalidPaymentMethod.code]);
  });
});
