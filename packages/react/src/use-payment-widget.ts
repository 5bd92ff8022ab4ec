'use client';
// Owns the bridge between one component and one core widget controller: the
// controller is created once per component instance, its store is read with
// useSyncExternalStore, and it is mounted into the element the caller's ref
// points at. All widget behaviour lives in @wpwl/core.
import { useCallback, useEffect, useInsertionEffect, useRef, useState, useSyncExternalStore } from 'react';
import * as ReactDOM from 'react-dom';
import {
  applyWidgetDefaults,
  createPaymentWidget,
  widgetScriptUrl,
  type CreateCheckout,
  type PaymentWidgetConfig,
  type PaymentWidgetController,
  type PaymentWidgetInput,
  type WidgetStatus,
  type WpwlError,
} from '@wpwl/core';
import { useWidgetDefaults } from './provider.js';

/**
 * The widget config a component takes: core's {@link PaymentWidgetInput},
 * with exactly one source of the checkout. Either the `checkoutId` your
 * server prepared, or, for express checkout (wallet buttons before any
 * checkout exists), `createCheckout`, which prepares one when the shopper
 * presses a wallet; never both, never neither.
 */
export type PaymentWidgetConfigInput = PaymentWidgetInput &
  ({ checkoutId: string; createCheckout?: undefined } | { checkoutId?: undefined; createCheckout: CreateCheckout });

/** What {@link usePaymentWidget} returns. */
export interface PaymentWidgetState {
  /** Callback ref for the element the widget renders into (it must not be inside a `<form>`). */
  ref: (element: HTMLElement | null) => void;
  /** Where the widget is in its life; `idle` during server rendering. */
  status: WidgetStatus;
  /** Why the status is `error` or `expired`, or a recoverable widget error while `ready`. */
  error: WpwlError | undefined;
  /** While a checkout is shown: when it expires, in ms on this device's clock (`expiresAt - Date.now()` is the time left). */
  expiresAt: number | undefined;
  /** The checkout ends within `warnBeforeExpiryMs` (default 5 minutes): offer a new checkout for the same cart. */
  expiringSoon: boolean;
  /** After a failed load or widget error: loads the widget again. Stable across renders. */
  retry: () => void;
  /**
   * Pays from your own "Place order" button: submits the widget's card form as
   * its pay button would, before-submit hooks included. False when nothing was
   * submitted (not `ready`). Stable across renders.
   */
  pay: () => boolean;
}

/**
 * Runs the payment widget in an element of your own layout. Pass the same
 * config as to `createPaymentWidget` from `@wpwl/core`; anything left
 * `undefined` comes from the nearest {@link WpwlProvider}.
 *
 * Re-rendering is cheap: the config is handed to the controller after every
 * commit, which compares it by value, so new inline callbacks or an equal
 * `options` object do not re-mount the widget, and the newest callbacks are
 * the ones called. A changed `checkoutId` (or any other value the widget reads
 * at load time) re-mounts it once.
 *
 * Express checkout: pass `createCheckout` instead of a `checkoutId` (with the
 * wallet `brands`, and the cart's `amount` and `currency`); it is read from the
 * latest render too, so a new inline function never re-mounts the widget. Its
 * failures (`CREATE_CHECKOUT_FAILED`, `CREATE_CHECKOUT_TIMEOUT`,
 * `INVALID_CHECKOUT_ID`, `AMOUNT_MISMATCH`) leave the status `ready` with the
 * `error` set, for the shopper to press again.
 *
 * @example
 * const { ref, status, retry } = usePaymentWidget({ checkoutId, brands: 'VISA MASTER', shopperResultUrl });
 * return <section><div ref={ref} />{status === 'error' && <button onClick={retry}>Try again</button>}</section>;
 */
export function usePaymentWidget(config: PaymentWidgetConfigInput): PaymentWidgetState {
  const merged = applyWidgetDefaults(config, useWidgetDefaults());
  hintWidgetScript(merged);
  // On the server creating a controller touches no global; in a browser it
  // starts downloading the widget script during this first render.
  const [widget] = useState(() => createPaymentWidget(merged));
  // The config of the latest commit, for the ref below, which React attaches
  // before this commit's other effects run (insertion effects run before it).
  const rendered = useRef(merged);
  useInsertionEffect(() => {
    rendered.current = merged;
  });
  const {
    status,
    error,
    expiresAt,
    expiringSoon = false,
  } = useSyncExternalStore(widget.subscribe, widget.getSnapshot, widget.getServerSnapshot);

  useEffect(() => widget.update(merged));
  // The element the widget is mounted in, while React has it attached.
  const element = useRef<HTMLElement | null>(null);
  // An element that never appeared is never detached either, so the ref below
  // cannot end such a controller: the unmount does (its preload link would
  // stay in <head>). A task later, so that StrictMode's simulated unmount,
  // whose effects run again at once, keeps it; and not while the widget's
  // element is still in the page (a hidden <Activity>, below).
  const release = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    clearTimeout(release.current);
    return () => {
      release.current = setTimeout(() => {
        if (!element.current?.isConnected) widget.destroy();
      }, 0);
    };
  }, [widget]);
  // Mounts when React attaches the element: in the commit that renders it,
  // before any effect and without another render, also when the element
  // appears or changes later. A container and a load-time config changed in
  // one commit mount with the previous config and re-mount in the effect above.
  // React 19's StrictMode detaches and attaches the ref once more; core defers
  // the teardown, so that destroy + mount adopts the loading widget. React
  // 19.2's <Activity mode="hidden"> detaches it too but keeps the element in
  // the page: once the commit is done, the element still there takes the
  // widget up again, so the loaded widget is kept for when it is shown (an
  // unmount has removed the element by then, and the widget goes a task later).
  // The page has one widget slot: a hidden widget takes it up again only while
  // no other widget was attached since (Next.js hides the basket page with its
  // wallet buttons in the commit that shows the checkout page with its card
  // form, and the other way round: the page shown keeps the slot).
  const hiddenWatch = useRef<MutationObserver>(undefined);
  const ref = useCallback(
    (attached: HTMLElement | null) => {
      hiddenWatch.current?.disconnect();
      if (attached) {
        element.current = attached;
        attachedLast = widget;
        // The config of the render that attaches the element: a page shown
        // again with a new checkout (Next.js's router, <Activity>) loads that
        // checkout at once, never the one it was hidden with.
        widget.update(rendered.current);
        widget.mount(attached);
        return;
      }
      const detached = element.current;
      widget.destroy();
      queueMicrotask(() => {
        if (!detached?.isConnected || element.current !== detached) return;
        // Only a widget still there is kept: one another widget took the
        // page's slot from is gone, and loading it again while hidden would
        // take the slot back from the widget on show.
        if (!detached.querySelector('form.paymentWidgets')) return;
        const shown = attachedLast;
        if (shown && shown !== widget && shown.getSnapshot().status !== 'destroyed') return;
        widget.mount(detached);
        // Hidden, not gone: no ref or effect says when a hidden tree is removed
        // for good, so the page is watched until the element leaves it.
        hiddenWatch.current = new MutationObserver(() => {
          if (detached.isConnected) return;
          hiddenWatch.current?.disconnect();
          widget.destroy();
        });
        hiddenWatch.current.observe(document, { childList: true, subtree: true });
      });
    },
    [widget],
  );

  return { ref, status, error, expiresAt, expiringSoon, retry: widget.retry, pay: widget.pay };
}

/** The controller whose element React attached last: the widget on show, unless destroyed since. */
let attachedLast: PaymentWidgetController | undefined;

/**
 * On the server, React 19 renders resource hints into the page's <head>: a
 * preconnect to the gateway and a preload of the exact widget script (its
 * integrity, CORS mode and nonce), so a server-rendered checkout page starts
 * the download before its JavaScript runs. In the browser the controller
 * preloads the script itself (and removes the link again on unmount, which
 * React's hints never are). React 18 has no hints (nothing happens); an
 * invalid config gets none (the controller reports it).
 */
function hintWidgetScript({ baseUrl, checkoutId, integrity, nonce }: PaymentWidgetConfig): void {
  const { preconnect, preload } = ReactDOM as Partial<Record<'preconnect' | 'preload', (href: string, options?: object) => void>>;
  if (typeof document !== 'undefined' || !preconnect || !preload) return;
  let href: string;
  try {
    href = widgetScriptUrl(baseUrl as string, checkoutId);
  } catch {
    return;
  }
  // The loader's tag fetches in CORS mode when it checks integrity; the hints match it.
  const crossOrigin = integrity ? 'anonymous' : undefined;
  preconnect(new URL(href).origin, crossOrigin && { crossOrigin });
  preload(href, { as: 'script', integrity, crossOrigin, nonce });
}
