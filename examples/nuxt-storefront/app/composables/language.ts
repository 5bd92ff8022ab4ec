// Owns the Nuxt storefront's language: chosen on the server from the
// request's Accept-Language (the browser's languages) while it renders the
// first page, and kept in the payload as plain data, so that the browser
// hydrates in the language the server rendered in and every later page
// speaks it too (see examples/shared/shop-language.ts: English, or Arabic
// right to left, with the widget's locale). The browser's code only adds the
// texts: the choice (core's preferredLocale and localeDirection) stays on the
// server, and @wpwl/core comes to the browser with the checkout page alone.
import { ENGLISH, acceptedLanguages, shopLanguage, withTexts, type LanguageChoice, type ShopLanguage } from '../../../shared/shop-language';

/** The choice alone, without the texts (functions, which the payload cannot carry). */
const plain = ({ locale, language, tag, dir }: LanguageChoice): LanguageChoice => ({ locale, language, tag, dir });

/** The page's language: its texts, `lang` and `dir`, the widget's locale, the tag amounts are written for. */
export function useShopLanguage(): ShopLanguage {
  const choice = useState<LanguageChoice>('shop-language', () =>
    import.meta.server
      ? plain(shopLanguage(acceptedLanguages(useRequestHeaders(['accept-language'])['accept-language'])))
      : // A page rendered in the browser without the server's payload (not so with server rendering on): English.
        plain(ENGLISH),
  );
  return withTexts(choice.value);
}
