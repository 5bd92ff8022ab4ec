// The Vue variant of the time-to-ready page: <PaymentWidget> and nothing
// else, configured like the hand-written baseline.
import { createApp, h } from 'vue';
import { PaymentWidget } from '@wpwl/vue';
import { baseUrl, brands, initialCheckoutId, locale, markError, markReady, options, shopperResultUrl } from '../shared/page.js';

createApp({
  render: () =>
    h(PaymentWidget, {
      checkoutId: initialCheckoutId ?? '',
      brands,
      baseUrl,
      shopperResultUrl,
      locale,
      options,
      onReady: markReady,
      onError: markError,
    }),
}).mount('#app');
