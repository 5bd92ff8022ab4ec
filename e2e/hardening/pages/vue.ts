// The hardening page for @wpwl/vue: each widget a <PaymentWidget> in its own app.
import { createApp, h, nextTick, shallowRef } from 'vue';
import { PaymentWidget } from '@wpwl/vue';
import { installHarness } from './harness.js';

installHarness('vue', {
  mount(el, config, callbacks) {
    const current = shallowRef(config);
    const app = createApp({ render: () => h(PaymentWidget, { ...(current.value as { checkoutId: string }), ...callbacks }) });
    app.mount(el);
    return {
      status: () => el.querySelector('[data-wpwl-status]')?.getAttribute('data-wpwl-status') ?? 'absent',
      unmount: () => app.unmount(),
      update: (next) => {
        current.value = next;
        void nextTick();
      },
    };
  },
});
