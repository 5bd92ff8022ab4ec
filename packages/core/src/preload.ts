// Owns starting the widget script's download before the widget may run: a
// `<link rel="preload" as="script">` for the exact URL the loader asks for,
// with the same integrity, CORS mode and nonce as the loader's tag, so that
// the browser hands the preloaded response to that tag instead of fetching
// it again. A module of its own, so that the loader's bundle does not carry it.

import { throwIf } from './invalid.js';
import { widgetScriptUrl, type LoadOptions } from './script.js';
import { checkIntegrity, checkNonce } from './validate.js';

/** Options of {@link preloadPaymentWidgets}: the loader's, as far as they decide which response the tag may reuse. */
export type PreloadOptions = Pick<LoadOptions, 'baseUrl' | 'checkoutId' | 'integrity' | 'nonce'>;

/**
 * Starts downloading the widget script for a checkout without running it.
 *
 * Adds `<link rel="preload" as="script">` for
 * `{baseUrl}/v1/paymentWidgets.js?checkoutId={id}` to `<head>`, carrying
 * `integrity` with `crossOrigin="anonymous"` and the `nonce` (as a property)
 * exactly like the tag {@link loadPaymentWidgets} adds later: only then does
 * the browser reuse the response. Pass the options you will pass the loader.
 * One link per URL: a second call returns the link already there. The script
 * does not run until the loader adds its tag, so `wpwlOptions` may still be
 * set later. {@link removeWidgetScripts} removes the link again.
 *
 * @returns the link for this URL; `undefined` outside a browser (nothing happens there)
 * @throws WpwlError `INVALID_BASE_URL`, `INVALID_CHECKOUT_ID`, `INVALID_INTEGRITY`, `INVALID_NONCE`
 */
export function preloadPaymentWidgets(options: PreloadOptions): HTMLLinkElement | undefined {
  const { integrity, nonce } = options;
  const href = widgetScriptUrl(options.baseUrl, options.checkoutId);
  throwIf((integrity !== undefined && checkIntegrity(integrity)) || (nonce !== undefined && checkNonce(nonce)));
  if (typeof document === 'undefined') return;
  // href is a serialized URL: it holds no quote or backslash to escape.
  let link = document.querySelector<HTMLLinkElement>(`link[href="${href}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    if (integrity) {
      link.integrity = integrity;
      link.crossOrigin = 'anonymous';
    }
    if (nonce) link.nonce = nonce;
    document.head.append(link);
  }
  return link;
}
