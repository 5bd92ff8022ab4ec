import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SUCCESS_CARD, openSandbox, type Client } from './client.js';

const MINUTE = 60_000;
let client: Client | undefined;
const servers: Server[] = [];

afterEach(async () => {
  await client?.sandbox.close();
  client = undefined;
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function start(options: Parameters<typeof openSandbox>[0] = {}): Promise<Client> {
  client = await openSandbox(options);
  return client;
}

/** A loopback merchant endpoint that records the requests it gets. */
async function merchantEndpoint(): Promise<{ url: string; hits: URL[]; next: () => Promise<URL> }> {
  const hits: URL[] = [];
  const waiters: Array<(url: URL) => void> = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.push(url);
    waiters.shift()?.(url);
    res.end('ok');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/shop/result?order=7`, hits, next: () => new Promise((resolve) => waiters.push(resolve)) };
}

describe('checkout expiry (30 minutes, by the sandbox clock)', () => {
  it('keeps a checkout open until 30 minutes after creation, then refuses it everywhere', async () => {
    const c = await start();
    const id = await c.checkout();
    c.sandbox.advanceClock(29 * MINUTE + 59_000);
    const session = await c.request('GET', `/v1/checkouts/${id}/widget-session`, {}, 'none');
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ id, amount: '92.00', currency: 'EUR', paymentType: 'DB' });

    c.sandbox.advanceClock(1000);
    const expired = await c.request('GET', `/v1/checkouts/${id}/widget-session`, {}, 'none');
    expect(expired.status).toBe(404);
    expect(expired.body.result).toEqual({
      code: '200.300.404',
      description: 'invalid or missing parameter: checkout id expired or unknown',
    });
    const pay = await c.shopperPays(id);
    expect(pay.status).toBe(404);
    expect(pay.body.result.code).toBe('200.300.404');
    expect((await c.status(id)).status).toBe(404);
  });

  it('follows an injected clock', async () => {
    let now = Date.UTC(2030, 0, 1, 12, 0, 0);
    const c = await start({ clock: () => now });
    const created = await c.request('POST', '/v1/checkouts', c.checkoutParams());
    expect(created.body.timestamp).toBe('2030-01-01 12:00:00+0000');
    const session = await c.request('GET', `/v1/checkouts/${created.body.id}/widget-session`, {}, 'none');
    expect(session.body.expiresAt).toBe('2030-01-01T12:30:00.000Z');
    now += 30 * MINUTE;
    expect((await c.request('GET', `/v1/checkouts/${created.body.id}/widget-session`, {}, 'none')).status).toBe(404);
  });

  it('answers 404 for an unknown checkout id', async () => {
    const c = await start();
    const answer = await c.request('GET', '/v1/checkouts/0123456789ABCDEF0123456789ABCDEF.sbx01-vm-tx01/widget-session', {}, 'none');
    expect(answer.status).toBe(404);
    expect(answer.body.result.code).toBe('200.300.404');
  });

  it('still answers the status of a paid checkout after expiry', async () => {
    const c = await start();
    const id = await c.checkout();
    await c.shopperPays(id);
    c.sandbox.advanceClock(31 * MINUTE);
    const status = await c.status(id);
    expect(status.status).toBe(200);
    expect(status.body.result.code).toBe('000.100.110');
  });
});

describe('one payment per checkout', () => {
  it('refuses a second submission with 400 and a clear description', async () => {
    const c = await start();
    const id = await c.checkout();
    expect((await c.shopperPays(id)).status).toBe(200);
    const again = await c.shopperPays(id);
    expect(again.status).toBe(400);
    expect(again.body.result.code).toBe('200.300.405');
    expect(again.body.result.description).toContain('already has a payment');
  });

  it('lets exactly one of 20 concurrent submissions through', async () => {
    const c = await start();
    const id = await c.checkout();
    const answers = await Promise.all(Array.from({ length: 20 }, () => c.shopperPays(id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.result.code === '200.300.405')).toHaveLength(19);
    const paid = answers.find((a) => a.status === 200)?.body.id;
    expect((await c.status(id)).body.id).toBe(paid);
  });

  it('counts a declined payment as the one payment', async () => {
    const c = await start();
    const id = await c.checkout();
    const declined = await c.shopperPays(id, { 'card.number': '4000000000009995' });
    expect(declined.status).toBe(400);
    expect(declined.body.result.code).toBe('800.100.155');
    expect((await c.shopperPays(id)).body.result.code).toBe('200.300.405');
  });
});

describe('update checkout (POST /v1/checkouts/{id})', () => {
  it('answers 000.200.101, and the payment is then made with the updated amount and parameters', async () => {
    const c = await start();
    const id = await c.checkout();
    const updated = await c.request('POST', `/v1/checkouts/${id}`, {
      entityId: c.sandbox.entityId,
      amount: '17.50',
      'customParameters[SHOPPER_order]': 'A-17',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, result: { code: '000.200.101' } });
    const paid = await c.shopperPays(id);
    expect(paid.body).toMatchObject({ amount: '17.50', currency: 'EUR', customParameters: { SHOPPER_order: 'A-17' } });
  });

  it('checks the update like prepare checkout, and refuses it without a token, for a paid or an unknown checkout', async () => {
    const c = await start();
    const id = await c.checkout();
    const bad = await c.request('POST', `/v1/checkouts/${id}`, { entityId: c.sandbox.entityId, amount: '1.999' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('amount');
    expect((await c.request('POST', `/v1/checkouts/${id}`, { entityId: c.sandbox.entityId, amount: '5.00' }, 'none')).status).toBe(401);
    await c.shopperPays(id);
    const afterPayment = await c.request('POST', `/v1/checkouts/${id}`, { entityId: c.sandbox.entityId, amount: '5.00' });
    expect(afterPayment.status).toBe(400);
    expect(afterPayment.body).toMatchObject({ result: { code: '200.300.405' } });
    const unknown = await c.request('POST', `/v1/checkouts/${'0'.repeat(32)}`, { entityId: c.sandbox.entityId, amount: '5.00' });
    expect(unknown.status).toBe(404);
  });
});

describe('the payment response', () => {
  it('has the interface formats and keeps only BIN and last four digits', async () => {
    const c = await start();
    const id = await c.checkout({
      'customParameters[ORDER_ref]': 'A-17',
      'customer.givenName': 'Jane',
      'customer.surname': 'Jones',
      merchantTransactionId: 'order-0017',
    });
    const paid = await c.shopperPays(id, { 'customParameters[SHOPPER_note]': 'ring twice' });
    expect(paid.status).toBe(200);
    const status = await c.status(id);
    for (const body of [paid.body, status.body]) {
      expect(body.id).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(body.amount).toBe('92.00');
      expect(body.currency).toBe('EUR');
      expect(body.paymentType).toBe('DB');
      expect(body.paymentBrand).toBe('VISA');
      expect(body.result).toEqual({ code: '000.100.110', description: expect.any(String) });
      expect(body.card).toEqual({ bin: '420000', last4Digits: '0000', holder: 'Jane Jones', expiryMonth: '05', expiryYear: '2034' });
      expect(body.customParameters).toEqual({ ORDER_ref: 'A-17', SHOPPER_note: 'ring twice' });
      expect(body.customer).toEqual({ givenName: 'Jane', surname: 'Jones' });
      expect(body.merchantTransactionId).toBe('order-0017');
      expect(body.buildNumber).toEqual(expect.any(String));
      expect(body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+0000$/);
      expect(body.ndc).toMatch(/^[A-Za-z0-9-]{1,69}$/);
      expect(JSON.stringify(body)).not.toContain('4200000000000000');
      expect(JSON.stringify(body)).not.toContain('"123"');
    }
    expect(id).toMatch(/^[A-Za-z0-9.-]{32,48}$/);
  });

  it('applies overridePaymentType for the brand paid with', async () => {
    const c = await start();
    const id = await c.checkout({ 'overridePaymentType[VISA]': 'PA' });
    expect((await c.shopperPays(id)).body.paymentType).toBe('PA');
  });

  it('answers a registration id when createRegistration=true, readable on the registration path', async () => {
    const c = await start();
    const id = await c.checkout({ createRegistration: 'true' });
    const paid = await c.shopperPays(id);
    expect(paid.body.registrationId).toMatch(/^[A-Za-z0-9]{32}$/);
    const registration = await c.request('GET', `/v1/checkouts/${id}/registration`, { entityId: c.sandbox.entityId });
    expect(registration.status).toBe(200);
    expect(registration.body.id).toBe(paid.body.registrationId);
    expect(registration.body.card.last4Digits).toBe('0000');
  });

  describe('one-click: a checkout prepared with registrations[n].id', () => {
    /** Pays once with "save my card" ticked and answers the registration id. */
    async function storedCard(c: Client, card: Record<string, string> = {}): Promise<string> {
      const first = await c.checkout();
      const paid = await c.request(
        'POST',
        `/v1/checkouts/${first}/payment`,
        { ...SUCCESS_CARD, ...card, createRegistration: 'true' },
        'none',
      );
      return paid.body.registrationId as string;
    }

    it('offers the stored cards to the widget (brand, last digits, holder, expiry; never the number) and pays with the one picked', async () => {
      const c = await start();
      const visa = await storedCard(c);
      const master = await storedCard(c, { paymentBrand: 'MASTER', 'card.number': '5454545454545454', 'card.holder': 'Jane Q Jones' });
      const id = await c.checkout({ 'registrations[0].id': visa, 'registrations[1].id': master, amount: '12.00' });
      const session = await c.request('GET', `/v1/checkouts/${id}/widget-session`, {}, 'none');
      expect(session.body.registrations).toEqual([
        { id: visa, paymentBrand: 'VISA', last4Digits: '0000', holder: 'Jane Jones', expiryMonth: '05', expiryYear: '2034' },
        { id: master, paymentBrand: 'MASTER', last4Digits: '5454', holder: 'Jane Q Jones', expiryMonth: '05', expiryYear: '2034' },
      ]);
      expect(JSON.stringify(session.body)).not.toContain('5454545454545454');

      const paid = await c.request('POST', `/v1/checkouts/${id}/payment`, { registrationId: master, 'card.cvv': '123' }, 'none');
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ paymentBrand: 'MASTER', amount: '12.00', card: { last4Digits: '5454' } });
      expect(paid.body.registrationId).toBeUndefined();
      const status = await c.status(id);
      expect(status.body.result.code).toBe('000.100.110');
      expect(status.body.paymentBrand).toBe('MASTER');
    });

    it('refuses a registration id the checkout does not offer, and one that is no registration at all', async () => {
      const c = await start();
      const offered = await storedCard(c);
      const other = await storedCard(c);
      const id = await c.checkout({ 'registrations[0].id': offered });
      const wrong = await c.request('POST', `/v1/checkouts/${id}/payment`, { registrationId: other }, 'none');
      expect(wrong.status).toBe(400);
      expect(wrong.body.result.code).toBe('100.150.200');
      // The refusal did not use the checkout up: the offered card still pays.
      expect((await c.request('POST', `/v1/checkouts/${id}/payment`, { registrationId: offered }, 'none')).status).toBe(200);

      const unknown = await c.request('POST', '/v1/checkouts', c.checkoutParams({ 'registrations[0].id': 'a'.repeat(32) }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.result.code).toBe('100.150.200');
      expect(unknown.body.result.parameterErrors).toEqual([
        { name: 'registrations[0].id', value: 'a'.repeat(32), message: 'registrations[0].id is no registration of this entity' },
      ]);
      const malformed = await c.request('POST', '/v1/checkouts', c.checkoutParams({ 'registrations[0].id': 'x' }));
      expect(malformed.body.result.parameterErrors[0].message).toBe(
        'registrations[0].id must be a registration id of 32 letters and digits (AN32)',
      );
    });

    it('a stored 3-D Secure card asks for the challenge again on a one-click payment', async () => {
      const c = await start();
      const first = await c.checkout({ createRegistration: 'true', shopperResultUrl: 'https://shop.example/result' });
      await c.shopperPays(first, { 'card.number': '4000000000003220' });
      await c.request('POST', `/v1/threeds/${first}`, { outcome: 'complete' }, 'none');
      const registrationId = (await c.status(first)).body.registrationId as string;
      expect(registrationId).toMatch(/^[A-Za-z0-9]{32}$/);
      const id = await c.checkout({ 'registrations[0].id': registrationId });
      const paid = await c.request('POST', `/v1/checkouts/${id}/payment`, { registrationId }, 'none');
      expect(paid.body.result.code).toBe('000.200.000');
      expect(paid.body.redirect.url).toBe(`${c.sandbox.url}/v1/threeds/${id}`);
    });
  });

  it('stores a card without paying on the registration path', async () => {
    const c = await start();
    const id = await c.checkout();
    const stored = await c.request(
      'POST',
      `/v1/checkouts/${id}/registration`,
      { paymentBrand: 'MASTER', 'card.number': '5454545454545454', 'card.expiryMonth': '12', 'card.expiryYear': '2040', 'card.cvv': '321' },
      'none',
    );
    expect(stored.status).toBe(200);
    expect(stored.body.result.code).toBe('000.100.110');
    const read = await c.request('GET', `/v1/checkouts/${id}/registration`, { entityId: c.sandbox.entityId });
    expect(read.body.id).toBe(stored.body.id);
    expect((await c.shopperPays(id)).body.result.code).toBe('200.300.405');
  });

  it('reports an open, unpaid checkout as pending', async () => {
    const c = await start();
    const id = await c.checkout();
    const status = await c.status(id);
    expect(status.status).toBe(200);
    expect(status.body.result.code).toBe('000.200.000');
  });
});

describe('test cards', () => {
  it.each([
    ['4200000000000000', 'VISA', 200, '000.100.110'],
    ['5454545454545454', 'MASTER', 200, '000.100.110'],
    ['4000000000000002', 'VISA', 400, '800.100.151'],
    ['4000000000009995', 'VISA', 400, '800.100.155'],
    ['4000000000000069', 'VISA', 400, '100.100.303'],
    ['4000000000000127', 'VISA', 400, '800.100.153'],
    ['4000000000000119', 'VISA', 400, '900.100.300'],
    ['5105105105105100', 'MASTER', 400, '800.100.152'],
  ])('%s (%s) → %i %s', async (number, brand, status, code) => {
    const c = await start();
    const answer = await c.pay({ 'card.number': number, paymentBrand: brand });
    expect(answer.status).toBe(status);
    expect(answer.body.result.code).toBe(code);
  });

  // Domestic schemes the widget offers as card brands, issued on Visa, Mastercard or Maestro numbers.
  it.each([
    ['4200000000000000', 'MADA'],
    ['5454545454545454', 'MADA'],
    ['4200000000000000', 'CARTEBANCAIRE'],
    ['5454545454545454', 'CARTEBANCAIRE'],
    ['5078030000000003', 'MEEZA'],
    // mada's own BINs: a Visa-range one, and one in the Maestro range that only its BIN makes mada.
    ['4464040000000007', 'MADA'],
    ['5888450000000003', 'MADA'],
  ])('takes %s as a co-branded %s card', async (number, brand) => {
    const c = await start();
    const answer = await c.pay({ 'card.number': number, paymentBrand: brand });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ paymentBrand: brand, result: { code: '000.100.110' } });
  });

  it('takes a 4-digit CVV for AMEX', async () => {
    const c = await start();
    const answer = await c.pay({ 'card.number': '377777777777770', paymentBrand: 'AMEX', 'card.cvv': '1234' });
    expect(answer.body.result.code).toBe('000.100.110');
  });
});

describe('3-D Secure test card', () => {
  it('answers pending with redirect.url; completing the challenge pays and redirects to the shopper result URL', async () => {
    const c = await start();
    const id = await c.checkout({ shopperResultUrl: 'https://shop.example/result?order=7' });
    const pending = await c.shopperPays(id, { 'card.number': '4000000000003220' });
    expect(pending.status).toBe(200);
    expect(pending.body.result.code).toBe('000.200.000');
    expect(pending.body.redirect.url).toBe(`${c.sandbox.url}/v1/threeds/${id}`);

    const pageRes = await fetch(pending.body.redirect.url);
    const html = await pageRes.text();
    expect(html).toContain('Complete authentication');
    expect(html).toContain('Fail');
    expect(html).toContain('3220');
    expect(html).not.toMatch(/<form[^>]*target=/);
    // Shown in the widget's iframe, the page sends the window the widget names on (the whole page by default).
    const framed = await (await fetch(`${pending.body.redirect.url}?target=_top`)).text();
    expect(framed).toMatch(/<form method="post" action="[^"]+" target="_top">/);
    const named = await (await fetch(`${pending.body.redirect.url}?target=shop-frame`)).text();
    expect(named).toContain('target="shop-frame"');
    for (const hostile of ['"><script>', 'javascript:alert(1)', '_top x']) {
      const refused = await (await fetch(`${pending.body.redirect.url}?target=${encodeURIComponent(hostile)}`)).text();
      expect(refused).not.toMatch(/<form[^>]*target=/);
    }

    const done = await fetch(pending.body.redirect.url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'complete' }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('https://shop.example/result');
    expect(location.searchParams.get('order')).toBe('7');
    expect(location.searchParams.get('id')).toBe(id);
    expect(location.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${id}/payment`);

    const status = await c.status(id);
    expect(status.body.result.code).toBe('000.100.110');
    expect(status.body.redirect).toBeUndefined();
  });

  it('rejects the payment when the challenge fails', async () => {
    const c = await start();
    const id = await c.checkout({ shopperResultUrl: 'https://shop.example/result' });
    const pending = await c.shopperPays(id, { 'card.number': '4000000000003220' });
    const failed = await fetch(pending.body.redirect.url, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'fail' }),
      redirect: 'manual',
    });
    expect(failed.status).toBe(303);
    const status = await c.status(id);
    expect(status.status).toBe(400);
    expect(status.body.result.code).toBe('100.380.401');
  });
});

describe('the unread-payment call (29 minutes)', () => {
  it('sends GET {shopperResultUrl}?id&resourcePath to a loopback merchant once, 29 minutes after an unread submission', async () => {
    const merchant = await merchantEndpoint();
    const c = await start();
    const id = await c.checkout({ shopperResultUrl: merchant.url });
    await c.shopperPays(id);
    c.sandbox.advanceClock(28 * MINUTE + 59_000);
    // Give a (wrongly) early call the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(merchant.hits).toHaveLength(0);
    const hit = merchant.next();
    c.sandbox.advanceClock(1000);
    const url = await hit;
    expect(url.pathname).toBe('/shop/result');
    expect(url.searchParams.get('order')).toBe('7');
    expect(url.searchParams.get('id')).toBe(id);
    expect(url.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${id}/payment`);
    c.sandbox.advanceClock(60 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(merchant.hits).toHaveLength(1);
  });

  it('makes no call when the merchant read the status in time', async () => {
    const merchant = await merchantEndpoint();
    const c = await start();
    const id = await c.checkout({ shopperResultUrl: merchant.url });
    await c.shopperPays(id);
    c.sandbox.advanceClock(10 * MINUTE);
    await c.status(id);
    c.sandbox.advanceClock(30 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(merchant.hits).toHaveLength(0);
  });

  it('uses the result URL of the widget form when the checkout has none', async () => {
    const merchant = await merchantEndpoint();
    const c = await start();
    const id = await c.checkout();
    await c.shopperPays(id, { shopperResultUrl: merchant.url });
    const hit = merchant.next();
    c.sandbox.advanceClock(29 * MINUTE);
    expect((await hit).searchParams.get('resourcePath')).toBe(`/v1/checkouts/${id}/payment`);
  });
});

describe('loopback-only calls', () => {
  it('calls only localhost, 127.0.0.0/8 and ::1', async () => {
    const { isLoopbackUrl } = await import('../src/shopper-callback.js');
    expect(isLoopbackUrl('http://127.0.0.1:3000/r')).toBe(true);
    expect(isLoopbackUrl('http://127.8.9.10/r')).toBe(true);
    expect(isLoopbackUrl('http://localhost/r')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:80/r')).toBe(true);
    expect(isLoopbackUrl('https://shop.example/r')).toBe(false);
    expect(isLoopbackUrl('http://10.0.0.1/r')).toBe(false);
    expect(isLoopbackUrl('http://127.0.0.1.example.com/r')).toBe(false);
    expect(isLoopbackUrl('ftp://127.0.0.1/r')).toBe(false);
  });
});

describe('request log', () => {
  it('hands one line per answered request to a log function, and prints nothing', async () => {
    const lines: string[] = [];
    const printed: unknown[] = [];
    const print = console.log;
    console.log = (...args: unknown[]) => void printed.push(args);
    try {
      const c = await start({ log: (line) => lines.push(line) });
      const id = await c.checkout();
      await c.request('GET', `/v1/checkouts/${id}/widget-session`, {}, 'none');
      await expect.poll(() => lines.length).toBe(2);
      expect(lines[0]).toMatch(/^POST \/v1\/checkouts -> 200 \(\d+ ms\)$/);
      expect(lines[1]).toMatch(new RegExp(`^GET /v1/checkouts/${id}/widget-session -> 200 \\(\\d+ ms\\)$`));
    } finally {
      console.log = print;
    }
    expect(printed).toEqual([]);
  });
});
