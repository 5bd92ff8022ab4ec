// Owns the Vue plugin: app-wide widget defaults provided to every
// <PaymentWidget> and usePaymentWidget, and the component registered globally.
import type { App, MaybeRefOrGetter } from 'vue';
import type { PaymentWidgetDefaults } from '@wpwl/core';
import { wpwlDefaultsKey } from './context.js';
import { PaymentWidget } from './PaymentWidget.js';

/**
 * `app.use(WpwlPlugin, { baseUrl, locale, nonce })`: every widget in the app
 * falls back to these for the props it leaves unset (`options` are merged key
 * by key). Pass a ref or getter to change them at run time (an app-wide
 * locale switch, say). Registers `<PaymentWidget>` globally.
 */
export const WpwlPlugin = {
  install(app: App, defaults: MaybeRefOrGetter<PaymentWidgetDefaults> = {}): void {
    app.provide(wpwlDefaultsKey, defaults);
    app.component('PaymentWidget', PaymentWidget);
  },
};

declare module 'vue' {
  interface GlobalComponents {
    PaymentWidget: typeof PaymentWidget;
  }
}
