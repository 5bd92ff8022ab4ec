// Owns the type of <wpwl-widget>'s HTML attributes, derived from core's
// config: every config field that is a string or a number (or a list of brand
// codes) is an attribute, its name in kebab case, its value text. Used by the
// JSX and Vue template typings (jsx.ts, vue.ts).
import type { PaymentWidgetConfig, WidgetConfigValueKey } from '@wpwl/core';

/** `shopperResultUrl` → `shopper-result-url`, as configAttributeName does at run time. */
type KebabCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `-${Lowercase<Head>}`}${KebabCase<Tail>}`
  : S;

/** The config fields an attribute can carry: text and numbers (objects and dates are properties). */
type AttributeField = {
  [K in WidgetConfigValueKey]: NonNullable<PaymentWidgetConfig[K]> extends string | number | readonly string[] ? K : never;
}[WidgetConfigValueKey];

/** `<wpwl-widget>`'s attributes, e.g. `checkout-id`, `brands`, `expires-in-ms`; every value is text. */
export type WpwlWidgetAttributes = { [K in AttributeField as KebabCase<K>]?: string };
