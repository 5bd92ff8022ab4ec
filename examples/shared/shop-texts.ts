// Owns the shape of what the storefronts say, English and Arabic: the shop
// and checkout pages, the result page's verdicts, and the catalogue's names.
// The texts themselves are in public/shop-texts.js, one dictionary per
// language with the same keys (this file's ShopTexts: a text missing in one
// is a type error); plain JavaScript, so the pages served without a bundler
// (the core storefront, the static page) load the same module from
// /shared/shop-texts.js that the other storefronts import from here. Free of
// browser APIs: servers render with it too.

/** The languages the storefronts have texts in; each is also the BCP-47 code of its language. */
export type TextLanguage = 'en' | 'ar';

/** What the result page says; `explanations` by result-code group (core's classification). */
export interface ResultTexts {
  /** The result page's title (the plain pages set it; the others have their own). */
  pageTitle: string;
  checking: string;
  paidTitle: string;
  paid(amount: string, currency: string): string;
  processingTitle: string;
  notConfirmedYet: string;
  /** A payment sent whose outcome is not known yet (a gateway timeout, say): the server is confirming it. */
  confirmingTitle: string;
  confirmingDetail: string;
  /** Still being confirmed once the page stops asking (or on a page that asks once). */
  confirmingStill: string;
  /** The checkout lapsed without any payment. */
  expiredTitle: string;
  expiredDetail: string;
  failedTitle: string;
  mismatch: string;
  failedDefault: string;
  noPayment: string;
  /** The shopper result URL carries no payment; `reason` from core's check, when there is one. */
  noResultInAddress(reason?: string): string;
  couldNotCheck: string;
  unknownPaymentTitle: string;
  unknownPaymentDetail: string;
  tryAnotherCard: string;
  backToShop: string;
  explanations: Record<string, string>;
}

/** Everything a storefront page says, in one language. */
export interface ShopTexts {
  shopName: string;
  products: string;
  addToCart: string;
  /** The add button's accessible name, with the product's. */
  addToCartNamed(product: string): string;
  cart: string;
  cartEmpty: string;
  remove: string;
  total: string;
  cartLocked: string;
  goToPayment: string;
  payment: string;
  /** The core storefront's chooser of the payment form's language, and its first choice (the browser's language). */
  formLanguage: string;
  browserLanguage: string;
  amountDue: string;
  /** The widget's pay button, with the amount charged. */
  payAmount(amount: string, currency: string): string;
  /** The widget's status in words, next to the form. */
  status: { loading: string; ready: string; submitting: string };
  formNotLoaded(reason?: string): string;
  formProblem(code: string, message: string): string;
  tryAgain: string;
  sessionExpired: string;
  alreadyPaid: string;
  /** The cart's payment is being confirmed: no new checkout until it is final. */
  paymentBeingConfirmed: string;
  /** The cart holds as many open checkouts as the shop reads before another: none until they are paid or expire. */
  tooManyCheckouts: string;
  seeYourOrder: string;
  endsSoon: string;
  moreTime: string;
  expiredGetNew: string;
  newSession: string;
  backToCart: string;
  placeOrder: string;
  saveCard: string;
  /** The static page's terms of sale, ticked before paying, and what it says when they are not. */
  acceptTerms: string;
  termsFirst: string;
  /** The cart's wallet buttons (express checkout): their region's heading, and the line under it. */
  expressCheckout: string;
  expressHint: string;
  couldNotStart(reason: string): string;
  productsFailed(reason: string): string;
  /** The server-rendered shops' basket and checkout pages. */
  yourBasket: string;
  goToCheckout: string;
  checkout: string;
  checkoutExpired: string;
  startNewCheckout: string;
  backToBasket: string;
  checkoutProblem: string;
  result: ResultTexts;
}

/** The storefronts' texts by language: the served module (plain JavaScript, for the pages without a bundler) is their one source. */
export { SHOP_TEXTS } from './public/shop-texts.js';
