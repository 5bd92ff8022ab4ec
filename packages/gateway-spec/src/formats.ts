// Owns the value formats of the interface's notation (AN, N, A, N10.N2, dates,
// enumerations, URLs) as small data objects, and the one function that checks
// a value against such a format. Every format carries its rule in words so a
// violation message can name it.

/**
 * One value format. `rule` reads after "must be", e.g.
 * `up to 10 digits, a dot and 2 decimals (N10.N2)`.
 */
export interface FieldFormat {
  /** The rule in words, as it reads after "must be". */
  readonly rule: string;
  /** Whole-value pattern the value must match. */
  readonly pattern?: RegExp;
  /** Minimum length in characters (Unicode code points). */
  readonly minLength?: number;
  /** Maximum length in characters (Unicode code points). */
  readonly maxLength?: number;
  /** The only values allowed (case-sensitive). */
  readonly values?: readonly string[];
  /** A check beyond the pattern, e.g. that a date exists or a URL is absolute. */
  readonly check?: (value: string) => boolean;
}

/** True when `value` satisfies `format`. */
export function matchesFormat(format: FieldFormat, value: string): boolean {
  const { minLength, maxLength } = format;
  if (minLength !== undefined || maxLength !== undefined) {
    // A value has at least half as many code points as UTF-16 units, and at most as many:
    // they are counted only when the units alone do not decide.
    const units = value.length;
    const min = minLength ?? 0;
    const max = maxLength ?? Infinity;
    if (units < min) return false;
    if (units > max || (min > 1 && units < 2 * min)) {
      const length = codePointLength(value);
      if (length < min || length > max) return false;
    }
  }
  if (format.values && !format.values.includes(value)) return false;
  if (format.pattern && !format.pattern.test(value)) return false;
  if (format.check && !format.check(value)) return false;
  return true;
}

/**
 * `format` made into a test of one value, for values checked many times
 * over (a file's rows): the same answer as {@link matchesFormat}, without
 * looking the format over on each call.
 */
export function formatTest(format: FieldFormat): (value: string) => boolean {
  const { pattern, values, check, minLength, maxLength } = format;
  const bounded = minLength !== undefined || maxLength !== undefined;
  if (check) return (value) => matchesFormat(format, value);
  if (values && !pattern && !bounded) {
    const allowed = new Set(values);
    return (value) => allowed.has(value);
  }
  if (pattern && !values && !bounded) return (value) => pattern.test(value);
  if (bounded && !values && !pattern) {
    const min = minLength ?? 0;
    const max = maxLength ?? Infinity;
    return (value) => {
      const units = value.length;
      if (units < min) return false;
      if (units <= max && (min <= 1 || units >= 2 * min)) return true;
      const length = codePointLength(value);
      return length >= min && length <= max;
    };
  }
  return (value) => matchesFormat(format, value);
}

// The interface counts characters, not UTF-16 units: "é" and "😀" are one each.
function codePointLength(value: string): number {
  let length = 0;
  for (const _ of value) length++;
  return length;
}

function lengthWords(min: number, max: number): string {
  return min <= 1 ? `up to ${max}` : min === max ? `exactly ${max}` : `${min}-${max}`;
}

/** AN: any characters, `min`-`max` long. */
export function text(min: number, max: number): FieldFormat {
  return {
    rule: `${lengthWords(min, max)} characters (AN${min <= 1 ? max : `${min}-${max}`})`,
    minLength: Math.max(min, 1),
    maxLength: max,
  };
}

/** N: digits only, `min`-`max` of them. */
export function digits(min: number, max: number): FieldFormat {
  return {
    rule: `${lengthWords(min, max)} digits (N${min <= 1 ? max : `${min}-${max}`})`,
    pattern: new RegExp(`^[0-9]{${Math.max(min, 1)},${max}}$`),
  };
}

/** A: letters only (any script), `min`-`max` of them. */
export function letters(min: number, max: number): FieldFormat {
  return {
    rule: `${lengthWords(min, max)} letters (A${min <= 1 ? max : `${min}-${max}`})`,
    pattern: new RegExp(`^\\p{L}{${Math.max(min, 1)},${max}}$`, 'u'),
  };
}

/** A fixed number of uppercase ASCII letters, e.g. ISO 4217 currency (3) or ISO 3166-1 country (2). */
export function upperLetters(count: number, standard: string): FieldFormat {
  return { rule: `${count} uppercase letters (${standard})`, pattern: new RegExp(`^[A-Z]{${count}}$`) };
}

/**
 * An amount with a dot separator: up to `intDigits` integer digits and two
 * decimals, which may be left out only where the interface says so.
 */
export function amount(intDigits: number, decimals: 'required' | 'optional'): FieldFormat {
  const optional = decimals === 'optional';
  return {
    rule: `up to ${intDigits} digits, a dot and 2 decimals (N${intDigits}.N2${optional ? '; decimals optional' : ''})`,
    pattern: new RegExp(`^[0-9]{1,${intDigits}}${optional ? '(?:\\.[0-9]{2})?' : '\\.[0-9]{2}'}$`),
  };
}

/** One of a fixed set of values. */
export function oneOf(...values: string[]): FieldFormat {
  return { rule: `one of ${values.join(', ')}`, values };
}

/** `true` or `false`, lowercase. */
export const BOOLEAN: FieldFormat = oneOf('true', 'false');

/** A calendar date `yyyy-MM-dd` that exists. */
export const DATE: FieldFormat = {
  rule: 'a date yyyy-MM-dd',
  pattern: /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/,
  check: (value) => isRealDate(value.slice(0, 10)),
};

/** A date and time `yyyy-MM-dd HH:mm:ss` (24 h) that exists. */
export const DATE_TIME: FieldFormat = {
  rule: 'a date and time yyyy-MM-dd HH:mm:ss',
  pattern: /^[0-9]{4}-[0-9]{2}-[0-9]{2} (?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/,
  check: (value) => isRealDate(value.slice(0, 10)),
};

/** A date and time `yyyy-MM-dd HH:mm:ss` followed by a zone offset such as `+0000`. */
export const DATE_TIME_WITH_ZONE: FieldFormat = {
  rule: 'a date and time yyyy-MM-dd HH:mm:ss with a zone offset (+hhmm)',
  pattern: /^[0-9]{4}-[0-9]{2}-[0-9]{2} (?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9] ?[+-][0-9]{2}:?[0-9]{2}$/,
  check: (value) => isRealDate(value.slice(0, 10)),
};

// A date of the proleptic Gregorian calendar, from year 100 on (years before
// it are no dates the interface's fields carry). `value` is `yyyy-MM-dd`.
function isRealDate(value: string): boolean {
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(5, 7));
  const d = Number(value.slice(8, 10));
  if (!(y >= 100) || !(m >= 1 && m <= 12) || !(d >= 1)) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);
}

/** A phone number: starts with a plus or a digit, `min`-`max` characters. */
export function phone(min: number, max: number): FieldFormat {
  return {
    rule: `${lengthWords(min, max)} characters starting with a plus or a digit`,
    pattern: /^[+0-9]/,
    minLength: Math.max(min, 1),
    maxLength: max,
  };
}

/** An email address (something@something), `min`-`max` characters. */
export function email(min: number, max: number): FieldFormat {
  return {
    rule: `an email address of ${lengthWords(min, max)} characters`,
    pattern: /^[^\s@]+@[^\s@]+$/,
    minLength: min,
    maxLength: max,
  };
}

/** An absolute http(s) URL of `min`-`max` characters. */
export function absoluteUrl(min: number, max: number): FieldFormat {
  return {
    rule: `an absolute http(s) URL of ${lengthWords(min, max)} characters`,
    minLength: min,
    maxLength: max,
    check: (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
  };
}

/** A value matching `pattern`, described by `rule`. */
export function matching(pattern: RegExp, rule: string, min?: number, max?: number): FieldFormat {
  return {
    rule,
    pattern,
    ...(min === undefined ? {} : { minLength: min }),
    ...(max === undefined ? {} : { maxLength: max }),
  };
}

/** A two-digit code from `from` to `to`, zero-padded, e.g. `01`-`08`. */
export function twoDigitCode(from: number, to: number): FieldFormat {
  const values = Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, '0'));
  return { rule: `a two-digit code ${values[0]} to ${values[values.length - 1]}`, values };
}

/** Name charset of map keys (customParameters, risk.parameters, merchant.data, resultDetails). */
export const MAP_KEY: FieldFormat = matching(/^[A-Za-z0-9._]+$/, '3-64 characters of letters, digits, dot and underscore', 3, 64);
