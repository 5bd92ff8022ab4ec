// Owns the Content-Security-Policy of this storefront's pages: a fresh nonce
// per request, the widget's sources from @wpwl/core's contentSecurityPolicy
// (so the policy follows the widget library), and the page's own rules. Next.js
// reads the nonce from the request's policy and puts it on its own scripts;
// the layout hands it to <WpwlProvider> for the widget's.
import { contentSecurityPolicy } from '@wpwl/core';

/** The header name the proxy passes the request's nonce to the pages in. */
export const NONCE_HEADER = 'x-wpwl-nonce';

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The policy of a page that loads the widget from `widgetBaseUrl`, with this request's `nonce`. */
export function storefrontCsp(widgetBaseUrl: string, nonce: string): string {
  // No site, this one included, frames the shop's pages.
  const widget = contentSecurityPolicy({ baseUrl: widgetBaseUrl, nonce, frameAncestors: ["'none'"] });
  const gateway = new URL(widgetBaseUrl).origin;
  const own: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    // The widget's form posts to the gateway, which redirects back to the result page (3-D Secure on the way).
    'form-action': ["'self'", gateway],
  };
  return Object.entries({ ...own, ...widget.directives })
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
