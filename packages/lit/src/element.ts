// Owns <wpwl-widget>'s class: its attributes and properties turned into one
// core config (rebuilt only when one of them changes), core's callbacks turned
// into DOM events, and the read-only, reflected `status`. Registration lives
// in registry.ts, so importing this class registers nothing.
//
// The base is Lit's ReactiveElement (what LitElement adds is template
// rendering): every node inside the element belongs to core and the gateway's
// script, and a lit-html part in a light-DOM root would span them. It also
// keeps the standalone build, which bundles Lit and core, within its budget.

import { ReactiveElement, type PropertyValues } from '@lit/reactive-element';
import {
  WIDGET_CONFIG_FIELDS,
  configAttributeName,
  localeAttributes,
  watchFocus,
  type CreateCheckout,
  type CustomParameters,
  type FocusWatch,
  type PaymentWidgetConfig,
  type WidgetSnapshot,
  type WidgetStatus,
  type WpwlError,
  type WpwlOptionsInput,
} from '@wpwl/core';
import { WpwlWidgetController } from './controller.js';
import { emit, emitBeforeSubmit } from './events.js';

/** The statuses each kind of content marked with `slot` is shown in. */
const CONTENT: Readonly<Record<string, readonly WidgetStatus[]>> = {
  loading: ['idle', 'loading'],
  error: ['error'],
  expired: ['expired'],
  'expiring-soon': ['ready', 'submitting'],
};

/** Marks the element class, also across copies of this package (the standalone build is one). */
export const ELEMENT_MARK: unique symbol = Symbol.for('@wpwl/lit element');

/**
 * The payment widget as a custom element. Set `checkout-id` (with `brands`,
 * `shopper-result-url` and `base-url`) and it loads; or, for express checkout
 * (wallet buttons before any checkout exists), set the `createCheckout`
 * property instead of `checkout-id`, with the cart's `amount` and `currency`.
 * Change them and core
 * decides whether the widget must re-mount; remove it from the DOM and
 * everything it added is gone. Renders into light DOM: the gateway's script
 * looks for its form in the document.
 *
 * Not registered by importing it: call {@link defineWpwlWidget} or import
 * `@wpwl/lit/define`.
 *
 * Content of your own goes inside it, marked with `slot`: `loading`, `error`,
 * `expired` or `expiring-soon` (while the form is up and the checkout ends
 * soon); each is shown in its state only. Loading content is a polite
 * `role="status"`, the others `role="alert"` (unless they have a role). When
 * the form gives way to an error or expiry message while the shopper's focus
 * was in it, focus moves to the message's first button or link, else to the
 * message. A `data-wpwl-retry` button inside calls `retry()`. The element
 * carries the locale's `lang` and `dir` (`rtl` for Arabic).
 *
 * @fires wpwl-ready - the widget is ready for the shopper
 * @fires wpwl-error - `detail.error` is the WpwlError
 * @fires wpwl-expired - the checkout expired; set a new `checkout-id`
 * @fires wpwl-status-change - `detail` is the new `{ status, error? }`
 * @fires wpwl-expiring-soon - `detail.expiresAt`: the checkout ends within `warn-before-expiry-ms`
 * @fires wpwl-before-submit - cancelable; `detail.waitUntil(promise)` defers the payment
 */
export class WpwlWidgetElement extends ReactiveElement {
  static readonly [ELEMENT_MARK] = true;

  // From core's list of config fields: a field added there reaches the element.
  // And createCheckout, a callback that answers (so a property, not an event).
  static override properties = Object.fromEntries([
    ...Object.entries(WIDGET_CONFIG_FIELDS).map(([name, kind]) => [
      name,
      kind === 'property' ? { attribute: false } : { attribute: configAttributeName(name), type: kind === 'number' ? Number : String },
    ]),
    ['createCheckout', { attribute: false }],
  ]);

  /** `checkout-id`: the id from prepare checkout. The widget loads once it is set. */
  declare checkoutId: string | undefined;
  /** `brands`: space-separated brand codes, e.g. `"VISA MASTER"`. */
  declare brands: string | undefined;
  /** `shopper-result-url`: where the shopper lands after paying (absolute URL). */
  declare shopperResultUrl: string | undefined;
  /** `base-url`: the gateway's base URL. */
  declare baseUrl: string | undefined;
  /** `locale`: widget code or BCP-47 tag; wins over `options.locale`. */
  declare locale: string | undefined;
  /** `integrity`: the subresource-integrity hash from the checkout response. */
  declare integrity: string | undefined;
  /** `nonce`: the CSP nonce for the widget's script tag (typed `string` like every element's `nonce`; unset until given). */
  declare nonce: string;
  /** `timeout-ms`: how long the script may take to load before `SCRIPT_TIMEOUT`; default core's. */
  declare timeoutMs: number | undefined;
  /** `retries`: script load retries; default core's. */
  declare retries: number | undefined;
  /** `expires-in-ms`: time left on the checkout as your server computed it; default 30 minutes from the first mount. */
  declare expiresInMs: number | undefined;
  /** `warn-before-expiry-ms`: how long before the end `wpwl-expiring-soon` fires; default 5 minutes. */
  declare warnBeforeExpiryMs: number | undefined;
  /** When the checkout was prepared, on this device's clock (property only); prefer `expires-in-ms`. */
  declare createdAt: Date | number | undefined;
  /** Widget options (`wpwlOptions`); compared by value, so a new equal object re-mounts nothing. */
  declare options: WpwlOptionsInput | undefined;
  /** Sent with the payment as `customParameters[NAME]`; names must start with `SHOPPER_`. */
  declare customParameters: CustomParameters | undefined;
  /**
   * Express checkout, instead of `checkout-id` (property only): prepares the
   * checkout when the shopper presses a wallet button and answers
   * `{ id, amount, currency }` (or the id), directly or as a promise; nothing
   * stops the payment quietly. The latest function is called: setting a new
   * one re-mounts nothing. Failures are `wpwl-error` (`CREATE_CHECKOUT_FAILED`,
   * `CREATE_CHECKOUT_TIMEOUT`, `INVALID_CHECKOUT_ID`, `AMOUNT_MISMATCH`).
   */
  declare createCheckout: CreateCheckout | undefined;
  /** `amount`: express checkout's cart total (`12.50`), shown by every wallet sheet and compared with the checkout prepared. */
  declare amount: string | undefined;
  /** `currency`: express checkout's cart currency (`EUR`), compared with the checkout prepared. */
  declare currency: string | undefined;
  /** `create-checkout-timeout-ms`: how long `createCheckout` may take before `CREATE_CHECKOUT_TIMEOUT`; default 20 seconds. */
  declare createCheckoutTimeoutMs: number | undefined;

  readonly #widget = new WpwlWidgetController(this, { config: () => this.#config });
  #config: PaymentWidgetConfig | undefined;
  /** The status the last `wpwl-status-change` announced. */
  #announced: WidgetStatus = 'idle';
  /** The status the marked content was last shown for. */
  #shown: WidgetStatus | undefined;
  #focus: FocusWatch | undefined;
  /** The element's `lang` and `dir` are the locale's (set by it, so removed with it). */
  #localized = false;

  constructor() {
    super();
    this.addEventListener('click', (event) => {
      if ((event.target as Element).closest('[data-wpwl-retry]')) this.retry();
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#focus = watchFocus(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#focus?.stop();
  }

  /** Where the widget is in its life; reflected to the `status` attribute. Read-only. */
  get status(): WidgetStatus {
    return this.#widget.snapshot.status;
  }

  /** The last error, while `status` is `error` or `expired` (or a widget error reported while ready). */
  get error(): WpwlError | undefined {
    return this.#widget.snapshot.error;
  }

  /** While a checkout is shown: when it expires, in ms on this device's clock. */
  get expiresAt(): number | undefined {
    return this.#widget.snapshot.expiresAt;
  }

  /** The checkout ends within `warn-before-expiry-ms`: offer the shopper a new checkout. */
  get expiringSoon(): boolean {
    return !!this.#widget.snapshot.expiringSoon;
  }

  /** After a failed load or a widget error: loads the widget again. */
  retry(): void {
    this.#widget.retry();
  }

  /**
   * Pays from the page's own "Place order" button: submits the widget's card
   * form as its pay button would, `wpwl-before-submit` included. False when
   * nothing was submitted (`status` is not `ready`).
   */
  pay(): boolean {
    return this.#widget.pay();
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Only a changed input makes a new config: core compares configs by value,
    // but a new object on every status update would re-validate for nothing.
    if (changed.size) this.#config = this.#configure();
    if (changed.has('locale') || changed.has('options')) this.#localize();
  }

  protected override updated(): void {
    // Core announces its own transitions; a widget created straight into
    // `error` (invalid attributes) moved the element from `idle` without one.
    const { snapshot } = this.#widget;
    if (snapshot.status !== this.#announced) this.#announce(snapshot);
    if (this.getAttribute('status') !== this.status) this.setAttribute('status', this.status);
    this.toggleAttribute('expiring-soon', this.expiringSoon);
    this.#showContent();
  }

  /** Shows the content marked for the status (and hides the rest), then keeps the shopper's focus. */
  #showContent(): void {
    const { status, expiringSoon } = this;
    let message: HTMLElement | undefined;
    for (const content of this.querySelectorAll<HTMLElement>(':scope > [slot]')) {
      const kind = content.slot;
      const statuses = CONTENT[kind];
      if (!statuses) continue;
      const shown = statuses.includes(status) && (kind !== 'expiring-soon' || expiringSoon);
      if (!content.hasAttribute('role')) content.setAttribute('role', kind === 'loading' ? 'status' : 'alert');
      content.hidden = !shown;
      if (shown && kind !== 'loading') message ??= content;
    }
    if (status !== this.#shown && (status === 'error' || status === 'expired')) this.#focus?.moveTo(message);
    this.#shown = status;
  }

  /** The element's `lang` and `dir` for the widget's locale; without one, the page's apply. */
  #localize(): void {
    const { lang, dir } = localeAttributes(this.locale || this.options?.locale);
    if (lang || this.#localized) {
      for (const [name, value] of [
        ['lang', lang],
        ['dir', dir],
      ] as const) {
        if (value) this.setAttribute(name, value);
        else this.removeAttribute(name);
      }
    }
    this.#localized = !!lang;
  }

  #announce(snapshot: WidgetSnapshot): void {
    this.#announced = snapshot.status;
    emit(this, 'wpwl-status-change', snapshot);
  }

  #configure(): PaymentWidgetConfig | undefined {
    if (!this.checkoutId && !this.createCheckout) return undefined;
    return {
      ...({ checkoutId: this.checkoutId || undefined, createCheckout: this.createCheckout } as
        { checkoutId: string } | { createCheckout: CreateCheckout }),
      amount: this.amount || undefined,
      currency: this.currency || undefined,
      createCheckoutTimeoutMs: this.createCheckoutTimeoutMs || undefined,
      brands: this.brands ?? '',
      shopperResultUrl: this.shopperResultUrl ?? '',
      baseUrl: this.baseUrl ?? '',
      integrity: this.integrity || undefined,
      // Under a CSP header the browser blanks a connected element's `nonce`
      // attribute ("nonce hiding") and keeps the value in the native property,
      // which the reactive `nonce` shadows.
      nonce: this.nonce || Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'nonce')?.get?.call(this) || undefined,
      locale: this.locale || undefined,
      timeoutMs: this.timeoutMs || undefined,
      retries: this.retries ?? undefined,
      expiresInMs: this.expiresInMs || undefined,
      warnBeforeExpiryMs: this.warnBeforeExpiryMs ?? undefined,
      createdAt: this.createdAt,
      options: this.options,
      customParameters: this.customParameters,
      onReady: () => emit(this, 'wpwl-ready', {}),
      onError: (error) => emit(this, 'wpwl-error', { error }),
      onExpired: () => emit(this, 'wpwl-expired', {}),
      onStatusChange: (snapshot) => this.#announce(snapshot),
      onExpiringSoon: (expiresAt) => {
        this.toggleAttribute('expiring-soon', true);
        emit(this, 'wpwl-expiring-soon', { expiresAt });
      },
      onBeforeSubmit: (context) => emitBeforeSubmit(this, context),
    };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'wpwl-widget': WpwlWidgetElement;
  }
}
