// Entry: gives every widget the page's CSP nonce through WpwlPlugin and
// mounts the app (the merchant server serves index.html for every page).
import { createApp } from 'vue';
import { preferredLocale } from '@wpwl/core';
import { WpwlPlugin } from '@wpwl/vue';
import App from './App.vue';
import '../../shared/public/shop.css';
import './styles.css';

// The server puts this response's nonce on our script tag; browsers hide the
// attribute once parsed but keep the `nonce` property.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;

// A load timeout for this page, e.g. `?timeoutMs=1500`; without it the widget's default applies.
const timeoutMs = Number(new URLSearchParams(location.search).get('timeoutMs')) || undefined;

// The shopper's language, if the widget has it; English otherwise.
createApp(App)
  .use(WpwlPlugin, { nonce, locale: preferredLocale(navigator.languages), timeoutMs })
  .mount('#app');
