// @wpwl/react: the payment widget for React 18 and 19, a thin bridge over @wpwl/core.
// No 'use client' here: each component module carries its own, so a server
// component that imports one export references that module alone.
export { PaymentWidget, type PaymentWidgetHandle, type PaymentWidgetProps, type PaymentWidgetFallbackState } from './payment-widget.js';
export { usePaymentWidget, type PaymentWidgetState } from './use-payment-widget.js';
export { WpwlProvider, type WpwlProviderProps } from './provider.js';
export type {
  BeforeSubmitContext,
  CustomParameters,
  PaymentWidgetDefaults,
  PaymentWidgetInput,
  WidgetSnapshot,
  WidgetStatus,
  WpwlError,
  WpwlOptionsInput,
} from '@wpwl/core';
