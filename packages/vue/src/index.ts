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
export type { PaymentWidgetDefaults } from '@wpwl/core';
