import { describe, expect, it } from 'vitest';
import {
  FIELD_RULES,
  amountToCents,
  centsToAmount,
  formatAmount,
  isCheckoutId,
  isEntityId,
  isPaymentId,
  checkParams,
  resolveField,
  validateParams,
} from '@wpwl/gateway-spec';

const ENTITY = '8a8294174b7ecb28014b9699220015ca';
const checkout = (extra: Record<string, string> = {}) => ({
  entityId: ENTITY,
  amount: '92.00',
  currency: 'EUR',
  paymentType: 'DB',
  ...extra,
});

function fields(params: Record<string, string>, op: Parameters<typeof validateParams>[1] = 'checkout') {
  return validateParams(params, op).map((v) => v.field);
}

describe('validateParams', () => {
  it('accepts a minimal checkout and a full, well-formed one', () => {
    expect(validateParams(checkout(), 'checkout')).toEqual([]);
    const full = checkout({
      amount: '1234567890.12',
      descriptor: 'Shop order 42',
      merchantTransactionId: 'order-000042',
      numberOfCaptures: '98',
      integrity: 'true',
      'overridePaymentType[VISA]': 'PA',
      locale: 'de',
      testMode: 'EXTERNAL',
      'customer.givenName': 'Jane',
      'customer.surname': 'Jones',
      'customer.email': 'jane@example.org',
      'customer.phone': '+4930123456',
      'customer.birthDate': '1990-02-28',
      'customer.browser.javaEnabled': 'false',
      'billing.street1': 'Main Street 1',
      'billing.city': 'Berlin',
      'billing.postcode': '10115',
      'billing.country': 'DE',
      'shipping.method': 'GROUND',
      'shipping.cost': '4.90',
      'shipping.customer.givenName': 'Max',
      'cart.items[0].name': 'Socks',
      'cart.items[0].price': '9.99',
      'cart.items[999].quantity': '2.5',
      'customParameters[order.ref_1]': 'anything goes here',
      shopperResultUrl: 'https://shop.example/result',
      createRegistration: 'true',
      'standingInstruction.type': 'RECURRING',
      'standingInstruction.mode': 'INITIAL',
      'standingInstruction.source': 'CIT',
      'threeDSecure.eci': '05',
      'threeDSecure.version': '2.2.0',
      'risk.parameters[USER_DATA1]': 'x',
      'merchant.country': 'DE',
      'merchant.data[shop.id]': '7',
    });
    expect(validateParams(full, 'checkout')).toEqual([]);
  });

  it('names the required parameters of each operation', () => {
    expect(fields({}, 'checkout')).toEqual(['entityId', 'amount', 'currency', 'paymentType']);
    expect(fields({}, 'payment')).toEqual(['entityId', 'amount', 'currency', 'paymentType', 'paymentBrand']);
    expect(fields({ entityId: ENTITY, paymentType: 'CP' }, 'reference')).toEqual(['amount', 'currency']);
    expect(fields({ entityId: ENTITY, paymentType: 'RV' }, 'reference')).toEqual([]);
    const [missing] = validateParams({ ...checkout(), amount: '' }, 'checkout');
    expect(missing?.message).toBe('amount is required for checkout creation');
  });

  it('gives a message naming the parameter and the rule', () => {
    const [v] = validateParams(checkout({ amount: '1.5' }), 'checkout');
    expect(v).toEqual({
      field: 'amount',
      rule: 'up to 10 digits, a dot and 2 decimals (N10.N2; decimals optional)',
      message: 'amount must be up to 10 digits, a dot and 2 decimals (N10.N2; decimals optional)',
    });
  });

  it.each([
    ['amount', '12345678901.00'],
    ['amount', '-1.00'],
    ['amount', '1,00'],
    ['currency', 'eur'],
    ['currency', 'EURO'],
    ['paymentType', 'XX'],
    ['entityId', '8A8294174B7ECB28014B9699220015CA'],
    ['paymentBrand', 'VISA-CARD'],
    ['descriptor', 'x'.repeat(128)],
    ['merchantTransactionId', 'x'.repeat(256)],
    ['numberOfCaptures', '0'],
    ['numberOfCaptures', '99'],
    ['integrity', 'yes'],
    ['testMode', 'LIVE'],
    ['locale', 'de-DE-x-long'],
    ['customer.email', 'not-an-email'],
    ['customer.sex', 'X'],
    ['customer.birthDate', '1990-02-30'],
    ['customer.phone', 'call me'],
    ['billing.country', 'Germany'],
    ['billing.postcode', '10115!'],
    ['billing.postcode', ' N1 9GU'],
    ['shipping.postcode', 'N1 9GU 1234567890'],
    ['shipping.method', 'FAST'],
    ['shipping.cost', '4.9'],
    ['shipping.customer.email', 'nope'],
    ['cart.items[0].price', '9.9'],
    ['cart.items[0].type', 'SERVICE'],
    ['cart.items[2].currency', 'eu'],
    ['customParameters[ok_name]', 'x'.repeat(2049)],
    ['shopperResultUrl', 'shop.example/result'],
    ['shopperResultUrl', 'javascript:alert(1)'],
    ['createRegistration', 'TRUE'],
    ['standingInstruction.type', 'WEEKLY'],
    ['standingInstruction.expiry', '2030-13-01'],
    ['threeDSecure.eci', '09'],
    ['threeDSecure.challengeIndicator', '10'],
    ['risk.amount', '10'],
    ['merchant.mcc', '12345'],
  ])('rejects %s=%j', (field, value) => {
    const violations = validateParams(checkout({ [field]: value }), 'checkout');
    expect(violations.map((v) => v.field)).toContain(field);
    const violation = violations.find((v) => v.field === field);
    expect(violation?.message.startsWith(field)).toBe(true);
  });

  it('checks card fields in payments and refuses them at checkout creation', () => {
    const card = {
      paymentBrand: 'VISA',
      'card.number': '4200000000000000',
      'card.expiryMonth': '05',
      'card.expiryYear': '2034',
      'card.cvv': '123',
      'card.holder': "Jane O'Neil-Jones",
    };
    expect(validateParams({ ...checkout(), ...card }, 'payment')).toEqual([]);
    expect(fields({ ...checkout(), ...card, 'card.expiryMonth': '13' }, 'payment')).toEqual(['card.expiryMonth']);
    expect(fields({ ...checkout(), ...card, 'card.expiryYear': '34' }, 'payment')).toEqual(['card.expiryYear']);
    expect(fields({ ...checkout(), ...card, 'card.cvv': '12' }, 'payment')).toEqual(['card.cvv']);
    expect(fields({ ...checkout(), ...card, 'card.number': '4200 0000' }, 'payment')).toEqual(['card.number']);
    expect(fields({ ...checkout(), paymentBrand: 'VISA', 'card.cvv': '123' }, 'payment')).toEqual([
      'card.number',
      'card.expiryMonth',
      'card.expiryYear',
    ]);
  });

  it('accepts card.holder at checkout creation without asking for the card number, as the interface allows any parameter there', () => {
    expect(validateParams(checkout({ 'card.holder': 'Jane Doe' }), 'checkout')).toEqual([]);
    expect(fields(checkout({ 'card.holder': 'J' }))).toEqual(['card.holder']);
    // Paying with a card still needs its number and expiry.
    expect(fields(checkout({ paymentBrand: 'VISA', 'card.holder': 'Jane Doe' }), 'payment')).toEqual([
      'card.number',
      'card.expiryMonth',
      'card.expiryYear',
    ]);
  });

  it('warns, without refusing, on values production plugins send that break a stated rule; strict refuses them', () => {
    const sent = checkout({ merchantTransactionId: '17', 'billing.postcode': 'N1 9GU', 'shipping.postcode': '1000-001' });
    expect(validateParams(sent, 'checkout')).toEqual([]);
    const { violations, warnings } = checkParams(sent, 'checkout');
    expect(violations).toEqual([]);
    expect(warnings.map((w) => w.field)).toEqual(['merchantTransactionId', 'billing.postcode', 'shipping.postcode']);
    expect(warnings[0]?.rule).toBe('8-255 characters (AN8-255)');
    expect(warnings[0]?.message).toMatch(/^merchantTransactionId should be 8-255 characters .* known to accept up to 255 characters/);
    expect(validateParams(sent, 'checkout', { strict: true }).map((v) => v.field)).toEqual([
      'merchantTransactionId',
      'billing.postcode',
      'shipping.postcode',
    ]);
    expect(checkParams(checkout({ merchantTransactionId: 'order-000042' }), 'checkout').warnings).toEqual([]);
  });

  it('accepts integrity and overridePaymentType only at checkout creation', () => {
    const sent = { ...checkout(), paymentBrand: 'VISA', integrity: 'true', 'overridePaymentType[VISA]': 'PA' };
    expect(fields(sent, 'payment')).toEqual(['integrity', 'overridePaymentType[VISA]']);
    expect(fields({ ...checkout(), 'overridePaymentType[VISA]': 'CP' })).toEqual(['overridePaymentType[VISA]']);
  });

  it('limits cart items to indexes 0..999', () => {
    expect(fields(checkout({ 'cart.items[999].name': 'last' }))).toEqual([]);
    const [v] = validateParams(checkout({ 'cart.items[1000].name': 'one too many' }), 'checkout');
    expect(v?.field).toBe('cart.items[1000].name');
    expect(v?.message).toContain('index 0 to 999');
  });

  it('checks map keys and the SHOPPER_ prefix of shopper-sent custom parameters', () => {
    expect(fields(checkout({ 'customParameters[a b]': 'x' }))).toEqual(['customParameters[a b]']);
    expect(fields(checkout({ 'customParameters[ab]': 'x' }))).toEqual(['customParameters[ab]']);
    expect(fields(checkout({ 'customParameters[123]': 'x' }))).toEqual([]);
    const shopper = { 'customParameters[SHOPPER_note]': 'x', 'customParameters[note]': 'y' };
    expect(validateParams(shopper, 'checkoutPayment', { fromShopper: true }).map((v) => v.field)).toEqual(['customParameters[note]']);
    expect(validateParams(shopper, 'checkoutPayment')).toEqual([]);
  });

  it('accepts unknown parameters', () => {
    expect(validateParams(checkout({ 'someFutureParameter.x': '???', 'cart.items[0].futureField': '' }), 'checkout')).toEqual([]);
  });

  it('limits paymentType per operation', () => {
    expect(fields(checkout({ paymentType: 'CP' }))).toEqual(['paymentType']);
    expect(fields({ entityId: ENTITY, paymentType: 'DB' }, 'reference')).toEqual(['paymentType']);
  });

  it('applies the cross-field rules', () => {
    expect(fields(checkout({ 'customer.email': 'jane@example.org' }))).toEqual(['customer.givenName', 'customer.surname']);
    expect(fields(checkout({ 'customer.ip': '127.0.0.1', 'customer.browser.language': 'de' }))).toEqual([]);
    expect(fields(checkout({ 'customer.givenName': 'J', 'customer.surname': 'J', 'customer.identificationDocType': 'PASSPORT' }))).toEqual([
      'customer.identificationDocId',
    ]);
    expect(fields(checkout({ 'billing.houseNumber2': 'b' }))).toEqual(['billing.houseNumber1']);
    expect(fields(checkout({ 'billing.street1': '12', 'billing.street2': '34' }))).toEqual(['billing.street1']);
    expect(fields(checkout({ 'standingInstruction.source': 'MIT', 'standingInstruction.mode': 'REPEATED' }))).toEqual([
      'standingInstruction.initialTransactionId',
    ]);
  });
});

describe('resolveField', () => {
  it('maps list indexes and map keys onto the table', () => {
    expect(resolveField('cart.items[12].recipient.city')).toMatchObject({ name: 'cart.items[n].recipient.city', indices: [12] });
    expect(resolveField('overridePaymentType[MASTER]')).toMatchObject({ name: 'overridePaymentType[brand]', keys: ['MASTER'] });
    expect(resolveField('airline.passengers[1].legs[2].flightNumber')?.indices).toEqual([1, 2]);
    expect(resolveField('nope')).toBeUndefined();
  });

  it('covers every group the brief names', () => {
    for (const name of [
      'amount',
      'currency',
      'paymentType',
      'paymentBrand',
      'descriptor',
      'merchantTransactionId',
      'merchantInvoiceId',
      'numberOfCaptures',
      'integrity',
      'overridePaymentType[brand]',
      'locale',
      'testMode',
      'customer.givenName',
      'billing.street1',
      'shipping.city',
      'shipping.customer.surname',
      'cart.items[n].name',
      'customParameters[name]',
      'shopperResultUrl',
      'createRegistration',
      'standingInstruction.mode',
      'threeDSecure.eci',
      'card.number',
      'risk.channelId',
      'merchant.name',
    ]) {
      expect(FIELD_RULES[name], name).toBeDefined();
    }
  });
});

describe('ids and amounts', () => {
  it('recognises id shapes', () => {
    expect(isCheckoutId('8A82944A4CC25EBF014CC2C782423202.uat01-vm-tx04')).toBe(true);
    expect(isCheckoutId('short')).toBe(false);
    expect(isCheckoutId('8A82944A4CC25EBF014CC2C782423202/../x')).toBe(false);
    expect(isPaymentId('8ac7a4a07d3b1b3d017d3c6d9a2b1234')).toBe(true);
    expect(isPaymentId('8ac7a4a07d3b1b3d017d3c6d9a2b123')).toBe(false);
    expect(isEntityId('8a8294174b7ecb28014b9699220015ca')).toBe(true);
    expect(isEntityId('8A8294174B7ECB28014B9699220015CA')).toBe(false);
  });

  it('formats amounts with two decimals and refuses fractions of a cent', () => {
    expect(formatAmount(12.5)).toBe('12.50');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount('7')).toBe('7.00');
    expect(formatAmount('7.5')).toBe('7.50');
    expect(() => formatAmount(12.345)).toThrow(RangeError);
    expect(() => formatAmount('12.345')).toThrow(/2 decimals/);
    expect(() => formatAmount(-1)).toThrow(RangeError);
    expect(amountToCents('1234567890.12')).toBe(123456789012);
    expect(centsToAmount(5)).toBe('0.05');
  });
});
