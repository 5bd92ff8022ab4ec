// Everything the client refuses before a request: bad parameters, bad
// resource paths, bad ids and bad configuration. An injected fetch counts
// requests; each case must leave it untouched.
import { describe, expect, it } from 'vitest';
import {
  createGatewayClient,
  GatewayValidationError,
  isWpwlServerError,
  type CheckoutParams,
  type GatewayClientOptions,
} from '../src/index.js';
import { CHECKOUT_ID, PAYMENT_ID, caught, clientOptions, recordingFetch } from './support.js';

const VALID: CheckoutParams = { amount: '92.00', currency: 'EUR', paymentType: 'DB' };

describe('prepareCheckout validation (nothing is sent)', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['amount missing', { amount: undefined }, 'amount'],
    ['amount with three decimals', { amount: '10.005' }, 'amount'],
    ['amount from float arithmetic', { amount: 0.1 + 0.2 }, 'amount'],
    ['amount with 11 integer digits', { amount: '12345678901' }, 'amount'],
    ['negative amount', { amount: -5 }, 'amount'],
    ['amount with a comma', { amount: '10,50' }, 'amount'],
    ['currency lowercase', { currency: 'eur' }, 'currency'],
    ['currency too long', { currency: 'EURO' }, 'currency'],
    ['currency missing', { currency: undefined }, 'currency'],
    ['payment type CP at checkout', { paymentType: 'CP' }, 'paymentType'],
    ['payment type unknown', { paymentType: 'XX' }, 'paymentType'],
    ['merchantTransactionId too long', { merchantTransactionId: 'x'.repeat(256) }, 'merchantTransactionId'],
    ['billing postcode with a slash', { billing: { postcode: '10/115' } }, 'billing.postcode'],
    ['card holder of one letter', { card: { holder: 'J' } }, 'card.holder'],
    ['descriptor too long', { descriptor: 'x'.repeat(128) }, 'descriptor'],
    ['shopperResultUrl relative', { shopperResultUrl: '/result' }, 'shopperResultUrl'],
    ['customer email too short', { customer: { givenName: 'Ada', surname: 'L', email: 'a@b' } }, 'customer.email'],
    ['customer without a name', { customer: { email: 'ada@example.com' } }, 'customer.givenName'],
    ['customer birth date format', { customer: { givenName: 'Ada', surname: 'L', birthDate: '10.12.1815' } }, 'customer.birthDate'],
    ['billing country lowercase', { billing: { country: 'de' } }, 'billing.country'],
    ['billing street digits only', { billing: { street1: '12', street2: '34' } }, 'billing.street1'],
    ['shipping cost with three decimals', { shipping: { cost: '1.234' } }, 'shipping.cost'],
    ['cart item price with three decimals', { cart: { items: [{ name: 'Tea', price: '1.999' }] } }, 'cart.items[0].price'],
    ['cart item quantity with four decimals', { cart: { items: [{ name: 'Tea', quantity: '1.2345' }] } }, 'cart.items[0].quantity'],
    ['cart with 1001 items', { cart: { items: Array.from({ length: 1001 }, () => ({ name: 'x' })) } }, 'cart.items[1000].name'],
    ['custom parameter name too short', { customParameters: { ab: 'x' } }, 'customParameters[ab]'],
    ['custom parameter value too long', { customParameters: { orderRef: 'x'.repeat(2049) } }, 'customParameters[orderRef]'],
    ['custom parameter name with a bracket', { customParameters: { 'a]b': 'x' } }, 'customParameters[a]b]'],
    ['overridePaymentType value RF', { overridePaymentType: { VISA: 'RF' } }, 'overridePaymentType[VISA]'],
    ['standing instruction type unknown', { standingInstruction: { type: 'WEEKLY' } }, 'standingInstruction.type'],
    [
      'repeated MIT without initial transaction',
      { standingInstruction: { source: 'MIT', mode: 'REPEATED', type: 'UNSCHEDULED' } },
      'standingInstruction.initialTransactionId',
    ],
    ['3-D Secure ECI out of range', { threeDSecure: { eci: '09' } }, 'threeDSecure.eci'],
    ['risk amount with three decimals', { risk: { amount: '1.001' } }, 'risk.amount'],
    ['merchant country lowercase', { merchant: { country: 'de' } }, 'merchant.country'],
    ['entityId smuggled in', { flatParameters: { entityId: 'ffffffffffffffffffffffffffffffff' } }, 'entityId'],
    ['a Date value', { customer: { givenName: 'Ada', surname: 'L', birthDate: new Date(0) } }, 'customer.birthDate'],
    ['integrity as a string', { flatParameters: { integrity: 'yes' } }, 'integrity'],
  ];

  it.each(cases)('%s → VALIDATION_FAILED naming %s', async (_, change, field) => {
    const { fetch, requests } = recordingFetch();
    const client = createGatewayClient(clientOptions(fetch));
    const error = await caught(() => client.prepareCheckout({ ...VALID, ...change } as CheckoutParams));
    expect(error).toBeInstanceOf(GatewayValidationError);
    const failure = error as GatewayValidationError;
    expect(failure.code).toBe('VALIDATION_FAILED');
    const hit = failure.violations.find((v) => v.field === field);
    expect(hit, `violations: ${JSON.stringify(failure.violations)}`).toBeDefined();
    expect(hit?.rule).toBeTruthy();
    expect(failure.message).toContain(field);
    expect(requests).toHaveLength(0);
  });

  it('lists every violation at once, not only the first', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createGatewayClient(clientOptions(fetch));
    const error = (await caught(() =>
      client.prepareCheckout({
        amount: '1.001',
        currency: 'eur',
        paymentType: 'DB',
        billing: { country: 'germany' },
        customParameters: { x: 'too short a name' },
      }),
    )) as GatewayValidationError;
    expect(error.violations.map((v) => v.field).sort()).toEqual(['amount', 'billing.country', 'currency', 'customParameters[x]']);
    expect(requests).toHaveLength(0);
  });

  it('never rounds: 0.1 + 0.2 is refused with the reason', async () => {
    const { fetch } = recordingFetch();
    const client = createGatewayClient(clientOptions(fetch));
    const error = (await caught(() => client.prepareCheckout({ ...VALID, amount: 0.1 + 0.2 }))) as GatewayValidationError;
    expect(error.violations[0]).toMatchObject({ field: 'amount', rule: 'at most 2 decimals' });
    expect(error.violations[0]?.message).toContain('0.30000000000000004');
  });
});

describe('prepareCheckout request', () => {
  it('posts the flat, form-encoded UTF-8 parameters with the Bearer token and returns the checkout', async () => {
    const { fetch, requests } = recordingFetch(200, {
      id: CHECKOUT_ID,
      integrity: 'sha384-abc',
      result: { code: '000.200.100', description: 'successfully created checkout' },
      buildNumber: 'b1',
      somethingNew: { nested: true },
    });
    const client = createGatewayClient(clientOptions(fetch));
    const checkout = await client.prepareCheckout({
      amount: 19.9,
      currency: 'EUR',
      paymentType: 'DB',
      integrity: true,
      customer: { givenName: 'Zoë', surname: 'Ødegård' },
      cart: { items: [{ name: 'Tea & cups', quantity: 2, price: 9.95 }] },
      customParameters: { orderRef: 'A 1001' },
    });

    expect(checkout).toEqual({
      id: CHECKOUT_ID,
      integrity: 'sha384-abc',
      result: { code: '000.200.100', description: 'successfully created checkout' },
      raw: expect.objectContaining({ somethingNew: { nested: true } }),
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('https://test.gateway.example/v1/checkouts');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${clientOptions(fetch).accessToken}`);
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      amount: '19.90',
      currency: 'EUR',
      paymentType: 'DB',
      integrity: 'true',
      'customer.givenName': 'Zoë',
      'customer.surname': 'Ødegård',
      'cart.items[0].name': 'Tea & cups',
      'cart.items[0].quantity': '2',
      'cart.items[0].price': '9.95',
      'customParameters[orderRef]': 'A 1001',
      entityId: clientOptions(fetch).entityId,
    });
    expect(request?.body).toContain('customer.givenName=Zo%C3%AB');
  });

  it('keeps a base URL path prefix', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createGatewayClient({ ...clientOptions(fetch), baseUrl: 'https://gw.example/api/' });
    await client.prepareCheckout(VALID);
    expect(requests[0]?.url).toBe('https://gw.example/api/v1/checkouts');
  });

  it('answers a checkout without a valid id with INVALID_RESPONSE', async () => {
    const { fetch } = recordingFetch(200, { id: '../../x', result: { code: '000.200.100' } });
    const client = createGatewayClient(clientOptions(fetch));
    const error = await caught(() => client.prepareCheckout(VALID));
    expect(isWpwlServerError(error) && error.code).toBe('INVALID_RESPONSE');
  });
});

describe('getPaymentStatus refuses every other resource before a request', () => {
  const refused = [
    '',
    '/',
    CHECKOUT_ID.slice(0, 31),
    'x'.repeat(49),
    `https://evil.example/v1/checkouts/${CHECKOUT_ID}/payment`,
    `//evil.example/v1/checkouts/${CHECKOUT_ID}/payment`,
    `http://test.gateway.example/v1/checkouts/${CHECKOUT_ID}/payment`,
    `v1/checkouts/${CHECKOUT_ID}/payment`,
    `/v1/checkouts/${CHECKOUT_ID}/payment/`,
    `/v1/checkouts/${CHECKOUT_ID}/payment?entityId=other`,
    `/v1/checkouts/${CHECKOUT_ID}/payment#x`,
    `/v1/checkouts/${CHECKOUT_ID}/payments`,
    `/v1/checkouts/${CHECKOUT_ID}`,
    `/v1/checkouts/${CHECKOUT_ID}/../../payments/${PAYMENT_ID}`,
    `/v1/checkouts/../payments/${PAYMENT_ID}/payment`,
    `/v1/payments/${PAYMENT_ID}`,
    `/v1/checkouts/${CHECKOUT_ID}%2F..%2Fx/payment`,
    `/v1/checkouts/${CHECKOUT_ID}%2fpayment`,
    `/v1/checkouts/abc%2E%2E${CHECKOUT_ID}/payment`,
    `/v1//checkouts/${CHECKOUT_ID}/payment`,
    `/v2/checkouts/${CHECKOUT_ID}/payment`,
    `/V1/checkouts/${CHECKOUT_ID}/payment`,
    `\\v1\\checkouts\\${CHECKOUT_ID}\\payment`,
    ` /v1/checkouts/${CHECKOUT_ID}/payment`,
    `/v1/checkouts/${CHECKOUT_ID}/payment\n`,
    `/v1/checkouts/${CHECKOUT_ID} /payment`,
    `/v1/checkouts/${CHECKOUT_ID}/registration/../payment`,
    `${CHECKOUT_ID}/payment`,
    `/v1/checkouts/${CHECKOUT_ID}/paymentWidgets.js`,
  ];

  it.each(refused)('refuses %j', async (resourcePath) => {
    const { fetch, requests } = recordingFetch();
    const client = createGatewayClient(clientOptions(fetch));
    const error = await caught(() => client.getPaymentStatus(resourcePath));
    expect(isWpwlServerError(error) && error.code).toBe('INVALID_RESOURCE_PATH');
    expect(requests).toHaveLength(0);
  });

  it.each([null, undefined, 42, {}, ['/v1/checkouts']])('refuses the non-string %j', async (value) => {
    const { fetch, requests } = recordingFetch();
    const client = createGatewayClient(clientOptions(fetch));
    const error = await caught(() => client.getPaymentStatus(value as unknown as string));
    expect(isWpwlServerError(error) && error.code).toBe('INVALID_RESOURCE_PATH');
    expect(requests).toHaveLength(0);
  });

  it('reads an accepted path with entityId in the query, and a bare id as its payment', async () => {
    const { fetch, requests } = recordingFetch(200, { id: PAYMENT_ID, result: { code: '000.100.110' } });
    const client = createGatewayClient(clientOptions(fetch));
    await client.getPaymentStatus(`/v1/checkouts/${CHECKOUT_ID}/registration`);
    const status = await client.getPaymentStatus(CHECKOUT_ID);
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', `https://test.gateway.example/v1/checkouts/${CHECKOUT_ID}/registration?entityId=${clientOptions(fetch).entityId}`],
      ['GET', `https://test.gateway.example/v1/checkouts/${CHECKOUT_ID}/payment?entityId=${clientOptions(fetch).entityId}`],
    ]);
    expect(status).toMatchObject({ id: PAYMENT_ID, checkoutId: CHECKOUT_ID, classification: 'success', httpStatus: 200 });
  });
});

describe('capture, refund and reverse validation (nothing is sent)', () => {
  it.each([
    [
      'capture with a bad id',
      (c: ReturnType<typeof createGatewayClient>) => c.capture('../checkouts', { amount: '1.00', currency: 'EUR' }),
      'paymentId',
    ],
    [
      'capture with a 31-character id',
      (c: ReturnType<typeof createGatewayClient>) => c.capture(PAYMENT_ID.slice(1), { amount: '1.00', currency: 'EUR' }),
      'paymentId',
    ],
    [
      'capture with a 3-decimal amount',
      (c: ReturnType<typeof createGatewayClient>) => c.capture(PAYMENT_ID, { amount: '1.001', currency: 'EUR' }),
      'amount',
    ],
    [
      'refund without currency',
      (c: ReturnType<typeof createGatewayClient>) => c.refund(PAYMENT_ID, { amount: '1.00' } as never),
      'currency',
    ],
    ['refund without amount', (c: ReturnType<typeof createGatewayClient>) => c.refund(PAYMENT_ID, { currency: 'EUR' } as never), 'amount'],
    ['reverse with a path in the id', (c: ReturnType<typeof createGatewayClient>) => c.reverse(`${PAYMENT_ID}/x`), 'paymentId'],
    [
      'reverse with amount but no currency',
      (c: ReturnType<typeof createGatewayClient>) => c.reverse(PAYMENT_ID, { amount: '1.00' }),
      'currency',
    ],
  ])('%s → VALIDATION_FAILED naming %s', async (_, call, field) => {
    const { fetch, requests } = recordingFetch();
    const error = (await caught(() => call(createGatewayClient(clientOptions(fetch))))) as GatewayValidationError;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.violations.map((v) => v.field)).toContain(field);
    expect(requests).toHaveLength(0);
  });

  it('posts a capture with paymentType CP to /v1/payments/{id}', async () => {
    const { fetch, requests } = recordingFetch(200, {
      id: 'a'.repeat(32),
      paymentType: 'CP',
      amount: '5.00',
      currency: 'EUR',
      result: { code: '000.100.110' },
    });
    const client = createGatewayClient(clientOptions(fetch));
    const result = await client.capture(PAYMENT_ID, { amount: 5, currency: 'EUR' });
    expect(result).toMatchObject({ paymentType: 'CP', classification: 'success' });
    expect(requests[0]?.url).toBe(`https://test.gateway.example/v1/payments/${PAYMENT_ID}`);
    expect(Object.fromEntries(new URLSearchParams(requests[0]?.body))).toEqual({
      amount: '5.00',
      currency: 'EUR',
      paymentType: 'CP',
      entityId: clientOptions(fetch).entityId,
    });
  });
});

describe('createGatewayClient configuration', () => {
  const { fetch } = recordingFetch();
  it.each([
    ['baseUrl not a URL', { baseUrl: 'gateway' }, 'baseUrl'],
    ['baseUrl plain http on a public host', { baseUrl: 'http://gateway.example' }, 'baseUrl'],
    ['baseUrl with credentials', { baseUrl: 'https://user:pw@gateway.example' }, 'baseUrl'],
    ['baseUrl with a query', { baseUrl: 'https://gateway.example/?x=1' }, 'baseUrl'],
    ['baseUrl javascript:', { baseUrl: 'javascript:alert(1)' }, 'baseUrl'],
    ['token with a line break', { accessToken: 'abc\r\nX-Injected: 1' }, 'accessToken'],
    ['empty token', { accessToken: '' }, 'accessToken'],
    ['entity id uppercase', { entityId: '8A8294174B7ECB28014B9699220015CA' }, 'entityId'],
    ['entity id short', { entityId: 'abc' }, 'entityId'],
    ['negative retries', { retries: -1 }, 'retries'],
    ['fractional timeout', { timeoutMs: 1.5 }, 'timeoutMs'],
    ['zero timeout', { timeoutMs: 0 }, 'timeoutMs'],
    ['onWarning not a function', { onWarning: 'console' }, 'onWarning'],
  ])('%s → INVALID_CONFIG', (_, change, field) => {
    const error = (() => {
      try {
        // Some cases are not even of the option's type: a JavaScript caller can pass them.
        createGatewayClient({ ...clientOptions(fetch), ...change } as GatewayClientOptions);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(isWpwlServerError(error) && error.code).toBe('INVALID_CONFIG');
    expect(isWpwlServerError(error) && error.details.field).toBe(field);
  });

  it('allows plain http on loopback for a local sandbox', () => {
    expect(createGatewayClient({ ...clientOptions(fetch), baseUrl: 'http://127.0.0.1:8080/' }).baseUrl).toBe('http://127.0.0.1:8080');
    expect(createGatewayClient({ ...clientOptions(fetch), baseUrl: 'http://localhost:8080' }).baseUrl).toBe('http://localhost:8080');
  });

  it('never puts the token into an error message', async () => {
    const { fetch: failing } = recordingFetch(403, { result: { code: '800.900.300', description: 'invalid authentication information' } });
    const client = createGatewayClient(clientOptions(failing));
    const error = await caught(() => client.getPaymentStatus(CHECKOUT_ID));
    expect(isWpwlServerError(error) && error.code).toBe('FORBIDDEN');
    expect(JSON.stringify({ message: (error as Error).message, details: (error as { details: unknown }).details })).not.toContain(
      clientOptions(failing).accessToken,
    );
  });
});
