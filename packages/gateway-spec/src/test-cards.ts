// The one list of test cards: the card number decides what the sandbox
// answers a payment with, and the fake widget of @wpwl/testing answers the
// same number the same way. Plain data with no imports, so every package
// that needs it (the sandbox, the testing kit) inlines it at build time and
// none of them depends on another at run time.

/** What the gateway does with a card payment, by the test card that gets it. */
export type TestCardOutcome =
  | 'approved'
  | 'declined'
  | 'insufficient-funds'
  | 'card-expired'
  | 'wrong-cvv'
  | 'timeout'
  | 'declined-by-authorization'
  | '3ds'
  | 'uncertain-then-approved'
  | 'uncertain-then-declined';

/** One test card. */
export interface TestCardData {
  outcome: TestCardOutcome;
  number: string;
  brand: 'VISA' | 'MASTER' | 'AMEX';
  /** A CVV of the right length for the brand. */
  cvv: string;
  /**
   * The result code of the payment, as a status read gives it (for `3ds`:
   * once the shopper passed the challenge; for the `uncertain-then-…` cards:
   * at first).
   */
  resultCode: string;
  /** For the `uncertain-then-…` cards: the result code the payment settles to after the sandbox's `uncertainSettleMs`. */
  settledResultCode?: string;
  /** What the card is for, in words (the sandbox README's table). */
  purpose: string;
}

/** The result code of a successful payment in test mode. */
export const APPROVED_RESULT_CODE = '000.100.110';
/** The result code of a payment whose outcome is not known yet (a timeout). */
export const UNCERTAIN_RESULT_CODE = '900.100.300';

/** The test cards; `approved` also comes as MASTER and AMEX. Any other valid card number is approved. */
export const TEST_CARD_DATA: readonly TestCardData[] = [
  { outcome: 'approved', number: '4200000000000000', brand: 'VISA', cvv: '123', resultCode: APPROVED_RESULT_CODE, purpose: 'success' },
  { outcome: 'approved', number: '5454545454545454', brand: 'MASTER', cvv: '123', resultCode: APPROVED_RESULT_CODE, purpose: 'success' },
  {
    outcome: 'approved',
    number: '377777777777770',
    brand: 'AMEX',
    cvv: '1234',
    resultCode: APPROVED_RESULT_CODE,
    purpose: 'success (4-digit CVV)',
  },
  {
    outcome: '3ds',
    number: '4000000000003220',
    brand: 'VISA',
    cvv: '123',
    resultCode: APPROVED_RESULT_CODE,
    purpose: '3-D Secure: pending with redirect.url to the challenge page',
  },
  {
    outcome: 'declined',
    number: '4000000000000002',
    brand: 'VISA',
    cvv: '123',
    resultCode: '800.100.151',
    purpose: 'declined: invalid card',
  },
  {
    outcome: 'insufficient-funds',
    number: '4000000000009995',
    brand: 'VISA',
    cvv: '123',
    resultCode: '800.100.155',
    purpose: 'declined: insufficient funds',
  },
  {
    outcome: 'card-expired',
    number: '4000000000000069',
    brand: 'VISA',
    cvv: '123',
    resultCode: '100.100.303',
    purpose: 'declined: expired (whatever the expiry date sent)',
  },
  {
    outcome: 'wrong-cvv',
    number: '4000000000000127',
    brand: 'VISA',
    cvv: '123',
    resultCode: '800.100.153',
    purpose: 'declined: wrong CVV',
  },
  {
    outcome: 'timeout',
    number: '4000000000000119',
    brand: 'VISA',
    cvv: '123',
    resultCode: UNCERTAIN_RESULT_CODE,
    purpose: 'communication error: timeout, uncertain result',
  },
  {
    outcome: 'uncertain-then-approved',
    number: '4000000000000903',
    brand: 'VISA',
    cvv: '123',
    resultCode: UNCERTAIN_RESULT_CODE,
    settledResultCode: APPROVED_RESULT_CODE,
    purpose: 'timeout, uncertain result; settles to success after uncertainSettleMs',
  },
  {
    outcome: 'uncertain-then-declined',
    number: '4000000000000911',
    brand: 'VISA',
    cvv: '123',
    resultCode: UNCERTAIN_RESULT_CODE,
    settledResultCode: '800.100.151',
    purpose: 'timeout, uncertain result; settles to declined (invalid card) after uncertainSettleMs',
  },
  {
    outcome: 'declined-by-authorization',
    number: '5105105105105100',
    brand: 'MASTER',
    cvv: '123',
    resultCode: '800.100.152',
    purpose: 'declined by the authorization system',
  },
];
