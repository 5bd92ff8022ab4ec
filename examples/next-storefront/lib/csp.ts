// Owns the Content-Security-Policy of this storefront's pages: a fresh nonce
// per request, and the policy the storefronts share (examples/shared). Next.js
// reads the nonce from the request's policy and puts it on its own scripts;
// the layout hands it to <WpwlProvider> for the widget's.
export { storefrontCsp } from '../../shared/storefront-csp';

/** The header name the proxy passes the request's nonce to the pages in. */
export const NONCE_HEADER = 'x-wpwl-nonce';

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
