// Owns the composable: one @wpwl/core widget controller per effect scope,
// its snapshot mirrored into shallow refs, the config watched and handed to
// `controller.update` (core decides by value whether that re-mounts), the
// controller mounted into whatever element the template ref holds, and
// destroyed with the scope; back from <KeepAlive>, mounted again when another
// widget took the page's one widget slot meanwhile.
import {
  getCurrentInstance,
  onActivated,
  onScopeDispose,
  shallowRef,
  toValue,
  unref,
  watch,
  type MaybeRef,
  type MaybeRefOrGetter,
  type ShallowRef,
} from 'vue';
import {
  applyWidgetDefaults,
  createPaymentWidget,
  type PaymentWidgetConfig,
  type PaymentWidgetInput,
  type WidgetStatus,
  type WpwlError,
} from '@wpwl/core';
import { injectWidgetDefaults } from './context.js';

/** Each top-level field of each member of the union `T` may be a ref. */
type FieldsMaybeRef<T> = T extends unknown ? { [K in keyof T]: MaybeRef<T[K]> } : never;

/**
 * The widget config for {@link usePaymentWidget}: `PaymentWidgetConfig` whose
 * app-wide fields (`baseUrl`, `locale`, `nonce` …) may come from `WpwlPlugin`,
 * and whose top-level fields may each be a ref: a `checkoutId`, or, for
 * express checkout, a `createCheckout` (always the latest one is called).
 */
export type UsePaymentWidgetConfig = FieldsMaybeRef<PaymentWidgetInput>;

/** What {@link usePaymentWidget} returns. */
export interface UsePaymentWidgetReturn {
  /** Bind as the template ref of an empty element: the widget renders into it while it is there. */
  containerRef: ShallowRef<HTMLElement | null>;
  /** The controller's status: `idle`, `loading`, `ready`, `submitting`, `error`, `expired` or `destroyed`. */
  status: Readonly<ShallowRef<WidgetStatus>>;
  /** The last error (why the status is `error` or `expired`, or a widget error while `ready`). */
  error: Readonly<ShallowRef<WpwlError | undefined>>;
  /** While a checkout is shown: when it expires, in ms on this device's clock (`expiresAt - Date.now()` is the time left). */
  expiresAt: Readonly<ShallowRef<number | undefined>>;
  /** The checkout ends within `warnBeforeExpiryMs` (default 5 minutes): offer a new checkout for the same cart. */
  expiringSoon: Readonly<ShallowRef<boolean>>;
  /** After a failed load or widget error: loads the widget again. */
  retry(): void;
  /**
   * Pays from your own "Place order" button: submits the widget's card form as
   * its pay button would, before-submit hooks included. False when nothing was
   * submitted (not `ready`).
   */
  pay(): boolean;
}

/**
 * Renders the payment widget into an element of your template.
 *
 * `config` may be a plain object, a `reactive` one, a ref or a getter, and its
 * top-level fields may be refs; every change reaches the controller, which
 * re-mounts only when something the widget reads at load time changed by
 * value (a new checkout id, other options), not for new callback functions.
 * Call it in `setup` (or inside an `effectScope`): the widget is destroyed
 * when that scope ends.
 *
 * @example
 * const { containerRef, status, error, retry } = usePaymentWidget(() => ({
 *   checkoutId: props.checkoutId,
 *   brands: 'VISA MASTER',
 *   shopperResultUrl: `${location.origin}/result`,
 * }));
 * // template: <div ref="containerRef" />
 *
 * @example
 * // Express checkout: wallet buttons first, the checkout prepared at a press.
 * usePaymentWidget({ brands: 'GOOGLEPAY', amount: '89.80', currency: 'EUR', shopperResultUrl, createCheckout: ({ brand }) => prepare(brand) });
 */
export function usePaymentWidget(config: MaybeRefOrGetter<UsePaymentWidgetConfig>): UsePaymentWidgetReturn {
  const defaults = injectWidgetDefaults();
  const read = (): PaymentWidgetConfig => {
    const input = toValue(config);
    const plain: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) plain[key] = unref(value as unknown);
    return applyWidgetDefaults(plain as PaymentWidgetInput, toValue(defaults));
  };

  const controller = createPaymentWidget(read());
  const status = shallowRef(controller.getSnapshot().status);
  const error = shallowRef(controller.getSnapshot().error);
  const expiresAt = shallowRef<number | undefined>();
  const expiringSoon = shallowRef(false);
  const unsubscribe = controller.subscribe(() => {
    const snapshot = controller.getSnapshot();
    ({ status: status.value, error: error.value, expiresAt: expiresAt.value } = snapshot);
    expiringSoon.value = !!snapshot.expiringSoon;
  });
  const containerRef = shallowRef<HTMLElement | null>(null);

  // Deep, so that mutating a reactive `options` object is seen as well.
  watch(read, (next) => controller.update(next), { deep: true });
  // After render, when the template ref is set; a removed element (v-if) ends the widget.
  watch(containerRef, (el) => (el ? controller.mount(el) : controller.destroy()), { flush: 'post' });
  // Kept alive (<KeepAlive>) while another widget took the page's one widget slot (express checkout on the
  // cart, say): this one was let go, and loads again when its component is shown again.
  if (getCurrentInstance()) {
    onActivated(() => {
      if (containerRef.value && controller.getSnapshot().status === 'destroyed') controller.mount(containerRef.value);
    });
  }
  onScopeDispose(() => {
    controller.destroy();
    unsubscribe();
  });

  return { containerRef, status, error, expiresAt, expiringSoon, retry: () => controller.retry(), pay: () => controller.pay() };
}
