// Owns the test cards and the card checks: which number gives which outcome,
// the brand a number may be sent under (ranges and Luhn from brands.ts, which
// the stand-in widget shares), expiry and security-code rules. Only the BIN and the
// last four digits leave this module; the full number and the CVV are used
// here and dropped.

import { CARD_BRAND_CODES, cvvLength, detectScheme, numberFitsBrand, passesLuhn } from './brands.js';
import { RESULTS, type Result } from './result-codes.js';

/** A final outcome: what an uncertain payment settles to. */
export type FinalCardOutcome = { kind: 'success' } | { kind: 'decline'; result: Result };

/**
 * What a card submission leads to. `uncertain`: the payment is first answered
 * with `result` (a timeout-class code such as `900.100.300`, not final) and
 * settles to `settlesTo` after the sandbox's `uncertainSettleMs`.
 */
export type CardOutcome = FinalCardOutcome | { kind: 'challenge' } | { kind: 'uncertain'; result: Result; settlesTo: FinalCardOutcome };

/** A documented test card. */
export interface TestCard {
  number: string;
  brand: string;
  outcome: CardOutcome;
  /** What the card is for, in words (README table). */
  purpose: string;
}

/** The test cards whose number decides the outcome. Any other valid card number succeeds. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4200000000000000', brand: 'VISA', outcome: { kind: 'success' }, purpose: 'success' },
  { number: '5454545454545454', brand: 'MASTER', outcome: { kind: 'success' }, purpose: 'success' },
  { number: '377777777777770', brand: 'AMEX', outcome: { kind: 'success' }, purpose: 'success (4-digit CVV)' },
  {
    number: '4000000000003220',
    brand: 'VISA',
    outcome: { kind: 'challenge' },
    purpose: '3-D Secure: pending with redirect.url to the challenge page',
  },
  {
    number: '4000000000000002',
    brand: 'VISA',
    outcome: { kind: 'decline', result: RESULTS.declinedInvalidCard },
    purpose: 'declined: invalid card',
  },
  {
    number: '4000000000009995',
    brand: 'VISA',
    outcome: { kind: 'decline', result: RESULTS.declinedInsufficientFunds },
    purpose: 'declined: insufficient funds',
  },
  {
    number: '4000000000000069',
    brand: 'VISA',
    outcome: { kind: 'decline', result: RESULTS.cardExpired },
    purpose: 'declined: expired (whatever the expiry date sent)',
  },
  {
    number: '4000000000000127',
    brand: 'VISA',
    outcome: { kind: 'decline', result: RESULTS.declinedInvalidCvv },
    purpose: 'declined: wrong CVV',
  },
  {
    number: '4000000000000119',
    brand: 'VISA',
    outcome: { kind: 'decline', result: RESULTS.timeout },
    purpose: 'communication error: timeout, uncertain result',
  },
  {
    number: '4000000000000903',
    brand: 'VISA',
    outcome: { kind: 'uncertain', result: RESULTS.timeout, settlesTo: { kind: 'success' } },
    purpose: 'timeout, uncertain result; settles to success after uncertainSettleMs',
  },
  {
    number: '4000000000000911',
    brand: 'VISA',
    outcome: { kind: 'uncertain', result: RESULTS.timeout, settlesTo: { kind: 'decline', result: RESULTS.declinedInvalidCard } },
    purpose: 'timeout, uncertain result; settles to declined (invalid card) after uncertainSettleMs',
  },
  {
    number: '5105105105105100',
    brand: 'MASTER',
    outcome: { kind: 'decline', result: RESULTS.declinedByAuthorizationSystem },
    purpose: 'declined by the authorization system',
  },
];

/** The card brands the sandbox processes. */
export const CARD_BRANDS: ReadonlySet<string> = new Set(CARD_BRAND_CODES);

const CVV_REQUIRED = new Set(['VISA', 'MASTER', 'AMEX']);

/** Card details as submitted (already format-checked against the field tables). */
export interface CardInput {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvv?: string | undefined;
  holder?: string | undefined;
}

/** What the sandbox keeps and returns of a card: never the full number, never the CVV. */
export interface StoredCard {
  bin: string;
  last4Digits: string;
  holder?: string;
  expiryMonth: string;
  expiryYear: string;
}

/** The stored form of a card. */
export function storedCard(card: CardInput): StoredCard {
  return {
    bin: card.number.slice(0, 6),
    last4Digits: card.number.slice(-4),
    ...(card.holder ? { holder: card.holder } : {}),
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
  };
}

/** Why a card was refused before it reached the card network. */
export interface CardRefusal {
  error: Result;
  /** The parameter to correct, e.g. `card.number`. */
  field: string;
  /** What is wrong, naming the parameter. */
  detail: string;
}

/** The checks that make a card unusable, whatever the test card table says. */
export function checkCard(
  card: CardInput,
  requestedBrand: string | undefined,
  now: number,
  options: { cvvRequired: boolean },
): { brand: string } | CardRefusal {
  const detected = detectScheme(card.number);
  const brand = requestedBrand ?? detected;
  if (brand === undefined) {
    return { error: RESULTS.brandMismatch, field: 'card.number', detail: 'card.number belongs to no known card brand; send paymentBrand' };
  }
  if (!CARD_BRANDS.has(brand)) {
    return {
      error: RESULTS.invalidPaymentMethod,
      field: 'paymentBrand',
      detail: `paymentBrand ${brand} is not a card brand; the sandbox processes card brands only`,
    };
  }
  // Every brand the sandbox processes has known number ranges: a number outside them is no card of that brand.
  if (detected === undefined) {
    return {
      error: RESULTS.brandMismatch,
      field: 'card.number',
      detail: `card.number is not a ${brand} number (it belongs to no known card scheme)`,
    };
  }
  if (!numberFitsBrand(card.number, brand)) {
    return { error: RESULTS.brandMismatch, field: 'card.number', detail: `card.number is a ${detected} number, not ${brand}` };
  }
  if (!passesLuhn(card.number)) {
    return { error: RESULTS.invalidCardNumber, field: 'card.number', detail: 'card.number fails the Luhn check' };
  }
  const today = new Date(now);
  const year = Number(card.expiryYear);
  const month = Number(card.expiryMonth);
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
    const field = year < today.getUTCFullYear() ? 'card.expiryYear' : 'card.expiryMonth';
    return {
      error: RESULTS.cardExpired,
      field,
      detail: `card.expiryMonth/card.expiryYear ${card.expiryMonth}/${card.expiryYear} is in the past`,
    };
  }
  const family = detected ?? brand;
  if (card.cvv === undefined || card.cvv === '') {
    if (options.cvvRequired && CVV_REQUIRED.has(family)) {
      return { error: RESULTS.cvvMissing, field: 'card.cvv', detail: `card.cvv is required for ${family}` };
    }
  } else if (card.cvv.length !== cvvLength(family)) {
    return { error: RESULTS.cvvInvalid, field: 'card.cvv', detail: `card.cvv must be ${cvvLength(family)} digits for ${family}` };
  }
  return { brand };
}

/** The outcome a valid card number leads to. */
export function outcomeOf(number: string): CardOutcome {
  return TEST_CARDS.find((card) => card.number === number)?.outcome ?? { kind: 'success' };
}
