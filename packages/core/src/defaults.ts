// Owns app-wide widget defaults: the settings a framework binding's plugin or
// provider supplies once (gateway base URL, locale, CSP nonce …) and how they
// combine with one widget's own config. Every binding merges the same way.

import type { PaymentWidgetConfig } from './widget.js';

/** Settings an app may give once for every widget it renders. */
export interface PaymentWidgetDefaults {
  /** The gateway's base URL. */
  baseUrl?: string;
  /** Brands to offer. */
  brands?: string | readonly string[];
  /** Where the shopper lands after paying. */
  shopperResultUrl?: string;
  /** Widget code or BCP-47 tag. */
  locale?: string;
  /** CSP nonce for the widget's script tag (usually one per page response). */
  nonce?: string;
  /** Widget options, merged key by key under each widget's own options. */
  options?: PaymentWidgetConfig['options'];
  /** Script load timeout. */
  timeoutMs?: number;
  /** Script load retries. */
  retries?: number;
}

/**
 * A widget config as a component receives it: the fields an app default can
 * supply may be missing, and any field may be `undefined` (an unset prop);
 * either a `checkoutId` or, for express checkout, a `createCheckout`.
 */
export type PaymentWidgetInput = {
  [K in keyof PaymentWidgetConfig]?: PaymentWidgetConfig[K] | undefined;
} & ({ checkoutId: string } | { createCheckout: NonNullable<PaymentWidgetConfig['createCheckout']> });

/**
 * Combines a widget's own config with app-wide defaults: a field the widget
 * leaves `undefined` takes the default; `options` are merged key by key (the
 * widget's keys win). A widget's own `options.locale` beats a default
 * `locale`, since it is the more specific choice. Neither argument is changed.
 *
 * Required fields still missing afterwards (no `baseUrl` anywhere, say) are
 * left missing on purpose: the controller reports them as a coded
 * `WpwlError` naming the field, in its `error` state, instead of a throw here.
 *
 * @example
 * createPaymentWidget(applyWidgetDefaults(props, { baseUrl: 'https://test.example-gateway.com', locale: 'de' }))
 */
export function applyWidgetDefaults(input: PaymentWidgetInput, defaults: PaymentWidgetDefaults = {}): PaymentWidgetConfig {
  const config: Record<string, unknown> = {};
  for (const source of [defaults, input]) {
    for (const [key, value] of Object.entries(source)) if (value !== undefined) config[key] = value;
  }
  if (defaults.options && input.options) config.options = { ...defaults.options, ...input.options };
  if (input.locale === undefined && input.options?.locale !== undefined) delete config.locale;
  return config as unknown as PaymentWidgetConfig;
}
