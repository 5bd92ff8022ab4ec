// Owns what the storefronts say in each language they speak, English and
// Arabic: the shop and checkout pages, the result page's verdicts, and the
// catalogue's names. One dictionary per language with the same keys, so a
// text missing in one is a type error; texts with a value in them are
// functions. Free of browser APIs: servers render with it too.

/** The languages the storefronts have texts in; each is also the BCP-47 code of its language. */
export type TextLanguage = 'en' | 'ar';

/** What the result page says; `explanations` by result-code group (core's classification). */
export interface ResultTexts {
  checking: string;
  paidTitle: string;
  paid(amount: string, currency: string): string;
  processingTitle: string;
  notConfirmedYet: string;
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
  seeYourOrder: string;
  endsSoon: string;
  moreTime: string;
  expiredGetNew: string;
  newSession: string;
  backToCart: string;
  placeOrder: string;
  saveCard: string;
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

const en: ShopTexts = {
  shopName: 'Tea shop',
  products: 'Products',
  addToCart: 'Add to cart',
  addToCartNamed: (product) => `Add to cart: ${product}`,
  cart: 'Cart',
  cartEmpty: 'Your cart is empty.',
  remove: 'Remove',
  total: 'Total:',
  cartLocked: 'The cart is fixed while you pay. Go back to the cart to change it.',
  goToPayment: 'Go to payment',
  payment: 'Payment',
  amountDue: 'Amount due:',
  payAmount: (amount, currency) => `Pay ${amount} ${currency}`,
  status: { loading: 'Loading the payment form…', ready: 'Enter your card details.', submitting: 'Sending your payment…' },
  formNotLoaded: (reason) => (reason ? `The payment form could not be loaded (${reason}).` : 'The payment form could not be loaded.'),
  formProblem: (code, message) => `The payment form reported a problem (${code}): ${message}`,
  tryAgain: 'Try again',
  sessionExpired: 'This payment session expired.',
  alreadyPaid: 'This order has already been paid, in another tab or window. Nothing more will be charged.',
  seeYourOrder: 'See your order',
  endsSoon: 'Your payment session ends in a few minutes.',
  moreTime: 'Get more time',
  expiredGetNew: 'Get a new payment session to pay.',
  newSession: 'Get a new payment session',
  backToCart: 'Back to the cart',
  placeOrder: 'Place order',
  saveCard: 'Save my card for next time',
  couldNotStart: (reason) => `Could not start the payment: ${reason}`,
  productsFailed: (reason) => `The shop could not load its products: ${reason}`,
  yourBasket: 'Your basket',
  goToCheckout: 'Go to checkout',
  checkout: 'Checkout',
  checkoutExpired: 'This checkout has expired.',
  startNewCheckout: 'Start a new checkout',
  backToBasket: 'Back to the basket',
  checkoutProblem: 'The checkout could not be prepared. Please try again in a moment.',
  result: {
    checking: 'Checking your payment…',
    paidTitle: 'Thank you, your payment is confirmed',
    paid: (amount, currency) => `${amount} ${currency} paid.`,
    processingTitle: 'Your payment is being processed',
    notConfirmedYet: 'It is not confirmed yet. Reload this page in a few minutes to check again.',
    failedTitle: 'Your payment did not go through',
    mismatch: 'The payment we received does not match your order. Please contact us; nothing more will be charged.',
    failedDefault: 'The payment did not go through. Please try again.',
    noPayment: 'No payment to show',
    noResultInAddress: (reason) =>
      reason ? `This address does not carry a payment result (${reason}).` : 'This address does not carry a payment result.',
    couldNotCheck: 'We could not check your payment',
    unknownPaymentTitle: 'We know of no such payment',
    unknownPaymentDetail: 'Nothing was found for this link.',
    tryAnotherCard: 'Try another card',
    backToShop: 'Back to the shop',
    explanations: {
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
    },
  },
};

const ar: ShopTexts = {
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
  amountDue: 'المبلغ المستحق:',
  payAmount: (amount, currency) => `ادفع ${amount} ${currency}`,
  status: { loading: 'جارٍ تحميل نموذج الدفع…', ready: 'أدخل بيانات بطاقتك.', submitting: 'جارٍ إرسال دفعتك…' },
  formNotLoaded: (reason) => (reason ? `تعذّر تحميل نموذج الدفع (${reason}).` : 'تعذّر تحميل نموذج الدفع.'),
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
  placeOrder: 'تأكيد الطلب',
  saveCard: 'احفظ بطاقتي للمرة القادمة',
  couldNotStart: (reason) => `تعذّر بدء الدفع: ${reason}`,
  productsFailed: (reason) => `تعذّر على المتجر تحميل منتجاته: ${reason}`,
  yourBasket: 'سلتك',
  goToCheckout: 'إتمام الشراء',
  checkout: 'إتمام الشراء',
  checkoutExpired: 'انتهت صلاحية عملية الدفع هذه.',
  startNewCheckout: 'ابدأ عملية دفع جديدة',
  backToBasket: 'العودة إلى السلة',
  checkoutProblem: 'تعذّر تجهيز عملية الدفع. يُرجى المحاولة مرة أخرى بعد قليل.',
  result: {
    checking: 'جارٍ التحقق من دفعتك…',
    paidTitle: 'شكرًا لك، تم تأكيد دفعتك',
    paid: (amount, currency) => `تم دفع ${amount} ${currency}.`,
    processingTitle: 'دفعتك قيد المعالجة',
    notConfirmedYet: 'لم تُؤكَّد بعد. أعد تحميل هذه الصفحة بعد بضع دقائق للتحقق مرة أخرى.',
    failedTitle: 'لم تتم عملية الدفع',
    mismatch: 'الدفعة التي استلمناها لا تطابق طلبك. يُرجى التواصل معنا؛ لن يُخصم أي مبلغ إضافي.',
    failedDefault: 'لم تتم عملية الدفع. يُرجى المحاولة مرة أخرى.',
    noPayment: 'لا توجد دفعة لعرضها',
    noResultInAddress: (reason) => (reason ? `هذا العنوان لا يحمل نتيجة دفع (${reason}).` : 'هذا العنوان لا يحمل نتيجة دفع.'),
    couldNotCheck: 'تعذّر علينا التحقق من دفعتك',
    unknownPaymentTitle: 'لا علم لنا بهذه الدفعة',
    unknownPaymentDetail: 'لم يُعثر على شيء لهذا الرابط.',
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

/** The storefronts' texts by language. */
export const SHOP_TEXTS: Readonly<Record<TextLanguage, ShopTexts>> = { en, ar };
