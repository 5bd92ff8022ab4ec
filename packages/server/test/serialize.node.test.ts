import { describe, expect, it } from 'vitest';
import { serializeParams } from '../src/serialize.js';

describe('serializeParams', () => {
  it('flattens nested objects, lists from 0 and [key] maps to the interface names', () => {
    const { flat, violations } = serializeParams({
      amount: 92,
      currency: 'EUR',
      paymentType: 'DB',
      integrity: true,
      createRegistration: false,
      customer: { givenName: 'Ada', surname: 'Lovelace', browser: { screenWidth: 1280, javaEnabled: false } },
      billing: { street1: 'Main St 1', country: 'DE' },
      shipping: { cost: '4.5', customer: { givenName: 'Grace', surname: 'Hopper' } },
      cart: {
        items: [
          { name: 'Tea', quantity: 2, price: 23 },
          { name: 'Cup', quantity: 1.5, price: '46', totalAmount: 69 },
        ],
      },
      customParameters: { orderRef: 'A-1001', 'shop.id': '7' },
      overridePaymentType: { VISA: 'PA' },
      risk: { parameters: { USER_DATA1: 'x' } },
      merchant: { data: { 'key.one': 'v' }, name: 'Shop' },
      threeDSecure: { schemeData: { 'CB-ITEMSNB': '02' } },
    });
    expect(violations).toEqual([]);
    expect(flat).toEqual({
      amount: '92.00',
      currency: 'EUR',
      paymentType: 'DB',
      integrity: 'true',
      createRegistration: 'false',
      'customer.givenName': 'Ada',
      'customer.surname': 'Lovelace',
      'customer.browser.screenWidth': '1280',
      'customer.browser.javaEnabled': 'false',
      'billing.street1': 'Main St 1',
      'billing.country': 'DE',
      'shipping.cost': '4.50',
      'shipping.customer.givenName': 'Grace',
      'shipping.customer.surname': 'Hopper',
      'cart.items[0].name': 'Tea',
      'cart.items[0].quantity': '2',
      'cart.items[0].price': '23.00',
      'cart.items[1].name': 'Cup',
      'cart.items[1].quantity': '1.5',
      'cart.items[1].price': '46.00',
      'cart.items[1].totalAmount': '69.00',
      'customParameters[orderRef]': 'A-1001',
      'customParameters[shop.id]': '7',
      'overridePaymentType[VISA]': 'PA',
      'risk.parameters[USER_DATA1]': 'x',
      'merchant.data[key.one]': 'v',
      'merchant.name': 'Shop',
      'threeDSecure.schemeData[CB-ITEMSNB]': '02',
    });
  });

  it('leaves out undefined and null, and sends empty lists as nothing', () => {
    const { flat } = serializeParams({ amount: '1', descriptor: undefined, customer: null, cart: { items: [] } });
    expect(flat).toEqual({ amount: '1.00' });
  });

  it('reports amounts it will not round, with the flat field name', () => {
    const { flat, violations } = serializeParams({
      amount: 0.1 + 0.2,
      cart: { items: [{ price: '1.999' }, { price: 5 }] },
      threeDSecure: { amount: '1234567890' },
    });
    expect(violations.map((v) => [v.field, v.rule])).toEqual([
      ['amount', 'at most 2 decimals'],
      ['cart.items[0].price', 'at most 2 decimals'],
      ['threeDSecure.amount', 'at most 9 integer digits'],
    ]);
    expect(flat).toEqual({ 'cart.items[1].price': '5.00' });
  });

  it('refuses values and names that cannot become a flat parameter', () => {
    const { violations } = serializeParams({
      when: new Date(0),
      big: 10n,
      fn: () => 1,
      'a.b': 'x',
      customParameters: { 'bad]key': 'x', '': 'y' },
      risk: { channelId: Number.NaN },
    });
    expect(violations.map((v) => [v.field, v.rule])).toEqual([
      ['when', 'plain value'],
      ['big', 'plain value'],
      ['fn', 'plain value'],
      ['a.b', 'parameter name'],
      ['customParameters[bad]key]', 'map key'],
      ['customParameters[]', 'map key'],
      ['risk.channelId', 'finite decimal'],
    ]);
  });

  it('merges flat parameters and refuses a name given twice', () => {
    const { flat, violations } = serializeParams(
      { amount: '5', customer: { givenName: 'Ada' } },
      { 'airline.passengers[0].name': 'ADA', 'customer.givenName': 'Eve', 'x.y': 5 },
    );
    expect(flat['airline.passengers[0].name']).toBe('ADA');
    expect(flat['customer.givenName']).toBe('Ada');
    expect(violations.map((v) => [v.field, v.rule])).toEqual([
      ['customer.givenName', 'not duplicated'],
      ['x.y', 'string'],
    ]);
  });
});
