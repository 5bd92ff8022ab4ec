// The Vue cycle page: one app whose only child is <PaymentWidget> (or
// nothing), driven through a ref.
import { createApp, h, nextTick, shallowRef } from 'vue';
import { PaymentWidget } from '@wpwl/vue';
import { exposeBench, signalError, signalReady } from '../shared/cycles.js';
import { baseUrl, brands, locale, options, shopperResultUrl } from '../shared/page.js';

const checkoutId = shallowRef<string | undefined>();

createApp({
  render: () =>
    checkoutId.value &&
    h(PaymentWidget, {
      checkoutId: checkoutId.value,
      brands,
      baseUrl,
      shopperResultUrl,
      locale,
      options: { ...options },
      onReady: signalReady,
      onError: signalError,
    }),
}).mount('#app');

exposeBench({
  mount: (id) => (checkoutId.value = id),
  change: (id) => (checkoutId.value = id),
  unmount: () => {
    checkoutId.value = undefined;
    return nextTick();
  },
});
