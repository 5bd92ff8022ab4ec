// The hardening page for @wpwl/vue: each widget a <PaymentWidget> in its own app.
import { createApp, h, nextTick, shallowRef } from 'vue';
import { PaymentWidget, type PaymentWidgetExposed } from '@wpwl/vue';
import { installHarness } from './harness.js';

installHarness('vue', {
  mount(el, config, callbacks) {
    const current = shallowRef(config);
    // The page's own "Place order" button reaches the widget through a template ref.
    const instance = shallowRef<PaymentWidgetExposed | null>(null);
    const app = createApp({
      render: () =>
        h(PaymentWidget, {
          ...(current.value as { checkoutId: string }),
          ...callbacks,
          ref: (value) => (instance.value = value as PaymentWidgetExposed | null),
        }),
    });
    app.mount(el);
    return {
      status: () => el.querySelector('[data-wpwl-status]')?.getAttribute('data-wpwl-status') ?? 'absent',
      unmount: () => app.unmount(),
      update: (next) => {
        current.value = next;
        void nextTick();
      },
      pay: () => instance.value?.pay() ?? false,
    };
  },
});
