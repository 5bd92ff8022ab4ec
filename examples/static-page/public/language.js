// @ts-check
// Owns the language the static page speaks: English, or Arabic (right to
// left) for a shopper whose browser prefers it. The widget's locale comes
// from preferredLocale, the page's direction from localeDirection (@wpwl/lit's
// standalone module re-exports both from core); amounts are written for the
// page's language tag (Arabic-Indic digits for ar-SA). The texts are a copy of those this page uses from
// examples/shared/shop-texts.ts (the other storefronts' module): this page is
// served as it is, without a bundler, and is meant to be copied whole.
import { localeDirection, preferredLocale } from '/vendor/wpwl-lit/wpwl-widget.js';

const en = {
  shopName: 'Tea shop',
  products: 'Products',
  addToCart: 'Add to cart',
  addToCartNamed: (/** @type {string} */ product) => `Add to cart: ${product}`,
  cart: 'Cart',
  cartEmpty: 'Your cart is empty.',
  remove: 'Remove',
  total: 'Total:',
  cartLocked: 'The cart is fixed while you pay. Go back to the cart to change it.',
  goToPayment: 'Go to payment',
  payment: 'Payment',
  acceptTerms: 'I accept the terms of sale',
  termsFirst: 'Please accept the terms of sale first.',
  amountDue: 'Amount due:',
  payAmount: (/** @type {string} */ amount, /** @type {string} */ currency) => `Pay ${amount} ${currency}`,
  status: /** @type {Record<string, string>} */ ({
    loading: 'Loading the payment form…',
    ready: 'Enter your card details.',
    submitting: 'Sending your payment…',
  }),
  formProblem: (/** @type {string} */ code, /** @type {string} */ message) => `The payment form reported a problem (${code}): ${message}`,
  tryAgain: 'Try again',
  sessionExpired: 'This payment session expired.',
  alreadyPaid: 'This order has already been paid, in another tab or window. Nothing more will be charged.',
  seeYourOrder: 'See your order',
  endsSoon: 'Your payment session ends in a few minutes.',
  moreTime: 'Get more time',
  expiredGetNew: 'Get a new payment session to pay.',
  newSession: 'Get a new payment session',
  backToCart: 'Back to the cart',
  couldNotStart: (/** @type {string} */ reason) => `Could not start the payment: ${reason}`,
  productsFailed: (/** @type {string} */ reason) => `The shop could not load its products: ${reason}`,
  result: {
    pageTitle: 'Payment result',
    checking: 'Checking your payment…',
    paidTitle: 'Thank you, your payment is confirmed',
    paid: (/** @type {string} */ amount, /** @type {string} */ currency) => `${amount} ${currency} paid.`,
    processingTitle: 'Your payment is being processed',
    notConfirmedYet: 'It is not confirmed yet. Reload this page in a few minutes to check again.',
    failedTitle: 'Your payment did not go through',
    mismatch: 'The payment we received does not match your order. Please contact us; nothing more will be charged.',
    failedDefault: 'The payment did not go through. Please try again.',
    noPayment: 'No payment to show',
    noResultInAddress: 'This address does not carry a payment result.',
    couldNotCheck: 'We could not check your payment',
    tryAnotherCard: 'Try another card',
    backToShop: 'Back to the shop',
    /** What a shopper should read for each group of result codes. */
    explanations: /** @type {Record<string, string>} */ ({
      successNeedsReview: 'Your payment went through and is being reviewed; we will confirm your order shortly.',
      pending: 'Your payment is still being processed. This page updates in a moment.',
      pendingMayChange: 'Your payment is pending and may take a few days to complete.',
      rejectedBank: 'Your bank declined the payment. Try another card.',
      rejected3DSecure: 'The card authentication (3-D Secure) did not succeed. Try again, or try another card.',
      rejected3DSecureRisk: 'The payment was refused by the card authentication or a risk check.',
      softDecline: 'Your bank asks for additional authentication. Please try again.',
      rejectedCommunication: 'The payment could not reach the bank. Please try again.',
      systemError: 'The payment service had a problem. Please try again later.',
      throttled: 'The payment service is busy. Please try again in a minute.',
      blacklist: 'This payment was refused.',
      formatValidation: 'The payment details were not accepted.',
    }),
  },
};

/** @type {typeof en} */
const ar = {
  shopName: 'متجر الشاي',
  products: 'المنتجات',
  addToCart: 'أضف إلى السلة',
  addToCartNamed: (product) => `أضف إلى السلة: ${product}`,
  cart: 'السلة',
  cartEmpty: 'سلتك فارغة.',
  remove: 'إزالة',
  total: 'المجموع:',
  cartLocked: 'لا يمكن تعديل السلة أثناء الدفع. ارجع إلى السلة لتعديلها.',
  goToPayment: 'الانتقال إلى الدفع',
  payment: 'الدفع',
  acceptTerms: 'أوافق على شروط البيع',
  termsFirst: 'يُرجى الموافقة على شروط البيع أولًا.',
  amountDue: 'المبلغ المستحق:',
  payAmount: (amount, currency) => `ادفع ${amount} ${currency}`,
  status: { loading: 'جارٍ تحميل نموذج الدفع…', ready: 'أدخل بيانات بطاقتك.', submitting: 'جارٍ إرسال دفعتك…' },
  formProblem: (code, message) => `أبلغ نموذج الدفع عن مشكلة (${code}): ${message}`,
  tryAgain: 'حاول مرة أخرى',
  sessionExpired: 'انتهت صلاحية جلسة الدفع هذه.',
  alreadyPaid: 'تم دفع هذا الطلب بالفعل في علامة تبويب أو نافذة أخرى. لن يُخصم أي مبلغ إضافي.',
  seeYourOrder: 'عرض طلبك',
  endsSoon: 'تنتهي جلسة الدفع خلال بضع دقائق.',
  moreTime: 'احصل على وقت إضافي',
  expiredGetNew: 'ابدأ جلسة دفع جديدة لإتمام الدفع.',
  newSession: 'ابدأ جلسة دفع جديدة',
  backToCart: 'العودة إلى السلة',
  couldNotStart: (reason) => `تعذّر بدء الدفع: ${reason}`,
  productsFailed: (reason) => `تعذّر على المتجر تحميل منتجاته: ${reason}`,
  result: {
    pageTitle: 'نتيجة الدفع',
    checking: 'جارٍ التحقق من دفعتك…',
    paidTitle: 'شكرًا لك، تم تأكيد دفعتك',
    paid: (amount, currency) => `تم دفع ${amount} ${currency}.`,
    processingTitle: 'دفعتك قيد المعالجة',
    notConfirmedYet: 'لم تُؤكَّد بعد. أعد تحميل هذه الصفحة بعد بضع دقائق للتحقق مرة أخرى.',
    failedTitle: 'لم تتم عملية الدفع',
    mismatch: 'الدفعة التي استلمناها لا تطابق طلبك. يُرجى التواصل معنا؛ لن يُخصم أي مبلغ إضافي.',
    failedDefault: 'لم تتم عملية الدفع. يُرجى المحاولة مرة أخرى.',
    noPayment: 'لا توجد دفعة لعرضها',
    noResultInAddress: 'هذا العنوان لا يحمل نتيجة دفع.',
    couldNotCheck: 'تعذّر علينا التحقق من دفعتك',
    tryAnotherCard: 'جرّب بطاقة أخرى',
    backToShop: 'العودة إلى المتجر',
    explanations: {
      successNeedsReview: 'تمت عملية الدفع وهي قيد المراجعة؛ سنؤكد طلبك قريبًا.',
      pending: 'لا تزال دفعتك قيد المعالجة. ستُحدَّث هذه الصفحة بعد لحظات.',
      pendingMayChange: 'دفعتك معلّقة وقد يستغرق إتمامها بضعة أيام.',
      rejectedBank: 'رفض البنك الذي تتعامل معه عملية الدفع. جرّب بطاقة أخرى.',
      rejected3DSecure: 'لم ينجح التحقق من البطاقة (3-D Secure). حاول مرة أخرى أو جرّب بطاقة أخرى.',
      rejected3DSecureRisk: 'رُفضت عملية الدفع أثناء التحقق من البطاقة أو فحص المخاطر.',
      softDecline: 'يطلب البنك الذي تتعامل معه تحققًا إضافيًا. يُرجى المحاولة مرة أخرى.',
      rejectedCommunication: 'تعذّر وصول عملية الدفع إلى البنك. يُرجى المحاولة مرة أخرى.',
      systemError: 'حدثت مشكلة في خدمة الدفع. يُرجى المحاولة مرة أخرى لاحقًا.',
      throttled: 'خدمة الدفع مشغولة. يُرجى المحاولة مرة أخرى بعد دقيقة.',
      blacklist: 'رُفضت عملية الدفع هذه.',
      formatValidation: 'لم تُقبل بيانات الدفع.',
    },
  },
};

/** The page's texts by language: the languages this shop speaks. */
const TEXTS = { en, ar };

/** @typedef {keyof typeof TEXTS} TextLanguage */

/** @typedef {typeof en} Texts */

/** `tag` in its canonical spelling, or undefined for what is no language tag. */
function canonicalTag(/** @type {string} */ tag) {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The shopper's language, from their browser's languages: the widget's
 * locale (their first language the widget has, else English), the language
 * of this page's texts (Arabic when the widget's is, else English), the
 * page's `lang` (the shopper's own tag for that language, e.g. `ar-SA`) and
 * its `dir`.
 */
function browserLanguage() {
  const tags = navigator.languages;
  const locale = preferredLocale(tags);
  /** @type {TextLanguage} */
  const language = locale === 'ar' ? 'ar' : 'en';
  const tag = tags.map(canonicalTag).find((candidate) => candidate?.split('-')[0]?.toLowerCase() === language) ?? language;
  return { locale, language, tag, dir: localeDirection(tag), texts: /** @type {Texts} */ (TEXTS[language]) };
}

/** The shopper's language, read once per page. */
export const pageLanguage = browserLanguage();

/** The page's texts. */
export const texts = pageLanguage.texts;

/** An amount ("89.80") written for the page's language: `89.80`, or `٨٩٫٨٠` for ar-SA. */
export function formatAmount(/** @type {string} */ amount) {
  return new Intl.NumberFormat(pageLanguage.tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount));
}

/**
 * Puts the page into its language: `lang` and `dir` on the document, the
 * title, and the text of every element marked `data-text="key"` (a key of
 * the texts; `data-text="result.key"` for the result page's).
 * @param {string} title the page's title
 */
export function translatePage(title) {
  document.documentElement.lang = pageLanguage.tag;
  document.documentElement.dir = pageLanguage.dir;
  document.title = title;
  for (const element of document.querySelectorAll('[data-text]')) {
    const text = /** @type {string} */ (/** @type {HTMLElement} */ (element).dataset.text)
      .split('.')
      .reduce((/** @type {any} */ within, key) => within?.[key], texts);
    if (typeof text === 'string') element.textContent = text;
  }
}
