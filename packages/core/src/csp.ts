// Owns the Content-Security-Policy the widget needs: the directives that let
// paymentWidgets.js, its follow-up script, styles, card iframes, requests and
// brand logos from the gateway's host run on a page with a CSP.

import { checkBaseUrl, checkNonce } from './validate.js';

/** The policy as directives (to merge into an app's own) and as a header value. */
export interface WidgetContentSecurityPolicy {
  /** Directive name → sources, e.g. `{ 'script-src': ["'self'", 'https://gw.example', "'nonce-abc'"] }`. */
  directives: Record<string, string[]>;
  /** The directives joined for a `Content-Security-Policy` header or `<meta http-equiv>`. */
  header: string;
}

/**
 * The CSP directives the widget needs for a gateway base URL and a per-response
 * nonce: script-src, style-src, frame-src, connect-src and img-src, each with
 * `'self'` and the gateway's origin (the test and live gateways differ, so use
 * the base URL the page loads from). Pass the same nonce to `loadPaymentWidgets`.
 *
 * @throws WpwlError `INVALID_BASE_URL`, `INVALID_NONCE`
 */
export function contentSecurityPolicy({ baseUrl, nonce }: { baseUrl: string; nonce: string }): WidgetContentSecurityPolicy {
  const error = checkBaseUrl(baseUrl) ?? checkNonce(nonce);
  if (error) throw error;
  // Sources are origins: the widget's follow-up script, styles and frames live
  // on the gateway host, not necessarily under the base URL's path.
  const origin = new URL(baseUrl).origin;
  const directives: Record<string, string[]> = {
    'script-src': ["'self'", origin, `'nonce-${nonce}'`],
    // The widget injects <style> elements and style attributes at run time that
    // carry no nonce, so only 'unsafe-inline' lets them apply. No nonce or hash
    // here on purpose: either one makes browsers ignore 'unsafe-inline'.
    'style-src': ["'self'", origin, "'unsafe-inline'"],
    // Card number and CVV fields are iframes served by the gateway.
    'frame-src': ["'self'", origin],
    'connect-src': ["'self'", origin],
    // Brand logos come from the gateway, some as data: URIs.
    'img-src': ["'self'", origin, 'data:'],
  };
  const header = Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
  return { directives, header };
}
