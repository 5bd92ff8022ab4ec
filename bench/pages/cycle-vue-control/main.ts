// The Vue control for the soak: the cycle-vue page with the merchant's own
// hand-written component in place of <PaymentWidget>. What it keeps per
// cycle is Vue's and the widget's.
import { createApp, h, nextTick, shallowRef } from 'vue';
import { exposeBench, signalError, signalReady } from '../shared/cycles.js';
import { HandWrittenWidget } from '../shared/hand-written-vue.js';

const checkoutId = shallowRef<string | undefined>();

createApp({
  render: () => checkoutId.value && h(HandWrittenWidget, { checkoutId: checkoutId.value, onReady: signalReady, onError: signalError }),
}).mount('#app');

exposeBench({
  mount: (id) => (checkoutId.value = id),
  change: (id) => (checkoutId.value = id),
  unmount: () => {
    checkoutId.value = undefined;
    return nextTick();
  },
});
