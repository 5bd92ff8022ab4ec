import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type Client } from './client.js';

let client: Client;
beforeAll(async () => {
  client = await openSandbox();
});
afterAll(() => client.sandbox.close());

type Case = [label: string, params: Record<string, string>, code: string, field: string];

// Each case changes one thing in an otherwise valid checkout.
const checkoutCases: Case[] = [
  ['missing amount', { amount: '' }, '100.550.300', 'amount'],
  ['amount with 3 decimals', { amount: '1.005' }, '100.550.300', 'amount'],
  ['amount with 11 integer digits', { amount: '12345678901' }, '100.550.300', 'amount'],
  ['amount with a comma', { amount: '9,50' }, '100.550.300', 'amount'],
  ['negative amount', { amount: '-5.00' }, '100.550.300', 'amount'],
  ['lowercase currency', { currency: 'eur' }, '100.550.310', 'currency'],
  ['missing currency', { currency: '' }, '100.550.310', 'currency'],
  ['unknown payment type', { paymentType: 'XY' }, '200.300.404', 'paymentType'],
  ['capture as checkout payment type', { paymentType: 'CP' }, '200.300.404', 'paymentType'],
  ['missing payment type', { paymentType: '' }, '200.300.404', 'paymentType'],
  ['integrity not a boolean', { integrity: 'yes' }, '200.300.404', 'integrity'],
  ['override with a referencing type', { 'overridePaymentType[VISA]': 'RF' }, '200.300.404', 'overridePaymentType[VISA]'],
  ['descriptor over 127 characters', { descriptor: 'd'.repeat(128) }, '200.300.404', 'descriptor'],
  ['merchantTransactionId over 255 characters', { merchantTransactionId: 't'.repeat(256) }, '200.300.404', 'merchantTransactionId'],
  ['merchantInvoiceId over 255 characters', { merchantInvoiceId: 'i'.repeat(256) }, '200.300.404', 'merchantInvoiceId'],
  ['numberOfCaptures 99', { numberOfCaptures: '99' }, '200.300.404', 'numberOfCaptures'],
  ['locale over 10 characters', { locale: 'de-DE-x-berlin' }, '200.300.404', 'locale'],
  ['testMode LIVE', { testMode: 'LIVE' }, '200.300.404', 'testMode'],
  [
    'customer email without @',
    { 'customer.givenName': 'Jane', 'customer.surname': 'Jones', 'customer.email': 'jane.example.org' },
    '100.900.101',
    'customer.email',
  ],
  [
    'customer phone starting with a letter',
    { 'customer.givenName': 'Jane', 'customer.surname': 'Jones', 'customer.phone': 'x12345' },
    '100.900.200',
    'customer.phone',
  ],
  ['customer surname missing', { 'customer.givenName': 'Jane', 'customer.email': 'jane@example.org' }, '100.700.100', 'customer.surname'],
  [
    'customer birth date that does not exist',
    { 'customer.givenName': 'J', 'customer.surname': 'J', 'customer.birthDate': '2001-02-29' },
    '100.700.100',
    'customer.birthDate',
  ],
  ['billing country not ISO', { 'billing.country': 'DEU' }, '100.800.501', 'billing.country'],
  ['billing postcode with a slash', { 'billing.postcode': '10/115' }, '100.800.202', 'billing.postcode'],
  ['billing street digits only', { 'billing.street1': '12', 'billing.street2': '3' }, '100.800.100', 'billing.street1'],
  ['billing city over 80 characters', { 'billing.city': 'c'.repeat(81) }, '100.800.302', 'billing.city'],
  ['shipping method unknown', { 'shipping.method': 'TELEPORT' }, '200.300.404', 'shipping.method'],
  ['shipping cost without decimals', { 'shipping.cost': '5' }, '200.300.404', 'shipping.cost'],
  ['shipping customer email', { 'shipping.customer.email': 'nope' }, '100.900.101', 'shipping.customer.email'],
  ['cart item price with one decimal', { 'cart.items[0].price': '9.9' }, '200.300.404', 'cart.items[0].price'],
  ['cart item index 1000', { 'cart.items[1000].name': 'extra' }, '200.300.404', 'cart.items[1000].name'],
  ['cart item quantity with 4 decimals', { 'cart.items[3].quantity': '1.2345' }, '200.300.404', 'cart.items[3].quantity'],
  ['custom parameter name with a space', { 'customParameters[bad name]': 'x' }, '200.300.404', 'customParameters[bad name]'],
  ['custom parameter value over 2048', { 'customParameters[note]': 'v'.repeat(2049) }, '200.300.404', 'customParameters[note]'],
  ['relative shopperResultUrl', { shopperResultUrl: '/result' }, '200.300.404', 'shopperResultUrl'],
  ['createRegistration uppercase', { createRegistration: 'TRUE' }, '200.300.404', 'createRegistration'],
  ['standing instruction type unknown', { 'standingInstruction.type': 'MONTHLY' }, '200.300.404', 'standingInstruction.type'],
  [
    'repeated MIT without initial transaction',
    { 'standingInstruction.source': 'MIT', 'standingInstruction.mode': 'REPEATED' },
    '200.300.404',
    'standingInstruction.initialTransactionId',
  ],
  ['3-D Secure eci out of range', { 'threeDSecure.eci': '09' }, '200.300.404', 'threeDSecure.eci'],
  ['3-D Secure version not n.n.n', { 'threeDSecure.version': '2.2' }, '200.300.404', 'threeDSecure.version'],
  ['card holder of one letter at checkout creation', { 'card.holder': 'J' }, '100.100.402', 'card.holder'],
];

describe('validation of prepare checkout', () => {
  it('has a matrix of at least 30 bad requests', () => {
    expect(checkoutCases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(checkoutCases)('%s → 400 %s naming %s', async (_, change, code, field) => {
    const answer = await client.request('POST', '/v1/checkouts', client.checkoutParams(change));
    expect(answer.status).toBe(400);
    expect(answer.body.result.code).toBe(code);
    expect(answer.body.result.description).toContain(field);
    expect(answer.body.result.parameterErrors.map((e: { name: string }) => e.name)).toContain(field);
    expect(answer.body.id).toBeUndefined();
  });

  it('lists every broken rule in parameterErrors and names the first in the description', async () => {
    const answer = await client.request(
      'POST',
      '/v1/checkouts',
      client.checkoutParams({ amount: '1.5', currency: 'euro', 'billing.country': 'x' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.result.description).toBe(
      'request contains no amount or too low amount: amount must be up to 10 digits, a dot and 2 decimals (N10.N2; decimals optional) (and 2 more, see parameterErrors)',
    );
    expect(answer.body.result.parameterErrors).toHaveLength(3);
  });

  it('accepts unknown parameters', async () => {
    const answer = await client.request('POST', '/v1/checkouts', client.checkoutParams({ 'futureFeature.flag': 'on' }));
    expect(answer.status).toBe(200);
  });

  it('refuses a JSON body', async () => {
    const res = await fetch(`${client.sandbox.url}/v1/checkouts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${client.sandbox.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(client.checkoutParams()),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { result: { description: string } }).result.description).toContain('application/x-www-form-urlencoded');
  });
});

const shopperCases: Case[] = [
  ['card number with letters', { 'card.number': '4200abcd00000000' }, '100.100.101', 'card.number'],
  ['card number failing Luhn', { 'card.number': '4200000000000001' }, '100.100.101', 'card.number'],
  ['expiry month 13', { 'card.expiryMonth': '13' }, '100.100.201', 'card.expiryMonth'],
  ['two-digit expiry year', { 'card.expiryYear': '34' }, '100.100.301', 'card.expiryYear'],
  ['expired card', { 'card.expiryYear': '2001' }, '100.100.303', 'card.expiryMonth'],
  ['CVV of two digits', { 'card.cvv': '12' }, '100.100.601', 'card.cvv'],
  ['missing CVV', { 'card.cvv': '' }, '100.100.600', 'card.cvv'],
  ['holder with digits', { 'card.holder': 'R2D2' }, '100.100.402', 'card.holder'],
  ['brand not matching the number', { paymentBrand: 'MASTER' }, '100.100.700', 'card.number'],
  ['Luhn-valid number of no card scheme', { 'card.number': '1234567890123452' }, '100.100.700', 'card.number'],
  ['all-zero number', { 'card.number': '0000000000000000' }, '100.100.700', 'card.number'],
  [
    'mada brand on an American Express number',
    { paymentBrand: 'MADA', 'card.number': '377777777777770', 'card.cvv': '1234' },
    '100.100.700',
    'card.number',
  ],
  [
    'mada brand on a Maestro number that is no mada BIN',
    { paymentBrand: 'MADA', 'card.number': '5888000000000006' },
    '100.100.700',
    'card.number',
  ],
  ['non-card brand', { paymentBrand: 'PAYPAL' }, '600.200.100', 'paymentBrand'],
  ['custom parameter without SHOPPER_ prefix', { 'customParameters[note]': 'x' }, '200.300.404', 'customParameters[note]'],
  ['missing card number', { 'card.number': '' }, '100.100.101', 'card.number'],
];

describe('what production plugins send: accepted as the real gateway does, with a warning naming the rule', () => {
  // Seen in vendor plugins' prepare-checkout calls: an order number, a UK postcode,
  // the holder and the shopper's details at checkout creation.
  const pluginCheckout = {
    merchantTransactionId: '17',
    'billing.postcode': 'N1 9GU',
    'billing.street1': '1 Upper Street',
    'billing.city': 'London',
    'billing.country': 'GB',
    'card.holder': 'Jane Jones',
    'customer.givenName': 'Jane',
    'customer.surname': 'Jones',
    'customer.email': 'jane@example.org',
    'customer.ip': '203.0.113.7',
  };

  it('prepares the checkout and logs what the interface says instead', async () => {
    const warnings: string[] = [];
    const lenient = await openSandbox({ onWarning: (line) => warnings.push(line) });
    try {
      const answer = await lenient.request('POST', '/v1/checkouts', lenient.checkoutParams(pluginCheckout));
      expect(answer.status).toBe(200);
      expect(answer.body.result.code).toBe('000.200.100');
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatch(/^warning: merchantTransactionId should be 8-255 characters/);
      expect(warnings[1]).toMatch(/^warning: billing\.postcode should be 1-16 letters and digits/);
      // The payment on it goes through, and the status read echoes the order number.
      const id = answer.body.id as string;
      expect((await lenient.shopperPays(id)).status).toBeLessThan(400);
      const status = await lenient.status(id);
      expect(status.body.result.code).toMatch(/^000\.100\.1/);
      expect(status.body.merchantTransactionId).toBe('17');
    } finally {
      await lenient.sandbox.close();
    }
  });

  it('refuses the same request when started strict, naming each rule', async () => {
    const strict = await openSandbox({ strict: true, onWarning: () => expect.unreachable('strict does not warn') });
    try {
      const answer = await strict.request('POST', '/v1/checkouts', strict.checkoutParams(pluginCheckout));
      expect(answer.status).toBe(400);
      expect(answer.body.result.parameterErrors.map((e: { name: string }) => e.name)).toEqual([
        'merchantTransactionId',
        'billing.postcode',
      ]);
      // card.holder at checkout creation is what the interface allows: no error even when strict.
      const holderOnly = await strict.request('POST', '/v1/checkouts', strict.checkoutParams({ 'card.holder': 'Jane Jones' }));
      expect(holderOnly.status).toBe(200);
    } finally {
      await strict.sandbox.close();
    }
  });
});

describe("validation of the shopper's submission", () => {
  it.each(shopperCases)('%s → 400 %s naming %s', async (_, change, code, field) => {
    const id = await client.checkout();
    const answer = await client.shopperPays(id, change);
    expect(answer.status).toBe(400);
    expect(answer.body.result.code).toBe(code);
    expect(answer.body.result.description).toContain(field);
    // A rejected submission leaves the checkout open for a corrected one.
    expect((await client.shopperPays(id)).status).toBe(200);
  });

  it('never echoes the card number or CVV in an error', async () => {
    const id = await client.checkout();
    const answer = await client.shopperPays(id, { 'card.number': '42000000000000001234', 'card.cvv': '98' });
    expect(JSON.stringify(answer.body)).not.toContain('42000000000000001234');
    expect(JSON.stringify(answer.body)).not.toContain('"98"');
  });
});

describe('validation of direct payments and referencing requests', () => {
  it.each([
    ['payment without brand', { paymentBrand: '' }, '200.300.404', 'paymentBrand'],
    ['payment with integrity', { integrity: 'true' }, '200.300.404', 'integrity'],
    [
      'payment without card',
      { 'card.number': '', 'card.expiryMonth': '', 'card.expiryYear': '', 'card.cvv': '', 'card.holder': '' },
      '100.100.101',
      'card.number',
    ],
  ] as Case[])('%s → 400 %s naming %s', async (_, change, code, field) => {
    const answer = await client.pay(change);
    expect(answer.status).toBe(400);
    expect(answer.body.result.code).toBe(code);
    expect(answer.body.result.description).toContain(field);
  });

  it.each([
    ['capture without amount', 'CP', {}, '100.550.300', 'amount'],
    ['refund without currency', 'RF', { amount: '1.00' }, '100.550.310', 'currency'],
    ['debit as referencing type', 'DB', { amount: '1.00', currency: 'EUR' }, '200.300.404', 'paymentType'],
  ] as Array<[string, string, Record<string, string>, string, string]>)('%s → 400 %s naming %s', async (_, type, extra, code, field) => {
    const { id } = (await client.pay({ paymentType: 'PA' })).body;
    const answer = await client.reference(id, type, extra);
    expect(answer.status).toBe(400);
    expect(answer.body.result.code).toBe(code);
    expect(answer.body.result.description).toContain(field);
  });
});
