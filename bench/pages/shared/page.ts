// What every bench page shares: the gateway and checkout it was opened for
// (from its query string, like the hand-written baseline page), the widget
// settings the baseline uses, and how a page says "ready" so the runner
// measures every variant the same way.

declare global {
  interface Window {
    /** `performance.now()` when the page's own bundle got as far as this module (ms after navigation start). */
    __wpwlPageRanAt?: number;
    /** `performance.now()` when the widget called onReady (ms after navigation start). */
    __wpwlReadyAt?: number;
    /** The first widget error, as `CODE: message`. */
    __wpwlError?: string;
  }
}

// Evaluated once the bundle has arrived and its libraries have initialised:
// what comes after this is the framework's first render and the binding.
window.__wpwlPageRanAt ??= performance.now();

const query = new URLSearchParams(location.search);

/** The sandbox gateway's base URL (`?base=`). */
export const baseUrl = query.get('base') ?? '';
/** The checkout to show at once (`?checkoutId=`), if any. */
export const initialCheckoutId = query.get('checkoutId') ?? undefined;
/** Never visited: the bench does not pay. */
export const shopperResultUrl = new URL('result.html', location.href).href;
/** What the baseline page offers and sets. */
export const brands = 'VISA MASTER';
export const locale = 'en';
export const options = { style: 'card' } as const;

/** Records the moment of onReady; the attribute is what the runner observes on every page, the baseline's included. */
export function markReady(): void {
  window.__wpwlReadyAt ??= performance.now();
  document.documentElement.setAttribute('data-wpwl-ready', '');
}

/** Records a widget error, so the runner fails with it instead of waiting. */
export function markError(error: { code?: string; message: string }): void {
  window.__wpwlError ??= `${error.code ?? 'ERROR'}: ${error.message}`;
  document.documentElement.setAttribute('data-wpwl-error', '');
}

/**
 * The widget's config on the time-to-ready pages whose binding takes one
 * object (core's controller, React's and Vue's <PaymentWidget>): the
 * baseline's values, the checkout of the URL, and the two recorders above.
 */
export const readyPageConfig = {
  checkoutId: initialCheckoutId ?? '',
  brands,
  baseUrl,
  shopperResultUrl,
  locale,
  options,
  onReady: markReady,
  onError: markError,
};
