// The public entry of @wpwl/angular: a thin Angular binding over @wpwl/core.
export { PaymentWidgetComponent, type PaymentWidgetInputs } from './payment-widget.component.js';
export { injectPaymentWidget, type PaymentWidgetRef, type WidgetContainer } from './inject-payment-widget.js';
export { provideWpwl, WPWL_DEFAULTS, type WpwlDefaultsSource } from './defaults.js';
export type { PaymentWidgetDefaults, PaymentWidgetInput, WidgetSnapshot, WidgetStatus, WpwlError } from '@wpwl/core';
