// The public API of @wpwl/lit. Importing it registers nothing: call
// defineWpwlWidget() or import '@wpwl/lit/define'.
// Also re-exports preferredLocale, localeDirection and readShopperResult from
// @wpwl/core, so a static page with only the standalone module can pick the
// shopper's language and its direction, and its result page can read the
// checkout the shopper comes back from.

export { WpwlWidgetElement } from './element.js';
export { defineWpwlWidget } from './registry.js';
export { WpwlWidgetController, type WpwlWidgetControllerOptions } from './controller.js';
export type { WpwlBeforeSubmitEventDetail, WpwlErrorEventDetail, WpwlWidgetEventMap } from './events.js';
export type {
  BeforeSubmitContext,
  CustomParameters,
  PaymentWidgetConfig,
  WidgetSnapshot,
  WidgetStatus,
  WpwlError,
  WpwlOptionsInput,
} from '@wpwl/core';
export { localeDirection, preferredLocale, readShopperResult, type ShopperResult } from '@wpwl/core';
