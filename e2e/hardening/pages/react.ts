// The hardening page for @wpwl/react: each widget a <PaymentWidget> in its own
// root, under StrictMode as apps render it.
import { StrictMode, createElement, createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { PaymentWidget, type PaymentWidgetHandle, type PaymentWidgetProps } from '@wpwl/react';
import { installHarness } from './harness.js';

installHarness('react', {
  mount(el, config, callbacks) {
    const root = createRoot(el);
    // The page's own "Place order" button reaches the widget through a ref.
    const handle = createRef<PaymentWidgetHandle>();
    const render = (next: Record<string, unknown>) => {
      const props = { ...(next as unknown as PaymentWidgetProps), ...callbacks, ref: handle };
      flushSync(() => root.render(createElement(StrictMode, null, createElement(PaymentWidget, props))));
    };
    render(config);
    return {
      status: () => el.querySelector('[data-wpwl-status]')?.getAttribute('data-wpwl-status') ?? 'absent',
      unmount: () => root.unmount(),
      update: render,
      pay: () => handle.current?.pay() ?? false,
    };
  },
});
