// Owns the Content-Security-Policy of the storefront pages: a fresh nonce per
// response; the widget's sources come from @wpwl/core's contentSecurityPolicy
// (so the policy follows the widget library), the page's own rules are added here.
import { randomBytes } from 'node:crypto';
import { contentSecurityPolicy } from '@wpwl/core';

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The header value for a storefront page that loads the widget from `gatewayBaseUrl`. */
export function storefrontCsp(gatewayBaseUrl: string, nonce: string): string {
  // No site, this one included, frames the shop's pages.
  const widget = contentSecurityPolicy({ baseUrl: gatewayBaseUrl, nonce, frameAncestors: ["'none'"] });
  const gateway = new URL(gatewayBaseUrl).origin;
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
