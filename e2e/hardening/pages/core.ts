// The hardening page for @wpwl/core used directly: one controller per widget.
import { createPaymentWidget, type PaymentWidgetConfig } from '@wpwl/core';
import { installHarness } from './harness.js';

installHarness('core', {
  mount(el, config, callbacks) {
    const widget = createPaymentWidget({ ...(config as unknown as PaymentWidgetConfig), ...callbacks });
    widget.mount(el);
    return {
      status: () => widget.getSnapshot().status,
      unmount: () => widget.destroy(),
      update: (next) => widget.update({ ...(next as unknown as PaymentWidgetConfig), ...callbacks }),
      pay: () => widget.pay(),
    };
  },
});
