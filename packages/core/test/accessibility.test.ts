// What the bindings' own content gets for assistive technology and right-to-left languages.
import { afterEach, describe, expect, it } from 'vitest';
import { localeAttributes, watchFocus } from '../src/index.js';

describe('localeAttributes', () => {
  it('gives Arabic right to left, a widget code its language, and nothing without a locale', () => {
    expect(localeAttributes('ar')).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(localeAttributes('fa_IR')).toEqual({ lang: 'fa-IR', dir: 'rtl' });
    expect(localeAttributes('dk')).toEqual({ lang: 'da', dir: 'ltr' });
    expect(localeAttributes('de-CH')).toEqual({ lang: 'de-CH', dir: 'ltr' });
    expect(localeAttributes(undefined)).toEqual({ lang: undefined, dir: undefined });
  });
});

describe('watchFocus', () => {
  afterEach(() => void (document.body.innerHTML = ''));
  const page = () => {
    document.body.innerHTML = '<input id="outside"><div id="box"><input id="field"><p id="message">Expired</p></div>';
    return { box: document.getElementById('box')!, field: document.getElementById('field')!, message: document.getElementById('message')! };
  };

  it('moves focus that went with the removed form to the message, made focusable', () => {
    const { box, field, message } = page();
    const watch = watchFocus(box);
    field.focus();
    field.remove();
    expect(watch.moveTo(message)).toBe(true);
    expect(document.activeElement).toBe(message);
    expect(message.tabIndex).toBe(-1);
  });

  it('prefers the message’s button; leaves focus elsewhere on the page alone', () => {
    const { box, message } = page();
    message.innerHTML = 'Expired <button>New checkout</button>';
    const watch = watchFocus(box);
    document.getElementById('outside')!.focus();
    expect(watch.moveTo(message)).toBe(false);
    expect(document.activeElement?.id).toBe('outside');
    box.querySelector('input')!.focus();
    expect(watch.moveTo(message)).toBe(true);
    expect(document.activeElement).toBe(message.querySelector('button'));
  });

  it('a page whose focus never was in the container keeps it on the body', () => {
    const { box, message } = page();
    expect(watchFocus(box).moveTo(message)).toBe(false);
    expect(document.activeElement).toBe(document.body);
  });
});
