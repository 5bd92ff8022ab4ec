// Owns the Nuxt storefront's language: the shopper's languages, from the
// request's Accept-Language while the server renders the first page (the
// browser's own list when a page is rendered in the browser only), kept in
// the payload so that the browser hydrates in the language the server
// rendered in; and the language they make (see examples/shared/shop-language.ts):
// English, or Arabic right to left, with the widget's locale.
import { acceptedLanguages, shopLanguage, type ShopLanguage } from '../../../shared/shop-language';

/** The page's language: its texts, `lang` and `dir`, the widget's locale, the tag amounts are written for. */
export function useShopLanguage(): ShopLanguage {
  const languages = useState<string[]>('shopper-languages', () =>
    import.meta.server ? acceptedLanguages(useRequestHeaders(['accept-language'])['accept-language']) : [...navigator.languages],
  );
  return shopLanguage(languages.value);
}
