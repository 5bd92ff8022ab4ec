// Entry: speaks the shopper's language (the page's lang and dir, its texts,
// the widget's locale), gives every widget the page's CSP nonce (as
// Angular's own CSP_NONCE, which @wpwl/angular falls back to) and a load
// timeout through provideWpwl, and starts the app without zone.js (the
// merchant server serves index.html for every page of this storefront).
import { CSP_NONCE, provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { provideWpwl } from '@wpwl/angular';
import { shopLanguage } from '../../shared/shop-language';
import { App } from './app';
import { SHOP_LANGUAGE } from './language';

// The server puts this response's nonce on our script tag; browsers hide the
// attribute once parsed but keep the `nonce` property.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || null;

// A load timeout for this page, e.g. `?timeoutMs=1500`; without it the widget's default applies.
const timeoutMs = Number(new URLSearchParams(location.search).get('timeoutMs')) || undefined;

// The browser's first language the widget has (English otherwise) for the
// form; the page in Arabic, right to left, when that is Arabic.
const language = shopLanguage(navigator.languages);
document.documentElement.lang = language.tag;
document.documentElement.dir = language.dir;
document.title = `${language.texts.shopName} · wpwl Angular storefront`;

bootstrapApplication(App, {
  providers: [
    provideZonelessChangeDetection(),
    { provide: CSP_NONCE, useValue: nonce },
    { provide: SHOP_LANGUAGE, useValue: language },
    provideWpwl({ locale: language.locale, timeoutMs }),
  ],
}).catch((error: unknown) => console.error(error));
