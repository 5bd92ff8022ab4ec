// Owns the payment outcomes a test asks for, by name: the sandbox's test
// cards (the card number decides what the gateway answers) and the result
// code each outcome ends with. The fake widget answers with these codes, the
// browser helpers type these numbers, so a unit test and a browser test of
// the same checkout speak of the same outcomes. The cards come from the one
// list the sandbox answers by too (@wpwl/gateway-spec/test-cards, a private
// package the build inlines: nothing of the sandbox is imported at run time).

import { TEST_CARD_DATA } from '@wpwl/gateway-spec/test-cards';
import { WpwlTestingError } from './errors.js';

/** What the gateway does with a card payment, by the sandbox test card that gets it. */
export type CardOutcome =
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

/**
 * What the fake widget can answer a payment with: the card outcomes, and
 * - `pending`: the widget sends the shopper to the result URL and the status
 *   reads pending (`000.200.000`), as for a payment the bank has not settled;
 * - `invalid`: the widget refuses what the shopper typed (the card number is
 *   marked invalid) and sends nothing;
 * - `expired`: the gateway no longer knows the checkout (it expired): the
 *   widget reports `InvalidCheckoutIdError` and sends nothing.
 */
export type PaymentOutcome = CardOutcome | 'pending' | 'invalid' | 'expired';

/** A card brand the test cards cover. */
export type TestCardBrand = 'VISA' | 'MASTER' | 'AMEX';

/** A sandbox test card. */
export interface TestCard {
  outcome: CardOutcome;
  number: string;
  brand: TestCardBrand;
  /** A CVV of the right length for the brand. */
  cvv: string;
  /**
   * The result code of the payment, as a status read gives it (for `3ds`:
   * once the shopper passed the challenge; for the `uncertain-then-…` cards:
   * at first, `900.100.300`).
   */
  resultCode: string;
  /**
   * For the `uncertain-then-…` cards: the result code the payment settles to
   * once the sandbox's `uncertainSettleMs` has passed (a status read then
   * gives it, and a PAYMENT webhook carries it).
   */
  settledResultCode?: string;
}

/** The result code of a successful payment in the sandbox (test mode). */
export const APPROVED_RESULT_CODE = '000.100.110';
/** The result code of a payment still pending. */
export const PENDING_RESULT_CODE = '000.200.000';
/** The result code of a payment whose outcome is not known yet (a timeout): re-check it until it settles. */
export const UNCERTAIN_RESULT_CODE = '900.100.300';
/** The result code of a payment whose 3-D Secure challenge the shopper failed. */
export const THREE_D_SECURE_FAILED_RESULT_CODE = '100.380.401';

/** The sandbox's test cards by outcome; `approved` also comes as MASTER and AMEX. */
export const TEST_CARDS: readonly TestCard[] = TEST_CARD_DATA.map(({ outcome, number, brand, cvv, resultCode, settledResultCode }) => ({
  outcome,
  number,
  brand,
  cvv,
  resultCode,
  ...(settledResultCode === undefined ? {} : { settledResultCode }),
}));

/**
 * The test card for `outcome` (of `brand`, when given).
 *
 * @throws WpwlTestingError `INVALID_ANSWER` when no test card has that outcome and brand
 */
export function testCard(outcome: CardOutcome, brand?: TestCardBrand): TestCard {
  const card = TEST_CARDS.find((candidate) => candidate.outcome === outcome && (!brand || candidate.brand === brand));
  if (!card) {
    const brands = TEST_CARDS.filter((candidate) => candidate.outcome === outcome).map((candidate) => candidate.brand);
    throw new WpwlTestingError(
      'INVALID_ANSWER',
      `no ${brand ?? ''} test card for outcome "${outcome}"; there is one for ${brands.join(', ') || 'no brand'}`.replace('no  ', 'no '),
    );
  }
  return card;
}

/** The card outcome a typed card number asks for (spaces ignored), or undefined for a number that is no test card. */
export function outcomeOfCardNumber(typed: string): CardOutcome | undefined {
  const digits = typed.replace(/\s+/g, '');
  return TEST_CARDS.find((card) => card.number === digits)?.outcome;
}

/**
 * How a result code reads for the shopper: the published success, pending and
 * rejection groups, and `uncertain` for an outcome not known yet (a timeout,
 * a communication or system error, throttling): the payment may have gone
 * through, so it is read again, never shown as declined.
 */
export type ResultVerdict = 'approved' | 'pending' | 'uncertain' | 'declined';

const SUCCESS = /^(000\.000\.|000\.100\.1|000\.[36]|000\.400\.[1][12]0)/;
const SUCCESS_TO_REVIEW = /^(000\.400\.0[^3]|000\.400\.100)/;
const PENDING = /^(000\.200|800\.400\.5|100\.400\.500)/;
const UNCERTAIN = /^(900\.[1234]00|000\.400\.030|800\.[56]|999\.|600\.1|800\.800\.[84]|800\.120\.100)/;

/** The verdict of a gateway result code, by the published groups (success to review counts as approved). */
export function verdictOf(resultCode: string): ResultVerdict {
  if (SUCCESS.test(resultCode) || SUCCESS_TO_REVIEW.test(resultCode)) return 'approved';
  if (PENDING.test(resultCode)) return 'pending';
  return UNCERTAIN.test(resultCode) ? 'uncertain' : 'declined';
}
