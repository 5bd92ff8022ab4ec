// Owns the one shape of every input error wpwl reports: the message
// `${field} must be ${rule} (got ${got})`, with field and rule repeated in
// `details` for code, and the ways to say what was got without echoing input.
// Internal: the package entry does not re-export it.

import { WpwlError, type WpwlErrorCode } from './errors.js';

/** The error for `field` breaking `rule`; `got` says what came instead. */
export const invalid = (code: WpwlErrorCode, field: string, rule: string, got: unknown): WpwlError =>
  new WpwlError(code, `${field} must be ${rule} (got ${got})`, { details: { field, rule } });

/** `typeof`, telling null and arrays apart (both likely mistakes). */
export const kind = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

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
