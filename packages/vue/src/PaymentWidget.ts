// Owns <PaymentWidget>: props in, the core controller's events out as Vue
// emits, and the loading / error / expired slots around the widget's element.
// Everything else is usePaymentWidget's (and so core's).
import {
  defineComponent,
  h,
  onBeforeUnmount,
  onMounted,
  shallowRef,
  toValue,
  watch,
  type AllowedComponentProps,
  type ComponentCustomProps,
  type ComponentOptionsMixin,
  type DefineComponent,
  type SlotsType,
  type VNodeProps,
} from 'vue';
import {
  WIDGET_CONFIG_FIELDS,
  applyWidgetDefaults,
  localeAttributes,
  watchFocus,
  widgetStartHtml,
  type FocusWatch,
  type BeforeSubmitContext,
  type BeforeSubmitResult,
  type CreateCheckout,
  type WidgetSnapshot,
  type PaymentWidgetInput,
  type WidgetConfigValueKey,
  type WpwlError,
} from '@wpwl/core';
import { injectWidgetDefaults } from './context.js';
import { usePaymentWidget } from './usePaymentWidget.js';

/**
 * Props of {@link PaymentWidget}: the value fields of `PaymentWidgetConfig`
 * from `@wpwl/core` (their docs come along), with `beforeSubmit` for
 * `onBeforeSubmit` and `createCheckout` for express checkout (callbacks that
 * return a value); the other callbacks are emits. The app-wide fields fall
 * back to `WpwlPlugin`'s defaults. Give either `checkoutId` or, for express
 * checkout, `createCheckout`: with neither (or both) the widget reports
 * `INVALID_CHECKOUT_ID` (`INVALID_OPTIONS`) through `error`.
 */
export interface PaymentWidgetProps extends Pick<PaymentWidgetInput, WidgetConfigValueKey> {
  /**
   * Express checkout (no `checkoutId`): prepares the checkout when the shopper
   * presses a wallet button and answers its id, or `{ id, amount, currency }`
   * (the amount required when the `amount` prop is given, and compared with
   * it), directly or as a promise; nothing stops the payment quietly. A
   * failure is emitted as `error` (`CREATE_CHECKOUT_FAILED`,
   * `CREATE_CHECKOUT_TIMEOUT`, `INVALID_CHECKOUT_ID`, `AMOUNT_MISMATCH`) and
   * the status goes back to `ready`: the shopper can press again. Always the
   * latest prop is called: a new function does not re-mount the widget.
   */
  createCheckout?: CreateCheckout;
  /** Runs before every payment: `false`, or a promise resolving to `false`, blocks it. */
  beforeSubmit?: (context: BeforeSubmitContext) => BeforeSubmitResult;
  /**
   * Server rendering writes the widget itself into the page's HTML (its form,
   * its options and an inline script that adds its script tag), so that the
   * browser loads and renders it while it parses the page, before the app has
   * hydrated; the component takes that widget over when it mounts (a payment
   * tried before then is sent through `beforeSubmit` then). Without server
   * rendering it changes nothing. Under a Content-Security-Policy pass `nonce`:
   * the inline script needs it. `server-start` in a template.
   */
  serverStart?: boolean;
}

/** Events of {@link PaymentWidget}. */
export type PaymentWidgetEmits = {
  /** The widget is ready for the shopper. */
  ready: () => void;
  /** Any error: invalid props, load failure, widget error, rejected before-submit hook, expiry. */
  error: (error: WpwlError) => void;
  /** The checkout expired and the widget was unloaded: pass a new `checkoutId`. */
  expired: () => void;
  /** The status changed; the argument is the controller's new snapshot. */
  'status-change': (snapshot: WidgetSnapshot) => void;
  /** The checkout ends within `warnBeforeExpiryMs`; the argument is `expiresAt` (ms, this device's clock). */
  'expiring-soon': (expiresAt: number) => void;
};

/** The emits as listener props, for `h(PaymentWidget, { onError })` and JSX. */
export interface PaymentWidgetListeners {
  onReady?: () => void;
  onError?: (error: WpwlError) => void;
  onExpired?: () => void;
  onStatusChange?: (snapshot: WidgetSnapshot) => void;
  onExpiringSoon?: (expiresAt: number) => void;
}

/** What a template ref to {@link PaymentWidget} offers (`ref.value.pay()`). */
// A type, not an interface: Vue's methods slot wants an index-signature-compatible object type.
export type PaymentWidgetExposed = {
  /**
   * Pays from your own "Place order" button: submits the widget's card form as
   * its pay button would, `beforeSubmit` included. False when nothing was
   * submitted (not `ready`).
   */
  pay(): boolean;
  /** After a failed load or widget error: loads the widget again. */
  retry(): void;
};

/** Props of the error slot. */
export interface PaymentWidgetErrorSlotProps {
  /** Why the widget is in `error`: switch on `error.code`. */
  error: WpwlError | undefined;
  /** Loads the widget again. */
  retry(): void;
}

/** Slots of {@link PaymentWidget}. */
export type PaymentWidgetSlots = SlotsType<{
  /** Shown while the widget loads. */
  loading: Record<string, never>;
  /** Shown in the `error` status. */
  error: PaymentWidgetErrorSlotProps;
  /** Shown once the checkout expired. */
  expired: Record<string, never>;
  /** Shown while the form is up and the checkout ends within `warnBeforeExpiryMs`; `expiresAt` in ms on this device's clock. */
  'expiring-soon': { expiresAt: number | undefined };
}>;

/**
 * The component's type, spelled with the first 13 parameters of
 * `DefineComponent` only: those mean the same from Vue 3.3 to 3.5, so one
 * declaration file serves every supported Vue (3.3 has no
 * `DefineSetupFnComponent`, 3.5 adds parameters at the end). The `{}` are
 * Vue's own defaults for "none" in those places.
 */
/* eslint-disable @typescript-eslint/no-empty-object-type */
export type PaymentWidgetComponent = DefineComponent<
  PaymentWidgetProps,
  {},
  {},
  {},
  PaymentWidgetExposed,
  ComponentOptionsMixin,
  ComponentOptionsMixin,
  PaymentWidgetEmits,
  string,
  VNodeProps & AllowedComponentProps & ComponentCustomProps,
  Readonly<PaymentWidgetProps> & PaymentWidgetListeners,
  {},
  PaymentWidgetSlots
>;
/* eslint-enable @typescript-eslint/no-empty-object-type */

/** Every value field of core's config, `createCheckout`, `beforeSubmit` for its `onBeforeSubmit`, and `serverStart`. */
const PROPS: (keyof PaymentWidgetProps)[] = [
  ...(Object.keys(WIDGET_CONFIG_FIELDS) as (keyof PaymentWidgetProps)[]),
  'createCheckout',
  'beforeSubmit',
  'serverStart',
];

/**
 * The payment widget as a component.
 *
 * Emits `ready`, `error` (a `WpwlError`), `expired`, `status-change` and
 * `expiring-soon` (with `expiresAt`).
 * Slots: `loading` while the widget loads, `error` with `{ error, retry }`,
 * `expired` after the checkout expired, `expiring-soon` with `{ expiresAt }`
 * while the checkout ends soon. The root element carries the status as
 * `data-wpwl-status`, and the locale's `lang` and `dir`.
 *
 * Accessibility: the `loading` slot is rendered in a polite `role="status"`
 * region, the `error`, `expired` and `expiring-soon` slots in a `role="alert"`
 * region. When the form gives way to an error or expiry message while the
 * shopper's focus was in it, focus moves to the message's first button or
 * link, else to the message.
 *
 * @example
 * <PaymentWidget :checkout-id="id" brands="VISA MASTER" :shopper-result-url="resultUrl" @ready="onReady">
 *   <template #loading>Loading…</template>
 *   <template #error="{ error, retry }">{{ error.message }} <button @click="retry">Try again</button></template>
 * </PaymentWidget>
 *
 * @example
 * <!-- Express checkout: wallet buttons before any checkout exists. -->
 * <PaymentWidget brands="APPLEPAY GOOGLEPAY" amount="89.80" currency="EUR" :create-checkout="prepare"
 *   :shopper-result-url="resultUrl" @error="(error) => (problem = error.code)" />
 */
export const PaymentWidget = /* @__PURE__ */ defineComponent<PaymentWidgetProps, PaymentWidgetEmits, string, PaymentWidgetSlots>(
  (props, { emit, slots, expose }) => {
    // Props hold checkoutId and createCheckout both optional: core reports a config with neither.
    const { containerRef, status, error, expiresAt, expiringSoon, retry, pay } = usePaymentWidget(() => ({
      ...(props as PaymentWidgetInput),
      onBeforeSubmit: props.beforeSubmit,
      onReady: () => emit('ready'),
      onError: (e: WpwlError) => emit('error', e),
      onExpired: () => emit('expired'),
      onStatusChange: (snapshot: WidgetSnapshot) => emit('status-change', snapshot),
      onExpiringSoon: (expiresAt: number) => emit('expiring-soon', expiresAt),
    }));
    expose({ pay, retry } satisfies PaymentWidgetExposed);
    const defaults = injectWidgetDefaults();
    // `server-start` in a template is an empty string (the props are declared untyped).
    const serverStart = () => props.serverStart !== undefined && props.serverStart !== false;
    // Focus that goes with the form (or a retry button) goes to the message that replaces it.
    const root = shallowRef<HTMLElement>();
    const alert = shallowRef<HTMLElement>();
    let focus: FocusWatch | undefined;
    onMounted(() => (focus = watchFocus(root.value!)));
    onBeforeUnmount(() => focus?.stop());
    watch(
      status,
      (now) => {
        if (now === 'error' || now === 'expired') focus?.moveTo(alert.value);
      },
      { flush: 'post' },
    );
    return () => {
      const now = status.value;
      // Neither checkoutId nor createCheckout is core's to report (INVALID_CHECKOUT_ID, naming both).
      const merged = applyWidgetDefaults({ ...props } as PaymentWidgetInput, toValue(defaults));
      // The server writes the widget's start into the container. The browser renders it childless, and
      // Vue hydrates no children of a childless vnode: what the server wrote stays, for the controller.
      const started = typeof document === 'undefined' && serverStart() && { innerHTML: widgetStartHtml(merged) };
      const rootAttributes = {
        ref: root,
        'data-wpwl-status': now,
        'data-wpwl-expiring-soon': expiringSoon.value || undefined,
        ...localeAttributes(merged.locale ?? merged.options?.locale),
      };
      return h('div', rootAttributes, [
        // A childless vnode: Vue never patches inside it, the widget owns its content.
        h('div', { ref: containerRef, ...started }),
        // Both regions are always there, so that screen readers know them before their content changes.
        h('div', { role: 'status' }, now === 'idle' || now === 'loading' ? slots.loading?.({}) : undefined),
        h(
          'div',
          { role: 'alert', ref: alert },
          now === 'error'
            ? slots.error?.({ error: error.value, retry })
            : now === 'expired'
              ? slots.expired?.({})
              : expiringSoon.value
                ? slots['expiring-soon']?.({ expiresAt: expiresAt.value })
                : undefined,
        ),
      ]);
    };
  },
  { name: 'PaymentWidget', props: PROPS, emits: ['ready', 'error', 'expired', 'status-change', 'expiring-soon'] },
) as unknown as PaymentWidgetComponent;
