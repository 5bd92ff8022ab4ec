// Owns the widget's texts: English and German (the other locales the widget
// accepts show English), the page's `labels` and `errorMessages` on top, and
// the locale a page asks for checked against the widget's list (core's).
import { isWidgetLocale } from '@wpwl/core';
import { widget } from './state.js';
import type { Texts } from './types.js';

const TEXTS: Record<'en' | 'de', Texts> = {
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
      expires: 'Expires',
      otherPaymentMethods: 'Pay with another card',
      qrCode: 'QR code',
      mobilePhone: 'Mobile phone',
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
      expires: 'Gültig bis',
      otherPaymentMethods: 'Mit einer anderen Karte zahlen',
      qrCode: 'QR-Code',
      mobilePhone: 'Mobiltelefon',
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
    },
  },
};

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
  const base = code === 'de' ? TEXTS.de : TEXTS.en;
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
