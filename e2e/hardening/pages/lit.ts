// The hardening page for @wpwl/lit: each widget a <wpwl-widget> configured
// through its attributes (other values as properties), listened to through its events.
import '@wpwl/lit/define';
import type { WpwlWidgetElement } from '@wpwl/lit';
import { installHarness } from './harness.js';

const ATTRIBUTES: Record<string, string> = {
  checkoutId: 'checkout-id',
  brands: 'brands',
  shopperResultUrl: 'shopper-result-url',
  baseUrl: 'base-url',
  locale: 'locale',
  integrity: 'integrity',
  nonce: 'nonce',
};

installHarness('lit', {
  mount(el, config, callbacks) {
    const widget = document.createElement('wpwl-widget') as WpwlWidgetElement;
    const configure = (next: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(next)) {
        const attribute = ATTRIBUTES[key];
        // Strings as attributes, as a static page writes them; anything else (an array of brands) as a property.
        if (attribute && typeof value === 'string') widget.setAttribute(attribute, value);
        else (widget as unknown as Record<string, unknown>)[key] = value;
      }
    };
    configure(config);
    widget.addEventListener('wpwl-ready', () => callbacks.onReady());
    widget.addEventListener('wpwl-error', (event) => callbacks.onError((event as CustomEvent).detail.error));
    widget.addEventListener('wpwl-expired', () => callbacks.onExpired());
    widget.addEventListener('wpwl-status-change', (event) => callbacks.onStatusChange((event as CustomEvent).detail));
    el.append(widget);
    return { status: () => widget.status, unmount: () => widget.remove(), update: configure, pay: () => widget.pay() };
  },
});
