// Owns the language a storefront speaks to its shopper, from the shopper's
// languages (the browser's `navigator.languages`, or a request's
// Accept-Language on a server): the widget's locale (core's preferredLocale),
// the language of the page's own texts (Arabic when that is the widget's,
// English otherwise), the page's `lang` and `dir` (core's localeDirection),
// and amounts written for it. Free of browser APIs: servers use it too.
import { localeDirection, preferredLocale, type TextDirection, type WidgetLocale } from '@wpwl/core';
import { SHOP_TEXTS, type ShopTexts, type TextLanguage } from './shop-texts';

/** What makes a page's language, as plain data: what a server hands to the browser. */
export interface LanguageChoice {
  /** The widget's locale: the shopper's first language the widget has, else `en`. */
  locale: WidgetLocale;
  /** The language of the page's texts. */
  language: TextLanguage;
  /**
   * The page's `lang`: the shopper's own tag for the language of the page's
   * texts (`ar-SA`, whose region decides the digits of amounts), else the
   * language's code.
   */
  tag: string;
  /** The page's `dir`. */
  dir: TextDirection;
}

/** A storefront page's language: the choice, and the texts in it. */
export interface ShopLanguage extends LanguageChoice {
  texts: ShopTexts;
}

const hasTexts = (code: string): code is TextLanguage => Object.prototype.hasOwnProperty.call(SHOP_TEXTS, code);

/** `tag` in its canonical spelling, or undefined for what is no language tag. */
function canonicalTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The language of a page for a shopper whose languages are `tags`, most
 * preferred first: `['ar-SA', 'en']` → widget `ar`, page `ar-SA`, `rtl`;
 * `['de-AT']` → widget `de`, page `en` (the shop has no German texts), `ltr`.
 */
export function shopLanguage(tags: readonly string[]): ShopLanguage {
  const locale = preferredLocale(tags);
  const language: TextLanguage = hasTexts(locale) ? locale : 'en';
  const tag =
    tags.map(canonicalTag).find((candidate) => candidate !== undefined && candidate.split('-')[0]!.toLowerCase() === language) ?? language;
  return withTexts({ locale, language, tag, dir: localeDirection(tag) });
}

/**
 * The language of a choice made elsewhere (on the server that rendered the
 * page, say): the choice and its texts. Needs no widget code, so a page that
 * only shows the server's choice ships none for it.
 */
export function withTexts(choice: LanguageChoice): ShopLanguage {
  return { ...choice, texts: SHOP_TEXTS[choice.language] };
}

/** The page in English, left to right: the language of a shopper who says none. */
export const ENGLISH: ShopLanguage = withTexts({ locale: 'en', language: 'en', tag: 'en', dir: 'ltr' });

/**
 * The languages of an HTTP Accept-Language header, most preferred first (by
 * quality, then by order): `'ar-SA,ar;q=0.9,en;q=0.8'` → `['ar-SA', 'ar', 'en']`.
 * `*` and languages with quality 0 are left out.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((entry, order) => {
      const [tag = '', ...parameters] = entry.split(';').map((part) => part.trim());
      const quality = parameters.find((parameter) => /^q=/i.test(parameter));
      return { tag, order, quality: quality === undefined ? 1 : Number(quality.slice(2)) };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order)
    .map(({ tag }) => tag);
}

/**
 * An amount ("89.80") written for the page's language tag, two decimals:
 * `89.80` in English, `٨٩٫٨٠` for `ar-SA` (Arabic-Indic digits, its
 * region's default), `89.80` for `ar-MA`.
 */
export function formatAmount(tag: string, amount: string): string {
  return new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount));
}
