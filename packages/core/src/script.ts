// Owns the widget's script tags: injects paymentWidgets.js once per URL, lets
// concurrent callers share a pending tag, applies timeout, abort, retry with
// backoff, SRI and the CSP nonce, and removes the widget's scripts again.
// Nothing here touches the DOM or a global until a function is called.

import { WpwlError } from './errors.js';
import { checkPlainObject, invalid, kind, throwIf } from './invalid.js';
import { checkBaseUrl, checkCheckoutId, checkIntegrity, checkNonce, checkNumber, normalizeBaseUrl } from './validate.js';

/**
 * The widget's global `wpwl` object, as far as wpwl relies on it. The real
 * widget exposes more; those members are reachable through the index signature.
 */
export interface Wpwl {
  /** Tears the widget down. Its script tags stay: see {@link removeWidgetScripts}. */
  unload(): void;
  /** The checkout the widget was loaded for. */
  checkout?: { id?: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** Options of {@link loadPaymentWidgets}. */
export interface LoadOptions {
  /** Gateway base URL, e.g. `https://test.example.com` (https; http only on loopback). */
  baseUrl: string;
  /**
   * Checkout id from prepare-checkout (32-48 letters, digits, dot, hyphen).
   * Leave it out for express checkout: the widget then calls
   * `wpwlOptions.createCheckout` when the shopper presses a wallet button.
   */
  checkoutId?: string | undefined;
  /** SRI hash from the checkout response (`integrity=true`); also sets `crossOrigin="anonymous"`. */
  integrity?: string;
  /** CSP nonce for the script tag. */
  nonce?: string;
  /** Milliseconds before a load fails with `SCRIPT_TIMEOUT`. Default 30000. Set by whoever injects the tag. */
  timeoutMs?: number;
  /** How many times to retry after a failed load. Default 0. */
  retries?: number;
  /** Backoff base: attempt n (from 0) waits `retryDelayMs * 2^n` before retrying. Default 500. */
  retryDelayMs?: number;
  /** Aborts this caller's wait, and the load itself when no other caller waits for it. */
  signal?: AbortSignal;
}

/**
 * A load in flight, kept on its tag as `wpwlLoad`: the tag is the memo, so
 * removing it forgets the load, and another copy of this package on the page
 * joins the same load. The shape is therefore stable across versions.
 */
interface Load extends Promise<Wpwl> {
  /** Callers still waiting; the last one to abort takes the tag down. */
  waiting: number;
  /** Ends the load: no error = loaded; an error removes the tag. No-op once ended. */
  end(error?: WpwlError): void;
}

type Tag = HTMLScriptElement & { wpwlLoad?: Load };

/**
 * Timed-out loads per script URL. Their requests may still be open, and a
 * browser queues a new request for the same URL behind an open one, so a retry
 * would wait as long as the hung request: later loads ask for another URL.
 */
const hung: Record<string, number> = {};

const globalWpwl = (): Wpwl | undefined => (window as unknown as { wpwl?: Wpwl }).wpwl;

const aborted = (signal?: AbortSignal): WpwlError => new WpwlError('ABORTED', 'aborted', { cause: signal?.reason });

/**
 * The widget script URL: `{baseUrl}/v1/paymentWidgets.js?checkoutId={id}`,
 * or without the query for express checkout (no `checkoutId`).
 *
 * @throws WpwlError `INVALID_BASE_URL`, `INVALID_CHECKOUT_ID`
 */
export function widgetScriptUrl(baseUrl: string, checkoutId?: string): string {
  throwIf(checkBaseUrl(baseUrl) ?? (checkoutId !== undefined && checkCheckoutId(checkoutId)));
  const base = baseUrl.replace(/\/+$/, '');
  // A valid id is letters, digits, dot and hyphen: nothing to percent-encode.
  return `${base}/v1/paymentWidgets.js` + (checkoutId === undefined ? '' : `?checkoutId=${checkoutId}`);
}

/**
 * Loads the widget script for a checkout and resolves with `window.wpwl`.
 *
 * Set `window.wpwlOptions` and render the `form.paymentWidgets` first: the
 * widget reads both once, when the script runs. Inputs are validated before
 * anything touches the page. Concurrent calls for the same URL share one tag;
 * a tag that already loaded resolves at once. A failed, timed-out or aborted
 * load removes its tag, so the next call starts afresh. After a timeout, the
 * next load of that checkout adds `&_={n}` to the URL, so that the browser does
 * not queue it behind the request that may still hang.
 *
 * @throws WpwlError (as a rejection): `INVALID_BASE_URL`, `INVALID_CHECKOUT_ID`,
 *   `INVALID_INTEGRITY`, `INVALID_NONCE`, `INVALID_OPTIONS` (timeoutMs, retries, retryDelayMs); `NOT_IN_BROWSER` without a `document`;
 *   `SCRIPT_LOAD_FAILED` (error event, `cause` is the event; or no `window.wpwl`
 *   after load), `SCRIPT_TIMEOUT`, `ABORTED` (`cause` is `signal.reason`).
 */
export async function loadPaymentWidgets(options: LoadOptions): Promise<Wpwl> {
  throwIf(checkPlainObject('INVALID_OPTIONS', 'options', options));
  const { integrity, nonce, timeoutMs = 30_000, retries = 0, retryDelayMs = 500, signal } = options;
  const src = widgetScriptUrl(options.baseUrl, options.checkoutId);
  throwIf(
    // Anything but an AbortSignal would fail only when the load is on its way.
    (signal !== undefined && !(signal instanceof AbortSignal) && invalid('INVALID_OPTIONS', 'signal', 'an AbortSignal', kind(signal))) ||
      (integrity !== undefined && checkIntegrity(integrity)) ||
      (nonce !== undefined && checkNonce(nonce)) ||
      checkNumber('timeoutMs', options.timeoutMs, { min: 1 }) ||
      checkNumber('retries', options.retries, { min: 0, whole: true }) ||
      checkNumber('retryDelayMs', options.retryDelayMs, { min: 0 }),
  );
  if (typeof document === 'undefined') throw new WpwlError('NOT_IN_BROWSER', 'not in a browser');
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw aborted(signal);
    const url = hung[src] ? `${src}${src.includes('?') ? '&' : '?'}_=${hung[src]}` : src;
    const tag = findScript(url);
    const state = tag?.dataset.wpwlState;
    if (state === 'loaded' && globalWpwl()) return globalWpwl()!;
    // Join a pending load (of this or another copy of the package, or one a
    // server-rendered page started: see server-start.ts). Anything else is a
    // failed tag, a loaded one whose widget is gone since, or one wpwl did not
    // add: start over with a new tag.
    const pending = state === 'pending' ? (tag!.wpwlLoad ?? followScript(tag!, timeoutMs)) : undefined;
    if (!pending) tag?.remove();
    try {
      return await abortable(pending ?? injectScript(url, { integrity, nonce, timeoutMs }), signal, true);
    } catch (error) {
      const { code } = error as WpwlError;
      if (code === 'SCRIPT_TIMEOUT') hung[src] = (hung[src] ?? 0) + 1;
      if (attempt >= retries || code === 'ABORTED') throw error;
    }
    await abortable(new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** attempt)), signal);
  }
}

/** The script tag for `url`, if the page has one. */
function findScript(url: string): Tag | null {
  // url is a serialized URL: it holds no quote or backslash to escape.
  return document.querySelector<Tag>(`script[src="${url}"]`);
}

/** Adds the script tag for `url` to `<head>` and returns its load (see {@link followScript}). */
function injectScript(url: string, { integrity, nonce, timeoutMs }: { integrity?: string; nonce?: string; timeoutMs: number }): Load {
  const script: Tag = document.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.wpwlScript = '';
  if (integrity) {
    script.integrity = integrity;
    // SRI on a cross-origin script needs a CORS fetch; without it the browser refuses to run it.
    script.crossOrigin = 'anonymous';
  }
  // The property, not the attribute: the nonce then never shows in the DOM, where
  // CSS attribute selectors or other scripts could read it.
  if (nonce) script.nonce = nonce;
  script.dataset.wpwlState = 'pending';
  document.head.append(script);
  // Browsers fire a script's load/error from a later task, so handlers set right
  // after append miss nothing.
  return followScript(script, timeoutMs);
}

/**
 * The load of a pending tag, followed until it loads, fails or times out, and
 * kept on the tag (see {@link Load}).
 */
function followScript(script: Tag, timeoutMs: number): Load {
  const url = script.src;
  let end!: Load['end'];
  const load = new Promise<Wpwl>((resolve, reject) => {
    const timer = setTimeout(() => end(new WpwlError('SCRIPT_TIMEOUT', `${url} did not load in ${timeoutMs} ms`)), timeoutMs);
    // The handlers stay: end() acts once, and an ended tag fires no further events.
    script.onload = script.onerror = (event) => {
      const loaded = (event as Event).type === 'load';
      if (loaded && globalWpwl()) return end();
      end(new WpwlError('SCRIPT_LOAD_FAILED', `${url} ${loaded ? 'set no window.wpwl' : 'failed to load'}`, { cause: event }));
    };
    end = (error) => {
      if (script.dataset.wpwlState !== 'pending') return;
      clearTimeout(timer);
      script.dataset.wpwlState = error ? 'failed' : 'loaded';
      if (error) {
        script.remove();
        reject(error);
      } else resolve(globalWpwl()!);
    };
  }) as Load;
  load.waiting = 0;
  load.end = end;
  script.wpwlLoad = load;
  return load;
}

/**
 * Settles like `promise`, or rejects with `ABORTED` as soon as `signal`
 * aborts. A `joined` load counts this caller as waiting for it.
 */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal, joined?: boolean): Promise<T> {
  if (joined) (promise as unknown as Load).waiting++;
  return new Promise<T>((resolve, reject) => {
    // The listener stays until the signal goes: once the promise has settled,
    // abort changes nothing (an ended load ignores end(), a settled promise
    // ignores reject()). Removing it would cost bytes the loader's budget lacks.
    signal?.addEventListener('abort', () => {
      // Only the last caller to give up takes the tag down; the others keep waiting.
      if (joined && !--(promise as unknown as Load).waiting) (promise as unknown as Load).end(aborted(signal));
      reject(aborted(signal));
    });
    promise.then(resolve, reject);
  });
}

/**
 * Removes what loading the widget added to the page: every `paymentWidgets.js`
 * tag wpwl injected, every classic script under the gateway's origin (the
 * widget's follow-up `static.min.js`), and links under `{baseUrl}/v1/` (the
 * widget's stylesheet, preloads of its script). Module scripts from the
 * gateway's origin are taken for the page's own and stay. A load still in
 * flight for a removed tag rejects with `ABORTED`.
 *
 * Call it after `wpwl.unload()`, before loading the widget again; otherwise
 * each load leaves another script and stylesheet behind. Does nothing outside
 * a browser.
 *
 * @throws WpwlError `INVALID_BASE_URL`
 */
export function removeWidgetScripts(baseUrl: string): void {
  const base = normalizeBaseUrl(baseUrl);
  const origin = `${new URL(base).origin}/`;
  if (typeof document === 'undefined') return;
  // A static list: removing from it while iterating skips nothing.
  for (const node of document.querySelectorAll<Tag & HTMLLinkElement>('script,link')) {
    const isWidgetFile =
      node.localName === 'link'
        ? node.href.startsWith(base + '/v1/')
        : // The widget adds classic scripts. Module scripts under the same origin are the
          // page's own (an app served next to a local gateway, or behind the same proxy).
          node.src.startsWith(origin) && (node.dataset.wpwlScript !== undefined || node.type !== 'module');
    if (isWidgetFile) {
      node.wpwlLoad?.end(aborted());
      node.remove();
    }
  }
}
