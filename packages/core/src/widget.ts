// Owns the widget controller: one mounted widget's lifecycle as a store
// (subscribe / getSnapshot) over idle → loading → ready → submitting →
// (error | expired) → destroyed, and the page's single widget slot (the
// globals `wpwlOptions` and `wpwl` are page-wide, so one checkout at a time).

import { WpwlError, isWpwlError } from './errors.js';
import { invalid, kind, throwIf } from './invalid.js';
import { toWpwlOptions, type BeforeSubmitResult, type SubmitKind, type WpwlOptionsInput } from './options.js';
import { preloadPaymentWidgets } from './preload.js';
import { loadPaymentWidgets, removeWidgetScripts, type Wpwl } from './script.js';
import {
  checkNumber,
  normalizeBaseUrl,
  validateBrands,
  validateCheckoutId,
  validateCustomParameters,
  validateIntegrity,
  validateNonce,
  validateShopperResultUrl,
} from './validate.js';

/** Where the widget is in its life. */
export type WidgetStatus = 'idle' | 'loading' | 'ready' | 'submitting' | 'error' | 'expired' | 'destroyed';

/** The controller's state; a new object on every change, the same one otherwise. */
export interface WidgetSnapshot {
  readonly status: WidgetStatus;
  /** The last error: why the status is `error` or `expired`, or a widget error reported while `ready`. */
  readonly error?: WpwlError;
  /**
   * While a checkout is shown: when it expires, in ms on this device's clock
   * (`expiresAt - Date.now()` is the time left). Counted from when the
   * checkout was first mounted here, or from `createdAt`.
   */
  readonly expiresAt?: number;
  /** The checkout ends within `warnBeforeExpiryMs`: offer the shopper more time (a new checkout for the same cart). */
  readonly expiringSoon?: boolean;
}

/** Passed to `config.onBeforeSubmit`. */
export interface BeforeSubmitContext {
  /** The widget's form that is being submitted. */
  form: HTMLFormElement;
  /** Which payment-method family is submitting. */
  kind: SubmitKind;
  /** The checkout being paid. */
  checkoutId: string;
}

/** Everything the controller needs; checked when created and on every `update`. */
export interface PaymentWidgetConfig {
  /** Id returned by prepare checkout. */
  checkoutId: string;
  /** Brands to offer: `"VISA MASTER"` or `["VISA", "MASTER"]`. */
  brands: string | readonly string[];
  /** Where the shopper lands after paying (the form's `action`). */
  shopperResultUrl: string;
  /** The gateway's base URL, e.g. `https://test.example-gateway.com`. */
  baseUrl: string;
  /** Subresource-integrity hash from the checkout response (`integrity=true`). */
  integrity?: string;
  /** CSP nonce for the script tag. */
  nonce?: string;
  /** Widget code or BCP-47 tag; wins over `options.locale`. */
  locale?: string;
  /** Widget options; compared by value, top-level callbacks are always read from the latest config. */
  options?: WpwlOptionsInput;
  /** Written into the submitted form as `customParameters[NAME]`; names must start with `SHOPPER_`. */
  customParameters?: Record<string, string>;
  /**
   * When the checkout was prepared, on this device's clock; default: when this
   * checkout id was first mounted. A server's timestamp compared with a device
   * clock that is off expires a fresh checkout at once: prefer `expiresInMs`.
   */
  createdAt?: Date | number;
  /**
   * Time left on the checkout from `createdAt` (default: from when it was first
   * mounted); default 30 minutes. Pass the time left that your server computed
   * (its expiry minus its own clock) and no `createdAt`: the device's clock then
   * never matters.
   */
  expiresInMs?: number;
  /** How long before the end `expiringSoon` is set in the snapshot; default 5 minutes. */
  warnBeforeExpiryMs?: number;
  /** Script load timeout, passed to the loader. */
  timeoutMs?: number;
  /** Script load retries, passed to the loader. */
  retries?: number;
  /** The widget is ready for the shopper. */
  onReady?(): void;
  /** Any error: invalid config, load failure, widget error, failed before-submit hook, expiry (`CHECKOUT_EXPIRED`, from the widget or the timer). */
  onError?(error: WpwlError): void;
  /** The checkout expired (timer or widget); the widget was unloaded. Pass a new `checkoutId` to `update`. */
  onExpired?(): void;
  /** Before any payment is submitted, ahead of the options' own hooks: `false` or a promise of it blocks. */
  onBeforeSubmit?(context: BeforeSubmitContext): BeforeSubmitResult;
  /** Called with the new snapshot whenever the status changes. */
  onStatusChange?(snapshot: WidgetSnapshot): void;
  /** The checkout ends within `warnBeforeExpiryMs`: called once per checkout, with `expiresAt` (ms, this device's clock). */
  onExpiringSoon?(expiresAt: number): void;
}

/** A widget controller: a store for UI bindings plus mount/update/retry/destroy. */
export interface PaymentWidgetController {
  /** Calls `listener` after every snapshot change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot (stable reference until something changes). */
  getSnapshot(): WidgetSnapshot;
  /** The snapshot for server rendering: always `idle`. */
  getServerSnapshot(): WidgetSnapshot;
  /** Renders the widget into `container` and loads the script. */
  mount(container: HTMLElement): void;
  /** Swaps the config; re-mounts only when something the widget reads at load time changed. */
  update(config: PaymentWidgetConfig): void;
  /** After a failed load or widget error: tears down and loads again. */
  retry(): void;
  /** Unloads the widget and removes its scripts, DOM and globals. Idempotent; `mount` starts again. */
  destroy(): void;
}

/** What a session needs from the controller showing it. Short keys: property names survive minification. */
interface Owner {
  /** The owner's current config, for its callbacks. */
  c(): Partial<PaymentWidgetConfig>;
  /** The owner's current custom parameters, as they were checked. */
  p(): Readonly<Record<string, string>> | undefined;
  /** Sets the owner's status. */
  s(status: WidgetStatus, error?: WpwlError): void;
  /** Reports a classified widget error. */
  e(error: WpwlError): void;
  /** Lets go of the session: the owner goes to `destroyed`. */
  x(): void;
  /** Tears the session down and loads it again. */
  r(): void;
}

/** One loaded (or loading) widget on the page. Short keys, like {@link Owner}. */
interface Session {
  /** What the widget read at load time, by value: an equal key may adopt the session. */
  k: string;
  /** The checkout the session's widget was loaded for. */
  i: string;
  /** The normalized base URL. */
  b: string;
  /** The element holding the widget's form. */
  r: HTMLElement;
  /** Aborts the load. */
  a: AbortController;
  /** The controller showing the session, if any. */
  o?: Owner | undefined;
  /** The widget called onReady. */
  y?: boolean;
  /** The load failed: never adopted. */
  f?: boolean;
  /** The deferred teardown. */
  t?: ReturnType<typeof setTimeout>;
  /** A payment the hooks let through is on its way: expiry waits for its outcome. */
  p?: boolean;
}

const page = globalThis as unknown as { wpwlOptions?: unknown; wpwl?: Wpwl };
// Pure: the loader's bundle must not keep the controller's module state.
const snapshot = (status: WidgetStatus, error?: WpwlError, expiresAt?: number, expiringSoon?: boolean): WidgetSnapshot =>
  Object.freeze({ status, ...(error && { error }), ...(expiresAt && { expiresAt }), ...(expiringSoon && { expiringSoon }) });
const IDLE = /* @__PURE__ */ snapshot('idle');
/** The page's one widget slot. */
let slot: Session | undefined;

function teardown(session: Session): void {
  clearTimeout(session.t);
  // A script still on its way runs when it arrives, removed tag or not, and
  // sets up a widget with its follow-up script and stylesheet. If nothing has
  // taken the page's slot by then, take all of that down at once.
  if (!session.y && typeof document != 'undefined') {
    const src = `${session.b}/v1/paymentWidgets.js?checkoutId=${session.i}`;
    for (const tag of document.querySelectorAll<HTMLScriptElement>('script[data-wpwl-state="pending"]')) {
      if (tag.src.startsWith(src)) tag.addEventListener('load', () => slot || clear(session.b), { once: true });
    }
  }
  session.a.abort();
  // Its hooks may still settle (a pending before-submit): they must not reach the owner's next session.
  session.o = undefined;
  if (slot != session) return;
  slot = undefined;
  clear(session.b, session.r);
}

/** Unloads whatever widget the page has, and removes its scripts, `root` and the globals. */
function clear(base: string, root?: HTMLElement): void {
  try {
    page.wpwl?.unload();
  } finally {
    removeWidgetScripts(base);
    root?.remove();
    delete page.wpwlOptions;
    delete page.wpwl;
  }
}

/** Object keys sorted and functions reduced to their presence: equal by value ⇔ equal strings. */
/** The default checkout lifetime: 30 minutes, per the interface. */
const CHECKOUT_LIFETIME_MS = 1_800_000;
/** When the snapshot says `expiringSoon` by default: 5 minutes before the end. */
const WARN_BEFORE_EXPIRY_MS = 300_000;

/**
 * Runs a callback of the page's own code. What it throws is reported on the
 * console as a `CALLBACK_FAILED` WpwlError and goes no further: a throwing
 * listener must never leave the controller half-way through a change.
 */
function callSafely(name: string, callback: () => void): void {
  try {
    callback();
  } catch (error) {
    console.error(new WpwlError('CALLBACK_FAILED', name + ' threw', { cause: error, details: { field: name } }));
  }
}

const byValue = (_key: string, value: unknown) =>
  typeof value == 'function'
    ? 1
    : value && typeof value == 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value;

/**
 * Creates a widget controller. In a browser, a valid config starts the
 * widget script's download at once (see `preloadPaymentWidgets`); the script
 * runs only on `mount`. On the server it touches no global, so it is safe
 * during server rendering. An invalid config does not throw: the controller
 * starts in `error` with the coded WpwlError and injects nothing.
 */
export function createPaymentWidget(config: PaymentWidgetConfig): PaymentWidgetController {
  let cfg = config;
  let key = '';
  // The current config's values as they were checked in `prepare`, read from
  // the caller's object once: a getter or a change in place after
  // createPaymentWidget / update cannot slip a value past the checks. Only
  // callbacks are read from the caller's latest config, so new inline
  // functions need no re-mount.
  let checkoutId = '';
  let shopperResultUrl = '';
  let base = '';
  let brands: string[] = [];
  let integrity: string | undefined;
  let nonce: string | undefined;
  let customParameters: Readonly<Record<string, string>> | undefined;
  /** The widget options with the top-level `locale` applied. */
  let widgetOptions: WpwlOptionsInput = {};
  let createdAt: number | undefined;
  let expiresInMs: number | undefined;
  let timeoutMs: number | undefined;
  let retries: number | undefined;
  let warnBeforeExpiryMs = WARN_BEFORE_EXPIRY_MS;
  /** The shown checkout ends within `warnBeforeExpiryMs`. */
  let expiringSoon = false;
  /** When the shown checkout expires (ms since the epoch), set at mount. */
  let expiresAt = 0;
  /**
   * A config change that needs a new widget arrived while a payment was on
   * its way: applied once the widget has answered, so the answer for the
   * checkout being paid is never lost and the shopper is never shown a second
   * form to pay again.
   */
  let remountWhenSettled = false;
  /** Why the config is invalid, if it is. */
  let bad: WpwlError | undefined;
  let snap = IDLE;
  let container: HTMLElement | undefined;
  let session: Session | undefined;
  /** The widget script's preload link, made at creation. */
  let pre: HTMLLinkElement | undefined;
  let expiry: ReturnType<typeof setTimeout> | undefined;
  /** When each checkout id was first mounted: the default `createdAt`. */
  const born: Record<string, number> = {};
  const listeners = new Set<() => void>();

  /** The caller's config for its callbacks; nothing for a config that is not an object. */
  const callbacks = (): Partial<PaymentWidgetConfig> => (cfg && typeof cfg == 'object' ? cfg : {});

  function set(status: WidgetStatus, error?: WpwlError) {
    const previous = snap.status;
    const changed = status != previous;
    // Expiry is part of the snapshot while a checkout is shown.
    const shownUntil = session ? expiresAt : undefined;
    const soon = !!session && expiringSoon;
    if (changed || error != snap.error || shownUntil != snap.expiresAt || soon != !!snap.expiringSoon) {
      snap = snapshot(status, error, shownUntil, soon);
      listeners.forEach((listener) => callSafely('subscribe listener', listener));
      if (changed) callSafely('onStatusChange', () => callbacks().onStatusChange?.(snap));
    }
    if (previous == 'submitting' && status != 'submitting' && remountWhenSettled) {
      remountWhenSettled = false;
      // The widget has answered; the config that waited for it applies now,
      // after the widget's own callback has returned.
      if (status == 'ready' || status == 'expired') setTimeout(() => container && snap.status == status && remount(), 0);
    }
  }
  function fail(error: WpwlError, status: WidgetStatus = 'error') {
    set(status, error);
    callSafely('onError', () => callbacks().onError?.(error));
  }

  const prepare = () => {
    try {
      if (!cfg || typeof cfg != 'object') throw invalid('INVALID_OPTIONS', 'config', 'an object', kind(cfg));
      const given = cfg;
      const options = given.options;
      const custom = given.customParameters && { ...given.customParameters };
      const id = given.checkoutId;
      const url = given.shopperResultUrl;
      validateCheckoutId(id);
      validateShopperResultUrl(url);
      if (given.integrity !== undefined) validateIntegrity(given.integrity);
      if (given.nonce !== undefined) validateNonce(given.nonce);
      if (custom) validateCustomParameters(custom);
      if (options !== undefined && (!options || typeof options != 'object' || Array.isArray(options))) {
        throw invalid('INVALID_OPTIONS', 'options', 'an object', kind(options));
      }
      const lifetime = given.expiresInMs;
      const timeout = given.timeoutMs;
      const retryCount = given.retries;
      const created = given.createdAt instanceof Date ? given.createdAt.getTime() : given.createdAt;
      const warning = given.warnBeforeExpiryMs;
      throwIf(
        checkNumber('expiresInMs', lifetime, 1) ??
          checkNumber('timeoutMs', timeout, 1) ??
          checkNumber('retries', retryCount, 0, true) ??
          checkNumber('createdAt', created, 0) ??
          checkNumber('warnBeforeExpiryMs', warning, 0),
      );
      const normalizedBase = normalizeBaseUrl(given.baseUrl);
      const checkedBrands = validateBrands(given.brands);
      const checkedOptions: WpwlOptionsInput = { ...options, locale: given.locale ?? options?.locale };
      key = JSON.stringify([normalizedBase, id, checkedBrands, url, given.integrity, given.nonce, toWpwlOptions(checkedOptions)], byValue);
      checkoutId = id;
      shopperResultUrl = url;
      base = normalizedBase;
      brands = checkedBrands;
      integrity = given.integrity;
      nonce = given.nonce;
      customParameters = custom;
      widgetOptions = checkedOptions;
      createdAt = created as number | undefined;
      expiresInMs = lifetime;
      timeoutMs = timeout;
      retries = retryCount;
      warnBeforeExpiryMs = warning ?? WARN_BEFORE_EXPIRY_MS;
      bad = undefined;
    } catch (error) {
      bad = isWpwlError(error) ? error : new WpwlError('INVALID_OPTIONS', String(error), { cause: error });
    }
  };

  function unmount() {
    clearTimeout(expiry);
    if (session) teardown(session);
    session = undefined;
  }

  // Expiry unloads the widget: a shopper must not type card data into a
  // checkout that can no longer be paid.
  function expire(error: WpwlError) {
    unmount();
    set('expired', error);
    callSafely('onExpired', () => callbacks().onExpired?.());
    callSafely('onError', () => callbacks().onError?.(error));
  }

  /** When the current checkout expires: its `createdAt`, or when it was first mounted, plus its lifetime. */
  const checkoutExpiresAt = () => (createdAt ?? born[checkoutId]!) + (expiresInMs ?? CHECKOUT_LIFETIME_MS);

  /** (Re)starts the expiry timer for the shown checkout; false when it has already expired. */
  function arm(): boolean {
    clearTimeout(expiry);
    let left = expiresAt - Date.now();
    // A payment sent just before expiry may still be accepted: unloading now
    // would strand the shopper without the redirect. The widget's answer (a
    // redirect, its own expired error, or marked fields) ends the wait.
    if (left <= 0 && session?.p) left = 1e3;
    if (left <= 0) return (expire(new WpwlError('CHECKOUT_EXPIRED', 'checkout expired: prepare a new checkout')), false);
    const warn = !expiringSoon && left <= warnBeforeExpiryMs;
    expiringSoon = left <= warnBeforeExpiryMs;
    set(snap.status, snap.error);
    if (warn) callSafely('onExpiringSoon', () => callbacks().onExpiringSoon?.(expiresAt));
    // Wakes for the warning, then for the end; re-checked when it fires:
    // setTimeout cannot wait longer than ~24.8 days.
    expiry = setTimeout(arm, Math.min(expiringSoon ? left : left - warnBeforeExpiryMs, 2 ** 31 - 1));
    return true;
  }

  const owner: Owner = {
    c: callbacks,
    p: () => customParameters,
    s: set,
    e: (error) => (error.code == 'CHECKOUT_EXPIRED' ? expire(error) : fail(error, snap.status == 'submitting' ? 'ready' : snap.status)),
    x() {
      const s = session;
      clearTimeout(expiry);
      session = container = undefined;
      if (s) {
        s.o = undefined;
        // Deferred so that an immediate mount with the same config (React
        // StrictMode's unmount + mount) adopts the loaded widget instead of
        // downloading it again.
        s.t = setTimeout(() => teardown(s), 0);
        // A session's preload link goes with its teardown, so one adopting it finds the link.
      } else pre?.remove();
      set('destroyed');
    },
    r: remount,
  };

  function mount(el: HTMLElement): void {
    if (bad) return ((container = el), fail(bad));
    if (typeof document == 'undefined') return fail(new WpwlError('NOT_IN_BROWSER', 'not in a browser'));
    // The widget script looks for its form in the document: in a shadow root or
    // a detached element it would find none and report ready with nothing shown.
    if (el?.nodeType != 1 || el.getRootNode() != document)
      return fail(invalid('INVALID_CONTAINER', 'container', 'an element in the document', kind(el)));
    const outer = el.closest('form');
    if (outer) {
      const by = outer.getAttribute('name') ? 'name' : 'action';
      const form = 'form' + (outer.id ? '#' + outer.id : `[${by}="${outer.getAttribute(by)}"]`);
      const error = invalid('NESTED_FORM', 'container', 'outside any form (a nested form is not submitted)', 'inside ' + form);
      error.details.form = form;
      // Refused: the preloaded download must not stay on the page either.
      pre?.remove();
      return fail(error);
    }
    container = el;
    if (session) return void el.append(session.r);
    born[checkoutId] ??= Date.now();
    expiresAt = checkoutExpiresAt();
    if (!arm()) return;

    slot?.o?.x();
    if (slot?.k == key && !slot.f) {
      session = slot;
      clearTimeout(session.t);
      session.o = owner;
      el.append(session.r);
      return set(session.y ? 'ready' : 'loading');
    }
    if (slot) teardown(slot);
    // A script that arrived after its widget was torn down sets up a widget of
    // its own; the next script would take that for itself and render nothing.
    else if (page.wpwl) clear(base);

    const root = document.createElement('div');
    const form = root.appendChild(document.createElement('form'));
    form.className = 'paymentWidgets';
    form.action = shopperResultUrl;
    form.dataset.brands = brands.join(' ');
    el.append(root);
    const s: Session = (slot = session = { k: key, i: checkoutId, b: base, r: root, a: new AbortController(), o: owner });
    // The hooks let a payment through, then the widget refused it after all:
    // it marks fields (or shows a message) with wpwl-has-error and sends
    // nothing, without a callback. Back to ready, or the page would say
    // "sending" for ever and expiry would wait on a payment that never left.
    // (The widget clears its old marks before it checks the fields again.)
    new MutationObserver(() => {
      if (s.p && root.querySelector('.wpwl-has-error')) {
        s.p = false;
        s.o?.s('ready');
      }
    }).observe(root, { subtree: true, childList: true, attributes: true });
    const id = checkoutId;
    const latest = () => s.o?.c();
    // Top-level callbacks run through the latest config of whoever owns the
    // session, so new inline functions need no re-mount.
    const live: WpwlOptionsInput = { ...widgetOptions };
    for (const name in live) {
      if (typeof live[name] == 'function') {
        live[name] = function (this: unknown, ...args: unknown[]) {
          return (latest()?.options?.[name] as ((...a: unknown[]) => unknown) | undefined)?.apply(this, args);
        };
      }
    }
    page.wpwlOptions = toWpwlOptions(live, {
      onReady() {
        // A browser still runs a script removed on its way when it arrives: one
        // for an earlier checkout reads these options and renders that checkout
        // into this form. Unload it and load this checkout again.
        if ((page.wpwl?.checkout?.id ?? id) != id || s.r.querySelector(`.wpwl-form[action*="/checkouts/"]:not([action*="/${id}/"])`)) {
          s.f = true;
          return s.o ? s.o.r() : teardown(s);
        }
        s.y = true;
        s.o?.s('ready');
        callSafely('onReady', () => latest()?.onReady?.());
      },
      onError: (error) => ((s.p = false), s.o?.e(error)),
      beforeSubmit(form, kind) {
        s.o?.s('submitting');
        // The checkout being paid is this session's, whatever config is waiting.
        return latest()?.onBeforeSubmit?.({ form, kind, checkoutId: id });
      },
      onSubmit(form, _kind, ok) {
        s.p = ok;
        if (!ok) return s.o?.s('ready');
        form.querySelectorAll('[data-wpwl-param]').forEach((input) => input.remove());
        for (const [name, value] of Object.entries(s.o?.p() ?? {})) {
          const input = form.appendChild(document.createElement('input'));
          input.type = 'hidden';
          input.name = `customParameters[${name}]`;
          input.value = value;
          input.dataset.wpwlParam = '';
        }
      },
    });

    set('loading');
    loadPaymentWidgets({ baseUrl: base, checkoutId, integrity, nonce, timeoutMs, retries, signal: s.a.signal }).catch((error: unknown) => {
      // Ready already: the widget came from a script that arrived before this one.
      if (s.y) return;
      s.f = true;
      // The loader rejects with coded WpwlErrors only. A torn-down (aborted) session has no owner.
      if (s.o) fail(error as WpwlError);
    });
  }

  function remount() {
    const el = container;
    unmount();
    if (el) mount(el);
  }

  prepare();
  if (bad) snap = snapshot('error', bad);
  // The download starts now, ahead of the mount a UI binding makes after its
  // render (an update while mounted re-mounts at once: nothing to win there).
  // On the server the preload does nothing.
  else pre = preloadPaymentWidgets({ baseUrl: base, checkoutId, integrity, nonce });

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snap,
    getServerSnapshot: () => IDLE,
    mount,
    update(next) {
      const previous = key;
      const was = bad;
      cfg = next;
      prepare();
      if (bad) {
        // The same mistake handed over again (a UI binding re-rendering) was
        // already reported: a new snapshot here would re-render it forever.
        if (was?.code == bad.code && was.message == bad.message) bad = was;
        // A payment on its way keeps its widget; the mistake shows once the widget has answered.
        else if (session?.p) remountWhenSettled = true;
        else (unmount(), fail(bad));
      } else if (!container) {
        if (was && snap.status == 'error') set('idle');
      } else if (key != previous || was) {
        // A payment on its way keeps its widget until the widget answers. (A
        // before-submit hook still pending has sent nothing: that widget goes
        // at once, and the hook's late answer reaches nobody.)
        if (session?.p) remountWhenSettled = true;
        else remount();
      } else if (session && !remountWhenSettled) {
        // Same widget: createdAt or expiresInMs may have changed.
        expiresAt = checkoutExpiresAt();
        arm();
      }
    },
    retry() {
      if (snap.status == 'error' && !bad) remount();
    },
    destroy() {
      remountWhenSettled = false;
      if (snap.status != 'destroyed') owner.x();
    },
  };
}
