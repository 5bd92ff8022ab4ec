// Owns the public types of the widget controller: its config, its snapshot
// and statuses, and the controller's methods. Types only: the controller is in
// widget.ts, the page's widget session in session.ts.

import type { WpwlError } from './errors.js';
import type { CreateCheckout } from './express.js';
import type { BeforeSubmitResult, SubmitKind, WpwlOptionsInput } from './options.js';

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
  /** The checkout being paid (in express checkout, the one `createCheckout` prepared). */
  checkoutId: string;
}

/**
 * Parameters sent with the payment as `customParameters[NAME]`. The gateway
 * keeps only names prefixed `SHOPPER_`, so any other name is a type error here
 * (and an `INVALID_CUSTOM_PARAMETER` error at run time, for untyped callers).
 */
export type CustomParameters = { readonly [name: `SHOPPER_${string}`]: string };

/**
 * Everything the controller needs; checked when created and on every
 * `update`: the shared fields and either a `checkoutId` or, for express
 * checkout, a `createCheckout`.
 */
export type PaymentWidgetConfig = PaymentWidgetSettings & (CheckoutWidgetConfig | ExpressWidgetConfig);

/** A widget for a checkout the merchant's server prepared beforehand. */
export interface CheckoutWidgetConfig {
  /** Id returned by prepare checkout. */
  checkoutId: string;
  createCheckout?: undefined;
}

/**
 * Express checkout: the widget shows the wallets of `brands` before any
 * checkout exists, and `createCheckout` prepares one when the shopper presses
 * a wallet button.
 */
export interface ExpressWidgetConfig {
  checkoutId?: undefined;
  /**
   * Express checkout (no `checkoutId`): prepares the checkout when the shopper
   * presses a wallet button, from the cart at that moment, and answers its id,
   * or `{ id, amount }` (required when `amount` is stated, which it is then
   * compared with), directly or as a promise. Answer nothing to stop the
   * payment quietly (terms not accepted yet). A throw, a rejection, an id that
   * breaks the id rule, an amount other than the stated one, or no answer
   * within `createCheckoutTimeoutMs` stops the payment and is reported once
   * through `onError` (`CREATE_CHECKOUT_FAILED`, `INVALID_CHECKOUT_ID`,
   * `AMOUNT_MISMATCH`, `CREATE_CHECKOUT_TIMEOUT`); the shopper can press again.
   * Read from the latest config: a new inline function needs no re-mount.
   */
  createCheckout: CreateCheckout;
}

/** The fields every widget config has (see {@link PaymentWidgetConfig}). */
export interface PaymentWidgetSettings {
  /**
   * The cart total, stated once (`12.50`): written into `options.checkout.amount`
   * and `options.applePay.total.amount`, so every wallet sheet shows it, and
   * compared with the amount of the checkout `createCheckout` prepares. A
   * different amount in those options is an `AMOUNT_MISMATCH` error.
   */
  amount?: string;
  /** The cart's currency (`EUR`), compared with the currency of the checkout `createCheckout` prepares, when it gives one. */
  currency?: string;
  /** How long `createCheckout` may take before the press fails with `CREATE_CHECKOUT_TIMEOUT`; default 20 seconds. */
  createCheckoutTimeoutMs?: number;
  /** Brands to offer: `"VISA MASTER"` or `["VISA", "MASTER"]`. */
  brands: string | readonly string[];
  /** Where the shopper lands after paying (the form's `action`). */
  shopperResultUrl: string;
  /** The gateway's base URL, e.g. `https://test.example-gateway.com`. */
  baseUrl: string;
  /** Subresource-integrity hash from the checkout response (`integrity=true`); for express checkout, from the gateway's `GET /v1/fastcheckout/integrity`. */
  integrity?: string;
  /** CSP nonce for the script tag. */
  nonce?: string;
  /** Widget code or BCP-47 tag; wins over `options.locale`. */
  locale?: string;
  /** Widget options; compared by value, top-level callbacks are always read from the latest config. */
  options?: WpwlOptionsInput;
  /** Written into the submitted form as `customParameters[NAME]`; names must start with `SHOPPER_`. */
  customParameters?: CustomParameters;
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
  /**
   * Pays from the merchant's own button ("Place order"): submits the widget's
   * card form as its pay button would, before-submit hooks included (the
   * widget's `wpwl.executePayment`). The widget still checks the fields and
   * marks what is missing.
   *
   * @returns false when nothing was submitted: the status is not `ready`, or the widget shows no card form
   */
  pay(): boolean;
  /** Unloads the widget and removes its scripts, DOM and globals. Idempotent; `mount` starts again. */
  destroy(): void;
}
