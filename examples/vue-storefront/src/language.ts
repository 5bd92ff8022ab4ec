// Owns the page's language in the Vue storefront: what main.ts provides for
// the whole app (the shopper's), and what every page reads its texts, locale
// and direction from (English where none is provided, as in the component tests).
import { inject, type InjectionKey } from 'vue';
import { ENGLISH, type ShopLanguage } from '../../shared/shop-language.js';

export const languageKey: InjectionKey<ShopLanguage> = Symbol('shop language');

/** The page's language: its texts, the widget's locale, the tag amounts are written for. */
export const useLanguage = (): ShopLanguage => inject(languageKey, ENGLISH);
