// Owns the stand-in widget's types: the options a page sets, what the gateway
// tells the widget about a checkout, and one record per form the widget renders.
import type { OtherBrandKind } from '../../brands.js';

/** `window.wpwlOptions` as read: anything a page may set, checked where used. */
export type WidgetOptions = Record<string, unknown>;

/** The texts of one locale, after the page's `labels` and `errorMessages`. */
export interface Texts {
  labels: Record<string, string>;
  placeholders: Record<string, string>;
  errorMessages: Record<string, string>;
  messages: Record<string, string>;
}

/** A stored card as the widget shows it (never the number). */
export interface StoredCardView {
  id: string;
  paymentBrand: string;
  last4Digits: string;
  holder?: string;
  expiryMonth: string;
  expiryYear: string;
}

/** `GET /v1/checkouts/{id}/widget-session`: what the widget renders for. */
export interface WidgetSession {
  id: string;
  amount?: string;
  currency?: string;
  paymentType?: string;
  expiresAt?: string;
  registrations?: StoredCardView[];
}

/** A gateway answer: the HTTP status and the JSON body, `null` when it had none. */
export interface GatewayAnswer {
  status: number;
  // The gateway's JSON, read field by field where used.
  body: any;
}

/** What every rendered form has. */
interface FormBase {
  /** The merchant's `form.paymentWidgets` the form renders for. */
  merchantForm: HTMLFormElement;
  container: HTMLElement;
  form: HTMLFormElement;
  /** The wpwlOptions hook that runs before it submits. */
  hook: string;
  /** The brand it pays with now. */
  brand: string;
  submitting: boolean;
  button: HTMLButtonElement;
  /** The message shown above the form, if any. */
  message: HTMLElement | null;
  /** The container's polite live region: what the form is doing while the shopper waits. */
  status: HTMLElement;
  /** Groups by name (`cardNumber`, `expiry` …), where errors are shown. */
  groups: Record<string, HTMLElement>;
  /** The control of a group, marked when its group has an error. */
  controls: Record<string, HTMLInputElement | HTMLSelectElement | undefined>;
  /** Hidden `shopperResultUrl`. */
  resultUrl: HTMLInputElement;
  /** The widget's copies of the merchant form's `customParameters[…]` inputs. */
  mirrors: HTMLInputElement[];
  /** The 3-D Secure iframe's holder, once shown. */
  threeDSecure?: HTMLElement;
}

/** The card form. */
export interface CardForm extends FormBase {
  kind: 'card';
  brands: string[];
  /** The brands the number typed so far belongs to. */
  detected: string[];
  logo: HTMLElement;
  cvvHint?: HTMLElement;
  fields: {
    brand: HTMLSelectElement;
    cardNumber: HTMLInputElement;
    expiry: HTMLInputElement;
    cardHolder: HTMLInputElement;
    cvv: HTMLInputElement;
    numberValue: HTMLInputElement;
    expiryMonth: HTMLInputElement;
    expiryYear: HTMLInputElement;
    cvvValue: HTMLInputElement;
  };
}

/** One stored card in the registration form. */
export interface RegistrationEntry {
  registration: StoredCardView;
  group: HTMLElement;
  radio: HTMLInputElement;
  cvv: HTMLInputElement | null;
}

/** The stored cards' form (one-click). */
export interface RegistrationForm extends FormBase {
  kind: 'registration';
  requireCvv: boolean;
  entries: RegistrationEntry[];
  selected: RegistrationEntry | undefined;
  cvvValue: HTMLInputElement;
}

/** A non-card brand's form (a wallet, a bank transfer, direct debit). */
export interface BrandForm extends FormBase {
  kind: OtherBrandKind;
  /** STC_PAY's mobile number. */
  mobilePhone?: HTMLInputElement;
}

export type FormContext = CardForm | RegistrationForm | BrandForm;

/** A field error: the group it belongs to and the errorMessages key of its text. */
export type FieldError = [group: string, messageKey: string];

/** `window.wpwl` as the stand-in sets it. */
export interface WpwlApi {
  sandbox: true;
  checkout: { id: string; amount?: string; currency?: string; paymentType?: string; expiresAt?: string };
  staticLoaded: boolean;
  unload(): void;
  executePayment(containerClass?: string): void;
  /** Sandbox only: the forms this widget rendered are all gone from the page. */
  formsGone(): boolean;
}

/** The page's globals the widget reads and sets: whatever a page put there is checked before use. */
export interface PageGlobals {
  wpwl?: unknown;
  wpwlOptions?: unknown;
  jQuery?: unknown;
}
