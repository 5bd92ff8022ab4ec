// Owns <wpwl-payment-widget>: one signal input per value field of core's
// config (the config is assembled from core's own list of fields), core's
// callbacks as typed outputs, the loading / error / expired content projected
// around the widget's element, and pay() / retry() for a template reference.
// Everything else is injectPaymentWidget's (and so core's).
import {
  ChangeDetectionStrategy,
  Component,
  DestroyRef,
  ElementRef,
  afterRenderEffect,
  computed,
  inject,
  input,
  output,
  type InputSignal,
  type Signal,
} from '@angular/core';
import {
  WIDGET_CONFIG_FIELDS,
  localeAttributes,
  watchFocus,
  type FocusWatch,
  type LocaleAttributes,
  type BeforeSubmitContext,
  type BeforeSubmitResult,
  type CreateCheckout,
  type CustomParameters,
  type PaymentWidgetInput,
  type WidgetConfigValueKey,
  type WidgetSnapshot,
  type WpwlError,
} from '@wpwl/core';
import { injectPaymentWidget, type PaymentWidgetRef } from './inject-payment-widget.js';

/**
 * An input for every value field of core's `PaymentWidgetConfig`: a field
 * added there fails to compile here until the component has its input.
 */
export type PaymentWidgetInputs = { readonly [K in WidgetConfigValueKey]-?: InputSignal<PaymentWidgetInput[K]> };

const FIELDS = Object.keys(WIDGET_CONFIG_FIELDS) as WidgetConfigValueKey[];

/**
 * The payment widget as a standalone component.
 *
 * Inputs: every field of core's config (`checkoutId`, `brands`,
 * `shopperResultUrl`, `baseUrl`, `integrity`, `nonce`, `locale`, `options`,
 * `customParameters`, `amount`, `currency`, `createCheckoutTimeoutMs`,
 * `createdAt`, `expiresInMs`, `warnBeforeExpiryMs`, `timeoutMs`, `retries`),
 * the app-wide ones falling back to `provideWpwl()`; `beforeSubmit`; and, for
 * express checkout (wallet buttons before any checkout exists), `createCheckout`
 * instead of `checkoutId`. Outputs: `statusChange`, `ready`, `paymentError`, `expired`,
 * `expiringSoon`. Content marked `wpwlLoading`, `wpwlError` or `wpwlExpired`
 * is shown in that state, `wpwlExpiringSoon` while the form is up and the
 * checkout ends soon. The host carries the status as `data-wpwl-status`, and
 * the locale's `lang` and `dir`.
 *
 * Accessibility: the loading content is projected into a polite
 * `role="status"` region, the error, expired and expiring-soon content into a
 * `role="alert"` region. When the form gives way to an error or expiry message
 * while the shopper's focus was in it, focus moves to the message's first
 * button or link, else to the message.
 *
 * @example
 * <wpwl-payment-widget #payment [checkoutId]="checkout.id" brands="VISA MASTER" [shopperResultUrl]="resultUrl" (expired)="renew()">
 *   <p wpwlLoading>Loading…</p>
 *   <p wpwlError>{{ payment.widget.error()?.message }} <button (click)="payment.retry()">Try again</button></p>
 * </wpwl-payment-widget>
 */
@Component({
  selector: 'wpwl-payment-widget',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: {
    '[attr.data-wpwl-status]': 'widget.status()',
    '[attr.data-wpwl-expiring-soon]': "widget.expiringSoon() ? '' : null",
    '[attr.lang]': 'language().lang',
    '[attr.dir]': 'language().dir',
  },
  // The widget owns everything inside the first element: Angular renders nothing there.
  // Both regions are always there, so that screen readers know them before their content changes.
  template: `<div></div>
    <div role="status">
      @if (widget.status() === 'idle' || widget.status() === 'loading') {
        <ng-content select="[wpwlLoading]" />
      }
    </div>
    <div role="alert">
      @if (widget.status() === 'error') {
        <ng-content select="[wpwlError]" />
      } @else if (widget.status() === 'expired') {
        <ng-content select="[wpwlExpired]" />
      } @else if (widget.expiringSoon()) {
        <ng-content select="[wpwlExpiringSoon]" />
      }
    </div>`,
})
export class PaymentWidgetComponent implements PaymentWidgetInputs {
  /** The id from prepare checkout; a new id re-mounts the widget once. Leave it out for express checkout (`createCheckout`). */
  readonly checkoutId = input<string>();
  /** Brands to offer: `"VISA MASTER"` or `['VISA', 'MASTER']`. */
  readonly brands = input<PaymentWidgetInput['brands']>();
  /** Where the shopper lands after paying (absolute https URL; http on loopback for development). */
  readonly shopperResultUrl = input<string>();
  /** The gateway's base URL. */
  readonly baseUrl = input<string>();
  /** `sha384-…` from the checkout response (`integrity=true`). */
  readonly integrity = input<string>();
  /** The page's CSP nonce for the script tag; default `provideWpwl()`'s, else Angular's `CSP_NONCE`. */
  readonly nonce = input<string>();
  /** Widget code or BCP-47 tag; wins over `options.locale`. */
  readonly locale = input<string>();
  /** Every documented `wpwlOptions` key, typed; compared by value, so a new equal object re-mounts nothing. */
  readonly options = input<PaymentWidgetInput['options']>();
  /** Sent with the payment as `customParameters[NAME]`; names must start with `SHOPPER_`. */
  readonly customParameters = input<CustomParameters>();
  /** Express checkout: the cart total (`12.50`) every wallet sheet shows, compared with the checkout `createCheckout` prepares. */
  readonly amount = input<string>();
  /** Express checkout: the cart's currency, compared with the checkout's when `createCheckout` gives one. */
  readonly currency = input<string>();
  /** Express checkout: how long `createCheckout` may take before `CREATE_CHECKOUT_TIMEOUT`; default 20 seconds. */
  readonly createCheckoutTimeoutMs = input<number>();
  /** When the checkout was prepared, on this device's clock; prefer `expiresInMs`. */
  readonly createdAt = input<Date | number>();
  /** Time left on the checkout as your server computed it; default 30 minutes from the first mount. */
  readonly expiresInMs = input<number>();
  /** How long before the end `expiringSoon` is emitted; default 5 minutes. */
  readonly warnBeforeExpiryMs = input<number>();
  /** Script load timeout in ms. */
  readonly timeoutMs = input<number>();
  /** Script load retries. */
  readonly retries = input<number>();
  /** Runs before every payment: `false`, or a promise resolving to `false`, blocks it. */
  readonly beforeSubmit = input<(context: BeforeSubmitContext) => BeforeSubmitResult>();
  /**
   * Express checkout, instead of `checkoutId`: prepares the checkout when the
   * shopper presses a wallet button and answers `{ id, amount, currency }`
   * (or the id), directly or as a promise; nothing stops the payment quietly.
   * An input, since it answers: the latest function is called, a new one
   * re-mounts nothing. Failures reach `paymentError` (`CREATE_CHECKOUT_FAILED`,
   * `CREATE_CHECKOUT_TIMEOUT`, `INVALID_CHECKOUT_ID`, `AMOUNT_MISMATCH`).
   */
  readonly createCheckout = input<CreateCheckout>();

  /** The status changed; the payload is core's new snapshot. */
  readonly statusChange = output<WidgetSnapshot>();
  /** The widget is ready for the shopper. */
  readonly ready = output<void>();
  /**
   * Any error: invalid inputs, load failure, widget error, rejected before-submit hook, expiry.
   * Not `error`: that is a DOM event's name, and a DOM `error` event on the host would reach the handler.
   */
  readonly paymentError = output<WpwlError>();
  /** The checkout expired and the widget was unloaded: pass a new `checkoutId`. */
  readonly expired = output<void>();
  /** The checkout ends within `warnBeforeExpiryMs`; the payload is `expiresAt` (ms, this device's clock). */
  readonly expiringSoon = output<number>();

  private readonly host: ElementRef<HTMLElement> = inject(ElementRef);

  /** The widget's state as signals (`status`, `error`, `expiresAt`, `expiringSoon`, `snapshot`). */
  readonly widget: PaymentWidgetRef = injectPaymentWidget(
    () => {
      const config: Record<string, unknown> = {
        onBeforeSubmit: this.beforeSubmit(),
        createCheckout: this.createCheckout(),
        onStatusChange: (snapshot: WidgetSnapshot) => this.statusChange.emit(snapshot),
        onReady: () => this.ready.emit(),
        onError: (error: WpwlError) => this.paymentError.emit(error),
        onExpired: () => this.expired.emit(),
        onExpiringSoon: (expiresAt: number) => this.expiringSoon.emit(expiresAt),
      } satisfies Partial<PaymentWidgetInput>;
      for (const field of FIELDS) config[field] = this[field]();
      return config as PaymentWidgetInput;
    },
    // The template's first element, once rendered: the widget's own.
    () => this.host.nativeElement.firstElementChild as HTMLElement,
  );

  /** The host's `lang` and `dir`, for the widget's locale (its input, else `options.locale`, else `provideWpwl()`'s). */
  protected readonly language: Signal<LocaleAttributes> = computed(() => {
    const config = this.widget.config()!;
    return localeAttributes(config.locale ?? config.options?.locale);
  });

  /**
   * Pays from the page's own "Place order" button: submits the widget's card
   * form as its pay button would, `beforeSubmit` included. False when nothing
   * was submitted (the status is not `ready`).
   */
  readonly pay: () => boolean = this.widget.pay;

  /** After a failed load or a widget error: loads the widget again. */
  readonly retry: () => void = this.widget.retry;

  constructor() {
    // Focus that goes with the form (or a retry button) goes to the error or
    // expiry message that replaces it, once that is rendered (the alert
    // region, the template's last element). In the browser only: Angular
    // runs no render effect on the server.
    const host = this.host.nativeElement;
    let focus: FocusWatch | undefined;
    afterRenderEffect(() => {
      const now = this.widget.status();
      focus ??= watchFocus(host);
      if (now === 'error' || now === 'expired') focus.moveTo(host.lastElementChild as HTMLElement);
    });
    inject(DestroyRef).onDestroy(() => focus?.stop());
  }
}
