// Owns the list of the widget config's value fields (everything but the
// callbacks) and what kind of value each holds. The Vue component's props and
// the custom element's attributes are built from it, so a field added to
// PaymentWidgetConfig reaches every binding or fails to compile here.

import type { PaymentWidgetConfig } from './widget-types.js';

/** The keys of PaymentWidgetConfig that hold values, not callbacks. */
export type WidgetConfigValueKey = {
  [K in keyof PaymentWidgetConfig]-?: NonNullable<PaymentWidgetConfig[K]> extends (...args: never[]) => unknown ? never : K;
}[keyof PaymentWidgetConfig];

/**
 * How a binding takes a config field: `string` and `number` fields also as an
 * HTML attribute (a number attribute's text read as a number), `property`
 * fields (objects, dates) as a property only.
 */
export type WidgetConfigFieldKind = 'string' | 'number' | 'property';

/**
 * Every value field of {@link PaymentWidgetConfig}, in the order the docs list
 * them. An attribute is the field's name in kebab case (`checkoutId` →
 * `checkout-id`, see {@link configAttributeName}).
 */
export const WIDGET_CONFIG_FIELDS: { readonly [K in WidgetConfigValueKey]: WidgetConfigFieldKind } = {
  checkoutId: 'string',
  brands: 'string',
  shopperResultUrl: 'string',
  baseUrl: 'string',
  integrity: 'string',
  nonce: 'string',
  locale: 'string',
  options: 'property',
  customParameters: 'property',
  amount: 'string',
  currency: 'string',
  createCheckoutTimeoutMs: 'number',
  createdAt: 'property',
  expiresInMs: 'number',
  warnBeforeExpiryMs: 'number',
  timeoutMs: 'number',
  retries: 'number',
};

/** The HTML attribute of a config field: its name in kebab case (`shopperResultUrl` → `shopper-result-url`). */
export const configAttributeName = (field: string): string => field.replace(/[A-Z]/g, (letter) => '-' + letter.toLowerCase());
