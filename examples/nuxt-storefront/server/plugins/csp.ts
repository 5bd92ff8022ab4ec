// Owns the Content-Security-Policy of the storefront's pages: a fresh nonce
// per request (event.context.cspNonce, which the pages read through
// useCspNonce for the widget's script tags), put on every <script> of the
// rendered HTML (Nuxt's payload and entry, the widget's server start), and
// the policy on the response, the one the storefronts share (examples/shared).
import { randomBytes } from 'node:crypto';
import { storefrontCsp } from '../../../shared/storefront-csp';

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
