// Owns the app-wide widget defaults as Vue sees them: the injection key the
// plugin provides them under, and their lookup from a composable.
import { hasInjectionContext, inject, type InjectionKey, type MaybeRefOrGetter } from 'vue';
import type { PaymentWidgetDefaults } from '@wpwl/core';

/**
 * Where `WpwlPlugin` provides the app-wide defaults. `provide` it yourself to
 * give one part of the app other defaults (another locale, say).
 */
export const wpwlDefaultsKey: InjectionKey<MaybeRefOrGetter<PaymentWidgetDefaults>> = Symbol('wpwl defaults');

/** The nearest provided defaults; none outside a component's setup or an app's `runWithContext`. */
export function injectWidgetDefaults(): MaybeRefOrGetter<PaymentWidgetDefaults> | undefined {
  return hasInjectionContext() ? inject(wpwlDefaultsKey, undefined) : undefined;
}
