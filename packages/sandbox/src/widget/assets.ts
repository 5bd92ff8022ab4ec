// The files the sandbox serves for the stand-in widget: the widget script
// (bundled at build time from ./stand-in, see build/stand-in.js), the
// follow-up static script it injects, its stylesheet and the brand logos the
// stylesheet shows. The HTTP layer
// (widget-assets.ts) serves each body unchanged (with CORS `*`) and hashes the
// widget script's body for `integrity=true` checkouts.
import paymentWidgetsScript from 'virtual:wpwl-stand-in';
import { brandLogo, brandLogoPath, LOGO_BRANDS } from './brand-logos.js';
import { staticScript } from './static-script.js';
import { widgetStylesheet } from './stylesheet.js';

/** One file served under the gateway base URL. */
export interface WidgetAsset {
  /** Path under the base URL, e.g. `/v1/paymentWidgets.js` (without query string). */
  path: string;
  /** Value for the `Content-Type` response header. */
  contentType: string;
  /** Exact response body; the same for every checkout. */
  body: string;
}

/** Path of the widget script; its body is what integrity hashes cover. */
export const WIDGET_SCRIPT_PATH = '/v1/paymentWidgets.js';

/**
 * The stand-in widget's files, widget script first.
 *
 * @returns a fresh array each call; the bodies never vary between calls.
 */
export function getWidgetAssets(): WidgetAsset[] {
  return [
    { path: WIDGET_SCRIPT_PATH, contentType: 'text/javascript; charset=utf-8', body: paymentWidgetsScript },
    { path: '/v1/static.min.js', contentType: 'text/javascript; charset=utf-8', body: staticScript },
    { path: '/v1/css/paymentWidgets.min.css', contentType: 'text/css; charset=utf-8', body: widgetStylesheet },
    ...LOGO_BRANDS.map((brand) => ({ path: brandLogoPath(brand), contentType: 'image/svg+xml; charset=utf-8', body: brandLogo(brand) })),
  ];
}
