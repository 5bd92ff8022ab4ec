// Owns the identifier and amount formats of the interface: checkout, payment
// and entity ids, and amounts as strings with two decimals.

/** Checkout id: 32-48 letters, digits, dots and hyphens. */
export const CHECKOUT_ID_PATTERN = /^[A-Za-z0-9.-]{32,48}$/;

/** Payment (and registration) id: exactly 32 letters and digits. */
export const PAYMENT_ID_PATTERN = /^[A-Za-z0-9]{32}$/;

/** Entity id: 32 lowercase hex characters. */
export const ENTITY_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Result code: 2-11 characters of digits and dots. */
export const RESULT_CODE_PATTERN = /^[0-9.]{2,11}$/;

/** True when `value` has the shape of a checkout id. */
export function isCheckoutId(value: unknown): value is string {
  return typeof value === 'string' && CHECKOUT_ID_PATTERN.test(value);
}

/** True when `value` has the shape of a payment or registration id. */
export function isPaymentId(value: unknown): value is string {
  return typeof value === 'string' && PAYMENT_ID_PATTERN.test(value);
}

/** True when `value` has the shape of an entity id. */
export function isEntityId(value: unknown): value is string {
  return typeof value === 'string' && ENTITY_ID_PATTERN.test(value);
}

const DECIMAL = /^([0-9]+)(?:\.([0-9]{1,2}))?$/;

/**
 * An amount as the interface sends it: a string with a dot and two decimals.
 *
 * Numbers are taken to the cent; float noise such as `0.1 + 0.2` is
 * tolerated, a real fraction of a cent (`12.345`) is not, since rounding money
 * silently hides bugs.
 *
 * @throws RangeError for a negative, non-finite or sub-cent amount, or a string that is not a plain decimal
 * @example formatAmount(12.5) // '12.50'; formatAmount('7') // '7.00'
 */
export function formatAmount(amount: number | string): string {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`amount must be a finite number of 0 or more, got ${amount}`);
    const cents = Math.round(amount * 100);
    if (Math.abs(cents - amount * 100) > 1e-6 * Math.max(1, Math.abs(amount))) {
      throw new RangeError(`amount must not have more than 2 decimals, got ${amount}`);
    }
    return centsToAmount(cents);
  }
  return centsToAmount(amountToCents(amount));
}

/**
 * Parses a decimal amount string (`12`, `12.5`, `12.50`) into whole cents.
 *
 * @throws RangeError when the string is not a plain non-negative decimal with at most 2 decimals
 */
export function amountToCents(amount: string): number {
  const match = DECIMAL.exec(amount);
  if (!match) throw new RangeError(`amount must be digits with an optional dot and up to 2 decimals, got "${amount}"`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount is too large: "${amount}"`);
  return cents;
}

/** Formats whole cents as an amount string with two decimals: `1250` → `'12.50'`. */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`cents must be a whole number of 0 or more, got ${cents}`);
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}
