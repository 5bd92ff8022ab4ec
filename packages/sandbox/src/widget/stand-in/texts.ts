// Owns the widget's texts: English, German and Arabic (the other locales the
// widget accepts show English), the express mode's wallet sheet among them
// (`{amount}` in walletPay is the total with its currency), the page's `labels` and `errorMessages` on
// top, the locale a page asks for checked against the widget's list (core's),
// and the language and direction the texts are written in, for the forms'
// `lang` and `dir`.
import { isWidgetLocale, localeDirection, type TextDirection } from '@wpwl/core';
import { widget } from './state.js';
import type { Texts } from './types.js';

/** The locales the widget has texts of; each is also the BCP-47 tag of their language. */
type TextLanguage = 'en' | 'de' | 'ar';

const TEXTS: Record<TextLanguage, Texts> = {
  en: {
    labels: {
      brand: 'Brand',
      cardNumber: 'Card Number',
      expiryDate: 'Expiry Date',
      cardHolder: 'Card holder',
      cvv: 'CVV',
      cvvHint: 'The last three digits on the back of your card.',
      cvvHintAmex: 'The four digits on the front of your card.',
      submit: 'Pay now',
      storedCards: 'Stored cards',
      endingIn: 'ending in',
      expires: 'Expires',
      otherPaymentMethods: 'Pay with another card',
      qrCode: 'QR code',
      mobilePhone: 'Mobile phone',
      threeDSecure: '3-D Secure authentication',
      walletSandbox: 'sandbox',
      walletTotal: 'Total',
      walletShipping: 'Shipping',
      walletShippingStandard: 'Standard delivery, free',
      walletShippingExpress: 'Express delivery, free',
      walletPay: 'Pay {amount}',
      walletCancel: 'Cancel',
    },
    placeholders: { cardNumber: '', expiryDate: 'MM / YY', cardHolder: 'Card holder', cvv: 'CVV' },
    errorMessages: {
      cardNumberError: 'Invalid card number or brand',
      expiryMonthError: 'Invalid expiry date',
      expiryYearError: 'Invalid expiry date',
      cardHolderError: 'Invalid card holder',
      cvvError: 'Invalid CVV',
    },
    messages: {
      invalidCheckout: 'This checkout has expired or does not exist.',
      requestFailed: 'The payment could not be sent. Please try again.',
      throttled: 'Too many requests. Please wait a moment and try again.',
      nestedForm: 'This payment form sits inside another form and cannot be submitted.',
      submitting: 'Sending the payment…',
    },
  },
  de: {
    labels: {
      brand: 'Marke',
      cardNumber: 'Kartennummer',
      expiryDate: 'Ablaufdatum',
      cardHolder: 'Karteninhaber',
      cvv: 'Prüfnummer',
      cvvHint: 'Die letzten drei Ziffern auf der Rückseite Ihrer Karte.',
      cvvHintAmex: 'Die vier Ziffern auf der Vorderseite Ihrer Karte.',
      submit: 'Jetzt bezahlen',
      storedCards: 'Gespeicherte Karten',
      endingIn: 'mit den Endziffern',
      expires: 'Gültig bis',
      otherPaymentMethods: 'Mit einer anderen Karte zahlen',
      qrCode: 'QR-Code',
      mobilePhone: 'Mobiltelefon',
      threeDSecure: '3-D-Secure-Authentifizierung',
      walletSandbox: 'Sandbox',
      walletTotal: 'Gesamt',
      walletShipping: 'Versand',
      walletShippingStandard: 'Standardversand, kostenlos',
      walletShippingExpress: 'Expressversand, kostenlos',
      walletPay: '{amount} bezahlen',
      walletCancel: 'Abbrechen',
    },
    placeholders: { cardNumber: '', expiryDate: 'MM / JJ', cardHolder: 'Karteninhaber', cvv: 'CVV' },
    errorMessages: {
      cardNumberError: 'Ungültige Kartennummer oder Marke',
      expiryMonthError: 'Ungültiges Ablaufdatum',
      expiryYearError: 'Ungültiges Ablaufdatum',
      cardHolderError: 'Ungültiger Karteninhaber',
      cvvError: 'Ungültige Prüfnummer',
    },
    messages: {
      invalidCheckout: 'Dieser Checkout ist abgelaufen oder existiert nicht.',
      requestFailed: 'Die Zahlung konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
      throttled: 'Zu viele Anfragen. Bitte warten Sie einen Moment.',
      nestedForm: 'Dieses Zahlungsformular liegt in einem anderen Formular und kann nicht gesendet werden.',
      submitting: 'Die Zahlung wird gesendet…',
    },
  },
  ar: {
    labels: {
      brand: 'نوع البطاقة',
      cardNumber: 'رقم البطاقة',
      expiryDate: 'تاريخ الانتهاء',
      cardHolder: 'اسم حامل البطاقة',
      cvv: 'رمز التحقق',
      cvvHint: 'الأرقام الثلاثة الأخيرة على ظهر بطاقتك.',
      cvvHintAmex: 'الأرقام الأربعة على وجه بطاقتك.',
      submit: 'ادفع الآن',
      storedCards: 'البطاقات المحفوظة',
      endingIn: 'المنتهية بالأرقام',
      expires: 'تنتهي في',
      otherPaymentMethods: 'الدفع ببطاقة أخرى',
      qrCode: 'رمز QR',
      mobilePhone: 'رقم الجوال',
      threeDSecure: 'التحقق من الدفع (3-D Secure)',
      walletSandbox: 'بيئة الاختبار',
      walletTotal: 'الإجمالي',
      walletShipping: 'الشحن',
      walletShippingStandard: 'توصيل عادي، مجانًا',
      walletShippingExpress: 'توصيل سريع، مجانًا',
      walletPay: 'ادفع {amount}',
      walletCancel: 'إلغاء',
    },
    placeholders: { cardNumber: '', expiryDate: 'شهر / سنة', cardHolder: 'الاسم كما يظهر على البطاقة', cvv: 'CVV' },
    errorMessages: {
      cardNumberError: 'رقم البطاقة أو نوعها غير صالح',
      expiryMonthError: 'تاريخ الانتهاء غير صالح',
      expiryYearError: 'تاريخ الانتهاء غير صالح',
      cardHolderError: 'اسم حامل البطاقة غير صالح',
      cvvError: 'رمز التحقق غير صالح',
    },
    messages: {
      invalidCheckout: 'انتهت صلاحية عملية الدفع هذه أو أنها غير موجودة.',
      requestFailed: 'تعذّر إرسال الدفعة. يُرجى المحاولة مرة أخرى.',
      throttled: 'عدد الطلبات كبير جدًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
      nestedForm: 'نموذج الدفع هذا موجود داخل نموذج آخر ولا يمكن إرساله.',
      submitting: 'جارٍ إرسال الدفعة…',
    },
  },
};

const hasTexts = (code: string): code is TextLanguage => Object.prototype.hasOwnProperty.call(TEXTS, code);

/**
 * The language the widget's texts are in for a locale: its own where the
 * widget has its texts, else English (what the shopper then reads). The
 * forms' `lang` says it, so that screen readers pronounce the texts right.
 */
export function textLanguage(code: string): TextLanguage {
  return hasTexts(code) ? code : 'en';
}

/** The direction the texts of a locale are written in: `rtl` for Arabic (core's `localeDirection`). */
export function textDirection(code: string): TextDirection {
  return localeDirection(textLanguage(code));
}

/** The locale the widget uses for `wpwlOptions.locale`: one it knows, else English with a warning. */
export function resolveLocale(value: unknown): string {
  const code = typeof value === 'string' && value ? value : 'en';
  if (!isWidgetLocale(code)) {
    console.warn(`[wpwl] unknown locale "${code}": using en`);
    return 'en';
  }
  return code;
}

/** The texts of a locale with the page's `labels` and `errorMessages` over them. */
export function buildTexts(code: string): Texts {
  const base = TEXTS[textLanguage(code)];
  const { labels, errorMessages } = widget.options;
  return {
    labels: merge(merge({}, TEXTS.en.labels, base.labels), labels),
    placeholders: merge({}, TEXTS.en.placeholders, base.placeholders),
    errorMessages: merge(merge({}, TEXTS.en.errorMessages, base.errorMessages), errorMessages),
    messages: merge({}, TEXTS.en.messages, base.messages),
  };
}

/** Copies the string values of `first`, then of `second`, onto `target`. */
function merge(target: Record<string, string>, first: unknown, second?: unknown): Record<string, string> {
  for (const source of [first, second]) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source)) if (typeof value === 'string') target[key] = value;
  }
  return target;
}
