// Owns the rules for one field of a report: strings with a length bound,
// URLs reduced to scheme, host and path (their query and fragment, where a
// shopper's data could be, never kept), directive names, and bounded
// integers. Each broken rule is one CspReportError naming the field.
import { CSP_REPORT_LIMITS, CspReportError } from './report.js';

export type Fields = Record<string, unknown>;

function broken(field: string, rule: string, got: string): CspReportError {
  return new CspReportError('CSP_REPORT_INVALID', `${field} must be ${rule}; got ${got}`, { field, rule });
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : typeof value;
}

/** A plain object, or the error naming `field`. */
export function objectAt(value: unknown, field: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw broken(field, 'an object', describe(value));
  return value as Fields;
}

/** An optional string of at most `max` characters; an empty one counts as absent. */
export function optionalString(fields: Fields, name: string, prefix: string, max: number): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw broken(`${prefix}${name}`, 'a string', describe(value));
  if (value.length > max) throw broken(`${prefix}${name}`, `at most ${max} characters`, describe(value));
  return value;
}

/** A required non-empty string of at most `max` characters. */
export function requiredString(fields: Fields, name: string, prefix: string, max: number): string {
  const value = optionalString(fields, name, prefix, max);
  if (value === undefined) throw broken(`${prefix}${name}`, 'a non-empty string', describe(fields[name]));
  return value;
}

/**
 * A URL reduced to what identifies a resource without a shopper's data in
 * it: `scheme://host[:port]/path` (no user, query or fragment); the scheme
 * alone for a URL without a host (`data`, `blob`, `about`).
 */
export function reduceUrl(url: URL): string {
  if (url.host === '') return url.protocol.slice(0, -1);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

function parseUrl(value: string, field: string): URL {
  try {
    return new URL(value);
  } catch {
    throw broken(field, 'an absolute URL', describe(value));
  }
}

/** The page's own URL: absolute http(s), reduced. */
export function documentUrl(fields: Fields, name: string, prefix: string): string {
  const value = requiredString(fields, name, prefix, CSP_REPORT_LIMITS.urlChars);
  const url = parseUrl(value, `${prefix}${name}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw broken(`${prefix}${name}`, 'an http or https URL', describe(value));
  return reduceUrl(url);
}

/** Any optional URL (a source file, a referrer), reduced. */
export function optionalUrl(fields: Fields, name: string, prefix: string): string | undefined {
  const value = optionalString(fields, name, prefix, CSP_REPORT_LIMITS.urlChars);
  return value === undefined ? undefined : reduceUrl(parseUrl(value, `${prefix}${name}`));
}

/** A browser keyword for what was blocked, e.g. `inline`, `eval`, `trusted-types-sink`. */
const KEYWORD = /^[a-z][a-z0-9-]*$/;

/** What was blocked: a keyword as it is, a URL reduced; empty (older browsers, inline code) is `inline`. */
export function blocked(fields: Fields, name: string, prefix: string): string {
  const value = optionalString(fields, name, prefix, CSP_REPORT_LIMITS.urlChars);
  if (value === undefined) {
    if (fields[name] === '') return 'inline';
    throw broken(`${prefix}${name}`, 'a string (a URL or a keyword)', describe(fields[name]));
  }
  if (KEYWORD.test(value) && value.length <= CSP_REPORT_LIMITS.directiveChars) return value;
  return reduceUrl(parseUrl(value, `${prefix}${name}`));
}

/** A directive's name, e.g. `script-src-elem`. */
const DIRECTIVE = /^[a-z][a-z-]*$/;

/** A directive name; when `fromPolicyText`, the first word of a text like `script-src 'self'` (older browsers). */
export function directive(fields: Fields, name: string, prefix: string, fromPolicyText = false): string {
  const value = requiredString(fields, name, prefix, CSP_REPORT_LIMITS.policyChars);
  const word = fromPolicyText ? (value.trim().split(/\s+/)[0] ?? '') : value;
  if (!DIRECTIVE.test(word) || word.length > CSP_REPORT_LIMITS.directiveChars) {
    throw broken(
      `${prefix}${name}`,
      `a directive name (lower-case letters and hyphens, at most ${CSP_REPORT_LIMITS.directiveChars})`,
      describe(value),
    );
  }
  return word;
}

/** `enforce` or `report`; `fallback` when absent (older browsers send none). */
export function disposition(fields: Fields, name: string, prefix: string, fallback?: 'enforce'): 'enforce' | 'report' {
  const value = fields[name];
  if (value === undefined && fallback) return fallback;
  if (value !== 'enforce' && value !== 'report') throw broken(`${prefix}${name}`, '"enforce" or "report"', describe(value));
  return value;
}

/** An optional whole number from 0 to `max`. */
export function optionalInteger(fields: Fields, name: string, prefix: string, max: number): number | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw broken(`${prefix}${name}`, `a whole number from 0 to ${max}`, describe(value));
  }
  return value;
}
