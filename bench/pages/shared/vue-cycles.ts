// The Vue cycle pages' driver: one app whose only child is the widget (or
// nothing), re-pointed through a ref, with the runner's steps exposed. The
// binding's page and the hand-written control differ only in what they render.
import { createApp, nextTick, shallowRef, type VNode } from 'vue';
import { exposeBench } from './cycles.js';

/** Mounts an app on #app that renders `widget(checkoutId)` while a checkout is shown, and exposes the cycle steps. */
export function exposeVueCycles(widget: (checkoutId: string) => VNode): void {
  const checkoutId = shallowRef<string | undefined>();
  createApp({ render: () => checkoutId.value && widget(checkoutId.value) }).mount('#app');
  exposeBench({
    mount: (id) => (checkoutId.value = id),
    change: (id) => (checkoutId.value = id),
    unmount: () => {
      checkoutId.value = undefined;
      return nextTick();
    },
  });
}
