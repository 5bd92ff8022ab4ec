// Owns the Vue plugin: app-wide widget defaults provided to every
// <PaymentWidget> and usePaymentWidget, and the component registered globally.
// The component (and with it the widget controller) is a lazy chunk: an app
// that installs the plugin ships it only with the first page that shows a widget.
import { defineAsyncComponent, type App, type MaybeRefOrGetter } from 'vue';
import type { PaymentWidgetDefaults } from '@wpwl/core';
import { wpwlDefaultsKey } from './context.js';
import type { PaymentWidget } from './PaymentWidget.js';

const LazyPaymentWidget = /* @__PURE__ */ defineAsyncComponent(() => import('./PaymentWidget.js').then((module) => module.PaymentWidget));

/**
 * `app.use(WpwlPlugin, { baseUrl, locale, nonce })`: every widget in the app
 * falls back to these for the props it leaves unset (`options` are merged key
 * by key). Pass a ref or getter to change them at run time (an app-wide
 * locale switch, say). Registers `<PaymentWidget>` globally.
 */
export const WpwlPlugin = {
  install(app: App, defaults: MaybeRefOrGetter<PaymentWidgetDefaults> = {}): void {
    app.provide(wpwlDefaultsKey, defaults);
    app.component('PaymentWidget', LazyPaymentWidget);
  },
};

declare module 'vue' {
  interface GlobalComponents {
    PaymentWidget: typeof PaymentWidget;
  }
}
