// Owns the test cards and the card checks: which number gives which outcome,
// brand detection, Luhn, expiry and security-code rules. Only the BIN and the
// last four digits leave this module; the full number and the CVV are used
// here and dropped.

import { RESULTS, type Result } from './result-codes.js';

/** What a card submission leads to. */
export type CardOutcome = { kind: 'success' } | { kind: 'decline'; result: Result } | { kind: 'challenge' };

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
    number: '5105105105105100',
    brand: 'MASTER',
    outcome: { kind: 'decline', result: RESULTS.declinedByAuthorizationSystem },
    purpose: 'declined by the authorization system',
  },
];

// Number ranges per card scheme, first match wins. The stand-in widget
// detects with the same ranges, so a number it lets through is one the
// sandbox takes for the same brand.
const BRAND_PATTERNS: ReadonlyArray<[brand: string, pattern: RegExp]> = [
  ['AMEX', /^3[47]/],
  ['DINERS', /^3(?:0[0-5]|[689])/],
  ['JCB', /^35(?:2[89]|[3-8])/],
  ['VISA', /^4/],
  ['MAESTRO', /^(?:5[06-9]|6[37])/],
  ['MASTER', /^(?:5[1-5]|2(?:2[2-9]|[3-6][0-9]|7[01]|720))/],
  ['DISCOVER', /^(?:6011|64[4-9]|65)/],
  ['UNIONPAY', /^62/],
];

/**
 * mada's own BINs, a representative set of the published list (446404 and
 * 588845 among them): a card with one is a mada card whichever scheme's range
 * it sits in (some are Maestro-range numbers). The stand-in widget detects
 * mada with the same list.
 */
export const MADA_BINS =
  /^(?:4(?:06996|10685|17633|28671|28672|28673|31361|32328|34107|40647|40795|46393|46404|57865|57997|68540|68541|68542|68543|74491|83010|83011|83012)|5(?:04300|08160|13213|21076|24130|29415|35825|43085|43357|49760|54180|57606|58848|85265|88845|88848|88850|88982|88983|89005|89206)|6(?:04906|05141|36120)|9682(?:0[1-9]|1[01]))/;

// Brand codes a card of the detected scheme may also be submitted under: the
// scheme's debit variants, and the domestic schemes issued co-branded on its
// numbers (mada and Cartes Bancaires on Visa and Mastercard, Meeza in the
// Maestro range).
const BRAND_FAMILIES: Record<string, readonly string[]> = {
  VISA: ['VISA', 'VISADEBIT', 'VISAELECTRON', 'MADA', 'CARTEBANCAIRE'],
  MASTER: ['MASTER', 'MASTERDEBIT', 'MADA', 'CARTEBANCAIRE'],
  MAESTRO: ['MAESTRO', 'MEEZA'],
};

/** The card brands the sandbox processes. */
export const CARD_BRANDS: ReadonlySet<string> = new Set([
  ...BRAND_PATTERNS.map(([brand]) => brand),
  ...Object.values(BRAND_FAMILIES).flat(),
]);

const CVV_REQUIRED = new Set(['VISA', 'MASTER', 'AMEX']);

/** The brand a card number belongs to, or `undefined`. */
export function detectBrand(number: string): string | undefined {
  return BRAND_PATTERNS.find(([, pattern]) => pattern.test(number))?.[0];
}

/** The Luhn (mod 10) check every card number carries. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

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
  const detected = detectBrand(card.number);
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
  const isMadaCard = brand === 'MADA' && MADA_BINS.test(card.number);
  if (!isMadaCard && !(BRAND_FAMILIES[detected] ?? [detected]).includes(brand)) {
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
  } else if (card.cvv.length !== (family === 'AMEX' ? 4 : 3)) {
    return { error: RESULTS.cvvInvalid, field: 'card.cvv', detail: `card.cvv must be ${family === 'AMEX' ? 4 : 3} digits for ${family}` };
  }
  return { brand };
}

/** The outcome a valid card number leads to. */
export function outcomeOf(number: string): CardOutcome {
  return TEST_CARDS.find((card) => card.number === number)?.outcome ?? { kind: 'success' };
}
