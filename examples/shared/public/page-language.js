// @ts-check
// Owns the language a page served without a bundler speaks (the core
// storefront's and the static page's, which load this module from
// /shared/page-language.js): English, or Arabic (right to left) for a shopper
// whose browser prefers it. The widget's locale comes from core's
// preferredLocale, the page's direction from core's localeDirection; amounts
// are written for the page's language tag (Arabic-Indic digits for ar-SA).
// Core's two functions are handed in, as each page has them from its own
// script: the core storefront from @wpwl/core, the static page from @wpwl/lit's
// standalone build (which bundles core and re-exports both).
import { SHOP_TEXTS } from './shop-texts.js';

/** @typedef {import('./shop-texts.js').ShopTexts} ShopTexts */
/** @typedef {import('./shop-texts.js').TextLanguage} TextLanguage */

/**
 * What the page's language needs of @wpwl/core.
 * @typedef {object} CoreLanguage
 * @property {(tags: readonly string[]) => string} preferredLocale the shopper's first language the widget has, else `en`
 * @property {(tag: string) => 'ltr' | 'rtl'} localeDirection the direction of a language tag
 */

/** `tag` in its canonical spelling, or undefined for what is no language tag. */
function canonicalTag(/** @type {string} */ tag) {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The language of a page for a shopper whose languages are `tags` (the
 * browser's `navigator.languages`), read once per page: the widget's locale
 * (their first language the widget has, else English), the language of the
 * page's texts (Arabic when the widget's is, else English), the page's `lang`
 * (the shopper's own tag for that language, e.g. `ar-SA`) and its `dir`; the
 * texts in it, and what writes amounts and puts the page into it.
 *
 * @param {readonly string[]} tags
 * @param {CoreLanguage} core
 */
export function pageLanguageOf(tags, { preferredLocale, localeDirection }) {
  const locale = preferredLocale(tags);
  /** @type {TextLanguage} */
  const language = locale === 'ar' ? 'ar' : 'en';
  const tag = tags.map(canonicalTag).find((candidate) => candidate?.split('-')[0]?.toLowerCase() === language) ?? language;
  const texts = SHOP_TEXTS[language];
  const pageLanguage = { locale, language, tag, dir: localeDirection(tag), texts };

  /** An amount ("89.80") written for the page's language: `89.80`, or `٨٩٫٨٠` for ar-SA. */
  function formatAmount(/** @type {string} */ amount) {
    return new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount));
  }

  /**
   * Puts the page into its language: `lang` and `dir` on the document, the
   * title, and the text of every element marked `data-text="key"` (a key of
   * the texts; `data-text="result.key"` for the result page's).
   * @param {string} title the page's title
   */
  function translatePage(title) {
    document.documentElement.lang = pageLanguage.tag;
    document.documentElement.dir = pageLanguage.dir;
    document.title = title;
    for (const element of document.querySelectorAll('[data-text]')) {
      const text = /** @type {string} */ (/** @type {HTMLElement} */ (element).dataset.text)
        .split('.')
        .reduce((/** @type {any} */ within, key) => within?.[key], texts);
      if (typeof text === 'string') element.textContent = text;
    }
  }

  return { pageLanguage, texts, formatAmount, translatePage };
}
