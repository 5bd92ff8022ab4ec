// Owns the test cards and the card checks: which number gives which outcome
// (read from the one list of test cards, @wpwl/gateway-spec/test-cards, which
// @wpwl/testing's fake widget answers by too),
// the brand a number may be sent under (ranges and Luhn from brands.ts, which
// the stand-in widget shares), expiry and security-code rules. Only the BIN and the
// last four digits leave this module; the full number and the CVV are used
// here and dropped.

import { CARD_BRAND_CODES, cvvLength, detectScheme, numberFitsBrand, passesLuhn } from './brands.js';
import { APPROVED_RESULT_CODE, TEST_CARD_DATA, type TestCardData } from '@wpwl/gateway-spec/test-cards';
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

/** The result the sandbox answers with for a test card's result code: the one entry of RESULTS with that code. */
function resultOf(code: string): Result {
  const result = Object.values(RESULTS).find((candidate) => candidate.code === code);
  if (!result) throw new Error(`test card result code ${code} is not among the sandbox's RESULTS`);
  return result;
}

function finalOutcome(code: string): FinalCardOutcome {
  return code === APPROVED_RESULT_CODE ? { kind: 'success' } : { kind: 'decline', result: resultOf(code) };
}

/** What the sandbox does with a card of the shared list (@wpwl/gateway-spec/test-cards, which @wpwl/testing answers by too). */
function outcomeOfData(card: TestCardData): CardOutcome {
  if (card.outcome === '3ds') return { kind: 'challenge' };
  if (card.settledResultCode !== undefined) {
    return { kind: 'uncertain', result: resultOf(card.resultCode), settlesTo: finalOutcome(card.settledResultCode) };
  }
  return finalOutcome(card.resultCode);
}

/** The test cards whose number decides the outcome. Any other valid card number succeeds. */
export const TEST_CARDS: readonly TestCard[] = TEST_CARD_DATA.map((card) => ({
  number: card.number,
  brand: card.brand,
  outcome: outcomeOfData(card),
  purpose: card.purpose,
}));

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
