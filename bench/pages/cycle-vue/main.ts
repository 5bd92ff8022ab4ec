// The Vue cycle page: one app whose only child is <PaymentWidget> (or
// nothing), driven through a ref.
import { h } from 'vue';
import { PaymentWidget } from '@wpwl/vue';
import { signalError, signalReady } from '../shared/cycles.js';
import { baseUrl, brands, locale, options, shopperResultUrl } from '../shared/page.js';
import { exposeVueCycles } from '../shared/vue-cycles.js';

exposeVueCycles((checkoutId) =>
  h(PaymentWidget, {
    checkoutId,
    brands,
    baseUrl,
    shopperResultUrl,
    locale,
    options: { ...options },
    onReady: signalReady,
    onError: signalError,
  }),
);
