// Owns the Content-Security-Policy of the storefront's pages: a fresh nonce
// per request (event.context.cspNonce, which the pages read through
// useCspNonce for the widget's script tags), put on every <script> of the
// rendered HTML (Nuxt's payload and entry, the widget's server start), and
// the policy on the response: the widget's sources from @wpwl/core's
// contentSecurityPolicy (so the policy follows the widget library), the
// page's own rules added here.
import { randomBytes } from 'node:crypto';
import { contentSecurityPolicy } from '@wpwl/core';

/** The policy of a page that loads the widget from `widgetBaseUrl`, with this response's `nonce`. */
function storefrontCsp(widgetBaseUrl: string, nonce: string): string {
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

export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('request', (event) => {
    event.context.cspNonce = randomBytes(16).toString('base64');
  });
  nitroApp.hooks.hook('render:html', (html, { event }) => {
    const nonce = event.context.cspNonce as string;
    const withNonce = (part: string) => part.replace(/<script(?![^>]*\snonce=)/g, `<script nonce="${nonce}"`);
    html.head = html.head.map(withNonce);
    html.bodyPrepend = html.bodyPrepend.map(withNonce);
    html.body = html.body.map(withNonce);
    html.bodyAppend = html.bodyAppend.map(withNonce);
    setResponseHeader(event, 'Content-Security-Policy', storefrontCsp(useRuntimeConfig(event).public.wpwl.baseUrl, nonce));
  });
});
