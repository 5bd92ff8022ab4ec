// Entry: speaks the shopper's language (the page's lang and dir, its texts,
// the widget's locale), gives every widget the page's CSP nonce through
// WpwlPlugin and mounts the app (the merchant server serves index.html for
// every page).
import { createApp } from 'vue';
import { WpwlPlugin } from '@wpwl/vue';
import { shopLanguage } from '../../shared/shop-language.js';
import App from './App.vue';
import { languageKey } from './language.js';
import '../../shared/public/shop.css';
import './styles.css';

// The server puts this response's nonce on our script tag; browsers hide the
// attribute once parsed but keep the `nonce` property.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;

// A load timeout for this page, e.g. `?timeoutMs=1500`; without it the widget's default applies.
const timeoutMs = Number(new URLSearchParams(location.search).get('timeoutMs')) || undefined;

// The browser's first language the widget has (English otherwise) for the
// form; the page in Arabic, right to left, when that is Arabic.
const language = shopLanguage(navigator.languages);
document.documentElement.lang = language.tag;
document.documentElement.dir = language.dir;
document.title = `${language.texts.shopName} · wpwl Vue storefront`;

createApp(App).provide(languageKey, language).use(WpwlPlugin, { nonce, locale: language.locale, timeoutMs }).mount('#app');
