// The Lit control of the time-to-ready page: the same page as ready-lit, with
// the merchant's own hand-written LitElement in place of <wpwl-widget>.
import { HandWrittenWidget } from '../shared/hand-written-lit.js';
import { initialCheckoutId, markError, markReady } from '../shared/page.js';

const widget = new HandWrittenWidget();
widget.callbacks = { onReady: markReady, onError: markError };
widget.checkoutId = initialCheckoutId ?? '';
document.getElementById('app')!.append(widget);
