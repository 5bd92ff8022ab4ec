// Owns the Content-Security-Policy of the server-rendered storefronts' pages
// (Next.js, Nuxt): the widget's sources from @wpwl/core's
// contentSecurityPolicy (so the policy follows the widget library) and the
// page's own rules. Each app makes the nonce and sets the header its own way.
import { contentSecurityPolicy } from '@wpwl/core';

/** The policy of a page that loads the widget from `widgetBaseUrl`, with this response's `nonce`. */
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
