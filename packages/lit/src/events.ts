// Owns the element's DOM events: their names and detail types, and the
// translation of core's before-submit hook into a cancelable event whose
// listeners may defer the payment with `waitUntil`.

import type { BeforeSubmitContext, BeforeSubmitResult, WidgetSnapshot, WpwlError } from '@wpwl/core';

/** Detail of `wpwl-error`. */
export interface WpwlErrorEventDetail {
  /** The coded error: invalid input, load failure, widget error, failed before-submit, expiry. */
  error: WpwlError;
}

/** Detail of `wpwl-before-submit`. */
export interface WpwlBeforeSubmitEventDetail extends BeforeSubmitContext {
  /**
   * Holds the payment until `promise` settles: it goes ahead when every
   * promise given resolves to anything but `false`; `false` or a rejection
   * blocks it (a rejection is also reported as `wpwl-error`). Call it while
   * the event is being dispatched, i.e. synchronously in your listener.
   *
   * @throws DOMException `InvalidStateError` when called after dispatch
   */
  waitUntil(promise: PromiseLike<unknown>): void;
}

/** The element's events and their types; all bubble and are composed. */
export interface WpwlWidgetEventMap {
  /** The widget is ready for the shopper. */
  'wpwl-ready': CustomEvent<Record<string, never>>;
  /** Something went wrong; `detail.error` says what. */
  'wpwl-error': CustomEvent<WpwlErrorEventDetail>;
  /** The checkout expired and the widget was unloaded: set a new `checkout-id`. */
  'wpwl-expired': CustomEvent<Record<string, never>>;
  /** The status changed; the detail is the new snapshot. */
  'wpwl-status-change': CustomEvent<WidgetSnapshot>;
  /** The checkout ends soon (`warn-before-expiry-ms`): offer a new checkout; `detail.expiresAt` is on this device's clock. */
  'wpwl-expiring-soon': CustomEvent<{ expiresAt: number }>;
  /** A payment is about to be submitted. Cancelable: `preventDefault()` blocks it. */
  'wpwl-before-submit': CustomEvent<WpwlBeforeSubmitEventDetail>;
}

declare global {
  // Listeners on the element, or higher up (events bubble), are typed. Declaration
  // merging into the DOM's own map needs an interface, empty of its own members.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends WpwlWidgetEventMap {}
}

/** Dispatches one of the element's events from `target`; false when a listener canceled it. */
export function emit<K extends keyof WpwlWidgetEventMap>(
  target: EventTarget,
  type: K,
  detail: WpwlWidgetEventMap[K]['detail'],
  cancelable = false,
): boolean {
  return target.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, cancelable, detail }));
}

/**
 * Core's `onBeforeSubmit` as an event: canceled → `false` (blocked); deferred
 * → a promise of the verdict, which core turns into a held, then re-sent,
 * payment; otherwise `true`.
 */
export function emitBeforeSubmit(target: EventTarget, context: BeforeSubmitContext): BeforeSubmitResult {
  const pending: PromiseLike<unknown>[] = [];
  let dispatching = true;
  const detail: WpwlBeforeSubmitEventDetail = {
    ...context,
    waitUntil(promise) {
      // Like ExtendableEvent: after dispatch the verdict has been given.
      if (!dispatching) throw new DOMException('waitUntil() must be called while wpwl-before-submit is dispatched', 'InvalidStateError');
      pending.push(promise);
    },
  };
  const allowed = emit(target, 'wpwl-before-submit', detail, true);
  dispatching = false;
  if (!allowed) return false;
  return pending.length ? Promise.all(pending).then((verdicts) => !verdicts.includes(false)) : true;
}
