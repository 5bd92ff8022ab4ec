// Owns what the bindings' own content needs for assistive technology and for
// right-to-left languages: the `lang` and `dir` of the element around the
// widget, and where the shopper's keyboard focus goes when the widget's form
// is replaced by a message. The bindings render; these decide.

import { localeDirection, type TextDirection } from './locale.js';

/** The `lang` and `dir` attributes of a widget's container; both `undefined` without a locale. */
export interface LocaleAttributes {
  lang: string | undefined;
  dir: TextDirection | undefined;
}

// The widget codes that are no language tag, with the language each one means.
const WIDGET_CODE_LANGUAGES: Readonly<Record<string, string>> = { dk: 'da', se: 'sv', gr: 'el', cn: 'zh', cz: 'cs' };

/**
 * The `lang` and `dir` for the element around the widget, so that the
 * widget's form and a binding's loading, error and expired content are read
 * and laid out in the widget's language: `ar` → `{ lang: 'ar', dir: 'rtl' }`,
 * `dk` → `{ lang: 'da', dir: 'ltr' }`. Pass the config's `locale`, else its
 * `options.locale`; nothing (or a non-string) gives neither attribute, so the
 * page's own `lang` and `dir` apply.
 *
 * @example
 * const { lang, dir } = localeAttributes(config.locale ?? config.options?.locale);
 */
export function localeAttributes(locale: unknown): LocaleAttributes {
  if (typeof locale !== 'string' || !locale) return { lang: undefined, dir: undefined };
  return { lang: WIDGET_CODE_LANGUAGES[locale.toLowerCase()] ?? locale.replace(/_/g, '-'), dir: localeDirection(locale) };
}

/** What {@link watchFocus} returns. */
export interface FocusWatch {
  /**
   * Moves focus to `message` (its first button or link, else the message
   * itself, made focusable) when the shopper's focus went with the content the
   * message replaces: it is inside the container, or on the page's body after
   * it was last inside. Focus anywhere else on the page is left alone.
   *
   * @returns whether focus moved
   */
  moveTo(message: HTMLElement | null | undefined): boolean;
  /** Stops watching the container. */
  stop(): void;
}

/**
 * Watches whether the shopper's focus is in a binding's container, so that
 * when the widget's form (or a retry button) is replaced by an error or expiry
 * message, focus moves to that message instead of falling to `<body>`
 * (where a keyboard or screen-reader user would have to find the page again).
 *
 * @example
 * const focus = watchFocus(container);
 * // after rendering the error message:
 * focus.moveTo(container.querySelector('[role=alert]'));
 */
export function watchFocus(container: HTMLElement): FocusWatch {
  // Focus left with nowhere to go (its element removed, or a click on no
  // control) counts as still here: it is on the body then, stolen from nothing.
  let inside = container.contains(document.activeElement);
  const enter = (): void => void (inside = true);
  const leave = (event: FocusEvent): void => void (inside = !event.relatedTarget || container.contains(event.relatedTarget as Node));
  container.addEventListener('focusin', enter);
  container.addEventListener('focusout', leave);
  return {
    moveTo(message) {
      const active = document.activeElement;
      const lost = container.contains(active) || (inside && (!active || active === document.body));
      if (!message || !lost || message.contains(active)) return false;
      const target = message.querySelector<HTMLElement>('button,a[href]') ?? message;
      if (target === message && !message.hasAttribute('tabindex')) message.tabIndex = -1;
      target.focus();
      return document.activeElement === target;
    },
    stop() {
      container.removeEventListener('focusin', enter);
      container.removeEventListener('focusout', leave);
    },
  };
}
