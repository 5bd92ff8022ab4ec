// @wpwl/react: the payment widget for React 18 and 19, a thin bridge over @wpwl/core.
// No 'use client' here: each component module carries its own, so a server
// component that imports one export references that module alone.
export {
  PaymentWidget,
  type PaymentWidgetHandle,
  type PaymentWidgetProps,
  type PaymentWidgetPresentation,
  type PaymentWidgetFallbackState,
} from './payment-widget.js';
export { usePaymentWidget, type PaymentWidgetConfigInput, type PaymentWidgetState } from './use-payment-widget.js';
export { WpwlProvider, type WpwlProviderProps } from './provider.js';
export type {
  BeforeSubmitContext,
  CreateCheckout,
  CreateCheckoutAnswer,
  CreateCheckoutRequest,
  CustomParameters,
  ExpressCheckout,
  PaymentWidgetDefaults,
  PaymentWidgetInput,
  WidgetSnapshot,
  WidgetStatus,
  WpwlError,
  WpwlOptionsInput,
} from '@wpwl/core';
