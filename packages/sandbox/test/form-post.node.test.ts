// The shopper's browser posting the widget's form itself (a merchant hook
// calling form.submit()), against the real HTTP server: the shopper is sent on
// with 303 or shown a page, never raw JSON; the payment is the same one the
// widget's fetch makes; fetch and API callers keep their JSON answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUCCESS_CARD, openSandbox, type Client } from './client.js';

// What Chromium sends with a form navigation.
const NAVIGATION_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
const RESULT_URL = 'http://127.0.0.1:9/shop/result?order=7';
const CHECKOUT_PAGE = 'http://127.0.0.1:9/shop/checkout?step=pay';

let client: Client;
beforeAll(async () => {
  client = await openSandbox();
});
afterAll(() => client.sandbox.close());

interface FormAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** A POST as a browser's form submission makes it: form-encoded, navigation Accept, no Authorization. */
async function formPost(
  checkoutId: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
  body?: string,
): Promise<FormAnswer> {
  const res = await fetch(`${client.sandbox.url}/v1/checkouts/${encodeURIComponent(checkoutId)}/payment`, {
    method: 'POST',
    headers: {
      Accept: NAVIGATION_ACCEPT,
      'Content-Type': 'application/x-www-form-urlencoded',
      Referer: CHECKOUT_PAGE,
      ...headers,
    },
    body: body ?? new URLSearchParams(params).toString(),
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The fields the widget's form carries, with the success card. */
function widgetForm(extra: Record<string, string> = {}): Record<string, string> {
  return { ...SUCCESS_CARD, shopperResultUrl: RESULT_URL, ...extra };
}

function expectResultRedirect(answer: FormAnswer, checkoutId: string): void {
  expect(answer.status).toBe(303);
  const location = new URL(answer.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:9/shop/result');
  expect(location.searchParams.get('order')).toBe('7');
  expect(location.searchParams.get('id')).toBe(checkoutId);
  expect(location.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${checkoutId}/payment`);
}

function expectHtmlPage(answer: FormAnswer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  expect(answer.text).toMatch(/^<!doctype html>/);
  expect(() => JSON.parse(answer.text)).toThrow();
  expect(answer.text).not.toContain('"result":');
}

describe("a browser's native post of the widget's form", () => {
  it('pays and answers 303 to the shopper result URL with id and resourcePath; the status read is a success', async () => {
    const id = await client.checkout();
    const answer = await formPost(id, widgetForm({ 'customParameters[SHOPPER_orderId]': 'order-42' }));

    expectResultRedirect(answer, id);
    expect(answer.text).toBe('');
    const status = await client.status(id);
    expect(status.status).toBe(200);
    expect(status.body.result.code).toBe('000.100.110');
    expect(status.body.amount).toBe('92.00');
    expect(status.body.card).toEqual({ bin: '420000', last4Digits: '0000', holder: 'Jane Jones', expiryMonth: '05', expiryYear: '2034' });
    expect(status.body.customParameters).toEqual({ SHOPPER_orderId: 'order-42' });
  });

  it('sends a declined card to the result URL too, where the status read says declined', async () => {
    const id = await client.checkout();
    const answer = await formPost(id, widgetForm({ 'card.number': '4000000000009995' }));

    expectResultRedirect(answer, id);
    const status = await client.status(id);
    expect(status.status).toBe(400);
    expect(status.body.result.code).toBe('800.100.155');
  });

  it('uses the checkout’s shopperResultUrl when the form sends none', async () => {
    const id = await client.checkout({ shopperResultUrl: RESULT_URL });
    const answer = await formPost(id, { ...SUCCESS_CARD });
    expectResultRedirect(answer, id);
  });

  it('sends a 3-D Secure card to the challenge page, which then sends the shopper to the result URL', async () => {
    const id = await client.checkout();
    const answer = await formPost(id, widgetForm({ 'card.number': '4000000000003220' }));

    expect(answer.status).toBe(303);
    const challenge = answer.headers.get('location')!;
    expect(challenge).toBe(`${client.sandbox.url}/v1/threeds/${encodeURIComponent(id)}`);
    expect((await client.status(id)).body.result.code).toBe('000.200.000');
    const page = await fetch(challenge);
    expect(await page.text()).toContain('Complete authentication');
    const done = await fetch(challenge, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    expectResultRedirect({ status: done.status, headers: done.headers, text: '' }, id);
    expect((await client.status(id)).body.result.code).toBe('000.100.110');
  });

  const badFields: Array<[label: string, change: Record<string, string>, words: string, field: string]> = [
    ['a card number failing Luhn', { 'card.number': '4200000000000001' }, 'Card number', 'card.number'],
    ['a card number with letters', { 'card.number': '4200abcd00000000' }, 'Card number', 'card.number'],
    ['an expiry month of 13', { 'card.expiryMonth': '13' }, 'Expiry month', 'card.expiryMonth'],
    ['an expiry year in the past', { 'card.expiryYear': '2001' }, 'Expiry year', 'card.expiryYear'],
    ['a two-digit CVV', { 'card.cvv': '12' }, 'Security code (CVV)', 'card.cvv'],
    ['a one-letter holder', { 'card.holder': 'J' }, 'Card holder', 'card.holder'],
    ['a Mastercard number sent as VISA', { 'card.number': '5454545454545454' }, 'Card number', 'card.number'],
    ['a custom parameter without SHOPPER_', { 'customParameters[orderId]': '7' }, 'Custom parameter orderId', 'customParameters[orderId]'],
  ];

  it.each(badFields)('answers %s with a 400 page naming the field in words, no JSON', async (_, change, words, field) => {
    const id = await client.checkout();
    const answer = await formPost(id, widgetForm(change));

    expectHtmlPage(answer, 400);
    expect(answer.text).toContain(`<strong>${words}</strong>`);
    expect(answer.text).toContain(field);
    expect(answer.text).toContain(`<a id="back" href="${CHECKOUT_PAGE}">Back to the payment form</a>`);
    // Neither the card number nor the CVV is ever shown back.
    expect(answer.text).not.toContain(change['card.number'] ?? SUCCESS_CARD['card.number']);
    // Refused by validation, the checkout stays open: the corrected form pays.
    expect((await client.status(id)).body.result.code).toBe('000.200.000');
    expectResultRedirect(await formPost(id, widgetForm()), id);
  });

  it('escapes everything it echoes', async () => {
    const id = await client.checkout();
    const answer = await formPost(id, widgetForm({ 'customParameters[<img src=x onerror=alert(1)>]': 'x' }), {
      Referer: 'http://127.0.0.1:9/shop/"><script>alert(2)</script>',
    });

    expectHtmlPage(answer, 400);
    expect(answer.text).not.toContain('<img');
    expect(answer.text).toContain('Custom parameter &#60;img src=x onerror=alert(1)&#62;');
    expect(answer.text).not.toContain('alert(2)</script>');
    // The page's one script is its own back link.
    expect(answer.text.match(/<script>/g)).toHaveLength(1);
  });

  it('answers a second payment of a paid checkout with a 400 page saying so', async () => {
    const id = await client.checkout();
    expectResultRedirect(await formPost(id, widgetForm()), id);
    const again = await formPost(id, widgetForm());

    expectHtmlPage(again, 400);
    expect(again.text).toContain('this checkout already has a payment');
  });

  it('answers an unknown checkout with a 404 page', async () => {
    const answer = await formPost('0123456789abcdef0123456789abcdef.sbx01-vm-tx01', widgetForm());
    expectHtmlPage(answer, 404);
    expect(answer.text).toContain('This checkout has expired or does not exist');
  });

  it('answers a body that is not form-encoded with a 400 page', async () => {
    const id = await client.checkout();
    const answer = await formPost(id, {}, { 'Content-Type': 'text/plain' }, 'card.number=4200000000000000');
    expectHtmlPage(answer, 400);
    expect(answer.text).toContain('application/x-www-form-urlencoded');
  });

  it('answers too many requests with a 429 page and Retry-After', async () => {
    const limited = await openSandbox({ throttle: { checkoutPayment: { limit: 1, windowMs: 60_000 } } });
    try {
      const id = await limited.checkout();
      const first = await fetch(`${limited.sandbox.url}/v1/checkouts/${id}/payment`, {
        method: 'POST',
        headers: { Accept: NAVIGATION_ACCEPT, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(widgetForm({ 'card.cvv': '1' })).toString(),
        redirect: 'manual',
      });
      expect(first.status).toBe(400);
      const second = await fetch(`${limited.sandbox.url}/v1/checkouts/${id}/payment`, {
        method: 'POST',
        headers: { Accept: NAVIGATION_ACCEPT, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(widgetForm()).toString(),
        redirect: 'manual',
      });
      expect(second.status).toBe(429);
      expect(second.headers.get('content-type')).toMatch(/^text\/html/);
      expect(second.headers.get('retry-after')).toBe('60');
      expect(await second.text()).toContain('Too many requests');
    } finally {
      await limited.sandbox.close();
    }
  });
});

describe('fetch and API callers keep the JSON answers', () => {
  it('answers the widget’s fetch (Accept: application/json) with the payment JSON', async () => {
    const id = await client.checkout();
    const answer = await formPost(id, widgetForm(), { Accept: 'application/json' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text).result.code).toBe('000.100.110');
  });

  it('answers a bad field with JSON parameterErrors when JSON is asked for, even alongside HTML', async () => {
    const id = await client.checkout();
    const answer = await formPost(id, widgetForm({ 'card.cvv': '12' }), { Accept: 'text/html, application/json' });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.text);
    expect(body.result.code).toMatch(/^100\.100\.60/);
    expect(body.result.parameterErrors).toEqual([{ name: 'card.cvv', message: 'card.cvv must be 3-4 digits (N3-4)' }]);
  });

  it('answers a client that sends no Accept (or */*) with JSON', async () => {
    const id = await client.checkout();
    const answer = await client.shopperPays(id, { 'card.number': '4000000000000002' });
    expect(answer.status).toBe(400);
    expect(answer.body.result.code).toBe('800.100.151');
    expect(answer.body.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers an authenticated submission with JSON whatever it accepts', async () => {
    const id = await client.checkout();
    const answer = await formPost(id, widgetForm({ entityId: client.sandbox.entityId }), {
      Authorization: `Bearer ${client.sandbox.accessToken}`,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).result.code).toBe('000.100.110');
  });
});
