// Entry: gives every widget the page's CSP nonce (as Angular's own CSP_NONCE,
// which @wpwl/angular falls back to), the shopper's language and a load
// timeout through provideWpwl, and starts the app without zone.js (the
// merchant server serves index.html for every page of this storefront).
import { CSP_NONCE, provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { preferredLocale } from '@wpwl/core';
import { provideWpwl } from '@wpwl/angular';
import { App } from './app';

// The server puts this response's nonce on our script tag; browsers hide the
// attribute once parsed but keep the `nonce` property.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || null;

// A load timeout for this page, e.g. `?timeoutMs=1500`; without it the widget's default applies.
const timeoutMs = Number(new URLSearchParams(location.search).get('timeoutMs')) || undefined;

bootstrapApplication(App, {
  providers: [
    provideZonelessChangeDetection(),
    { provide: CSP_NONCE, useValue: nonce },
    // The shopper's language, if the widget has it; English otherwise.
    provideWpwl({ locale: preferredLocale(navigator.languages), timeoutMs }),
  ],
}).catch((error: unknown) => console.error(error));
