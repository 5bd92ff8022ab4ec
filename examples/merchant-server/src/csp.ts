// Owns the Content-Security-Policy of the storefront pages: a fresh nonce per
// response, and the policy from @wpwl/core's paymentPagePolicy (the page's
// basics and the widget's sources, so the policy follows the widget library),
// with where browsers report a violation (report-uri, and report-to for the
// Reporting API when the shop is served over https; both go to CSP_REPORT_PATH).
import { randomBytes } from 'node:crypto';
import { paymentPagePolicy } from '@wpwl/core/page-policy';

/** Where browsers send CSP violation reports (csp-report-route.ts). */
export const CSP_REPORT_PATH = '/csp-reports';
/** The Reporting API's name for that endpoint, declared by {@link REPORTING_ENDPOINTS}. */
export const CSP_REPORT_ENDPOINT = 'csp-endpoint';
/** The `Reporting-Endpoints` header a storefront page carries beside its policy. */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_ENDPOINT}="${CSP_REPORT_PATH}"`;

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The header value for a storefront page that loads the widget from
 * `gatewayBaseUrl`. Violations are reported to {@link CSP_REPORT_PATH} by
 * `report-uri`; with `reportTo` (the shop is served over https) also by
 * `report-to`, for the Reporting API. Not over http: Chromium registers a
 * page's Reporting-Endpoints over https only, and once a policy names
 * report-to it ignores report-uri, so it would report nothing at all.
 */
export function storefrontCsp(gatewayBaseUrl: string, nonce: string, options: { reportTo: boolean }): string {
  // No site, this one included, frames the shop's pages (paymentPagePolicy's default).
  // Browsers that know report-to use it (and ignore report-uri); the others post to report-uri.
  return paymentPagePolicy({
    baseUrl: gatewayBaseUrl,
    nonce,
    ...(options.reportTo ? { reportTo: CSP_REPORT_ENDPOINT } : {}),
    reportUri: CSP_REPORT_PATH,
  }).header;
}
