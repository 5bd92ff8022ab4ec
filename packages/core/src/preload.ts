// Owns starting the widget script's download before the widget may run: a
// `<link rel="preload" as="script">` for the exact URL the loader asks for,
// with the same integrity, CORS mode and nonce as the loader's tag, so that
// the browser hands the preloaded response to that tag instead of fetching
// it again. A module of its own, so that the loader's bundle does not carry it.

import { checkPlainObject, throwIf } from './invalid.js';
import { widgetScriptUrl, type LoadOptions } from './script.js';
import { checkIntegrity, checkNonce } from './validate.js';

/** Options of {@link preloadPaymentWidgets}: the loader's, as far as they decide which response the tag may reuse. */
export type PreloadOptions = Pick<LoadOptions, 'baseUrl' | 'checkoutId' | 'integrity' | 'nonce'>;

/** The script URL `options` preload, after the checks the loader makes on them. */
function checkedScriptUrl(options: PreloadOptions): string {
  throwIf(checkPlainObject('INVALID_OPTIONS', 'options', options));
  const { integrity, nonce } = options;
  const href = widgetScriptUrl(options.baseUrl, options.checkoutId);
  throwIf((integrity !== undefined && checkIntegrity(integrity)) || (nonce !== undefined && checkNonce(nonce)));
  return href;
}

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
  const href = checkedScriptUrl(options);
  const { integrity, nonce } = options;
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

/** One `<link>` a server-rendered checkout page puts in its `<head>`, as attributes. */
export interface WidgetLinkAttributes {
  rel: 'preconnect' | 'preload';
  href: string;
  /** `script`, on the preload. */
  as?: 'script';
  integrity?: string;
  /** `anonymous` with `integrity` (the widget script is then fetched in CORS mode). */
  crossOrigin?: 'anonymous';
  nonce?: string;
}

/**
 * The `<link>` tags that let a server-rendered checkout page start the widget
 * script's download while its own JavaScript still loads: a preconnect to the
 * gateway and a preload of the exact script, with the integrity, CORS mode and
 * nonce of the tag the loader adds later, so the browser reuses the response.
 * For any server template; {@link widgetPreloadHtml} writes them as HTML.
 *
 * @example
 * widgetPreloadLinks({ baseUrl, checkoutId, integrity, nonce })
 * // → [{ rel: 'preconnect', href: 'https://gw.example', crossOrigin: 'anonymous' },
 * //    { rel: 'preload', as: 'script', href: 'https://gw.example/v1/paymentWidgets.js?checkoutId=…', integrity, crossOrigin: 'anonymous', nonce }]
 * @throws WpwlError `INVALID_BASE_URL`, `INVALID_CHECKOUT_ID`, `INVALID_INTEGRITY`, `INVALID_NONCE`
 */
export function widgetPreloadLinks(options: PreloadOptions): WidgetLinkAttributes[] {
  const href = checkedScriptUrl(options);
  const { integrity, nonce } = options;
  const cors = integrity ? ({ crossOrigin: 'anonymous' } as const) : {};
  return [
    { rel: 'preconnect', href: new URL(href).origin, ...cors },
    { rel: 'preload', as: 'script', href, ...(integrity ? { integrity } : {}), ...cors, ...(nonce ? { nonce } : {}) },
  ];
}

/**
 * {@link widgetPreloadLinks} as HTML for a server template's `<head>`, one line:
 * `<link rel="preconnect" …><link rel="preload" as="script" …>`.
 *
 * @example
 * res.write(`<head>${widgetPreloadHtml({ baseUrl, checkoutId, integrity, nonce })}</head>`);
 */
export function widgetPreloadHtml(options: PreloadOptions): string {
  const attribute = (name: string, value: string | undefined) =>
    value === undefined ? '' : ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`;
  return widgetPreloadLinks(options)
    .map(
      (link) =>
        `<link${attribute('rel', link.rel)}${attribute('as', link.as)}${attribute('href', link.href)}${attribute('integrity', link.integrity)}${attribute('crossorigin', link.crossOrigin)}${attribute('nonce', link.nonce)}>`,
    )
    .join('');
}
