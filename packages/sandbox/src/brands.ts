// Owns what the sandbox knows about brands, shared by its gateway side
// (cards.ts) and by the stand-in widget it serves (bundled into
// paymentWidgets.js): the card schemes' number ranges, their debit variants
// and co-branded domestic schemes, mada's own BINs, the Luhn check, the
// non-card brands by kind, and the names the widget shows. One list, so a
// number the widget lets through is one the gateway takes for the same brand.
// Plain ES2019 and no imports: it runs in the browser as well as in Node.

/** Number ranges per card scheme. No two overlap, so at most one matches a number. */
export const SCHEME_PATTERNS: ReadonlyArray<readonly [scheme: string, pattern: RegExp]> = [
  ['AMEX', /^3[47]/],
  ['DINERS', /^3(?:0[0-5]|[689])/],
  ['JCB', /^35(?:2[89]|[3-8])/],
  ['VISA', /^4/],
  ['MAESTRO', /^(?:5[06-9]|6[37])/],
  ['MASTER', /^(?:5[1-5]|2(?:2[2-9]|[3-6][0-9]|7[01]|720))/],
  ['DISCOVER', /^(?:6011|64[4-9]|65)/],
  ['UNIONPAY', /^62/],
];

/** The debit variants of a scheme: a number of the scheme is also one of these. */
export const DEBIT_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  VISA: ['VISADEBIT', 'VISAELECTRON'],
  MASTER: ['MASTERDEBIT'],
};

/**
 * Domestic schemes issued co-branded on another scheme's numbers (mada and
 * Cartes Bancaires on Visa and Mastercard, Meeza in the Maestro range): a card
 * of such a brand is valid when its number is one of these schemes'.
 */
export const CO_BRANDED: Readonly<Record<string, readonly string[]>> = {
  MADA: ['VISA', 'MASTER'],
  CARTEBANCAIRE: ['VISA', 'MASTER'],
  MEEZA: ['MAESTRO'],
};

/**
 * mada's own BINs, a representative set of the published list (446404 and
 * 588845 among them): a card with one is a mada card whichever scheme's range
 * it sits in (some are Maestro-range numbers).
 */
export const MADA_BINS =
  /^(?:4(?:06996|10685|17633|28671|28672|28673|31361|32328|34107|40647|40795|46393|46404|57865|57997|68540|68541|68542|68543|74491|83010|83011|83012)|5(?:04300|08160|13213|21076|24130|29415|35825|43085|43357|49760|54180|57606|58848|85265|88845|88848|88850|88982|88983|89005|89206)|6(?:04906|05141|36120)|9682(?:0[1-9]|1[01]))/;

/** Every card brand: the schemes, their debit variants and the co-branded schemes. */
export const CARD_BRAND_CODES: readonly string[] = [
  ...SCHEME_PATTERNS.map(([scheme]) => scheme),
  ...Object.keys(DEBIT_VARIANTS).flatMap((scheme) => DEBIT_VARIANTS[scheme] ?? []),
  ...Object.keys(CO_BRANDED),
];

/** How a non-card brand pays: the widget gives each kind its own form. */
export type OtherBrandKind = 'directDebit' | 'onlineTransfer' | 'virtualAccount';

/** The non-card brands the widget renders, by kind. */
export const OTHER_BRANDS: Readonly<Record<OtherBrandKind, readonly string[]>> = {
  directDebit: ['SEPA', 'DIRECTDEBIT_SEPA'],
  onlineTransfer: ['SOFORTUEBERWEISUNG', 'GIROPAY', 'IDEAL', 'EPS', 'PRZELEWY', 'TRUSTLY'],
  virtualAccount: [
    'APPLEPAY',
    'APPLEPAYTKN',
    'GOOGLEPAY',
    'PAYPAL',
    'STC_PAY',
    'TABBY',
    'TAMARA',
    'KLARNA_PAYMENTS_PAYLATER',
    'MBWAY',
    'ALIPAY',
    'BOLETO',
    'PIX',
    'SADAD',
    'CLICK_TO_PAY',
  ],
};

/** The kind of a non-card brand, or `undefined` for a card brand or an unknown code. */
export function otherBrandKind(brand: string): OtherBrandKind | undefined {
  return (Object.keys(OTHER_BRANDS) as OtherBrandKind[]).find((kind) => OTHER_BRANDS[kind].includes(brand));
}

/** What the widget shows for a brand; a code without a name shows as itself. */
export const BRAND_NAMES: Readonly<Record<string, string>> = {
  VISA: 'Visa',
  MASTER: 'Mastercard',
  AMEX: 'American Express',
  JCB: 'JCB',
  DINERS: 'Diners Club',
  DISCOVER: 'Discover',
  UNIONPAY: 'UnionPay',
  MAESTRO: 'Maestro',
  MADA: 'mada',
  CARTEBANCAIRE: 'Carte Bancaire',
  VISADEBIT: 'Visa Debit',
  VISAELECTRON: 'Visa Electron',
  MASTERDEBIT: 'Debit Mastercard',
  MEEZA: 'Meeza',
  APPLEPAY: 'Apple Pay',
  APPLEPAYTKN: 'Apple Pay',
  GOOGLEPAY: 'Google Pay',
  PAYPAL: 'PayPal',
  STC_PAY: 'stc pay',
  TABBY: 'tabby',
  TAMARA: 'tamara',
  KLARNA_PAYMENTS_PAYLATER: 'Klarna Pay later',
  SOFORTUEBERWEISUNG: 'Sofort',
  GIROPAY: 'giropay',
  IDEAL: 'iDEAL',
  EPS: 'eps',
  PRZELEWY: 'Przelewy24',
  TRUSTLY: 'Trustly',
  MBWAY: 'MB WAY',
  ALIPAY: 'Alipay',
  SEPA: 'SEPA',
  DIRECTDEBIT_SEPA: 'SEPA Direct Debit',
  BOLETO: 'Boleto',
  PIX: 'Pix',
  SADAD: 'SADAD',
  CLICK_TO_PAY: 'Click to Pay',
};

/** The scheme a card number belongs to, or `undefined`. */
export function detectScheme(number: string): string | undefined {
  return SCHEME_PATTERNS.find(([, pattern]) => pattern.test(number))?.[0];
}

/**
 * Every brand a (partial) card number belongs to, as the widget reports them
 * to onDetectBrand: MADA first for one of its BINs, then the scheme and its
 * debit variants.
 */
export function detectBrands(number: string): string[] {
  const scheme = detectScheme(number);
  const found = MADA_BINS.test(number) ? ['MADA'] : [];
  return scheme ? [...found, scheme, ...(DEBIT_VARIANTS[scheme] ?? [])] : found;
}

/** True when a card number may be sent under `brand`: its own scheme's, a variant's or a co-branded one's. */
export function numberFitsBrand(number: string, brand: string): boolean {
  if (brand === 'MADA' && MADA_BINS.test(number)) return true;
  const scheme = detectScheme(number);
  if (scheme === undefined) return false;
  return brand === scheme || (DEBIT_VARIANTS[scheme] ?? []).includes(brand) || (CO_BRANDED[brand] ?? []).includes(scheme);
}

/** How many digits a brand's security code has: four for American Express, three for the others. */
export function cvvLength(brand: string | undefined): 3 | 4 {
  return brand === 'AMEX' ? 4 : 3;
}

/** True when `cvv` is exactly the digits a card of `brand` has on it. */
export function cvvFits(cvv: string, brand: string | undefined): boolean {
  return /^\d+$/.test(cvv) && cvv.length === cvvLength(brand);
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
