'use client';
// Owns <PaymentWidget>: the ready-made layout around usePaymentWidget (a
// wrapper element, the fallback while the widget is not usable, and the
// element the widget renders into).
import { forwardRef, useEffect, useImperativeHandle, useRef, type ReactNode } from 'react';
import { applyWidgetDefaults, localeAttributes, watchFocus, widgetStartHtml, type FocusWatch } from '@wpwl/core';
import { useWidgetDefaults } from './provider.js';
import { usePaymentWidget, type PaymentWidgetConfigInput, type PaymentWidgetState } from './use-payment-widget.js';

/** What a `fallback` function receives. */
export type PaymentWidgetFallbackState = Omit<PaymentWidgetState, 'ref'>;

/** What a ref to {@link PaymentWidget} offers: `widgetRef.current?.pay()` from your own "Place order" button. */
export interface PaymentWidgetHandle {
  /**
   * Submits the widget's card form as its pay button would, `onBeforeSubmit`
   * included. False when nothing was submitted (not `ready`).
   */
  pay(): boolean;
  /** After a failed load or widget error: loads the widget again. */
  retry(): void;
}

/**
 * Props of {@link PaymentWidget}: the widget config (with either a
 * `checkoutId` or, for express checkout, a `createCheckout`) plus presentation.
 */
export type PaymentWidgetProps = PaymentWidgetConfigInput & PaymentWidgetPresentation;

/** The presentation props of {@link PaymentWidget}, next to the widget config. */
export interface PaymentWidgetPresentation {
  /** Class of the wrapper element (which carries `data-wpwl-status`). */
  className?: string | undefined;
  /**
   * Shown while the widget is loading, failed or expired (not once it is ready).
   * A function receives `{ status, error, expiresAt, expiringSoon, retry }` to offer a retry button.
   */
  fallback?: ReactNode | ((state: PaymentWidgetFallbackState) => ReactNode);
  /**
   * Without `fallback`: shown while the widget loads. Plain content, so a React
   * Server Component can pass it (functions cannot cross to a client component).
   */
  loadingContent?: ReactNode;
  /** Without `fallback`: shown when the widget failed (load or widget error). */
  errorContent?: ReactNode;
  /** Without `fallback`: shown when the checkout expired (prepare a new one). */
  expiredContent?: ReactNode;
  /** Without `fallback`: the label of a built-in "try again" button shown with `errorContent` (`data-wpwl-retry`). */
  retryLabel?: ReactNode;
  /**
   * Shown, and announced as an alert, while the form is up and the checkout
   * ends within `warnBeforeExpiryMs`: offer the shopper a new checkout.
   */
  expiringSoonContent?: ReactNode;
  /**
   * Server rendering writes the widget itself into the page's HTML: its form,
   * its options and an inline script that adds its script tag, so that the
   * browser loads and renders the widget while it parses the page, as a
   * hand-written page does, before the page's JavaScript has loaded and
   * hydrated. The component takes that widget over when it hydrates (a
   * payment tried before then is refused). Without server rendering it changes
   * nothing. Under a Content-Security-Policy pass `nonce`: the inline script
   * needs it. For a checkout page whose widget is in the server's first flush
   * (not in a boundary revealed later). An express widget (`createCheckout`)
   * is never started by the server (its callback must answer in the browser):
   * it renders the placeholder and loads after hydration.
   */
  serverStart?: boolean | undefined;
}

/** What the container keeps on the client when the server started the widget: React leaves its content alone. */
const SERVER_CONTENT = { __html: '' };

/**
 * The payment widget as a component. Server rendering outputs the same
 * wrapper with `data-wpwl-status="idle"` and the fallback, and touches no
 * browser global; the widget loads after hydration.
 *
 * Accessibility: the loading content sits in a polite `role="status"`
 * region, the error, expired and expiring-soon content in a `role="alert"`
 * region (whatever you pass as content or `fallback`). When the form gives way
 * to an error or expiry message while the shopper's focus was in it, focus
 * moves to the message's first button or link, else to the message. The
 * wrapper carries the locale's `lang` and `dir` (`rtl` for Arabic).
 *
 * @example
 * <PaymentWidget
 *   checkoutId={checkout.id}
 *   brands="VISA MASTER"
 *   shopperResultUrl="https://shop.example/result"
 *   baseUrl="https://test.example-gateway.com"
 *   integrity={checkout.integrity}
 *   onBeforeSubmit={() => confirmStock()}
 *   fallback={({ status, retry }) => (status === 'error' ? <button onClick={retry}>Try again</button> : 'Loading…')}
 * />
 */
// Pure: an app that imports only <WpwlProvider> does not ship the widget controller.
export const PaymentWidget = /* @__PURE__ */ forwardRef<PaymentWidgetHandle, PaymentWidgetProps>(function PaymentWidget(
  { className, fallback, loadingContent, errorContent, expiredContent, retryLabel, expiringSoonContent, serverStart, ...config },
  handle,
): ReactNode {
  const { ref, ...state } = usePaymentWidget(config);
  const defaults = useWidgetDefaults();
  const merged = applyWidgetDefaults(config, defaults);
  // The server writes the widget's start into the container; the browser's
  // first render hydrates the container without its content (the widget's,
  // from then on) and without comparing it.
  const started = serverStart && {
    dangerouslySetInnerHTML: typeof document === 'undefined' ? { __html: widgetStartHtml(merged) } : SERVER_CONTENT,
    suppressHydrationWarning: true,
  };
  const { status, pay, retry } = state;
  useImperativeHandle(handle, () => ({ pay, retry }), [pay, retry]);
  const loading = status === 'idle' || status === 'loading';
  const failed = status === 'error' || status === 'expired';
  // Focus that goes with the form (or a retry button) goes to the message that replaces it.
  const wrapper = useRef<HTMLDivElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const focus = useRef<FocusWatch>(undefined);
  useEffect(() => {
    const watch = (focus.current = watchFocus(wrapper.current!));
    return watch.stop;
  }, []);
  useEffect(() => {
    if (failed) focus.current?.moveTo(alert.current);
  }, [failed, status]);
  const content =
    (loading || failed) &&
    (fallback !== undefined ? (
      typeof fallback === 'function' ? (
        fallback(state)
      ) : (
        fallback
      )
    ) : status === 'error' ? (
      <>
        {errorContent}
        {retryLabel !== undefined && (
          <button type="button" data-wpwl-retry onClick={retry}>
            {retryLabel}
          </button>
        )}
      </>
    ) : status === 'expired' ? (
      expiredContent
    ) : (
      loadingContent
    ));
  return (
    <div
      ref={wrapper}
      className={className}
      data-wpwl-status={status}
      data-wpwl-expiring-soon={state.expiringSoon || undefined}
      {...localeAttributes(merged.locale ?? merged.options?.locale)}
    >
      <div role="status">{loading && content}</div>
      <div role="alert" ref={alert}>
        {failed ? content : state.expiringSoon && expiringSoonContent}
      </div>
      <div ref={ref} {...started} />
    </div>
  );
});
