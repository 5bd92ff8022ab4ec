// Owns the Content-Security-Policy the widget needs: the directives that let
// paymentWidgets.js, its follow-up script, styles, card iframes, requests and
// brand logos from the gateway's host run on a page with a CSP, the
// frame-ancestors rule that keeps the payment page out of other sites' frames,
// and, when asked, where browsers report a violation (report-to, report-uri).

import { checkPlainObject, invalid, show, throwIf } from './invalid.js';
import { checkBaseUrl, checkNonce } from './validate.js';

/** The policy as directives (to merge into an app's own) and as a header value. */
export interface WidgetContentSecurityPolicy {
  /** Directive name → sources, e.g. `{ 'script-src': ["'self'", 'https://gw.example', "'nonce-abc'"] }`. */
  directives: Record<string, string[]>;
  /** The directives joined for a `Content-Security-Policy` header or `<meta http-equiv>`. */
  header: string;
}

/** Input of {@link contentSecurityPolicy}. */
export interface ContentSecurityPolicyInput {
  /** The gateway's base URL the page loads the widget from. */
  baseUrl: string;
  /** This response's nonce; pass the same one to the loader or controller. */
  nonce: string;
  /**
   * Who may show the page in a frame: `'self'`, `'none'`, or https origins
   * (http only on loopback). Default `["'self'"]`: another site cannot frame
   * the payment page to trick a shopper into clicking (clickjacking).
   */
  frameAncestors?: readonly string[];
  /**
   * The Reporting API endpoint name violations are reported to (`report-to`),
   * declared by the page's `Reporting-Endpoints` header, e.g. `csp-endpoint`
   * for `Reporting-Endpoints: csp-endpoint="/csp-reports"`. Only over https:
   * Chromium takes Reporting-Endpoints from https pages only and, once a
   * policy names report-to, ignores report-uri.
   */
  reportTo?: string;
  /** Where browsers without the Reporting API post violations (`report-uri`): a path or an https URL. */
  reportUri?: string;
}

/** One frame-ancestors source: 'self', or an https origin (http on loopback). */
const ANCESTOR = /^('self'|https:\/\/[a-z\d.-]+(:\d+)?|http:\/\/(localhost|127(\.\d+){3}|\[::1\])(:\d+)?)$/;

/** The frame-ancestors sources, checked: `'none'` alone, or a list of {@link ANCESTOR}s. */
function frameAncestorSources(sources: readonly string[] = ["'self'"]): string[] {
  const list = Array.isArray(sources) ? [...sources] : [];
  const fits = (list.length === 1 && list[0] === "'none'") || (list.length > 0 && list.every((source) => ANCESTOR.test(source)));
  if (!fits) throw invalid('INVALID_OPTIONS', 'frameAncestors', "'none' or a list of 'self' and https origins", show(sources));
  return list;
}

/** report-to takes an endpoint name; report-uri a path or an https URL, with nothing that ends the directive. */
const REPORTING = [
  ['reportTo', 'report-to', /^[\w-]{1,64}$/, 'an endpoint name (1-64 of A-Z a-z 0-9 _ -)'],
  ['reportUri', 'report-uri', /^(\/(?!\/)|https:\/\/)[^\s;,]{0,2000}$/, 'a path or an https URL'],
] as const;

/** The report-to and report-uri directives asked for, checked. */
function reportingDirectives(input: ContentSecurityPolicyInput): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const [field, name, pattern, rule] of REPORTING) {
    const value: unknown = input[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !pattern.test(value)) throw invalid('INVALID_OPTIONS', field, rule, show(value));
    directives[name] = [value];
  }
  return directives;
}

/**
 * The CSP directives the widget needs for a gateway base URL and a per-response
 * nonce: script-src, style-src, frame-src, connect-src and img-src, each with
 * `'self'` and the gateway's origin (the test and live gateways differ, so use
 * the base URL the page loads from), and frame-ancestors (default `'self'`);
 * with `reportTo` / `reportUri`, the report-to / report-uri directives.
 * Pass the same nonce to `loadPaymentWidgets`.
 *
 * @throws WpwlError `INVALID_BASE_URL`, `INVALID_NONCE`, `INVALID_OPTIONS` (frameAncestors, reportTo, reportUri)
 */
export function contentSecurityPolicy(input: ContentSecurityPolicyInput): WidgetContentSecurityPolicy {
  throwIf(checkPlainObject('INVALID_OPTIONS', 'input', input));
  const { baseUrl, nonce, frameAncestors } = input;
  const error = checkBaseUrl(baseUrl) ?? checkNonce(nonce);
  if (error) throw error;
  const ancestors = frameAncestorSources(frameAncestors);
  const reporting = reportingDirectives(input);
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
    // Not covered by default-src: without it any site may frame the page.
    'frame-ancestors': ancestors,
    ...reporting,
  };
  const header = Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
  return { directives, header };
}
