// Owns amount formatting: the interface's N10.N2 (up to 10 integer digits, a
// dot, two decimals). Amounts are never rounded: an amount that does not fit
// is refused, because a silently changed amount is a wrong charge.
//
// Numbers: a JavaScript number is formatted from its shortest round-trip
// decimal form (what `String(n)` prints, what the programmer sees). 19.99 is
// "19.99"; 0.1 + 0.2 is 0.30000000000000004 and is refused rather than
// "corrected" to 0.30, since the caller's arithmetic already went wrong and
// only the caller knows the intended amount. Every value with at most 10
// integer digits and 2 decimals has at most 12 significant digits, well inside
// a double's 15, so no valid amount is ever refused by this rule.
import { GatewayValidationError } from './errors.js';

/** An amount as the caller may give it: a decimal string ("10", "10.5", "10.50") or a number. */
export type Amount = string | number;

/** The outcome of formatting: the two-decimal string, or the rule it broke. */
export type AmountFormat = { ok: true; value: string } | { ok: false; rule: string; message: string };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Formats an amount as the gateway expects it (`"10.50"`), or says why it cannot.
 *
 * @param maxIntegerDigits 10 for N10.N2 amounts; 13 for the N13 fields (shipping.cost, cart prices).
 */
export function formatAmountExact(amount: unknown, maxIntegerDigits = 10): AmountFormat {
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) {
      return { ok: false, rule: 'finite number', message: `must be a finite number, got ${String(amount)}` };
    }
    if (amount < 0 || Object.is(amount, -0)) {
      return { ok: false, rule: 'not negative', message: `must not be negative, got ${String(amount)}` };
    }
    text = String(amount);
    if (/e/i.test(text)) {
      return {
        ok: false,
        rule: `N${maxIntegerDigits}.N2`,
        message: `${text} has no exact two-decimal form; pass the amount as a string`,
      };
    }
  } else if (typeof amount === 'string') {
    text = amount;
  } else {
    return { ok: false, rule: 'string or number', message: `must be a decimal string or a number, got ${typeof amount}` };
  }

  const match = DECIMAL.exec(text);
  if (!match) {
    return {
      ok: false,
      rule: `N${maxIntegerDigits}.N2`,
      message: `"${text}" is not a decimal amount (digits, optionally a dot and up to two decimals)`,
    };
  }
  const integer = match[1] ?? '';
  const decimals = match[2] ?? '';
  if (decimals.length > 2) {
    return {
      ok: false,
      rule: 'at most 2 decimals',
      message:
        typeof amount === 'number'
          ? `${text} has more than two decimals (floating-point arithmetic?); amounts are never rounded, pass the intended amount as a string`
          : `"${text}" has more than two decimals; amounts are never rounded`,
    };
  }
  // Leading zeros carry no value, but count against the digit limit only once stripped.
  const significant = integer.replace(/^0+(?=\d)/, '');
  if (significant.length > maxIntegerDigits) {
    return {
      ok: false,
      rule: `at most ${maxIntegerDigits} integer digits`,
      message: `"${text}" has ${significant.length} integer digits, more than ${maxIntegerDigits}`,
    };
  }
  return { ok: true, value: `${significant}.${decimals.padEnd(2, '0')}` };
}

/**
 * Formats an amount the way the gateway expects it ("10.50").
 *
 * @throws GatewayValidationError (`VALIDATION_FAILED`) instead of rounding
 * @example formatAmount(19.9) // '19.90'; formatAmount('7') // '7.00'; formatAmount(0.1 + 0.2) // throws
 */
export function formatAmount(amount: Amount): string {
  const formatted = formatAmountExact(amount);
  if (!formatted.ok) {
    throw new GatewayValidationError([{ field: 'amount', rule: formatted.rule, message: formatted.message }], 'formatAmount');
  }
  return formatted.value;
}
