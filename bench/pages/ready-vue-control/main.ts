// The Vue control of the time-to-ready page: the same page as ready-vue,
// with the merchant's own hand-written component in place of <PaymentWidget>.
import { createApp, h } from 'vue';
import { HandWrittenWidget } from '../shared/hand-written-vue.js';
import { initialCheckoutId, markError, markReady } from '../shared/page.js';

createApp({
  render: () => h(HandWrittenWidget, { checkoutId: initialCheckoutId ?? '', onReady: markReady, onError: markError }),
}).mount('#app');
