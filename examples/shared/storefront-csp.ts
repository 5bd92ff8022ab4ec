// Owns the Content-Security-Policy of the server-rendered storefronts' pages
// (Next.js, Nuxt): @wpwl/core's paymentPagePolicy, the page's basics and the
// widget's sources in one (so the policy follows the widget library). Each
// app makes the nonce and sets the header its own way.
import { paymentPagePolicy } from '@wpwl/core/page-policy';

/** The policy of a page that loads the widget from `widgetBaseUrl`, with this response's `nonce`. */
export function storefrontCsp(widgetBaseUrl: string, nonce: string): string {
  // No site, this one included, frames the shop's pages (paymentPagePolicy's default).
  return paymentPagePolicy({ baseUrl: widgetBaseUrl, nonce }).header;
}
