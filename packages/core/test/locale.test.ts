import { describe, expect, it } from 'vitest';
import {
  checkLocale,
  isWidgetLocale,
  localeDirection,
  LOCALES,
  preferredLocale,
  resolveLocale,
  validateLocale,
  type WidgetLocale,
} from '../src/index.js';

describe('LOCALES', () => {
  it('lists the 25 default codes in the gateway order', () => {
    expect(LOCALES).toEqual([
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
    ]);
  });

  it('isWidgetLocale accepts exactly those codes, and be', () => {
    expect(LOCALES.every((code) => isWidgetLocale(code))).toBe(true);
    expect(isWidgetLocale('be')).toBe(true);
    expect(isWidgetLocale('da')).toBe(false);
    expect(isWidgetLocale('EN')).toBe(false);
    expect(isWidgetLocale(undefined)).toBe(false);
  });
});

describe('resolveLocale', () => {
  it.each<[string, WidgetLocale]>([
    ['da', 'dk'],
    ['da-DK', 'dk'],
    ['sv', 'se'],
    ['sv-FI', 'se'],
    ['el', 'gr'],
    ['el-GR', 'gr'],
    ['zh', 'cn'],
    ['zh-CN', 'cn'],
    ['zh-Hant-TW', 'cn'],
    ['cs', 'cz'],
    ['cs-CZ', 'cz'],
    ['nb', 'no'],
    ['nn-NO', 'no'],
    ['no', 'no'],
    ['ko-KR', 'ko'],
    ['en-GB', 'en'],
    ['EN-us', 'en'],
    ['de-AT', 'de'],
    ['pt-BR', 'pt'],
    ['sl-SI', 'sl'],
    ['ar-SA', 'ar'],
    ['ja-JP', 'ja'],
    ['fr_CA', 'fr'],
    ['DK', 'dk'],
    ['Se', 'se'],
  ])('%s → %s', (tag, code) => {
    expect(resolveLocale(tag)).toBe(code);
  });

  it('maps every widget code to itself', () => {
    for (const code of LOCALES) expect(resolveLocale(code)).toBe(code);
  });

  it.each([
    'xx', // unknown language
    'uk-UA',
    'se-NO', // Northern Sami, not Swedish
    'dk-DK', // dk is not a language subtag
    'english',
    '',
    'en--US',
  ])('refuses %j with no fallback', (tag) => {
    let thrown: unknown;
    try {
      resolveLocale(tag);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'INVALID_LOCALE', details: { field: 'locale' } });
    const message = (thrown as Error).message;
    expect(message).toContain('locale must be one of en,de,fr,');
    expect(message).toContain('ar,ko,be or a BCP-47 tag of their languages');
  });

  it('names the tag it got, but never echoes markup', () => {
    expect(() => resolveLocale('uk-UA')).toThrow('(got "uk-UA")');
    expect(() => resolveLocale('<b>x</b>')).toThrow('(got 8 characters)');
  });

  it('says the expected type for a non-string', () => {
    expect(() => resolveLocale(3 as unknown as string)).toThrow('locale must be a string (got number)');
  });
});

describe('validateLocale', () => {
  it('accepts the 25 codes, and be (listed by a version of the reference with 27)', () => {
    expect(() => validateLocale('dk')).not.toThrow();
    expect(checkLocale('cn')).toBeUndefined();
    expect(checkLocale('be')).toBeUndefined();
  });

  it('maps the other codes of the 27-code list (da, el, sv) and region forms to codes every version knows', () => {
    expect(resolveLocale('da')).toBe('dk');
    expect(resolveLocale('el')).toBe('gr');
    expect(resolveLocale('sv')).toBe('se');
    expect(resolveLocale('be')).toBe('be');
    expect(resolveLocale('be-BY')).toBe('be');
    expect(resolveLocale('de-AT')).toBe('de');
  });

  it('refuses a BCP-47 tag and points to resolveLocale', () => {
    const error = checkLocale('de-AT');
    expect(error?.code).toBe('INVALID_LOCALE');
    expect(error?.message).toContain('resolveLocale()');
    expect(error?.message).toContain('(got "de-AT")');
    expect(() => validateLocale('DE')).toThrow('(got "DE")');
  });
});

describe('preferredLocale', () => {
  it.each([
    [['de-AT', 'en'], 'de'],
    [['uk-UA', 'sv-SE', 'en'], 'se'],
    [['uk-UA', 'xx'], 'en'],
    [['uk-UA', 'be'], 'be'],
    [[], 'en'],
    [['da'], 'dk'],
  ])('%j → %s', (tags, expected) => {
    expect(preferredLocale(tags as string[])).toBe(expected);
  });
  it('falls back to the given locale', () => {
    expect(preferredLocale(['uk'], 'de')).toBe('de');
  });
});

describe('localeDirection', () => {
  it('is right to left for ar alone among the widget codes', () => {
    const rightToLeft = [...LOCALES, 'be'].filter((code) => localeDirection(code) === 'rtl');
    expect(rightToLeft).toEqual(['ar']);
  });

  it.each(['ar-SA', 'AR-eg', 'ar_AE', 'ar-001', 'he', 'he-IL', 'iw', 'fa-IR', 'ur-PK', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb-IQ', 'syr'])(
    '%s is right to left',
    (tag) => {
      expect(localeDirection(tag)).toBe('rtl');
    },
  );

  it.each(['en', 'en-US', 'de-AT', 'zh-Hant-TW', 'ja', 'ru', 'tr', 'ku', 'arabic', 'art', 'ara', 'xx', '', '<b>ar</b>'])(
    '%j is left to right',
    (tag) => {
      expect(localeDirection(tag)).toBe('ltr');
    },
  );

  it('lets a script subtag decide over the language', () => {
    expect(localeDirection('az-Arab-IR')).toBe('rtl');
    expect(localeDirection('pa-Arab')).toBe('rtl');
    expect(localeDirection('uz-arab')).toBe('rtl');
    expect(localeDirection('ar-Latn')).toBe('ltr');
    expect(localeDirection('sd-Deva-IN')).toBe('ltr');
    expect(localeDirection('ar-Arab-EG')).toBe('rtl');
  });

  it('follows a tag through resolveLocale: the form a browser in Arabic gets is right to left', () => {
    expect(localeDirection(resolveLocale('ar-MA'))).toBe('rtl');
    expect(localeDirection(preferredLocale(['fa-IR', 'ar-IQ']))).toBe('rtl');
    expect(localeDirection(preferredLocale(['he-IL']))).toBe('ltr');
  });
});
