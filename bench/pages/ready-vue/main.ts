// The Vue variant of the time-to-ready page: <PaymentWidget> and nothing
// else, configured like the hand-written baseline.
import { createApp, h } from 'vue';
import { PaymentWidget } from '@wpwl/vue';
import { readyPageConfig } from '../shared/page.js';

createApp({
  render: () => h(PaymentWidget, readyPageConfig),
}).mount('#app');
