// Owns the widget controller: one widget's life as a store (subscribe /
// getSnapshot) over idle → loading → ready → submitting → (error | expired)
// → destroyed, its config (checked in config.ts) and the checkout's expiry.
// The widget itself, in the page's single slot, is a session (session.ts).

import { checkConfig, type CheckedConfig } from './config.js';
import { WpwlError } from './errors.js';
import { invalid, kind } from './invalid.js';
import { preloadPaymentWidgets } from './preload.js';
import { callSafely } from './safe-call.js';
import {
  adoptSession,
  loadSession,
  openSession,
  releaseSession,
  submitPayment,
  teardownSession,
  type SessionOwner,
  type WidgetSession,
} from './session.js';
import type { PaymentWidgetConfig, PaymentWidgetController, WidgetSnapshot, WidgetStatus } from './widget-types.js';

export type {
  BeforeSubmitContext,
  CustomParameters,
  PaymentWidgetConfig,
  PaymentWidgetController,
  WidgetSnapshot,
  WidgetStatus,
} from './widget-types.js';

/** The default checkout lifetime: 30 minutes, per the interface. */
const CHECKOUT_LIFETIME_MS = 30 * 60_000;
/** The longest wait setTimeout supports (about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long expiry waits for the widget's answer to a payment sent just before the end. */
const PAYMENT_IN_FLIGHT_GRACE_MS = 1_000;

// Pure: the loader's bundle must not keep the controller's module state.
const snapshot = (status: WidgetStatus, error?: WpwlError, expiresAt?: number, expiringSoon?: boolean): WidgetSnapshot =>
  Object.freeze({
    status,
    ...(error ? { error } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    ...(expiringSoon ? { expiringSoon } : {}),
  });
const IDLE = /* @__PURE__ */ snapshot('idle');

/**
 * Creates a widget controller. In a browser, a valid config starts the
 * widget script's download at once (see `preloadPaymentWidgets`); the script
 * runs only on `mount`. On the server it touches no global, so it is safe
 * during server rendering. An invalid config does not throw: the controller
 * starts in `error` with the coded WpwlError and injects nothing.
 */
export function createPaymentWidget(config: PaymentWidgetConfig): PaymentWidgetController {
  const controller = new WidgetController(config);
  // Bound functions: bindings pass them around on their own (useSyncExternalStore).
  return {
    subscribe: (listener) => controller._subscribe(listener),
    getSnapshot: () => controller._snapshot,
    getServerSnapshot: () => IDLE,
    mount: (container) => controller._mount(container),
    update: (next) => controller._update(next),
    retry: () => controller._retry(),
    pay: () => controller._pay(),
    destroy: () => controller._destroy(),
  };
}

class WidgetController implements SessionOwner {
  _snapshot = IDLE;
  /** The caller's latest config: only its callbacks are read from it, so new inline functions need no re-mount. */
  #config: PaymentWidgetConfig;
  /** The last valid config, as checked. */
  #checked: CheckedConfig | undefined;
  /** Why the latest config is invalid, if it is. */
  #invalid: WpwlError | undefined;
  #container: HTMLElement | undefined;
  #session: WidgetSession | undefined;
  /** The widget script's preload link, made at creation. */
  #preload: HTMLLinkElement | undefined;
  readonly #listeners = new Set<() => void>();
  /** When each checkout id was first mounted: the default `createdAt`. */
  readonly #firstMounted: Record<string, number> = {};
  /** When the shown checkout expires (ms since the epoch), set at mount. */
  #expiresAt = 0;
  /** The shown checkout ends within `warnBeforeExpiryMs`. */
  #expiringSoon = false;
  #expiryTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * A config change that needs a new widget arrived while a payment was on
   * its way: applied once the widget has answered, so the answer for the
   * checkout being paid is never lost and the shopper is never shown a second
   * form to pay again.
   */
  #remountWhenSettled = false;

  constructor(config: PaymentWidgetConfig) {
    this.#config = config;
    this.#check();
    const checked = this.#checked;
    if (this.#invalid) this._snapshot = snapshot('error', this.#invalid);
    // The download starts now, ahead of the mount a UI binding makes after its
    // render (an update while mounted re-mounts at once: nothing to win there).
    // On the server the preload does nothing.
    else if (checked) {
      const { _baseUrl, _checkoutId, _integrity, _nonce } = checked;
      this.#preload = preloadPaymentWidgets({ baseUrl: _baseUrl, checkoutId: _checkoutId, integrity: _integrity, nonce: _nonce });
    }
  }

  // --- the store -------------------------------------------------------------

  _subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  _setStatus(status: WidgetStatus, error?: WpwlError): void {
    const previous = this._snapshot;
    // Expiry is part of the snapshot while a checkout is shown.
    const expiresAt = this.#session ? this.#expiresAt : undefined;
    const expiringSoon = !!this.#session && this.#expiringSoon;
    const changed = status !== previous.status;
    if (changed || error !== previous.error || expiresAt !== previous.expiresAt || expiringSoon !== !!previous.expiringSoon) {
      const next = snapshot(status, error, expiresAt, expiringSoon);
      this._snapshot = next;
      this.#listeners.forEach((listener) => callSafely('subscribe listener', listener));
      if (changed) callSafely('onStatusChange', () => this._callbacks().onStatusChange?.(next));
    }
    if (previous.status === 'submitting' && status !== 'submitting') this.#applyWaitingConfig(status);
  }

  /** The widget has answered a payment: a config that waited for it applies now, after the widget's own callback has returned. */
  #applyWaitingConfig(status: WidgetStatus): void {
    if (!this.#remountWhenSettled) return;
    this.#remountWhenSettled = false;
    if (status !== 'ready' && status !== 'expired') return;
    setTimeout(() => {
      if (this.#container && this._snapshot.status === status) this._reload();
    }, 0);
  }

  #fail(error: WpwlError, status: WidgetStatus = 'error'): void {
    this._setStatus(status, error);
    callSafely('onError', () => this._callbacks().onError?.(error));
  }

  // --- what the session asks of its owner -------------------------------------

  /** The caller's config for its callbacks; nothing for a config that is not an object. */
  _callbacks(): Partial<PaymentWidgetConfig> {
    const config = this.#config;
    return config && typeof config === 'object' ? config : {};
  }

  _customParameters(): Readonly<Record<string, string>> | undefined {
    return this.#checked?._customParameters;
  }

  _widgetError(error: WpwlError): void {
    // An express widget has no checkout of its own to expire: the one its last
    // press prepared is gone, and the next press prepares another.
    if (error.code === 'CHECKOUT_EXPIRED' && !this.#isExpress()) return this.#expire(error);
    // A refused payment leaves the form usable: back to ready.
    const status = this._snapshot.status;
    // The shopper closed a wallet sheet: no failure to show, the form is there to pay again.
    if (error.details.event === 'closed') return this._setStatus(status === 'submitting' ? 'ready' : status, this._snapshot.error);
    this.#fail(error, status === 'submitting' ? 'ready' : status);
  }

  _loadFailed(error: WpwlError): void {
    this.#fail(error);
  }

  _expressFailed(error: WpwlError): void {
    // The shopper may press again.
    this.#fail(error, 'ready');
  }

  /** The widget shown (or to be shown) is express checkout: no checkout until a wallet is pressed. */
  #isExpress(): boolean {
    return (this.#session?._config ?? this.#checked)?._checkoutId === undefined;
  }

  _release(): void {
    const session = this.#session;
    clearTimeout(this.#expiryTimer);
    this.#session = this.#container = undefined;
    if (session) releaseSession(session);
    // A session's preload link goes with its teardown, so one adopting it finds the link.
    else this.#preload?.remove();
    this._setStatus('destroyed');
  }

  _reload(): void {
    const container = this.#container;
    this.#unmount();
    if (container) this._mount(container);
  }

  // --- mount, update, retry, destroy -----------------------------------------

  _mount(container: HTMLElement): void {
    if (this.#invalid) {
      this.#container = container;
      return this.#fail(this.#invalid);
    }
    const refusal = this.#refuseContainer(container);
    if (refusal) return this.#fail(refusal);
    this.#container = container;
    if (this.#session) return void container.append(this.#session._root);
    const checked = this.#checked!;
    const checkoutId = checked._checkoutId;
    // Express checkout: each press prepares a fresh checkout; there is none to expire.
    this.#expiresAt = 0;
    if (checkoutId !== undefined) {
      this.#firstMounted[checkoutId] ??= Date.now();
      this.#expiresAt = this.#checkoutExpiresAt();
      if (!this.#armExpiry()) return;
    }

    const adopted = adoptSession(checked, this);
    if (adopted) {
      this.#session = adopted;
      container.append(adopted._root);
      // A payment (or an express checkout being prepared) on its way in the adopted widget is this controller's now.
      const busy = adopted._paymentSent || adopted._creating;
      return this._setStatus(adopted._ready ? (busy ? 'submitting' : 'ready') : 'loading');
    }
    this.#session = openSession(checked, this, container);
    this._setStatus('loading');
    loadSession(this.#session);
  }

  /** Why the widget cannot render into `container`, if it cannot. */
  #refuseContainer(container: HTMLElement): WpwlError | undefined {
    if (typeof document === 'undefined') return new WpwlError('NOT_IN_BROWSER', 'not in a browser');
    // The widget script looks for its form in the document: in a shadow root or
    // a detached element it would find none and report ready with nothing shown.
    if (!(container instanceof Element) || container.getRootNode() !== document) {
      return invalid('INVALID_CONTAINER', 'container', 'an element in the document', kind(container));
    }
    const outer = container.closest('form');
    if (!outer) return undefined;
    const by = outer.getAttribute('name') ? 'name' : 'action';
    const form = 'form' + (outer.id ? '#' + outer.id : `[${by}="${outer.getAttribute(by)}"]`);
    const error = invalid('NESTED_FORM', 'container', 'outside any form (a nested form is not submitted)', 'inside ' + form);
    error.details.form = form;
    // Refused: the preloaded download must not stay on the page either.
    this.#preload?.remove();
    return error;
  }

  _update(next: PaymentWidgetConfig): void {
    const previousKey = this.#checked?._key;
    const wasInvalid = this.#invalid;
    this.#config = next;
    this.#check();
    const invalidNow = this.#invalid;
    // A payment on its way keeps its widget until the widget answers. (A
    // before-submit hook still pending has sent nothing: that widget goes at
    // once, and the hook's late answer reaches nobody.)
    const paymentInFlight = !!this.#session?._paymentSent;
    if (invalidNow) {
      // The same mistake handed over again (a UI binding re-rendering) was
      // already reported: a new snapshot here would re-render it forever.
      if (wasInvalid?.code === invalidNow.code && wasInvalid.message === invalidNow.message) this.#invalid = wasInvalid;
      else if (paymentInFlight) this.#remountWhenSettled = true;
      else {
        this.#unmount();
        this.#fail(invalidNow);
      }
    } else if (!this.#container) {
      if (wasInvalid && this._snapshot.status === 'error') this._setStatus('idle');
    } else if (this.#checked?._key !== previousKey || wasInvalid) {
      if (paymentInFlight) this.#remountWhenSettled = true;
      else this._reload();
    } else if (this.#session && !this.#remountWhenSettled && !this.#isExpress()) {
      // Same widget: createdAt or expiresInMs may have changed.
      this.#expiresAt = this.#checkoutExpiresAt();
      this.#armExpiry();
    }
  }

  _retry(): void {
    if (this._snapshot.status === 'error' && !this.#invalid) this._reload();
  }

  _pay(): boolean {
    return this._snapshot.status === 'ready' && !!this.#session && submitPayment(this.#session);
  }

  _destroy(): void {
    this.#remountWhenSettled = false;
    if (this._snapshot.status !== 'destroyed') this._release();
  }

  /** Checks the caller's config: the checked values, or why it is invalid (the last valid values stay). */
  #check(): void {
    try {
      this.#checked = checkConfig(this.#config);
      this.#invalid = undefined;
    } catch (error) {
      this.#invalid = error as WpwlError;
    }
  }

  #unmount(): void {
    clearTimeout(this.#expiryTimer);
    if (this.#session) teardownSession(this.#session);
    this.#session = undefined;
  }

  // --- expiry -----------------------------------------------------------------

  /** When the shown checkout expires: its `createdAt`, or when it was first mounted, plus its lifetime. */
  #checkoutExpiresAt(): number {
    const { _createdAt, _checkoutId, _expiresInMs } = this.#checked!;
    return (_createdAt ?? this.#firstMounted[_checkoutId!]!) + (_expiresInMs ?? CHECKOUT_LIFETIME_MS);
  }

  /**
   * (Re)starts the expiry timer for the shown checkout, and sets `expiringSoon`
   * (telling the caller once). False when the checkout has expired: the widget
   * is then unloaded, since a shopper must not type card data into a checkout
   * that can no longer be paid.
   */
  #armExpiry(): boolean {
    clearTimeout(this.#expiryTimer);
    let left = this.#expiresAt - Date.now();
    // A payment sent just before expiry may still be accepted: unloading now
    // would strand the shopper without the redirect. The widget's answer (a
    // redirect, its own expired error, or marked fields) ends the wait.
    if (left <= 0 && this.#session?._paymentSent) left = PAYMENT_IN_FLIGHT_GRACE_MS;
    if (left <= 0) {
      this.#expire(new WpwlError('CHECKOUT_EXPIRED', 'checkout expired: prepare a new checkout'));
      return false;
    }
    const warnBefore = this.#checked!._warnBeforeExpiryMs;
    const firstWarning = !this.#expiringSoon && left <= warnBefore;
    this.#expiringSoon = left <= warnBefore;
    this._setStatus(this._snapshot.status, this._snapshot.error);
    if (firstWarning) callSafely('onExpiringSoon', () => this._callbacks().onExpiringSoon?.(this.#expiresAt));
    // Wakes for the warning, then for the end; re-checked when it fires.
    const wake = this.#expiringSoon ? left : left - warnBefore;
    this.#expiryTimer = setTimeout(() => this.#armExpiry(), Math.min(wake, MAX_TIMER_MS));
    return true;
  }

  #expire(error: WpwlError): void {
    this.#unmount();
    this._setStatus('expired', error);
    callSafely('onExpired', () => this._callbacks().onExpired?.());
    callSafely('onError', () => this._callbacks().onError?.(error));
  }
}
