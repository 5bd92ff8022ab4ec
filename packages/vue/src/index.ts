// The public entry of @wpwl/vue: a thin Vue 3 binding over @wpwl/core.
export { WpwlPlugin } from './plugin.js';
export {
  PaymentWidget,
  type PaymentWidgetProps,
  type PaymentWidgetEmits,
  type PaymentWidgetSlots,
  type PaymentWidgetListeners,
  type PaymentWidgetComponent,
  type PaymentWidgetErrorSlotProps,
  type PaymentWidgetExposed,
} from './PaymentWidget.js';
export { usePaymentWidget, type UsePaymentWidgetConfig, type UsePaymentWidgetReturn } from './usePaymentWidget.js';
export { wpwlDefaultsKey } from './context.js';
// The core types a Vue checkout names (as @wpwl/react re-exports them), so an app imports them from its binding.
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
