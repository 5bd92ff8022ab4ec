// Owns FIELD_RULES: the interface's request-parameter tables as data, one
// entry per flat parameter name. List entries are written `[n]`, map entries
// `[name]` / `[key]` / `[brand]`, exactly as the interface writes them.

import {
  BOOLEAN,
  DATE,
  DATE_TIME,
  DATE_TIME_WITH_ZONE,
  MAP_KEY,
  absoluteUrl,
  amount,
  digits,
  email,
  matching,
  oneOf,
  phone,
  text,
  twoDigitCode,
  upperLetters,
  type FieldFormat,
} from './formats.js';

/** The request a parameter set is sent with; decides required and allowed parameters. */
export type Operation =
  /** `POST /v1/checkouts` (prepare checkout, server to server). */
  | 'checkout'
  /** `POST /v1/payments` (direct server-to-server payment). */
  | 'payment'
  /** `POST /v1/checkouts/{id}/payment` (the widget's or SDK's submission). */
  | 'checkoutPayment'
  /** `POST /v1/payments/{id}` (capture, reversal, refund). */
  | 'reference';

/** The table a parameter comes from; the sandbox picks a result code per group. */
export type FieldGroup =
  | 'authentication'
  | 'basic'
  | 'forex'
  | 'card'
  | 'wallet'
  | 'virtualAccount'
  | 'bankAccount'
  | 'tokenAccount'
  | 'customer'
  | 'billing'
  | 'shipping'
  | 'corporate'
  | 'sender'
  | 'recipient'
  | 'merchant'
  | 'cart'
  | 'marketplace'
  | 'airline'
  | 'registration'
  | 'recurringMigration'
  | 'threeDSecure'
  | 'customParameters'
  | 'asynchronous'
  | 'risk'
  | 'giftCard'
  | 'job'
  | 'standingInstruction'
  | 'chargeback';

/** What the interface says about one request parameter. */
export interface FieldRule {
  /** Format of the value. */
  readonly format: FieldFormat;
  /** Table the parameter belongs to. */
  readonly group: FieldGroup;
  /** Format of the map key, for `name[key]` parameters. */
  readonly key?: FieldFormat;
  /** Highest list index allowed, for `name[n]` parameters (cart items: 999). */
  readonly maxIndex?: number;
  /** Operations that accept the parameter; absent means all of them. */
  readonly operations?: readonly Operation[];
  /**
   * A looser format that production integrations are known to send and the
   * gateway is known to accept (an order number "17" as merchantTransactionId,
   * a postcode "N1 9GU"). A value that breaks `format` but fits this one is a
   * warning, not a violation, unless the check is strict.
   */
  readonly tolerated?: FieldFormat;
}

type Entry = FieldFormat | [FieldFormat, Partial<Omit<FieldRule, 'format' | 'group'>>];

function table(group: FieldGroup, entries: Record<string, Entry>): Record<string, FieldRule> {
  const out: Record<string, FieldRule> = {};
  for (const [name, entry] of Object.entries(entries)) {
    out[name] = Array.isArray(entry) ? { format: entry[0], group, ...entry[1] } : { format: entry, group };
  }
  return out;
}

function prefixed(prefix: string, rules: Record<string, FieldRule>, drop: (name: string) => boolean = () => false) {
  const out: Record<string, FieldRule> = {};
  for (const [name, rule] of Object.entries(rules)) if (!drop(name)) out[`${prefix}${name}`] = rule;
  return out;
}

const CURRENCY = upperLetters(3, 'ISO 4217, A3');
const COUNTRY = upperLetters(2, 'ISO 3166-1, A2');
const PAYMENT_TYPES = ['PA', 'DB', 'CD', 'CP', 'RV', 'RF'] as const;
const ENTITY_ID = matching(/^[0-9a-f]{32}$/, '32 lowercase hex characters (AN32)');
const BRAND = matching(/^[A-Za-z0-9_]{1,32}$/, 'up to 32 letters, digits or underscores (AN32)');
const NAME_CHARS = (max: number) => matching(/^[\p{L}\p{N}\s]+$/u, `up to ${max} letters, digits or spaces`, 1, max);
// The interface says letters and digits; real postcodes carry an inner space or hyphen (N1 9GU, 1000-001).
const POSTCODE: Entry = [
  matching(/^[A-Za-z0-9]{1,16}$/, '1-16 letters and digits'),
  { tolerated: matching(/^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,14}[A-Za-z0-9])?$/, '1-16 letters and digits with inner spaces or hyphens') },
];
// The interface says 8-255; shops send their order numbers ("17") and the gateway takes them.
const MERCHANT_REFERENCE: Entry = [text(8, 255), { tolerated: text(1, 255) }];
const STATE = matching(/^[\p{L}\p{N}.]{1,50}$/u, '1-50 letters, digits and dots');
const ITEM_LIMIT = { maxIndex: 999 };
const PERCENT = matching(/^(?:100(?:\.0{1,2})?|[0-9]{1,2}(?:\.[0-9]{1,2})?)$/, 'a percentage from 0 to 100');

const BASIC = table('basic', {
  amount: amount(10, 'optional'),
  taxAmount: amount(10, 'required'),
  discountAmount: amount(10, 'required'),
  currency: CURRENCY,
  paymentBrand: BRAND,
  paymentType: oneOf(...PAYMENT_TYPES),
  integrity: [BOOLEAN, { operations: ['checkout'] }],
  'overridePaymentType[brand]': [
    oneOf('PA', 'DB', 'CD'),
    { operations: ['checkout'], key: matching(/^[A-Za-z0-9_]{1,32}$/, 'a brand code of up to 32 letters, digits or underscores') },
  ],
  descriptor: text(1, 127),
  merchantTransactionId: MERCHANT_REFERENCE,
  merchantInvoiceId: MERCHANT_REFERENCE,
  merchantMemo: MERCHANT_REFERENCE,
  transactionCategory: oneOf('EC', 'MO', 'TO', 'PO', 'PM', 'MOTO'),
  sequence: text(1, 255),
  numberOfCaptures: matching(/^(?:[1-9]|[1-8][0-9]|9[0-8])$/, 'a number from 1 to 98 (N2)'),
  promotionCode: matching(/^[A-Za-z0-9]{1,15}$/, 'up to 15 letters and digits'),
  locale: text(1, 10),
  transactionLinkId: text(1, 35),
  transactionPurposeCode: text(1, 12),
  integrationType: text(1, 10),
  transactionBai: text(2, 2),
  transactionTti: text(3, 3),
  transactionProcessingCode: oneOf('PURCHASE', 'FUNDING', 'PAYMENT'),
  testMode: oneOf('EXTERNAL', 'INTERNAL'),
});

const AUTHENTICATION = table('authentication', { entityId: ENTITY_ID });

const FOREX = table('forex', { 'forex.amount': amount(10, 'required'), 'forex.currency': CURRENCY });

// Prepare checkout takes "any parameter of the structures below", card ones
// included (plugins send card.holder there); the cross-field rule that asks for
// number and expiry applies only where a card is paid with (validate.ts).
const CARD = table('card', {
  // "A 3-128": names carry spaces, dots, apostrophes and hyphens between the letters.
  'card.holder': matching(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, '3-128 letters (A3-128)', 3, 128),
  'card.number': digits(8, 32),
  'card.expiryMonth': matching(/^(?:0[1-9]|1[0-2])$/, 'a month 01 to 12'),
  'card.expiryYear': matching(/^(?:19|20)[0-9]{2}$/, '4 digits starting with 19 or 20'),
  'card.cvv': digits(3, 4),
  'card.numberType': oneOf('PAN', 'DPAN'),
});

const WALLET = table('wallet', {
  'walletA.paymentToken': text(1, 65536),
  'walletB.paymentToken': text(1, 65536),
  'walletC.paymentToken': text(1, 65536),
  'walletA.cardNetwork': text(1, 255),
  'walletA.cardType': text(1, 255),
  'walletA.source': oneOf('web', 'app'),
  'walletB.source': oneOf('web', 'app'),
  'walletC.source': oneOf('web', 'app'),
});

const VIRTUAL_ACCOUNT = table('virtualAccount', { 'virtualAccount.accountId': text(1, 100) });

const BIC = matching(/^(?:[A-Za-z0-9]{8}|[A-Za-z0-9]{11})$/, '8 or 11 letters and digits');
const BANK_ACCOUNT = table('bankAccount', {
  'bankAccount.holder': text(4, 128),
  'bankAccount.bankName': text(1, 255),
  'bankAccount.number': text(3, 64),
  'bankAccount.iban': matching(/^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9]{11,27}$/, '2 letters, 2 digits, then 11-27 letters and digits'),
  'bankAccount.bankCode': text(1, 12),
  'bankAccount.bic': BIC,
  'bankAccount.country': COUNTRY,
  'bankAccount.mandate.id': text(1, 35),
  'bankAccount.mandate.dateOfSignature': DATE,
  transactionDueDate: DATE,
});

const TOKEN_ACCOUNT = table('tokenAccount', {
  'tokenAccount.number': digits(12, 19),
  'tokenAccount.type': oneOf('EXTERNAL', 'NETWORK'),
  'tokenAccount.expiryMonth': matching(/^(?:0[1-9]|1[0-2])$/, 'a month 01 to 12'),
  'tokenAccount.expiryYear': digits(4, 4),
  'tokenAccount.cryptogram': matching(/^[A-Za-z0-9+/=]{28,32}$/, '28-32 Base64 characters'),
  'tokenAccount.dtvc': digits(3, 4),
});

// The customer table without the prefix, reused for shipping.customer.*.
const CUSTOMER_FIELDS = table('customer', {
  merchantCustomerId: text(1, 255),
  givenName: text(1, 50),
  middleName: text(2, 50),
  surname: text(1, 50),
  sex: oneOf('M', 'F'),
  birthDate: DATE,
  phone: phone(1, 25),
  mobile: phone(1, 25),
  workPhone: text(1, 25),
  email: email(6, 128),
  companyName: text(1, 60),
  identificationDocType: oneOf('IDCARD', 'PASSPORT', 'TAXSTATEMENT'),
  identificationDocId: text(8, 64),
  ip: text(1, 255),
  merchantReference: text(1, 255),
  salutation: oneOf('MR', 'MRS', 'MS', 'MX'),
  language: upperLetters(2, 'ISO 639-1, uppercase'),
  category: oneOf('INDIVIDUAL', 'COMPANY'),
  status: oneOf('NEW', 'EXISTING'),
  'browserFingerprint.id': text(1, 255),
  'browserFingerprint.value': text(1, 4096),
  'browser.acceptHeader': text(1, 2048),
  'browser.language': text(1, 8),
  'browser.screenHeight': digits(1, 6),
  'browser.screenWidth': digits(1, 6),
  'browser.timezone': matching(/^[+-]?[0-9]{1,4}$/, 'an offset in minutes of 1-5 characters', 1, 5),
  'browser.userAgent': text(1, 2048),
  'browser.javaEnabled': BOOLEAN,
  'browser.screenColorDepth': digits(1, 2),
  'browser.challengeWindow': digits(1, 1),
  'browser.deviceId': text(1, 32),
  'app.deviceId': text(1, 40),
});

const CUSTOMER = prefixed('customer.', CUSTOMER_FIELDS);

const BILLING_FIELDS = table('billing', {
  street1: text(1, 100),
  street2: text(1, 100),
  houseNumber1: text(1, 100),
  houseNumber2: text(1, 100),
  // One variant of the interface lists 1-48; the wider 1-80 is the one that keeps both valid.
  city: text(1, 80),
  state: STATE,
  postcode: POSTCODE,
  country: COUNTRY,
  normalized: text(1, 255),
  validationStatus: text(1, 255),
});

const BILLING = prefixed('billing.', BILLING_FIELDS);

const MERCHANT_BILLING = {
  ...prefixed('merchant.billing.', BILLING_FIELDS),
  ...table('merchant', {
    'merchant.billing.givenName': text(1, 255),
    'merchant.billing.surname': text(1, 255),
    'merchant.billing.middleName': text(1, 255),
    'merchant.billing.companyName': text(1, 60),
    'merchant.billing.phone': text(1, 25),
    'merchant.billing.workPhone': text(1, 25),
    'merchant.billing.mobile': phone(6, 26),
    'merchant.billing.email': email(6, 128),
  }),
};

const SHIPPING_FIELDS = table('shipping', {
  street1: text(1, 100),
  street2: text(1, 100),
  houseNumber1: text(1, 100),
  houseNumber2: text(1, 100),
  city: matching(/^[\p{L}\p{M} .'-]{1,80}$/u, '1-80 letters'),
  state: STATE,
  postcode: POSTCODE,
  country: COUNTRY,
  method: oneOf(
    'CARRIER_DESIGNATED_BY_CUSTOMER',
    'ELECTRONIC_DELIVERY',
    'EXPEDITED',
    'GROUND',
    'INTERNATIONAL',
    'LOWEST_COST',
    'MILITARY',
    'NEXT_DAY_OVERNIGHT',
    'OTHER',
    'POINT_PICKUP',
    'PUDO',
    'SAME_DAY_SERVICE',
    'STORE_PICKUP',
    'THREE_DAY_SERVICE',
    'TWO_DAY_SERVICE',
  ),
  cost: amount(13, 'required'),
  comment: text(1, 160),
  expectedDate: DATE,
  logisticsProvider: text(1, 255),
  trackingNumber: text(1, 255),
  returnTrackingNumber: text(1, 255),
  normalized: text(1, 255),
  validationStatus: text(1, 255),
  warehouse: text(1, 100),
  preference: oneOf('GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'),
  givenName: text(1, 255),
  surname: text(1, 255),
  middleName: text(1, 255),
  companyName: text(1, 60),
  phone: phone(6, 26),
  mobile: phone(6, 26),
  workPhone: text(1, 25),
  email: email(6, 128),
  type: oneOf('RETURN', 'SHIPMENT'),
});

const SHIPPING = {
  ...prefixed('shipping.', SHIPPING_FIELDS),
  // shipping.customer.* is every customer field but the device data.
  ...prefixed(
    'shipping.customer.',
    CUSTOMER_FIELDS,
    (name) => name.startsWith('browserFingerprint.') || name === 'browser.deviceId' || name === 'app.deviceId',
  ),
};

const MERCHANT_SHIPPING = prefixed('merchant.shipping.', SHIPPING_FIELDS);

const CORPORATE = table('corporate', {
  'corporate.name': text(1, 30),
  'corporate.description': text(1, 160),
  'corporate.street': text(1, 100),
  'corporate.address': text(1, 100),
  'corporate.city': text(1, 80),
  'corporate.state': text(1, 50),
  'corporate.postCode': text(1, 16),
  'corporate.suite': text(1, 30),
  'corporate.postboxNumber': text(1, 15),
  'corporate.purchase': oneOf('Y', 'N'),
  'corporate.phone': digits(1, 25),
  'corporate.fax': digits(1, 25),
  'corporate.vatId': text(1, 255),
});

const ACCOUNT_NUMBER_TYPES = ['OTHER', 'RTN_AND_BANK_ACCOUNT', 'IBAN', 'BAN_AND_BIC', 'CARD_ACCOUNT'];
const SENDER = table('sender', {
  'sender.name': NAME_CHARS(100),
  'sender.givenName': NAME_CHARS(50),
  'sender.middleName': NAME_CHARS(50),
  'sender.surname': NAME_CHARS(50),
  'sender.birthDate': DATE,
  'sender.accountNumber': text(1, 32),
  'sender.street': text(1, 100),
  'sender.city': NAME_CHARS(50),
  'sender.state': NAME_CHARS(50),
  'sender.country': matching(/^[A-Za-z0-9]{1,3}$/, 'up to 3 letters or digits'),
  'sender.postcode': text(1, 30),
  'sender.accountNumberType': oneOf(...ACCOUNT_NUMBER_TYPES),
  'sender.sourceOfFunds': twoDigitCode(1, 9),
});

const RECIPIENT = table('recipient', {
  'recipient.givenName': NAME_CHARS(48),
  'recipient.middleName': NAME_CHARS(48),
  'recipient.surname': NAME_CHARS(48),
  'recipient.birthDate': DATE,
  'recipient.phone': phone(8, 26),
  'recipient.accountNumber': text(1, 32),
  'recipient.street': text(1, 100),
  'recipient.city': text(1, 50),
  'recipient.state': text(1, 50),
  'recipient.country': matching(/^[A-Za-z0-9]{1,3}$/, 'up to 3 letters or digits'),
  'recipient.postcode': text(1, 30),
  'recipient.accountNumberType': oneOf(
    'OTHER',
    'RTN_AND_BANK_ACCOUNT',
    'IBAN',
    'PHONE_NUMBER',
    'BAN_AND_BIC',
    'WALLET_ID',
    'SOCIAL_NETWORK_ID',
    'CARD_ACCOUNT',
    'EMAIL',
  ),
});

const COORDINATES = text(1, 20);
const MERCHANT_PHONE = matching(/^[A-Za-z0-9+.-]{1,25}$/, 'up to 25 digits, letters, plus, hyphen or dot');
const MERCHANT = table('merchant', {
  'merchant.name': text(1, 100),
  'merchant.mcc': matching(/^[A-Za-z0-9]{1,4}$/, 'up to 4 letters or digits'),
  'merchant.street': text(1, 100),
  'merchant.city': text(1, 100),
  'merchant.state': matching(/^[\p{L}\p{N}]{1,50}$/u, '1-50 letters and digits'),
  'merchant.countryCode': digits(3, 3),
  'merchant.country': COUNTRY,
  'merchant.postcode': matching(/^[A-Za-z0-9-]{1,16}$/, '1-16 letters, digits and hyphens'),
  'merchant.geographicCoordinates': COORDINATES,
  'merchant.serviceLocationCity': text(1, 100),
  'merchant.serviceLocationState': text(1, 50),
  'merchant.serviceLocationCountryCode': text(1, 3),
  'merchant.serviceLocationPostCode': text(1, 16),
  'merchant.serviceLocationGeographicCoordinates': COORDINATES,
  'merchant.additionalContact': text(1, 255),
  'merchant.phone': MERCHANT_PHONE,
  'merchant.customerContactPhone': MERCHANT_PHONE,
  'merchant.websiteId': text(1, 255),
  'merchant.url': text(1, 255),
  'merchant.URL': text(1, 255),
  'merchant.partnerIdCode': text(1, 60),
  'merchant.isoId': text(1, 255),
  'merchant.payFacId': text(1, 255),
  'merchant.payFacName': text(1, 255),
  'merchant.marketplaceId': text(1, 255),
  'merchant.submerchantId': text(1, 100),
  'merchant.taxId': text(1, 60),
  'merchant.data[key]': [text(1, 2048), { key: MAP_KEY }],
  'merchant.foreignRetailIndicator': text(1, 25),
  'merchant.legalName': text(1, 100),
  'merchant.bankAccount.holder': text(4, 128),
  'merchant.bankAccount.number': text(3, 64),
  'merchant.bankAccount.bic': BIC,
  'merchant.bankAccount.country': COUNTRY,
});

const ITEM_AMOUNT = amount(13, 'required');
const CART = table('cart', {
  'cart.items[n].name': [text(1, 255), ITEM_LIMIT],
  'cart.items[n].merchantItemId': [text(1, 255), ITEM_LIMIT],
  'cart.items[n].type': [oneOf('PHYSICAL', 'DIGITAL', 'MIXED', 'ANONYMOUS_DONATION', 'AUTHORITIES_PAYMENT'), ITEM_LIMIT],
  'cart.items[n].quantity': [matching(/^[0-9]{1,12}(?:\.[0-9]{1,3})?$/, 'a number of up to 12 digits and up to 3 decimals'), ITEM_LIMIT],
  'cart.items[n].sku': [text(1, 255), ITEM_LIMIT],
  'cart.items[n].originalPrice': [text(1, 255), ITEM_LIMIT],
  'cart.items[n].currency': [CURRENCY, ITEM_LIMIT],
  'cart.items[n].description': [text(1, 2048), ITEM_LIMIT],
  'cart.items[n].commodityCode': [digits(1, 8), ITEM_LIMIT],
  'cart.items[n].commodityDescription': [text(1, 50), ITEM_LIMIT],
  'cart.items[n].price': [ITEM_AMOUNT, ITEM_LIMIT],
  'cart.items[n].totalAmount': [ITEM_AMOUNT, ITEM_LIMIT],
  'cart.items[n].taxAmount': [ITEM_AMOUNT, ITEM_LIMIT],
  'cart.items[n].totalTaxAmount': [ITEM_AMOUNT, ITEM_LIMIT],
  'cart.items[n].tax': [PERCENT, ITEM_LIMIT],
  'cart.items[n].taxCategory': [oneOf('AA', 'S', 'E', 'Z'), ITEM_LIMIT],
  'cart.items[n].shipping': [ITEM_AMOUNT, ITEM_LIMIT],
  'cart.items[n].discount': [matching(/^(?:100\.00|[0-9]{1,2}\.[0-9]{2})$/, 'a percentage with 2 decimals, 0.00 to 100.00'), ITEM_LIMIT],
  'cart.items[n].giftMessage': [text(1, 255), ITEM_LIMIT],
  'cart.items[n].shippingMethod': [text(1, 255), ITEM_LIMIT],
  'cart.items[n].shippingInstructions': [text(1, 255), ITEM_LIMIT],
  'cart.items[n].shippingTrackingNumber': [text(1, 255), ITEM_LIMIT],
  'cart.items[n].quantityUnit': [oneOf('M', 'CM', 'KG', 'G', 'COUNT'), ITEM_LIMIT],
  'cart.items[n].productUrl': [absoluteUrl(1, 2048), ITEM_LIMIT],
  'cart.items[n].imageUrl': [absoluteUrl(1, 2048), ITEM_LIMIT],
  'cart.items[n].totalDiscountAmount': [ITEM_AMOUNT, ITEM_LIMIT],
  'cart.items[n].productCode': [text(1, 30), ITEM_LIMIT],
  'cart.items[n].partNumber': [text(1, 30), ITEM_LIMIT],
  'cart.items[n].vatReferenceNumber': [text(1, 30), ITEM_LIMIT],
  'cart.items[n].itemNumber': [matching(/^(?:[1-9][0-9]{0,2})$/, 'a number from 1 to 999'), ITEM_LIMIT],
  'cart.items[n].sellerId': [text(1, 255), ITEM_LIMIT],
  'cart.items[n].recipient.salutation': [text(1, 5), ITEM_LIMIT],
  'cart.items[n].recipient.firstName': [text(1, 48), ITEM_LIMIT],
  'cart.items[n].recipient.lastName': [text(1, 48), ITEM_LIMIT],
  'cart.items[n].recipient.middleName': [text(1, 50), ITEM_LIMIT],
  'cart.items[n].recipient.apartment': [text(1, 100), ITEM_LIMIT],
  'cart.items[n].recipient.street': [text(1, 100), ITEM_LIMIT],
  'cart.items[n].recipient.address': [text(1, 100), ITEM_LIMIT],
  'cart.items[n].recipient.city': [text(1, 80), ITEM_LIMIT],
  'cart.items[n].recipient.state': [text(1, 50), ITEM_LIMIT],
  'cart.items[n].recipient.postcode': [text(1, 16), ITEM_LIMIT],
  'cart.items[n].recipient.country': [matching(/^(?:[A-Za-z]{2}|[0-9]{3})$/, '2 letters or 3 digits'), ITEM_LIMIT],
  'cart.items[n].recipient.phone': [digits(1, 25), ITEM_LIMIT],
  'cart.items[n].recipient.email': [text(1, 128), ITEM_LIMIT],
  'cart.items[n].deliveryDate': [DATE, ITEM_LIMIT],
  'cart.payments[n].name': text(1, 255),
  'cart.payments[n].type': oneOf('GIFTCARD', 'PROMOTION'),
  'cart.payments[n].amount': amount(10, 'required'),
  'cart.payments[n].currency': CURRENCY,
  'cart.payments[n].status': oneOf('pending', 'authorized', 'captured'),
  'cart.payments[n].brand': text(1, 255),
  'cart.payments[n].primary': BOOLEAN,
});

const MARKETPLACE = table('marketplace', {
  'marketPlace.sellers[n].id': text(1, 255),
  'marketPlace.sellers[n].amount': amount(13, 'required'),
});

const AIRLINE_TEXT = text(1, 255);
const AIRLINE = table('airline', {
  'airline.totalTaxAmount': amount(10, 'required'),
  'airline.totalFeesAmount': amount(10, 'required'),
  'airline.totalFareAmount': amount(10, 'required'),
  'airline.ticketIssueDate': DATE,
  ...Object.fromEntries(
    ['ticketIssueAddress', 'thirdPartyBooking', 'bookingtype', 'ticketDeliveryMethod', 'bookingRefNum', 'agentName', 'agentCode'].map(
      (name) => [`airline.${name}`, AIRLINE_TEXT],
    ),
  ),
  ...Object.fromEntries(
    ['type', 'name', 'ticketRestricted', 'ticketNumber', 'status', 'phone', 'frequentFlyerNumber', 'email', 'dob', 'checkDigit'].map(
      (name) => [`airline.passengers[n].${name}`, AIRLINE_TEXT],
    ),
  ),
  'airline.passengers[n].residenceCountry': COUNTRY,
  ...Object.fromEntries(
    [
      'ticketNumber',
      'stopOverAllowed',
      'restrictions',
      'flightNumber',
      'fareBasis',
      'exchangeTicketNum',
      'departureCountry',
      'departureAirport',
      'airlineName',
      'airlineCode',
      'departureTime',
      'arrivalCountry',
      'arrivalAirport',
      'arrivalTime',
      'couponNumber',
      'classOfService',
      'carrierCode',
    ].map((name) => [`airline.passengers[n].legs[n].${name}`, AIRLINE_TEXT]),
  ),
  'airline.passengers[n].legs[n].taxAmount': amount(10, 'required'),
  'airline.passengers[n].legs[n].feesAmount': amount(10, 'required'),
  'airline.passengers[n].legs[n].fareAmount': amount(10, 'required'),
  'airline.passengers[n].legs[n].departureTaxAmount': amount(10, 'required'),
  'airline.passengers[n].legs[n].departureDate': DATE,
  'airline.passengers[n].legs[n].arrivalDate': DATE,
  'airline.passengers[n].legs[n].timeToDeparture': text(1, 10),
});

// A registration id is the interface's "id (registration)": AN32 letters and digits.
const REGISTRATION_ID = matching(/^[A-Za-z0-9]{32}$/, 'a registration id of 32 letters and digits (AN32)');
const REGISTRATION = table('registration', {
  createRegistration: BOOLEAN,
  overrideHolder: BOOLEAN,
  // One-click: the stored cards a checkout offers (the widget lists them) …
  'registrations[n].id': [REGISTRATION_ID, { operations: ['checkout'] }],
  // … and the one the shopper picked.
  registrationId: [REGISTRATION_ID, { operations: ['checkoutPayment', 'payment'] }],
});

const RECURRING_MIGRATION = table('recurringMigration', {
  'recurringMigration.paymentType': oneOf('DB', 'CD', 'PA'),
  'recurringMigration.amount': matching(/^[0-9]{1,8}(?:\.[0-9]{2})?$/, 'up to 8 digits, optionally a dot and 2 decimals'),
  'recurringMigration.requestTimestamp': DATE_TIME_WITH_ZONE,
  'recurringMigration.connectorTxId1': text(1, 128),
  'recurringMigration.connectorTxId2': text(1, 128),
  'recurringMigration.connectorTxId3': text(1, 128),
});

const SCHEMES = ['schemeA', 'schemeB', 'schemeC', 'schemeD', 'schemeE', 'schemeF'];
const THREE_D_SECURE = table('threeDSecure', {
  'threeDSecure.amount': amount(9, 'required'),
  'threeDSecure.currency': CURRENCY,
  'threeDSecure.deviceInfo': text(1, 65536),
  'threeDSecure.merchant.name': text(1, 100),
  'threeDSecure.merchant.url': text(1, 2048),
  'threeDSecure.merchant.country': matching(/^[A-Za-z0-9]{1,3}$/, 'up to 3 letters or digits (A3)'),
  ...Object.fromEntries(
    SCHEMES.flatMap((scheme) => [
      [`threeDSecure.v2.${scheme}.requestorId`, text(1, 100)],
      [`threeDSecure.v2.${scheme}.requestorName`, text(1, 100)],
    ]),
  ),
  'threeDSecure.channel': digits(1, 2),
  'threeDSecure.npa': BOOLEAN,
  'threeDSecure.decoupled': BOOLEAN,
  'threeDSecure.threeRIInd': oneOf('RECURRING', 'SPLIT_SHIPMENT', 'DELAYED_SHIPMENT'),
  'threeDSecure.authenticationInd': oneOf(
    'PAYMENT',
    'RECURRING',
    'INSTALLMENT',
    'ADD_CARD',
    'MAINTAIN_CARD',
    'EMV_ID',
    'BILLING_AGREEMENT',
    'SPLIT_SHIPMENT',
    '_DELAYED_SHIPMENT',
    'SPLIT_PAYMENT',
  ),
  'threeDSecure.eci': twoDigitCode(1, 8),
  'threeDSecure.verificationId': matching(/^[A-Za-z0-9+/=]{1,28}$/, 'up to 28 Base64 characters (AN28)'),
  'threeDSecure.authenticationStatus': oneOf('Y', 'A', 'U', 'N'),
  'threeDSecure.xid': matching(/^[A-Za-z0-9+/=]{1,64}$/, 'up to 64 Base64 characters (AN64)'),
  'threeDSecure.enrollmentStatus': oneOf('Y', 'U', 'N'),
  'threeDSecure.dsTransactionId': text(36, 36),
  'threeDSecure.acsTransactionId': text(36, 36),
  'threeDSecure.challengeMandatedIndicator': oneOf('Y', 'N'),
  'threeDSecure.version': matching(/^[0-9]+\.[0-9]+\.[0-9]+$/, 'a version n.n.n such as 2.2.0'),
  'threeDSecure.authType': twoDigitCode(1, 4),
  'threeDSecure.transactionStatusReason': digits(2, 2),
  'threeDSecure.challengeIndicator': twoDigitCode(1, 9),
  'threeDSecure.exemptionFlag': twoDigitCode(1, 4),
  'threeDSecure.schemeData[key]': [
    text(1, 20),
    {
      key: matching(
        /^[A-Za-z0-9_]+-(?:ITEMSNB|SCORE_MERCHANT|USECASE)$/,
        '<domestic>-ITEMSNB, <domestic>-SCORE_MERCHANT or <domestic>-USECASE',
      ),
    },
  ],
});

const CUSTOM_PARAMETERS = table('customParameters', {
  'customParameters[name]': [text(1, 2048), { key: MAP_KEY }],
});

const ASYNCHRONOUS = table('asynchronous', {
  shopperResultUrl: absoluteUrl(6, 2048),
  notificationUrl: absoluteUrl(6, 2048),
});

const RISK = table('risk', {
  'risk.channelId': text(1, 255),
  'risk.serviceId': text(1, 255),
  'risk.amount': amount(10, 'required'),
  'risk.orderTimestamp': DATE_TIME,
  'risk.brand': text(1, 255),
  'risk.parameters[name]': [text(1, 2048), { key: MAP_KEY }],
  'risk.merchantWebsite': text(1, 60),
  'risk.accountToken': text(1, 64),
});

const GIFT_CARD = table('giftCard', {
  'giftCard.number': text(2, 255),
  'giftCard.pin': text(2, 255),
  'giftCard.holder': text(2, 255),
  'giftCard.message': text(2, 160),
  'giftCard.type': oneOf(
    'ANNIVERSARY',
    'BIRTHDAY',
    'CONGRATULATIONS',
    'APRIL_FOOLS_DAY',
    'EASTER',
    'FATHERS_DAY',
    'GRADUATION',
    'HOLIDAY',
    'SEASONS_GREETINGS',
    'PASSOVER',
    'KWANZAA',
    'HALLOWEEN',
    'MOTHERS_DAY',
    'NEW_YEARS_DAY',
    'BOSSES_DAY',
    'ST_PATRICKS_DAY',
    'SWEETEST_DAY',
    'CHRISTMAS',
    'BABY_SHOWER',
    'THANKSGIVING',
    'OTHER',
    'VALENTINES_DAY',
    'WEDDING',
    'SECRETARYS_DAY',
    'CHINESE_NEW_YEAR',
    'HANUKKAH',
    'CELEBRATE_FALL',
    'GRANDPARENTS_DAY',
    'INDEPENDENCE_DAY',
  ),
});

const CRON_FIELD = (allowed: string) => matching(new RegExp(`^[${allowed}]+$`), `digits and the characters of a cron field`);
const TIME_UNIT = oneOf('YEAR', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE', 'SECOND');
const JOB = table('job', {
  'job.name': text(1, 64),
  'job.year': CRON_FIELD('0-9,*/-'),
  'job.month': CRON_FIELD('0-9,*/-'),
  'job.dayOfMonth': CRON_FIELD('0-9,*/?LW-'),
  'job.dayOfWeek': matching(/^(?:[1-7]|SUN|MON|TUE|WED|THU|FRI|SAT|[,*/?L#-])+$/, '1-7, SUN-SAT and the characters , - * ? / L #'),
  'job.hour': CRON_FIELD('0-9,*/-'),
  'job.minute': matching(/^(?:[0-5]?[0-9])$/, 'a minute 0-59'),
  'job.second': CRON_FIELD('0-9,*/-'),
  'job.startDate': DATE_TIME,
  'job.endDate': DATE_TIME,
  'job.noticeUnit': TIME_UNIT,
  'job.durationUnit': TIME_UNIT,
  'job.noticeNumber': digits(1, 16),
  'job.durationNumber': digits(1, 16),
  'job.noticeCallable': oneOf('ANYTIME', 'DURATION_END'),
  'job.expression': text(1, 256),
});

const STANDING_INSTRUCTION = table('standingInstruction', {
  'standingInstruction.type': oneOf('UNSCHEDULED', 'INSTALLMENT', 'RECURRING'),
  'standingInstruction.recurringType': oneOf('STANDING_ORDER', 'SUBSCRIPTION'),
  'standingInstruction.mode': oneOf('INITIAL', 'REPEATED'),
  'standingInstruction.source': oneOf('CIT', 'MIT'),
  'standingInstruction.initialTransactionId': text(1, 255),
  'standingInstruction.industryPractice': oneOf('INCREMENTAL_AUTH', 'RESUBMISSION', 'REAUTHORIZATION', 'DELAYED_CHARGES', 'NO_SHOW'),
  'standingInstruction.expiry': DATE,
  'standingInstruction.frequency': digits(1, 4),
  'standingInstruction.numberOfInstallments': digits(1, 3),
});

const CHARGEBACK = table('chargeback', {
  chargebackResultCode: matching(/^000\.100\.2[0-9]{2}$/, '000.100.2 followed by two digits'),
});

/**
 * Every request parameter the interface defines, by flat name. List entries
 * are keyed with `[n]` (`cart.items[n].name`), map entries with the bracket
 * word the interface uses (`customParameters[name]`, `overridePaymentType[brand]`).
 */
export const FIELD_RULES: Readonly<Record<string, FieldRule>> = Object.freeze({
  ...AUTHENTICATION,
  ...BASIC,
  ...FOREX,
  ...CARD,
  ...WALLET,
  ...VIRTUAL_ACCOUNT,
  ...BANK_ACCOUNT,
  ...TOKEN_ACCOUNT,
  ...CUSTOMER,
  ...BILLING,
  ...SHIPPING,
  ...CORPORATE,
  ...SENDER,
  ...RECIPIENT,
  ...MERCHANT,
  ...MERCHANT_BILLING,
  ...MERCHANT_SHIPPING,
  ...CART,
  ...MARKETPLACE,
  ...AIRLINE,
  ...REGISTRATION,
  ...RECURRING_MIGRATION,
  ...THREE_D_SECURE,
  ...CUSTOM_PARAMETERS,
  ...ASYNCHRONOUS,
  ...RISK,
  ...GIFT_CARD,
  ...JOB,
  ...STANDING_INSTRUCTION,
  ...CHARGEBACK,
});

/** Parameters each operation cannot do without. */
export const REQUIRED_PARAMS: Readonly<Record<Operation, readonly string[]>> = Object.freeze({
  checkout: ['entityId', 'amount', 'currency', 'paymentType'],
  payment: ['entityId', 'amount', 'currency', 'paymentType', 'paymentBrand'],
  checkoutPayment: [],
  reference: ['entityId', 'paymentType'],
});

/** Payment types each operation accepts. */
export const PAYMENT_TYPES_BY_OPERATION: Readonly<Record<Operation, readonly string[]>> = Object.freeze({
  checkout: ['PA', 'DB', 'CD'],
  payment: ['PA', 'DB', 'CD'],
  checkoutPayment: ['PA', 'DB', 'CD'],
  reference: ['CP', 'RV', 'RF'],
});
