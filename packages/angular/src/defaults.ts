// Owns the app-wide widget defaults as Angular sees them: the injection token
// provideWpwl() fills, and how a widget reads it, with Angular's own CSP nonce
// (CSP_NONCE, or the root element's ngCspNonce attribute) as the last resort
// for the script tag's nonce, and the app's LOCALE_ID as the last resort for
// the widget's language.
import { CSP_NONCE, InjectionToken, LOCALE_ID, inject, makeEnvironmentProviders, type EnvironmentProviders } from '@angular/core';
import { resolveLocale, type PaymentWidgetDefaults } from '@wpwl/core';

/** The defaults as provided: a plain object, or a getter (a signal, say) whose changes every widget follows. */
export type WpwlDefaultsSource = PaymentWidgetDefaults | (() => PaymentWidgetDefaults);

/**
 * Where {@link provideWpwl} puts the app-wide defaults. Provide it in a
 * route's or component's `providers` to give one part of the app other
 * defaults (another locale, say).
 */
export const WPWL_DEFAULTS = new InjectionToken<WpwlDefaultsSource>('WPWL_DEFAULTS');

/**
 * App-wide defaults for every payment widget: the gateway's `baseUrl`,
 * `locale`, the CSP `nonce`, and any of `brands`, `shopperResultUrl`,
 * `options`, `timeoutMs`, `retries`. A widget's own inputs win (an unset
 * input counts as not set); `options` merge key by key. Pass a signal (or any
 * getter) to change them at run time: an app-wide locale switch re-mounts the
 * widget in the new language.
 *
 * Without a `nonce` here, widgets use Angular's `CSP_NONCE` (provided, or the
 * `ngCspNonce` attribute of the app's root element). Without a `locale`
 * here, widgets use the app's `LOCALE_ID` (`de-AT` gives `de`) unless it is
 * Angular's default `en-US` or a language the widget lacks.
 *
 * @example
 * bootstrapApplication(App, { providers: [provideWpwl({ baseUrl: 'https://test.example-gateway.com', locale: 'de' })] });
 */
export function provideWpwl(defaults: WpwlDefaultsSource): EnvironmentProviders {
  return makeEnvironmentProviders([{ provide: WPWL_DEFAULTS, useValue: defaults }]);
}

/** The nearest defaults as a getter, read inside a computed so that a signal source is tracked. */
export function injectWidgetDefaults(): () => PaymentWidgetDefaults {
  const source = inject(WPWL_DEFAULTS, { optional: true }) ?? {};
  const cspNonce = inject(CSP_NONCE, { optional: true }) || undefined;
  // The widget locale for the app's LOCALE_ID (`de-AT` → `de`, `da` → `dk`).
  // None for Angular's own default `en-US` (an app that set no locale cannot
  // be told from one that set `en-US`, and the widget's default is English
  // anyway), nor for a language the widget has no form in (the widget's
  // default then, and no error).
  const localeId = inject(LOCALE_ID);
  let locale: string | undefined;
  try {
    if (localeId !== 'en-US') locale = resolveLocale(localeId);
  } catch {
    // A language the widget lacks.
  }
  return () => {
    const defaults = typeof source === 'function' ? source() : source;
    // An undefined field is no default: applyWidgetDefaults skips it. The
    // app's locale is the last default: under every `locale` and `options.locale`.
    return { ...defaults, nonce: defaults.nonce || cspNonce, options: { locale, ...defaults.options } };
  };
}
