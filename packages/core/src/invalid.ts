// Owns the one shape of every input error wpwl reports: the message
// `${field} must be ${rule} (got ${got})`, with field and rule repeated in
// `details` for code, and the ways to say what was got without echoing input;
// and the one rule for object-shaped inputs: a record (config, options,
// custom parameters) is a plain object, `{…}` or `Object.create(null)`, never
// an array, function, element, Map or other class's instance, whose own keys
// would be read as nothing or as the wrong thing.
// Internal: the package entry does not re-export it.

import { WpwlError, type WpwlErrorCode } from './errors.js';

/** The error for `field` breaking `rule`; `got` says what came instead. */
export const invalid = (code: WpwlErrorCode, field: string, rule: string, got: unknown): WpwlError =>
  new WpwlError(code, `${field} must be ${rule} (got ${got})`, { details: { field, rule } });

/**
 * Whether `value` is a plain object: made by `{…}` or `Object.create(null)`,
 * in this realm or another (its prototype, if any, is a root prototype).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * What `value` is, in the words errors use: `null`, `array`, `object` (plain),
 * an instance by its class's name (`Map`, `HTMLDivElement`), or its `typeof`.
 */
export function kind(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  if (Array.isArray(value)) return 'array';
  if (isPlainObject(value)) return 'object';
  // A class name is code, not input; still, only an identifier is echoed.
  const name: unknown = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && /^[A-Za-z_$][\w$]{0,39}$/.test(name) ? name : 'class instance';
}

/** The error for a record input that is no plain object (see {@link isPlainObject}), if it is none. */
export const checkPlainObject = (code: WpwlErrorCode, field: string, value: unknown, rule = 'a plain object'): WpwlError | undefined =>
  isPlainObject(value) ? undefined : invalid(code, field, rule, kind(value));

/**
 * Describes a string by the first character `bad` finds in it, or by its
 * length, never by its content: markup in user input must not travel on
 * inside an error message.
 */
export const chars = (value: string, bad: RegExp): string => {
  const at = value.search(bad);
  return at < 0 ? `${value.length} characters` : `bad character at ${at + 1}`;
};

/** What was got: a short word-like string quoted, any other string by {@link chars}, anything else by {@link kind}. */
export const show = (value: unknown): string =>
  typeof value !== 'string' ? kind(value) : /^[\w-]{1,35}$/.test(value) ? `"${value}"` : `${value.length} characters`;

/** Throws `error`, if there is one. */
export function throwIf(error: WpwlError | undefined | false): void {
  if (error) throw error;
}
