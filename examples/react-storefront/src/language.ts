// Owns the page's language in the React storefront: a context every page
// reads its texts, locale and direction from (English outside a provider,
// as in the component tests); main.tsx provides the shopper's.
import { createContext, useContext } from 'react';
import { ENGLISH, type ShopLanguage } from '../../shared/shop-language.js';

export const LanguageContext = createContext<ShopLanguage>(ENGLISH);

/** The page's language: its texts, the widget's locale, the tag amounts are written for. */
export const useLanguage = (): ShopLanguage => useContext(LanguageContext);
