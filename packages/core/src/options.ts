// Owns the widget's options object: the typed `wpwlOptions` (every documented
// key), the input form users write (BCP-47 locales, async before-submit hooks),
// the conversion between the two, and the classification of the widget's
// `onError` argument into a WpwlError.

import { WpwlError } from './errors.js';
import { checkPlainObject, invalid, isPlainObject, show, throwIf } from './invalid.js';
import type { WidgetJQuery } from './jquery.js';
import { resolveLocale, type WidgetLocale } from './locale.js';

/** The four payment-method families that have a before-submit hook. */
export type SubmitKind = 'Card' | 'DirectDebit' | 'OnlineTransfer' | 'VirtualAccount';

/**
 * What a before-submit hook may return: `false` blocks the payment, nothing or
 * `true` lets it go, a promise blocks it now and submits again if it resolves
 * to anything but `false`.
 */
export type BeforeSubmitResult = boolean | void | PromiseLike<boolean | void>;

/** `WidgetError` event values real integrations handle; others may come. */
export type WidgetErrorEventName = 'closed' | 'not_enrolled' | 'add_new_card' | 'otp_channel_invalid';

/** The argument of the widget's `onError`, as the widget passes it. */
export interface WidgetErrorEvent {
  /** `InvalidCheckoutIdError`, `WidgetError`, `PciIframeSubmitError`, `PciIframeCommunicationError` … */
  name?: string;
  /** The widget's text for the error. */
  message?: string;
  /** For a `WidgetError`: the brand it concerns, e.g. `APPLEPAY`. */
  brand?: string;
  /**
   * For a `WidgetError`: what happened. Seen in real integrations: `closed`
   * (the shopper closed a wallet sheet such as GOOGLEPAY's: not a failure),
   * `not_enrolled`, `add_new_card`, `otp_channel_invalid`.
   */
  event?: WidgetErrorEventName | (string & {}) | undefined;
  [key: string]: unknown;
}

/**
 * `wpwlOptions.applePay`: what the Apple Pay sheet shows and accepts. Other
 * keys the widget knows pass through unchanged.
 */
export interface ApplePayOptions {
  /** The shop's name on the sheet. */
  displayName?: string;
  /** The total line: `amount` comes from the config's `amount` when one is stated. */
  total?: { label?: string; amount?: string };
  /** The Apple Pay JS version; the widget's default is 1. */
  version?: number;
  /** Card networks accepted, in Apple's names: Saudi shops give `['mada', 'masterCard', 'visa']`. */
  supportedNetworks?: string[];
  /** ISO country codes of the cards accepted. */
  supportedCountries?: string[];
  /** E.g. `['supports3DS']`. */
  merchantCapabilities?: string[];
  /** The merchant's country (ISO 3166 alpha-2). */
  countryCode?: string;
  [key: string]: unknown;
}

/**
 * `wpwlOptions.googlePay`: the Google Pay button and sheet. Other keys the
 * widget knows pass through unchanged.
 */
export interface GooglePayOptions {
  /** The gateway's entity id. */
  gatewayMerchantId: string;
  /** Google's merchant id: required live, once Google has approved the site. */
  merchantId?: string;
  /** The shop's name on the sheet. */
  merchantName?: string;
  /** Google's button colours. */
  buttonColor?: 'default' | 'black' | 'white';
  /** Google's button types, e.g. `buy`, `checkout`, `pay`, `plain`. */
  buttonType?: string;
  /** Card networks accepted, in Google's names: `VISA`, `MASTERCARD`, `AMEX` … */
  allowedCardNetworks?: string[];
  [key: string]: unknown;
}

/** A before-submit hook: `this` is the widget's form. */
type BeforeSubmitHook<R> = (this: HTMLFormElement, event?: Event) => R;
type Callback<A extends unknown[] = [], This = unknown> = (this: This, ...args: A) => void;

/**
 * `this` in the widget's field callbacks (`onBlurCardNumber` and siblings):
 * `$form` is the field's form, wrapped by jQuery (the real widget bundles it;
 * a page's own `window.jQuery` is used when there is one), so
 * `this.$form.find('.wpwl-control-brand').val()` compiles as merchants write it.
 * Other keys are the integration's own (some keep state on `this`).
 */
export interface WidgetFieldContext {
  $form: WidgetJQuery<HTMLFormElement>;
  [key: string]: unknown;
}

/**
 * `this` in the PCI iframe callbacks: `$iframe` is the field's iframe, wrapped
 * by jQuery (`this.$iframe[0]` is the element).
 */
export interface WidgetIframeContext {
  $iframe: WidgetJQuery<HTMLIFrameElement>;
  [key: string]: unknown;
}

/** A switch real integrations write as a string, `"true"` or `"false"`; converted to a boolean. */
export type BooleanLike = boolean | 'true' | 'false';

/** The keys both option forms share; `L` is the locale type, `R` what before-submit hooks return. */
export interface WpwlOptionsBase<L, R> {
  /** Look of the card form: `card` (default), `plain`, `logos` or `none`. */
  style?: 'card' | 'plain' | 'logos' | 'none';
  /** Language of the forms. */
  locale?: L;
  /** Label texts replacing the locale's. */
  labels?: {
    cardHolder?: string;
    cvv?: string;
    brand?: string;
    expiryDate?: string;
    cardNumber?: string;
    cvvHint?: string;
    cvvHintAmex?: string;
    submit?: string;
    [key: string]: string | undefined;
  };
  /** Error texts replacing the locale's. */
  errorMessages?: {
    cardHolderError?: string;
    cardNumberError?: string;
    cvvError?: string;
    expiryMonthError?: string;
    expiryYearError?: string;
    [key: string]: string | undefined;
  };
  /** Show field labels. */
  showLabels?: boolean;
  /** Show placeholders inside the fields. */
  showPlaceholders?: boolean;
  /** Show the hint explaining where the CVV is. */
  showCVVHint?: boolean;
  /** Mask the CVV as it is typed. */
  maskCvv?: boolean;
  /** Require the CVV. */
  requireCvv?: boolean;
  /** Detect the brand from the card number instead of a brand select. */
  brandDetection?: boolean;
  /** How the brand is detected: `binlist` (the gateway's BIN list), `regex` (number ranges). */
  brandDetectionType?: 'binlist' | 'regex' | (string & {});
  /** Brand codes to prefer when a number matches several brands. */
  brandDetectionPriority?: string[];
  /** Billing address fields prefilled with this object, or `false` to hide them. */
  billingAddress?: Record<string, unknown> | false;
  /** Billing fields the shopper must fill, e.g. `{ country: true, city: true }`. */
  mandatoryBillingFields?: Record<string, boolean>;
  /** Card holder must equal the billing name. */
  forceCardHolderEqualsBillingName?: boolean;
  /** CSS for the PCI iframes (card number, CVV), per field. */
  iframeStyles?: Record<string, Record<string, string>>;
  /** Spinner settings, or `false` for none. */
  spinner?: Record<string, unknown> | false;
  /** Window or frame name the payment is submitted to, e.g. `_top`. */
  paymentTarget?: string;
  /** Window or frame name the shopper result URL opens in. */
  shopperResultTarget?: string;
  /**
   * Behaviour for stored payment details (one-click). Integrations write the
   * flags as `"true"` / `"false"` too; `toWpwlOptions` converts those.
   */
  registrations?: { requireCvv?: BooleanLike; hideInitialPaymentForms?: BooleanLike; [key: string]: unknown };
  /** 3-D Secure browser settings, e.g. `{ threeDChallengeWindow: 4 }` (the challenge window size). */
  browser?: { threeDChallengeWindow?: string | number; [key: string]: unknown };
  /** Click to Pay settings. */
  clickToPay?: Record<string, unknown>;
  /** Brands shown inline rather than behind a button. */
  inlineFlow?: string[];
  /** Let the shopper leave the CVV empty (brands without one). */
  allowEmptyCvv?: boolean;
  /** Let the shopper leave the card holder empty. */
  allowEmptyCardHolderName?: boolean;
  /** The SAQ-A compliant form (card fields in the gateway's iframes only). */
  enableSAQACompliance?: boolean;
  /** Show a summary page before the payment; see `onSaveTransactionData`. */
  useSummaryPage?: boolean;
  /** Apple Pay settings (brands `APPLEPAY`, `APPLEPAYTKN`). */
  applePay?: ApplePayOptions;
  /** Google Pay settings (brand `GOOGLEPAY`). */
  googlePay?: GooglePayOptions;
  /** The checkout as wallet sheets show it before it exists (express checkout): its `amount`. Set by the config's `amount`. */
  checkout?: { amount?: string; [key: string]: unknown };
  /** Field focused when the form is ready, e.g. `card.number`. */
  autofocus?: string;
  /** Group digits as they are typed; set `false` for the `ar` locale (RTL). */
  numberFormatting?: boolean;
  /** Do not submit when Enter is pressed in a field. */
  disableSubmitOnEnter?: boolean;
  /** Skip the widget's expiry-date check. */
  disableCardExpiryDateValidation?: boolean;
  /** Size of the 3-D Secure iframe. */
  threeDIframeSize?: { width?: string | number; height?: string | number };
  /**
   * "Fast checkout": create the checkout when the shopper presses a wallet
   * button; returns its id. With the widget controller, give `createCheckout`
   * in its config instead (it checks the answer and the amount).
   */
  createCheckout?: (json: unknown) => string | PromiseLike<string>;
  /** All forms are ready; the argument is the widget's forms. */
  onReady?: Callback<[paymentForms: HTMLFormElement[]]>;
  /** Before a card payment is submitted. */
  onBeforeSubmitCard?: BeforeSubmitHook<R>;
  /** Before a direct-debit payment is submitted. */
  onBeforeSubmitDirectDebit?: BeforeSubmitHook<R>;
  /** Before an online-transfer payment is submitted. */
  onBeforeSubmitOnlineTransfer?: BeforeSubmitHook<R>;
  /** Before a virtual-account (wallet) payment is submitted. */
  onBeforeSubmitVirtualAccount?: BeforeSubmitHook<R>;
  /** After the payment was submitted. */
  onAfterSubmit?: Callback;
  /** The shopper picked another brand; `this` is the card form. */
  onChangeBrand?: Callback<[brand: string], HTMLFormElement>;
  /** Brands detected from the typed card number, and the one now active; `this` is the card form. */
  onDetectBrand?: Callback<[brands: string[], activeBrand: string], HTMLFormElement>;
  /** The first digits of the typed card number (the BIN). */
  onDetectBin?: Callback<[bin: string]>;
  /** With `useSummaryPage`: the payment data to keep before the summary page. */
  onSaveTransactionData?: Callback<[data: unknown]>;
  /** The widget reports an error (raw; the controller passes a classified WpwlError to its own `onError`). */
  onError?: Callback<[error: WidgetErrorEvent]>;
  /** The 3-D Secure iframe loaded; `this` is that iframe (resize it here). */
  onLoadThreeDIframe?: Callback<[], HTMLIFrameElement>;
  /** The card number field lost focus. */
  onBlurCardNumber?: Callback<[isValid: boolean], WidgetFieldContext>;
  /** The card holder field lost focus. */
  onBlurCardHolder?: Callback<[isValid: boolean], WidgetFieldContext>;
  /** The CVV field lost focus. */
  onBlurCvv?: Callback<[isValid: boolean], WidgetFieldContext>;
  /** The CVV field lost focus (the name some widget versions use). */
  onBlurSecurityCode?: Callback<[isValid: boolean], WidgetFieldContext>;
  /** The expiry field lost focus. */
  onBlurExpiryDate?: Callback<[isValid: boolean], WidgetFieldContext>;
  /** A PCI iframe is ready to communicate. */
  onReadyIframeCommunication?: Callback<[], WidgetIframeContext>;
  /** A PCI iframe got focus. */
  onFocusIframeCommunication?: Callback<[], WidgetIframeContext>;
  /** A PCI iframe lost focus. */
  onBlurIframeCommunication?: Callback<[], WidgetIframeContext>;
  /** A promise-returning before-submit hook some widget versions read; passed to the widget unchanged. */
  onBeforeSubmitCardPromise?: (this: HTMLFormElement, event?: Event) => PromiseLike<unknown>;
  // No index signature: a misspelt key (`onReadyy`, `brandDetecton`) is a type
  // error. A key the widget reads that is not listed here is added by
  // declaration merging (see "Options the types do not list" in the README);
  // at run time every key is passed to the widget unchanged.
}

/** The object that goes on `window.wpwlOptions`. */
// An interface, not a type alias: a page may add keys of its own by declaration merging.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WpwlOptions extends WpwlOptionsBase<WidgetLocale, boolean | void> {}

/** Options as users write them: any BCP-47 locale tag, async before-submit hooks. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, for declaration merging
export interface WpwlOptionsInput extends WpwlOptionsBase<WidgetLocale | (string & {}), BeforeSubmitResult> {}

/** What a caller (the widget controller) composes into the options. */
export interface WpwlOptionsHooks {
  /** Runs before the user's before-submit hook; `false` (or a promise of it) blocks without calling it. */
  beforeSubmit?(form: HTMLFormElement, kind: SubmitKind): BeforeSubmitResult;
  /** The final decision of a submit attempt: `true` right before the widget submits. */
  onSubmit?(form: HTMLFormElement, kind: SubmitKind, ok: boolean): void;
  /** Every widget error, classified; also a before-submit hook that threw or rejected. */
  onError?(error: WpwlError): void;
  /** The widget is ready. */
  onReady?(): void;
  /** Express checkout: answers the widget's `createCheckout` in place of any in the options. */
  createCheckout?(json: unknown): unknown;
}

// The documented boolean keys. Strings such as "false" (an HTML attribute's
// value) would switch a feature on, so a wrong type is refused.
const BOOLEAN = /^(show|mask|require|disable|force|hide)[A-Z]|^(brandDetection|numberFormatting)$/;
/** The keys whose value is a record of settings: a plain object (`billingAddress` may also be `false`). */
const RECORD =
  /^(registrations|labels|errorMessages|billingAddress|mandatoryBillingFields|iframeStyles|browser|clickToPay|applePay|googlePay)$/;

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** `next()` runs only when `result` did not block; promises are chained. */
const chain = (result: BeforeSubmitResult, next: () => BeforeSubmitResult): BeforeSubmitResult =>
  result === false ? false : isThenable(result) ? result.then((ok) => ok !== false && next()) : next();

/**
 * Wraps one before-submit hook. The widget only understands a synchronous
 * answer, so a pending promise blocks the submit, and a promise that allows it
 * re-submits the same form: the wrapper lets exactly that second call through
 * without running the hooks again.
 */
function gate(kind: SubmitKind, user: BeforeSubmitHook<BeforeSubmitResult> | undefined, hooks: WpwlOptionsHooks) {
  /** idle; waiting for a hook's promise (every submit blocked); letting the one re-submit through. */
  let state: 'idle' | 'waiting' | 'resubmitting' = 'idle';
  const field = 'onBeforeSubmit' + kind;

  /** Tells the caller the final decision of this attempt, and returns it. */
  const decide = (form: HTMLFormElement, ok: boolean): boolean => {
    hooks.onSubmit?.(form, kind, ok);
    return ok;
  };

  const fail = (form: HTMLFormElement, error: unknown): void => {
    state = 'idle';
    decide(form, false);
    if (!hooks.onError) throw error; // nobody to report to: surface it rather than swallow it
    const message = `${field} failed: ${(error as Error)?.message ?? error}`;
    hooks.onError(new WpwlError('WIDGET_ERROR', message, { cause: error, details: { field } }));
  };

  /** Presses pay again as the shopper did; requestSubmit when there is no pay button. */
  const resubmit = (form: HTMLFormElement): void => {
    state = 'resubmitting';
    const pay = form.querySelector<HTMLElement>('.wpwl-button-pay');
    if (pay) pay.click();
    else form.requestSubmit();
  };

  const run = (form: HTMLFormElement, event?: Event): boolean => {
    let result: BeforeSubmitResult;
    try {
      result = chain(hooks.beforeSubmit?.(form, kind), () => user?.call(form, event));
    } catch (error) {
      fail(form, error);
      return false;
    }
    if (!isThenable(result)) return decide(form, result !== false);
    state = 'waiting';
    result.then(
      (ok) => {
        state = 'idle';
        if (decide(form, ok !== false)) resubmit(form);
      },
      (error: unknown) => fail(form, error),
    );
    return false;
  };

  return function (this: HTMLFormElement, event?: Event): boolean {
    if (state === 'waiting') return false;
    if (state === 'resubmitting') {
      state = 'idle';
      return true;
    }
    return run(this, event);
  };
}

/**
 * Checks each key of `options` (a callback must be a function, a switch a
 * boolean, `style` one of the four) and copies it; `locale` is resolved, and
 * `registrations` is checked the same way, its switches also as `"true"` /
 * `"false"` (real integrations write them so), converted to booleans.
 *
 * @param path the field name's prefix in errors: `options.`
 */
function checkOptions(options: unknown, path: string): Record<string, unknown> {
  throwIf(checkPlainObject('INVALID_OPTIONS', path.slice(0, -1), options));
  const out: Record<string, unknown> = {};
  for (const [key, given] of Object.entries(options as object)) {
    if (given === undefined) continue;
    const isSwitch = BOOLEAN.test(key);
    const value = isSwitch && path !== 'options.' && (given === 'true' || given === 'false') ? given === 'true' : given;
    // The type a callback or a switch must have; `style` is checked by value, a record by its shape.
    const type = /^on[A-Z]|^createCheckout$/.test(key) ? 'function' : isSwitch && 'boolean';
    const rule =
      key === 'style'
        ? !/^(card|plain|logos|none)$/.test(value as string) && 'card, plain, logos or none'
        : RECORD.test(key)
          ? !isPlainObject(value) &&
            !(key === 'billingAddress' && value === false) &&
            (key === 'billingAddress' ? 'a plain object or false' : 'a plain object')
          : type && typeof value !== type && 'a ' + type;
    if (rule) throw invalid('INVALID_OPTIONS', path + key, rule, show(value));
    if (key === 'locale') out[key] = resolveLocale(value as string);
    else if (key === 'registrations') out[key] = checkOptions(value, path + key + '.');
    else out[key] = value;
  }
  return out;
}

/**
 * Converts user options into the object for `window.wpwlOptions`: resolves the
 * locale (`da-DK` → `dk`; `ar` turns `numberFormatting` off unless set),
 * checks `style`, the boolean keys and that callbacks are functions, wraps
 * before-submit hooks so they may return promises, and composes the caller's
 * `hooks` in.
 *
 * Unknown keys pass through unchanged, so options newer than this package work.
 *
 * @throws WpwlError `INVALID_OPTIONS` naming the key, or `INVALID_LOCALE`
 */
export function toWpwlOptions(options: WpwlOptionsInput = {}, hooks: WpwlOptionsHooks = {}): WpwlOptions {
  const out = checkOptions(options, 'options.');
  if (out.locale === 'ar') out.numberFormatting ??= false;
  for (const kind of 'Card DirectDebit OnlineTransfer VirtualAccount'.split(' ') as SubmitKind[]) {
    const key = 'onBeforeSubmit' + kind;
    if (out[key] || hooks.beforeSubmit || hooks.onSubmit) out[key] = gate(kind, out[key] as BeforeSubmitHook<BeforeSubmitResult>, hooks);
  }
  // The caller's hook first, then the user's own callback with the widget's arguments.
  const compose = (key: string, hook?: (...args: any[]) => void) => {
    const user = out[key] as ((...args: unknown[]) => unknown) | undefined;
    if (hook) {
      out[key] = function (this: unknown, ...args: unknown[]) {
        hook(...args);
        user?.apply(this, args);
      };
    }
  };
  if (hooks.createCheckout) out.createCheckout = hooks.createCheckout;
  compose('onReady', hooks.onReady);
  compose('onError', hooks.onError && ((error: WidgetErrorEvent) => hooks.onError!(classifyWidgetError(error))));
  return out as WpwlOptions;
}

/**
 * Maps the widget's `onError` argument to a WpwlError: `InvalidCheckoutIdError`
 * → `CHECKOUT_EXPIRED` (the checkout expired or is unknown: prepare a new one,
 * never retry it); anything else → `WIDGET_ERROR` with the original as `cause`
 * and its `name` (and `brand`, `event`) in `details`.
 */
export function classifyWidgetError(error: unknown): WpwlError {
  const { name, message, brand, event } = (error ?? {}) as WidgetErrorEvent;
  return name === 'InvalidCheckoutIdError'
    ? new WpwlError('CHECKOUT_EXPIRED', 'checkout expired: prepare a new checkout', { cause: error, details: { name } })
    : new WpwlError('WIDGET_ERROR', `widget: ${name ?? 'error'}${message ? ': ' + message : ''}`, {
        cause: error,
        details: { name, brand, event },
      });
}
