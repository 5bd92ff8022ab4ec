// The Vue control for the soak: the cycle-vue page with the merchant's own
// hand-written component in place of <PaymentWidget>. What it keeps per
// cycle is Vue's and the widget's.
import { h } from 'vue';
import { signalError, signalReady } from '../shared/cycles.js';
import { HandWrittenWidget } from '../shared/hand-written-vue.js';
import { exposeVueCycles } from '../shared/vue-cycles.js';

exposeVueCycles((checkoutId) => h(HandWrittenWidget, { checkoutId, onReady: signalReady, onError: signalError }));
