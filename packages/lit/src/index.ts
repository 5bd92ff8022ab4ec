// The public API of @wpwl/lit. Importing it registers nothing: call
// defineWpwlWidget() or import '@wpwl/lit/define'.

export { WpwlWidgetElement } from './element.js';
export { defineWpwlWidget } from './registry.js';
export { WpwlWidgetController, type WpwlWidgetControllerOptions } from './controller.js';
export type { WpwlBeforeSubmitEventDetail, WpwlErrorEventDetail, WpwlWidgetEventMap } from './events.js';
export type { BeforeSubmitContext, PaymentWidgetConfig, WidgetSnapshot, WidgetStatus, WpwlError, WpwlOptionsInput } from '@wpwl/core';
