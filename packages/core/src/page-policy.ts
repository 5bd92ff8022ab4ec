// Owns the whole Content-Security-Policy of a payment page (the package's
// `@wpwl/core/page-policy` entry, for servers): the widget's directives from
// contentSecurityPolicy, the page's own basics every payment page needs
// (default-src, base-uri, object-src, form-action with the gateway), where
// violations are reported, and the few sources of its own a page may add per
// directive, each checked. An entry of its own so that no browser bundle of
// the widget carries it; it takes contentSecurityPolicy and WpwlError from
// the main entry, so an error it throws is the same WpwlError.

import { contentSecurityPolicy, type ContentSecurityPolicyInput, type WidgetContentSecurityPolicy } from './index.js';
import { checkPlainObject, invalid, show, throwIf } from './invalid.js';

export { contentSecurityPolicy };
export type { ContentSecurityPolicyInput, WidgetContentSecurityPolicy };

/** The directives a page adds sources of its own to in {@link paymentPagePolicy}. */
export type PagePolicyDirective =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'media-src'
  | 'worker-src'
  | 'manifest-src'
  | 'form-action';

/** Input of {@link paymentPagePolicy}. */
export interface PaymentPagePolicyInput extends ContentSecurityPolicyInput {
  /**
   * Who may show the page in a frame, as for {@link contentSecurityPolicy}.
   * Default `["'none'"]`: no site, the shop's own included, frames the
   * payment page.
   */
  frameAncestors?: readonly string[];
  /**
   * The page's own sources, added to a directive after the policy's, e.g.
   * `{ 'img-src': ['https://cdn.shop.example'], 'font-src': ['https://fonts.shop.example'] }`.
   * Each is an https origin, `*.` allowed as its first label (http on
   * loopback), or, in `img-src`, `font-src`, `media-src` and `worker-src`,
   * `data:` or `blob:`. A directive the policy does not have (`font-src` …)
   * starts from `'self'`, as `default-src` allowed it. Keywords and wildcards
   * (`'unsafe-eval'`, `*`, `https:`) are refused: merge them into
   * `directives` yourself if you must.
   */
  sources?: Partial<Record<PagePolicyDirective, readonly string[]>>;
}

/** The directives that take extra sources, and which of them take data: and blob: too. */
const DIRECTIVES: Record<PagePolicyDirective, boolean> = {
  'default-src': false,
  'script-src': false,
  'style-src': false,
  'img-src': true,
  'font-src': true,
  'connect-src': false,
  'frame-src': false,
  'media-src': true,
  'worker-src': true,
  'manifest-src': false,
  'form-action': false,
};

/** An https origin (`*.` allowed as its first label), or http on loopback. */
const ORIGIN = /^(https:\/\/(\*\.)?[a-z\d-]+(\.[a-z\d-]+)*(:\d{1,5})?|http:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?)$/i;

/** The page's own sources, checked: directive → sources. */
function ownSources(sources: PaymentPagePolicyInput['sources']): [string, string[]][] {
  if (sources === undefined) return [];
  throwIf(checkPlainObject('INVALID_OPTIONS', 'sources', sources));
  return Object.entries(sources).map(([directive, list]) => {
    const field = `sources.${directive}`;
    if (!Object.hasOwn(DIRECTIVES, directive)) {
      throw invalid('INVALID_OPTIONS', 'sources', `keyed by ${Object.keys(DIRECTIVES).join(', ')}`, show(directive));
    }
    const schemes = DIRECTIVES[directive as PagePolicyDirective];
    const rule = `a list of https origins (http on loopback)${schemes ? ', data: or blob:' : ''}`;
    if (!Array.isArray(list)) throw invalid('INVALID_OPTIONS', field, rule, show(list));
    for (const source of list as unknown[]) {
      const fits = typeof source === 'string' && (ORIGIN.test(source) || (schemes && (source === 'data:' || source === 'blob:')));
      if (!fits) throw invalid('INVALID_OPTIONS', field, rule, show(source));
    }
    return [directive, list as string[]];
  });
}

/**
 * The whole Content-Security-Policy of a payment page that loads the widget
 * from `baseUrl`: the page's basics (`default-src 'self'; base-uri 'none';
 * object-src 'none'; form-action 'self' {gateway}`: the widget's form posts
 * to the gateway, which redirects back to the result page), then the
 * directives of {@link contentSecurityPolicy} (script-src with the nonce,
 * style-src, frame-src, connect-src, img-src, frame-ancestors, default
 * `'none'` here), `report-to` / `report-uri` when given, and the page's own
 * `sources`. Use a fresh nonce per response and pass the same one to the
 * widget's loader and to the page's own script tags.
 *
 * @example
 * const { header } = paymentPagePolicy({ baseUrl, nonce, reportUri: '/csp-reports' });
 * res.setHeader('Content-Security-Policy', header);
 *
 * @throws WpwlError `INVALID_BASE_URL`, `INVALID_NONCE`, `INVALID_OPTIONS` (input, frameAncestors, reportTo, reportUri, sources)
 */
export function paymentPagePolicy(input: PaymentPagePolicyInput): WidgetContentSecurityPolicy {
  throwIf(checkPlainObject('INVALID_OPTIONS', 'input', input));
  const widget = contentSecurityPolicy({ ...input, frameAncestors: input.frameAncestors ?? ["'none'"] });
  const own = ownSources(input.sources);
  const gateway = new URL(input.baseUrl).origin;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // No <base> may point the page's relative URLs (the result page's) elsewhere.
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    // The widget's form posts to the gateway, which redirects back to the result page (3-D Secure on the way).
    'form-action': ["'self'", gateway],
    ...widget.directives,
  };
  for (const [directive, sources] of own) {
    const list = (directives[directive] ??= ["'self'"]);
    for (const source of sources) if (!list.includes(source)) list.push(source);
  }
  const header = Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
  return { directives, header };
}
