// @ts-check
// Owns the language the core storefront's pages speak: English, or Arabic
// (right to left) for a shopper whose browser prefers it. What that means is
// the examples' shared module, /shared/page-language.js (the merchant server
// serves examples/shared/public at /shared/), with the shop's texts from
// /shared/shop-texts.js, the one copy every storefront uses; this page hands
// it core's preferredLocale and localeDirection from @wpwl/core.
import { localeDirection, preferredLocale } from '@wpwl/core';
import { pageLanguageOf } from '/shared/page-language.js';

/** The shopper's language, read once per page; its texts; amounts written for it; the page put into it. */
export const { pageLanguage, texts, formatAmount, translatePage } = pageLanguageOf(navigator.languages, {
  preferredLocale,
  localeDirection,
});
