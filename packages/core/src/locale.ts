// Owns the widget's locales: the 25 default codes as a typed union, the
// mapping from BCP-47 language tags (what browsers and i18n libraries speak) to
// those codes, several of which are not ISO 639 (dk, se, cn, cz, gr), and the
// direction each is written in.

import type { WpwlError } from './errors.js';
import { invalid, show } from './invalid.js';

/** The widget's 25 default form languages, in the gateway's order. */
export const LOCALES: readonly [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'dk',
  'fi',
  'se',
  'tr',
  'ja',
  'sl',
  'pt',
  'pl',
  'cz',
  'hu',
  'bg',
  'ro',
  'ru',
  'cn',
  'gr',
  'no',
  'sk',
  'ar',
  'ko',
  // The same list as one string: shorter in every bundle than an array literal.
] = /* @__PURE__ */ 'en de fr es it nl dk fi se tr ja sl pt pl cz hu bg ro ru cn gr no sk ar ko'.split(' ') as never;

/**
 * Codes beyond the 25 defaults that a version of the gateway's reference
 * lists (it has 27: these, and `da`, `el`, `sv` beside `dk`, `gr`, `se`,
 * which the language mapping below turns into the default codes every
 * version knows).
 */
type ListedLocale = 'be';

/** A locale code the widget understands (`wpwlOptions.locale`). */
export type WidgetLocale = (typeof LOCALES)[number] | ListedLocale;

/** True when `value` is one of the 25 {@link LOCALES} or `be`, exactly (lower case). */
export function isWidgetLocale(value: unknown): value is WidgetLocale {
  return value === 'be' || (LOCALES as readonly unknown[]).includes(value);
}

// ISO 639 languages whose widget code differs. The widget codes dk, cz, gr and
// cn are not languages at all, and `se` is Northern Sami, so a tag such as
// `se-SE` is not taken for Swedish: those map to nothing, and only the bare
// code (a widget code as such) is accepted.
const LANGUAGES: Readonly<Record<string, string>> = {
  da: 'dk',
  sv: 'se',
  el: 'gr',
  zh: 'cn',
  cs: 'cz',
  nb: 'no',
  nn: 'no',
  dk: '',
  se: '',
  cz: '',
  gr: '',
  cn: '',
};

/** The `INVALID_LOCALE` error; a string tag is echoed only when it is tag-shaped. */
const localeError = (tag: unknown, rule: string): WpwlError =>
  invalid('INVALID_LOCALE', 'locale', typeof tag === 'string' ? rule : 'a string', show(tag));

/**
 * Maps a widget code or a BCP-47 language tag, case-insensitively, to the
 * widget's locale code: `da` → `dk`, `sv-SE` → `se`, `el` → `gr`,
 * `zh-Hant-TW` → `cn`, `cs` → `cz`, `nb`/`nn` → `no`, `en-GB` → `en`,
 * `pt-BR` → `pt`; `de`, `dk`, `cn` … map to themselves.
 *
 * There is no fallback language: a tag for a language the widget lacks throws.
 *
 * @throws WpwlError `INVALID_LOCALE`, naming the tag
 */
export function resolveLocale(tag: string): WidgetLocale {
  const lower = typeof tag === 'string' ? tag.toLowerCase() : '';
  if (isWidgetLocale(lower)) return lower;
  const language = /^([a-z]{2,3})(?:[-_][a-z\d]{1,8})*$/.exec(lower)?.[1];
  const code = language && (LANGUAGES[language] ?? language);
  if (isWidgetLocale(code)) return code;
  throw localeError(tag, `one of ${LOCALES},be or a BCP-47 tag of their languages`);
}

/**
 * Returns the `INVALID_LOCALE` error for anything but one of the 25 codes
 * exactly, or `undefined`. Use {@link resolveLocale} to accept BCP-47 tags.
 */
export function checkLocale(locale: unknown): WpwlError | undefined {
  if (!isWidgetLocale(locale)) return localeError(locale, `one of ${LOCALES},be; resolveLocale() maps BCP-47 tags`);
}

/**
 * Throws `INVALID_LOCALE` unless `locale` is exactly one of the 25 codes.
 * Use {@link resolveLocale} to accept BCP-47 tags.
 */
export function validateLocale(locale: unknown): asserts locale is WidgetLocale {
  const error = checkLocale(locale);
  if (error) throw error;
}

/**
 * The widget locale for a shopper's languages, most preferred first (in a
 * browser, `navigator.languages`): the first one the widget has a form in,
 * else `fallback` (default `en`). Never throws: a shopper whose languages the
 * widget lacks still gets a form.
 *
 * @example
 * createPaymentWidget({ …, locale: preferredLocale(navigator.languages) }); // ['uk-UA', 'de'] → 'de'
 */
export function preferredLocale(tags: readonly string[], fallback: WidgetLocale = 'en'): WidgetLocale {
  for (const tag of tags) {
    try {
      return resolveLocale(tag);
    } catch {
      // Not a language of the widget: try the next one.
    }
  }
  return fallback;
}

/** The direction a language is written in: the value of a `dir` attribute. */
export type TextDirection = 'ltr' | 'rtl';

// A tag is right to left when its language is written so in its usual script
// (Arabic, Aramaic, Central Kurdish, Dhivehi, Persian, Hebrew and Yiddish under
// their current and former codes, Kashmiri, Pashto, Sindhi, Syriac, Uyghur,
// Urdu) and no script subtag says otherwise, or when its script subtag is a
// right-to-left one (Adlam, Arabic, Hebrew, Mandaic, N'Ko, Hanifi Rohingya,
// Samaritan, Syriac, Thaana, Yezidi): `ar`, `fa-IR`, `az-Arab` are right to
// left; `ar-Latn`, `sd-Deva`, `en` are not.
const RIGHT_TO_LEFT =
  /^(?:(?:ar|arc|ckb|dv|fa|he|iw|ji|ks|ps|sd|syr|ug|ur|yi)(?![-_][a-z]{4}(?:[-_]|$))|[a-z]{2,3}[-_](?:adlm|arab|hebr|mand|nkoo|rohg|samr|syrc|thaa|yezi))(?:[-_]|$)/i;

/**
 * The direction a widget locale or a BCP-47 tag is written in, for the `dir`
 * attribute of the widget's container: `'rtl'` for `ar` (the one right-to-left
 * widget locale) and for tags of right-to-left languages or scripts (`ar-SA`,
 * `he`, `fa-IR`, `ur`, `az-Arab`), `'ltr'` for everything else, an unknown or
 * malformed tag included. Case-insensitive; never throws.
 *
 * @example
 * container.dir = localeDirection(resolveLocale(navigator.language)); // 'ar-EG' → 'rtl'
 */
export function localeDirection(locale: string): TextDirection {
  return RIGHT_TO_LEFT.test(locale) ? 'rtl' : 'ltr';
}
