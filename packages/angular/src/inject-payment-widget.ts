// Owns injectPaymentWidget: one @wpwl/core widget controller per injection
// context, its snapshot mirrored into a signal, the config and container read
// after every render that changed them (core decides by value whether a new
// config re-mounts), the controller destroyed with the context. In a browser
// the widget runs outside Angular's zone (its 30-minute expiry timer would
// keep a zone.js app from ever being stable) and the caller's callbacks come
// back into it. On the server nothing touches a browser global: the widget
// script's preload and preconnect links go into the rendered <head> instead.
import {
  DOCUMENT,
  DestroyRef,
  NgZone,
  PLATFORM_ID,
  afterRenderEffect,
  computed,
  effect,
  inject,
  signal,
  untracked,
  type ElementRef,
  type Signal,
} from '@angular/core';
import {
  applyWidgetDefaults,
  createPaymentWidget,
  widgetPreloadHtml,
  type PaymentWidgetConfig,
  type PaymentWidgetController,
  type PaymentWidgetInput,
  type WidgetSnapshot,
  type WidgetStatus,
  type WpwlError,
} from '@wpwl/core';
import { injectWidgetDefaults } from './defaults.js';

/** What {@link injectPaymentWidget} returns: the widget's state as signals, and its two actions. */
export interface PaymentWidgetRef {
  /** Core's whole snapshot: a new object on every change. */
  readonly snapshot: Signal<WidgetSnapshot>;
  /** The config the widget gets: yours with {@link provideWpwl}'s defaults; undefined while yours is. */
  readonly config: Signal<PaymentWidgetConfig | undefined>;
  /** `idle`, `loading`, `ready`, `submitting`, `error`, `expired` or `destroyed`; always `idle` on the server. */
  readonly status: Signal<WidgetStatus>;
  /** The last error (why the status is `error` or `expired`, or a widget error while `ready`). */
  readonly error: Signal<WpwlError | undefined>;
  /** While a checkout is shown: when it expires, in ms on this device's clock (`expiresAt - Date.now()` is the time left). */
  readonly expiresAt: Signal<number | undefined>;
  /** The checkout ends within `warnBeforeExpiryMs` (default 5 minutes): offer a new checkout for the same cart. */
  readonly expiringSoon: Signal<boolean>;
  /**
   * Pays from your own "Place order" button: submits the widget's card form
   * as its pay button would, before-submit hooks included. False when nothing
   * was submitted (not `ready`).
   */
  pay(): boolean;
  /** After a failed load or a widget error: loads the widget again. */
  retry(): void;
}

/** A callback of core's config, as the zone wrapper sees it. */
type Callback = (...args: unknown[]) => unknown;

/** An element, or Angular's reference to one (what `viewChild` gives). */
export type WidgetContainer = HTMLElement | ElementRef<HTMLElement> | undefined;

/**
 * Renders the payment widget into an element of your component's template.
 * Call it in an injection context (a field initializer or the constructor):
 * the widget is destroyed with that context.
 *
 * `config` is read in a reactive context, so a signal read inside it is
 * followed: a new checkout id re-mounts the widget once, equal options
 * re-mount nothing, new callback functions (`createCheckout` included) are
 * simply used from then on. Return `undefined` while there is nothing to pay
 * yet. For express checkout give `createCheckout` (and the cart's `amount`)
 * instead of a `checkoutId`. The app-wide fields
 * (`baseUrl`, `locale`, `nonce` …) fall back to {@link provideWpwl}'s defaults.
 *
 * @example
 * export class Checkout {
 *   readonly checkoutId = input.required<string>();
 *   // A field of its own: Angular's compiler accepts viewChild() nowhere else (NG8110).
 *   private readonly container = viewChild<ElementRef<HTMLElement>>('payment');
 *   readonly widget = injectPaymentWidget(
 *     () => ({ checkoutId: this.checkoutId(), brands: 'VISA MASTER', shopperResultUrl: `${location.origin}/result` }),
 *     this.container,
 *   );
 * }
 * // template: <div #payment></div> <button (click)="widget.pay()" [disabled]="widget.status() !== 'ready'">Place order</button>
 */
export function injectPaymentWidget(config: () => PaymentWidgetInput | undefined, container: () => WidgetContainer): PaymentWidgetRef {
  const zone = inject(NgZone);
  const defaults = injectWidgetDefaults();
  const snapshot = signal<WidgetSnapshot>({ status: 'idle' });
  let controller: PaymentWidgetController | undefined;
  let mountedIn: HTMLElement | undefined;
  let alive = true;
  const merged = computed(() => {
    const input = config();
    if (!input) return undefined;
    // A new object: its functions can be replaced.
    const withDefaults = applyWidgetDefaults(input, defaults()) as unknown as Record<string, unknown>;
    // The callbacks (onReady, onError …), the config's only functions: called
    // back inside the zone, and never once the context is gone (an output
    // would then complain).
    for (const name in withDefaults) {
      const value = withDefaults[name];
      if (typeof value === 'function')
        withDefaults[name] = (...args: unknown[]) => (alive ? zone.run(() => (value as Callback)(...args)) : undefined);
    }
    return withDefaults as unknown as PaymentWidgetConfig;
  });

  // The server: what isPlatformServer() compares with, without @angular/common
  // in the bundle. Angular's build defines `ngServerMode` false in a browser
  // bundle (its own server-only code goes the same way), which drops this
  // branch there; where nothing defines it, the platform decides alone.
  if ((typeof ngServerMode === 'undefined' || ngServerMode) && inject(PLATFORM_ID) === 'server') preloadOnServer(merged, inject(DOCUMENT));
  // After the render that changed the config or the container (the element
  // is then in the page); Angular runs these outside its zone already.
  else
    afterRenderEffect(() => {
      const next = merged();
      const target = container();
      // An ElementRef, or the element itself (which has no nativeElement).
      const element = (target as ElementRef<HTMLElement> | undefined)?.nativeElement ?? (target as HTMLElement | undefined);
      untracked(() => {
        if (!next || !element) {
          if (mountedIn) controller!.destroy();
          mountedIn = undefined;
          return;
        }
        // Core compares by value: an equal config re-mounts nothing.
        if (controller) controller.update(next);
        else {
          const created = (controller = createPaymentWidget(next));
          created.subscribe(() => snapshot.set(created.getSnapshot()));
          // An invalid config starts in `error` without a change to announce.
          snapshot.set(created.getSnapshot());
        }
        if (element !== mountedIn) controller.mount((mountedIn = element));
      });
    });
  inject(DestroyRef).onDestroy(() => {
    alive = false;
    zone.runOutsideAngular(() => controller?.destroy());
  });

  // pay() and retry() come from the page's own buttons, inside the zone.
  return {
    config: merged,
    snapshot,
    status: computed(() => snapshot().status),
    error: computed(() => snapshot().error),
    expiresAt: computed(() => snapshot().expiresAt),
    expiringSoon: computed(() => !!snapshot().expiringSoon),
    pay: () => zone.runOutsideAngular(() => !!controller?.pay()),
    retry: () => zone.runOutsideAngular(() => controller?.retry()),
  };
}

/**
 * Server rendering: core's `<link rel="preconnect">` and `<link rel="preload"
 * as="script">` (`widgetPreloadHtml`) in the page's `<head>`, once, so the
 * browser starts downloading the widget script before the app's JavaScript
 * runs (the controller in the browser adopts the preload). An invalid config
 * gets none: the widget reports it in the browser.
 */
function preloadOnServer(config: Signal<PaymentWidgetConfig | undefined>, document: Document): void {
  effect(() => {
    let links: string;
    try {
      links = widgetPreloadHtml(config()!);
    } catch {
      return;
    }
    if (!document.head.innerHTML.includes(links)) document.head.insertAdjacentHTML('beforeend', links);
  });
}
