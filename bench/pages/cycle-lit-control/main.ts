// The Lit control for the soak: the cycle-lit page with the merchant's own
// hand-written LitElement in place of <wpwl-widget>. What it keeps per cycle
// is Lit's and the widget's.
import { exposeBench, signalError, signalReady } from '../shared/cycles.js';
import { HandWrittenWidget } from '../shared/hand-written-lit.js';

const app = document.getElementById('app')!;
let widget: HandWrittenWidget | undefined;

exposeBench({
  mount(checkoutId) {
    const element = new HandWrittenWidget();
    element.callbacks = { onReady: signalReady, onError: signalError };
    element.checkoutId = checkoutId;
    app.append(element);
    widget = element;
  },
  change(checkoutId) {
    if (widget) widget.checkoutId = checkoutId;
  },
  unmount() {
    widget?.remove();
    widget = undefined;
  },
});
