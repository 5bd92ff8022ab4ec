// Owns what may be appended to the gateway's base URL when reading a status.
// The resourcePath arrives from the browser (the shopper result URL), so it is
// untrusted: only the interface's two shapes pass, matched on the raw string
// with no decoding or normalisation, so nothing can steer the request (and the
// access token that travels with it) to another path or host.
import { CHECKOUT_ID_PATTERN } from '@wpwl/gateway-spec';
import { WpwlServerError } from './errors.js';

// The id segment is then checked against the checkout id format (32-48
// letters, digits, dots, hyphens): at least 32 characters, so it can never be a
// `.` or `..` segment, and free of slashes, percent signs, `?`, `#` and backslashes.
const RESOURCE_PATH = /^\/v1\/checkouts\/([^/]+)\/(payment|registration)$/;

/** True for a string of the interface's checkout id format (32-48 letters, digits, dots, hyphens). */
export function isCheckoutId(value: unknown): value is string {
  return typeof value === 'string' && CHECKOUT_ID_PATTERN.test(value);
}

/** A status resource the client may read. */
export interface StatusResource {
  checkoutId: string;
  kind: 'payment' | 'registration';
  /** `/v1/checkouts/{id}/payment` or `/registration`, exactly. */
  path: string;
}

/**
 * Parses `/v1/checkouts/{id}/payment`, `/v1/checkouts/{id}/registration` or a
 * bare checkout id (read as its payment). Anything else throws INVALID_RESOURCE_PATH.
 */
export function parseStatusResource(input: unknown): StatusResource {
  if (isCheckoutId(input)) {
    return { checkoutId: input, kind: 'payment', path: `/v1/checkouts/${input}/payment` };
  }
  const match = typeof input === 'string' ? RESOURCE_PATH.exec(input) : null;
  if (!match || !isCheckoutId(match[1])) {
    const shown = typeof input === 'string' ? JSON.stringify(input.length > 120 ? `${input.slice(0, 120)}…` : input) : typeof input;
    throw new WpwlServerError(
      'INVALID_RESOURCE_PATH',
      `resourcePath ${shown} is refused: it must be exactly /v1/checkouts/{id}/payment or /v1/checkouts/{id}/registration ` +
        '(id: 32-48 letters, digits, dots, hyphens), or a bare checkout id. No request was sent.',
      { details: { field: 'resourcePath', rule: '/v1/checkouts/{id}/payment|registration' } },
    );
  }
  return { checkoutId: match[1] as string, kind: match[2] as 'payment' | 'registration', path: input as string };
}
