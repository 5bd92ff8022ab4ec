// The hand-written control for the soak, without a framework: the shared
// hand-written integration on a plain page. Whatever the soak finds here
// belongs to the browser and the widget, not to wpwl.
import { exposeBench, signalError, signalReady } from '../shared/cycles.js';
import { loadWidget, paymentForm, unloadWidget } from '../shared/hand-written.js';

const app = document.getElementById('app')!;
const callbacks = { onReady: signalReady, onError: signalError };

function mount(checkoutId: string): void {
  app.append(paymentForm());
  loadWidget(checkoutId, callbacks);
}

function unmount(): void {
  unloadWidget();
  app.replaceChildren();
}

exposeBench({
  mount,
  change(checkoutId) {
    unmount();
    mount(checkoutId);
  },
  unmount,
});
