// Owns the widget's locales: the 25 default codes as a typed union, and the
// mapping from BCP-47 language tags (what browsers and i18n libraries speak) to
// those codes, several of which are not ISO 639 (dk, se, cn, cz, gr).

import { WpwlError } from './errors.js';

/** The widget's 25 default form languages, in the gateway's order. */
export const LOCALES = [
  'en', 'de', 'fr', 'es', 'it', 'nl', 'dk', 'fi', 'se', 'tr', 'ja', 'sl', 'pt',
  'pl', 'cz', 'hu', 'bg', 'ro', 'ru', 'cn', 'gr', 'no', 'sk', 'ar', 'ko',
] as const;

/** A locale code the widget understands (`wpwlOptions.locale`). */
export type WidgetLocale = (typeof LOCALES)[number];

/** True when `value` is one of the 25 {@link LOCALES}, exactly (lower case). */
export function isWidgetLocale(value: unknown): value is WidgetLocale {
  return (LOCALES as readonly unknown[]).includes(value);
}

// ISO 639 languages whose widget code differs. The widget codes dk, cz, gr and cn
// are not languages at all, and `se` is Northern Sami, so a tag such as `se-SE`
// is not taken for Swedish: only the bare code `se` is.
const LANGUAGE_CODES: Readonly<Record<string, WidgetLocale>> = {
  da: 'dk',
  sv: 'se',
  el: 'gr',
  zh: 'cn',
  cs: 'cz',
  nb: 'no',
  nn: 'no',
};
const NOT_LANGUAGES: readonly string[] = ['dk', 'se', 'cz', 'gr', 'cn'];

function localeError(tag: unknown, rule: string): WpwlError {
  let got: string;
  if (typeof tag !== 'string') {
    rule = 'a string';
    got = tag === null ? 'null' : typeof tag;
  } else {
    // Echo only tag-shaped input; anything else could carry markup.
    got = /^[\w-]{1,35}$/.test(tag) ? `"${tag}"` : `${tag.length} characters`;
  }
  return new WpwlError('INVALID_LOCALE', `locale must be ${rule} (got ${got})`, {
    details: { field: 'locale', rule },
  });
}

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
  if (typeof tag === 'string') {
    const lower = tag.toLowerCase();
    if (isWidgetLocale(lower)) return lower;
    const language = /^([a-z]{2,3})(?:[-_][a-z\d]{1,8})*$/.exec(lower)?.[1];
    if (language !== undefined && !NOT_LANGUAGES.includes(language)) {
      const code = LANGUAGE_CODES[language] ?? language;
      if (isWidgetLocale(code)) return code;
    }
  }
  throw localeError(
    tag,
    `one of the 25 widget codes (${LOCALES.join(', ')}) or a BCP-47 tag of one of their languages`,
  );
}

/**
 * Returns the `INVALID_LOCALE` error for anything but one of the 25 codes
 * exactly, or `undefined`. Use {@link resolveLocale} to accept BCP-47 tags.
 */
export function checkLocale(locale: unknown): WpwlError | undefined {
  if (isWidgetLocale(locale)) return undefined;
  return localeError(locale, `one of the 25 widget codes (${LOCALES.join(', ')}); resolveLocale() maps BCP-47 tags`);
}

/**
 * Throws `INVALID_LOCALE` unless `locale` is exactly one of the 25 codes.
 * Use {@link resolveLocale} to accept BCP-47 tags.
 */
export function validateLocale(locale: unknown): asserts locale is WidgetLocale {
  const error = checkLocale(locale);
  if (error) throw error;
}
