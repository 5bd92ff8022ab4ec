// Owns the typed, nested request parameters of the gateway: what a merchant
// writes in TypeScript. serialize.ts turns them into the interface's flat
// names; the field rules themselves live in the gateway's field tables.
import type { Amount } from './amount.js';

/** Payment types a checkout can be prepared with. */
export type CheckoutPaymentType = 'PA' | 'DB' | 'CD';

/** Every payment type of the interface (CP, RV and RF are referencing requests). */
export type PaymentType = CheckoutPaymentType | 'CP' | 'RV' | 'RF';

/** Shopper browser data; mandatory for 3-D Secure v2. */
export interface BrowserParams {
  acceptHeader?: string;
  language?: string;
  screenHeight?: number | string;
  screenWidth?: number | string;
  /** Minutes between UTC and browser time, positive if local time is behind UTC. */
  timezone?: number | string;
  userAgent?: string;
  javaEnabled?: boolean;
  screenColorDepth?: number | string;
  challengeWindow?: number | string;
  deviceId?: string;
}

/** The shipping recipient: every customer field except browser fingerprint and device ids. */
export interface ShippingCustomerParams {
  merchantCustomerId?: string;
  givenName?: string;
  middleName?: string;
  surname?: string;
  sex?: 'M' | 'F';
  /** yyyy-MM-dd */
  birthDate?: string;
  phone?: string;
  mobile?: string;
  workPhone?: string;
  email?: string;
  companyName?: string;
  identificationDocType?: 'IDCARD' | 'PASSPORT' | 'TAXSTATEMENT';
  identificationDocId?: string;
  ip?: string;
  merchantReference?: string;
  salutation?: 'MR' | 'MRS' | 'MS' | 'MX';
  /** Two uppercase letters. */
  language?: string;
  category?: 'INDIVIDUAL' | 'COMPANY';
  status?: 'NEW' | 'EXISTING';
  browser?: Omit<BrowserParams, 'deviceId'>;
}

/** `customer.*`: givenName and surname are required once any other customer field is sent. */
export interface CustomerParams extends ShippingCustomerParams {
  browserFingerprint?: { value?: string };
  browser?: BrowserParams;
  app?: { deviceId?: string };
}

/** `billing.*` */
export interface AddressParams {
  street1?: string;
  street2?: string;
  houseNumber1?: string;
  houseNumber2?: string;
  city?: string;
  state?: string;
  postcode?: string;
  /** ISO 3166-1 alpha-2, uppercase. */
  country?: string;
  normalized?: string;
  validationStatus?: string;
}

/** `shipping.*`, including the shipping recipient as `shipping.customer.*`. */
export interface ShippingParams extends AddressParams {
  method?:
    | 'CARRIER_DESIGNATED_BY_CUSTOMER'
    | 'ELECTRONIC_DELIVERY'
    | 'EXPEDITED'
    | 'GROUND'
    | 'INTERNATIONAL'
    | 'LOWEST_COST'
    | 'MILITARY'
    | 'NEXT_DAY_OVERNIGHT'
    | 'OTHER'
    | 'POINT_PICKUP'
    | 'PUDO'
    | 'SAME_DAY_SERVICE'
    | 'STORE_PICKUP'
    | 'THREE_DAY_SERVICE'
    | 'TWO_DAY_SERVICE';
  cost?: Amount;
  comment?: string;
  /** yyyy-MM-dd */
  expectedDate?: string;
  logisticsProvider?: string;
  trackingNumber?: string;
  returnTrackingNumber?: string;
  warehouse?: string;
  preference?: 'GET_FROM_FILE' | 'NO_SHIPPING' | 'SET_PROVIDED_ADDRESS';
  middleName?: string;
  companyName?: string;
  phone?: string;
  mobile?: string;
  workPhone?: string;
  email?: string;
  type?: 'RETURN' | 'SHIPMENT';
  customer?: ShippingCustomerParams;
}

/** One `cart.items[n]` entry (n from 0, at most 1000 items). */
export interface CartItemParams {
  name?: string;
  merchantItemId?: string;
  type?: 'PHYSICAL' | 'DIGITAL' | 'MIXED' | 'ANONYMOUS_DONATION' | 'AUTHORITIES_PAYMENT';
  /** Up to 12 integer digits and 3 decimals. */
  quantity?: number | string;
  sku?: string;
  originalPrice?: string;
  currency?: string;
  description?: string;
  commodityCode?: string;
  commodityDescription?: string;
  /** Per unit, including tax and discount. */
  price?: Amount;
  /** Including quantity. */
  totalAmount?: Amount;
  /** Per unit. */
  taxAmount?: Amount;
  totalTaxAmount?: Amount;
  /** Percentage 0-100. */
  tax?: number | string;
  taxCategory?: 'AA' | 'S' | 'E' | 'Z';
  shipping?: Amount;
  /** Percentage with two decimals. */
  discount?: number | string;
  totalDiscountAmount?: Amount;
  giftMessage?: string;
  shippingMethod?: string;
  shippingInstructions?: string;
  shippingTrackingNumber?: string;
  quantityUnit?: 'M' | 'CM' | 'KG' | 'G' | 'COUNT';
  productUrl?: string;
  imageUrl?: string;
  productCode?: string;
  partNumber?: string;
  vatReferenceNumber?: string;
  itemNumber?: number | string;
  sellerId?: string;
  /** yyyy-MM-dd */
  deliveryDate?: string;
  recipient?: {
    salutation?: string;
    firstName?: string;
    lastName?: string;
    middleName?: string;
    apartment?: string;
    street?: string;
    address?: string;
    city?: string;
    state?: string;
    postcode?: string;
    country?: string;
    phone?: string;
    email?: string;
  };
}

/** One `cart.payments[n]` entry (gift cards, promotions). */
export interface CartPaymentParams {
  name?: string;
  type?: 'GIFTCARD' | 'PROMOTION';
  amount?: Amount;
  currency?: string;
  status?: 'pending' | 'authorized' | 'captured';
  brand?: string;
  primary?: boolean;
}

/** `standingInstruction.*` (card on file). */
export interface StandingInstructionParams {
  type?: 'UNSCHEDULED' | 'INSTALLMENT' | 'RECURRING';
  recurringType?: 'STANDING_ORDER' | 'SUBSCRIPTION';
  mode?: 'INITIAL' | 'REPEATED';
  source?: 'CIT' | 'MIT';
  initialTransactionId?: string;
  industryPractice?: 'INCREMENTAL_AUTH' | 'RESUBMISSION' | 'REAUTHORIZATION' | 'DELAYED_CHARGES' | 'NO_SHOW';
  /** yyyy-MM-dd */
  expiry?: string;
  /** Minimum days between authorizations (N4). */
  frequency?: string;
  numberOfInstallments?: number | string;
}

/** `threeDSecure.*`: pass-through data from an external authentication server. */
export interface ThreeDSecureParams {
  amount?: Amount;
  currency?: string;
  deviceInfo?: string;
  merchant?: { name?: string; url?: string; country?: string };
  channel?: string;
  npa?: boolean;
  decoupled?: boolean;
  threeRIInd?: 'RECURRING' | 'SPLIT_SHIPMENT' | 'DELAYED_SHIPMENT';
  authenticationInd?: string;
  eci?: string;
  verificationId?: string;
  authenticationStatus?: 'Y' | 'A' | 'U' | 'N';
  xid?: string;
  enrollmentStatus?: 'Y' | 'U' | 'N';
  dsTransactionId?: string;
  acsTransactionId?: string;
  challengeMandatedIndicator?: 'Y' | 'N';
  version?: string;
  authType?: string;
  transactionStatusReason?: string;
  challengeIndicator?: string;
  exemptionFlag?: string;
  /** `threeDSecure.schemeData[<key>]` */
  schemeData?: Record<string, string>;
}

/** `risk.*` */
export interface RiskParams {
  channelId?: string;
  serviceId?: string;
  amount?: Amount;
  /** yyyy-MM-dd hh:mm:ss, 24 h */
  orderTimestamp?: string;
  brand?: string;
  /** `risk.parameters[name]` */
  parameters?: Record<string, string>;
  merchantWebsite?: string;
  accountToken?: string;
}

/** `merchant.*` */
export interface MerchantParams {
  name?: string;
  mcc?: string;
  street?: string;
  city?: string;
  state?: string;
  countryCode?: string;
  country?: string;
  postcode?: string;
  geographicCoordinates?: string;
  serviceLocationCity?: string;
  serviceLocationState?: string;
  serviceLocationCountryCode?: string;
  serviceLocationPostCode?: string;
  serviceLocationGeographicCoordinates?: string;
  additionalContact?: string;
  phone?: string;
  customerContactPhone?: string;
  websiteId?: string;
  url?: string;
  partnerIdCode?: string;
  isoId?: string;
  payFacId?: string;
  payFacName?: string;
  marketplaceId?: string;
  submerchantId?: string;
  taxId?: string;
  /** `merchant.data[key]` */
  data?: Record<string, string>;
  foreignRetailIndicator?: string;
  legalName?: string;
  billing?: AddressParams & {
    givenName?: string;
    surname?: string;
    middleName?: string;
    companyName?: string;
    phone?: string;
    workPhone?: string;
    mobile?: string;
    email?: string;
  };
  shipping?: Omit<ShippingParams, 'customer'>;
}

/**
 * Parameters of prepare checkout (`POST /v1/checkouts`), nested as the
 * interface's dotted names are. `entityId` comes from the client.
 *
 * @example
 * { amount: '92.00', currency: 'EUR', paymentType: 'DB',
 *   customer: { givenName: 'Ada', surname: 'Lovelace', email: 'ada@example.com' },
 *   cart: { items: [{ name: 'Tea', quantity: 2, price: '46.00' }] },
 *   customParameters: { orderRef: 'A-1001' } }
 */
export interface CheckoutParams {
  /** N10.N2; a number is formatted exactly or refused, never rounded. */
  amount: Amount;
  /** ISO 4217, three uppercase letters. */
  currency: string;
  paymentType: CheckoutPaymentType;
  paymentBrand?: string;
  taxAmount?: Amount;
  discountAmount?: Amount;
  descriptor?: string;
  merchantTransactionId?: string;
  merchantInvoiceId?: string;
  merchantMemo?: string;
  transactionCategory?: 'EC' | 'MO' | 'TO' | 'PO' | 'PM' | 'MOTO';
  numberOfCaptures?: number | string;
  promotionCode?: string;
  locale?: string;
  testMode?: 'EXTERNAL' | 'INTERNAL';
  /** true: the response carries a sha384 subresource-integrity hash of the widget script. */
  integrity?: boolean;
  /** A payment type per brand (`overridePaymentType[VISA]=PA`); others use `paymentType`. */
  overridePaymentType?: Record<string, CheckoutPaymentType>;
  /** Store the payment details; the payment response then carries `registrationId`. */
  createRegistration?: boolean;
  /**
   * Stored cards to offer for one-click payment (`registrations[n].id`): the
   * `registrationId`s of the shopper's earlier payments. The widget lists them
   * above the new-card form.
   */
  registrations?: Array<{ id: string }>;
  overrideHolder?: boolean;
  /** Absolute URL the shopper returns to, with `?id=…&resourcePath=…`. */
  shopperResultUrl?: string;
  /** The shopper's name as on the card, when the shop knows it already (the widget shows it prefilled). */
  card?: { holder?: string };
  customer?: CustomerParams;
  billing?: AddressParams;
  shipping?: ShippingParams;
  cart?: { items?: CartItemParams[]; payments?: CartPaymentParams[] };
  /** `customParameters[name]`: name 3-64 of letters, digits, dot, underscore; value up to 2048. Echoed back. */
  customParameters?: Record<string, string>;
  standingInstruction?: StandingInstructionParams;
  threeDSecure?: ThreeDSecureParams;
  risk?: RiskParams;
  merchant?: MerchantParams;
  /**
   * Any other parameter of the interface by its flat name (e.g. `airline.passengers[0].name`).
   * Validated like the rest; a name also produced by the typed fields is refused.
   */
  flatParameters?: Record<string, string>;
}

/** Parameters of a referencing request (capture, refund, reversal) on `POST /v1/payments/{id}`. */
export interface ReferenceParams {
  /** Required for capture and refund; optional for a reversal. */
  amount?: Amount;
  /** Required together with amount. */
  currency?: string;
  merchantTransactionId?: string;
  /** `FINAL` marks the last of a series of captures or refunds. */
  sequence?: string;
  customParameters?: Record<string, string>;
}

/** Parameters of a capture or refund: amount and currency are required. */
export interface AmountReferenceParams extends ReferenceParams {
  amount: Amount;
  currency: string;
}
